import { z } from 'zod';
import { PathId } from './common.js';

/** What the shop's own systems may do with a staff key (issue 35). */
export const STAFF_SCOPES = [
  'catalog:write',
  'stock:write',
  'prices:write',
  'orders:read',
  'fulfilment:write',
] as const;
/** What a company's ERP may do with a key its owner made: that company's orders and prices only. */
export const COMPANY_SCOPES = ['orders:read', 'orders:write', 'catalog:read'] as const;
export const API_SCOPES = [...new Set([...STAFF_SCOPES, ...COMPANY_SCOPES])] as [
  ApiScope,
  ...ApiScope[],
];
export type ApiScope = (typeof STAFF_SCOPES)[number] | (typeof COMPANY_SCOPES)[number];
export type ApiKeyKind = 'staff' | 'company';

/** Keys start with this, then the kind's letter: a leaked key is recognisable in logs and scans. */
export const API_KEY_PREFIX = 'sfk_';
/** How many characters of a key are kept in clear and shown in lists, to tell keys apart. */
export const API_KEY_VISIBLE = 14;

export const API_KEY_RATE_DEFAULT = 600;

const scopesOf = <T extends readonly [string, ...string[]]>(list: T) =>
  z
    .array(z.enum(list), { error: 'Choose at least one scope' })
    .min(1, 'Choose at least one scope')
    .max(list.length)
    .refine((s) => new Set(s).size === s.length, 'A scope is listed twice');

const keyFields = {
  name: z
    .string({ error: 'A name is required' })
    .trim()
    .min(1, 'A name is required')
    .max(80, 'The name must be at most 80 characters'),
  expiresAt: z.iso
    .datetime({ offset: true, error: 'Give the expiry as an ISO date and time' })
    .nullish()
    .refine((v) => !v || Date.parse(v) > Date.now(), 'The expiry must be in the future'),
  rateLimitPerMinute: z
    .number({ error: 'A whole number of calls a minute' })
    .int('A whole number of calls a minute')
    .min(1, 'At least 1 call a minute')
    .max(10_000, 'At most 10,000 calls a minute')
    .optional(),
};

export const StaffApiKeyBody = z.strictObject({ ...keyFields, scopes: scopesOf(STAFF_SCOPES) });
export type StaffApiKeyBody = z.infer<typeof StaffApiKeyBody>;
export const CompanyApiKeyBody = z.strictObject({ ...keyFields, scopes: scopesOf(COMPANY_SCOPES) });
export type CompanyApiKeyBody = z.infer<typeof CompanyApiKeyBody>;

/** A key as lists show it: never its secret, which exists only in the creation's answer. */
export const ApiKeyView = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['staff', 'company']),
  companyId: z.string().nullable(),
  /** The key's first characters, to recognise it (`sfk_s_AbCdEfGh`). */
  prefix: z.string(),
  scopes: z.array(z.enum(API_SCOPES)),
  rateLimitPerMinute: z.number().int(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKeyView = z.infer<typeof ApiKeyView>;
export const ApiKeyList = z.array(ApiKeyView);
export type ApiKeyList = z.infer<typeof ApiKeyList>;
export const CreatedApiKey = ApiKeyView.extend({
  /** The whole key, shown this once: the shop keeps only its hash. */
  secret: z.string(),
});
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;

export const CompanyApiKeyParams = z.object({ id: PathId, keyId: PathId });

/** What a key learns about itself (`GET /api/v1/key`). */
export const ApiKeySelf = z.object({
  name: z.string(),
  kind: z.enum(['staff', 'company']),
  companyId: z.string().nullable(),
  scopes: z.array(z.enum(API_SCOPES)),
  expiresAt: z.string().nullable(),
});
export type ApiKeySelf = z.infer<typeof ApiKeySelf>;
