import { z } from 'zod';
import { CATEGORIES } from './catalog-constants.js';
import { PathId, requiredText } from './common.js';
import { TAX_TREATMENTS } from './tax.js';

/*
 * What staff send and read about taxes (issue 37, decision 063). Rates are in percent on the wire,
 * as staff think of them (8.25); the server keeps basis points (825) and converts once.
 */

/** The most regions the shop may collect tax in (a country's states, a few countries). */
export const MAX_TAX_REGIONS = 200;

const twoDecimals = (v: number) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6;

/** A rate in percent: 0 to 100, at most two decimals (a basis point). */
const rate = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} must be 0% or more`)
    .max(100, `${label} must be at most 100%`)
    .refine(twoDecimals, `${label} can have at most two decimals`);

const YMD = /^\d{4}-\d{2}-\d{2}$/;
const isRealDate = (v: string) => {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};

export const TaxRegionBody = z.strictObject({
  /** ISO 3166-1 alpha-2 (`US`, `DE`); upper-cased. */
  country: z
    .string({ error: 'Country is a two-letter code (US, DE)' })
    .trim()
    .transform((v) => v.toUpperCase())
    .refine((v) => /^[A-Z]{2}$/.test(v), 'Country is a two-letter code (US, DE)'),
  /** The state or province's code or name; empty or absent: the whole country. */
  state: z
    .string({ error: 'State must be text' })
    .trim()
    .max(60, 'State must be at most 60 characters')
    .nullish()
    .transform((v) => (v ? v : null)),
  rate: rate('Rate'),
  categoryRates: z
    .array(
      z.strictObject({
        category: z.enum(CATEGORIES, { error: 'Unknown category' }),
        rate: rate('Category rate'),
      }),
      { error: 'Category rates must be a list' },
    )
    .max(CATEGORIES.length)
    .default([])
    .superRefine((rows, ctx) => {
      const seen = new Set<string>();
      rows.forEach((row, i) => {
        if (seen.has(row.category))
          ctx.addIssue({
            code: 'custom',
            path: [i, 'category'],
            message: `Row ${i + 1}: ${row.category} is listed twice`,
          });
        seen.add(row.category);
      });
    }),
});
export type TaxRegionBody = z.input<typeof TaxRegionBody>;

export const TaxRegionParams = z.object({ id: PathId });

export const TaxRegionResponse = z.object({
  id: z.string(),
  country: z.string(),
  state: z.string().nullable(),
  /** `US-CA`, `DE`: what orders and invoices print. */
  key: z.string(),
  rate: z.number(),
  categoryRates: z.array(z.object({ category: z.string(), rate: z.number() })),
});
export type TaxRegionResponse = z.infer<typeof TaxRegionResponse>;
export const TaxRegionList = z.array(TaxRegionResponse);
export type TaxRegionList = z.infer<typeof TaxRegionList>;

/** The multipart field an exemption certificate's file is sent in. */
export const CERTIFICATE_FIELD = 'certificate';
/** A certificate file: a PDF or a picture, at most this many bytes. */
export const MAX_CERTIFICATE_BYTES = 10 * 1024 * 1024;

/** A company's tax status as staff set it (verification is its own step). */
export const CompanyTaxStatusBody = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('standard') }),
    z.strictObject({
      kind: z.literal('exempt'),
      certificateNumber: requiredText('Certificate number', 'Certificate number is required', 60),
      /** Region keys the certificate covers (`US-CA`, or a country `US`). */
      regions: z
        .array(
          z
            .string({ error: 'A region is text' })
            .trim()
            .transform((v) => v.toUpperCase())
            .refine((v) => /^[A-Z]{2}(-[A-Z0-9 ]{1,60})?$/.test(v), 'A region is US or US-CA'),
          { error: 'Regions must be a list' },
        )
        .min(1, 'Name at least one region the certificate covers')
        .max(MAX_TAX_REGIONS),
      expiresOn: z
        .string({ error: 'Expires on is a date written YYYY-MM-DD' })
        .regex(YMD, 'Expires on is a date written YYYY-MM-DD')
        .refine(isRealDate, 'Expires on is not a day of the calendar'),
    }),
    z.strictObject({
      kind: z.literal('reverse_charge'),
      vatId: requiredText('VAT id', 'VAT id is required', 20),
    }),
  ],
  { error: 'Kind is standard, exempt or reverse_charge' },
);
export type CompanyTaxStatusBody = z.input<typeof CompanyTaxStatusBody>;

export const CompanyTaxStatusResponse = z.object({
  kind: z.enum(['standard', 'exempt', 'reverse_charge']),
  certificateNumber: z.string().nullable(),
  regions: z.array(z.string()),
  expiresOn: z.string().nullable(),
  /** When staff verified the certificate (exempt) or confirmed the VAT id (reverse charge). */
  verifiedAt: z.string().nullable(),
  /** Staff answers only: who verified or confirmed it (their email). */
  verifiedBy: z.string().nullable().optional(),
  vatId: z.string().nullable(),
  /**
   * An exempt company's uploaded certificate (decision 066): its type and when it was uploaded;
   * the file is at `url`, for the company's members and staff only.
   */
  certificateFile: z
    .object({ contentType: z.string(), uploadedAt: z.string(), url: z.string() })
    .nullable(),
  /** An exemption past its last day: the next order is taxed. */
  expired: z.boolean(),
});
export type CompanyTaxStatusResponse = z.infer<typeof CompanyTaxStatusResponse>;

/** An order's tax, present only when the order was placed in a tax region (decision 063). */
export const OrderTax = z.object({
  treatment: z.enum(TAX_TREATMENTS),
  region: z.string().nullable(),
  /** The live lines' totals, net of tax; `partPrice` is the gross (net plus tax). */
  net: z.number(),
  tax: z.number(),
  rates: z.array(z.object({ rate: z.number(), net: z.number(), tax: z.number() })),
  /** Why an exemption or reverse charge did not apply. */
  note: z.string().nullable(),
  certificateNumber: z.string().nullable(),
  buyerVatId: z.string().nullable(),
});
export type OrderTax = z.infer<typeof OrderTax>;

/**
 * The cart's tax before placing (decision 066): where the order would go. The lines are the
 * caller's cart and the buyer is the company it buys for, both read by the server.
 */
export const CartTaxBody = z.strictObject({
  /** Left out: only whether the shop collects tax at all (the cart's estimate asks it first). */
  country: z
    .string({ error: 'Country must be text' })
    .trim()
    .max(60, 'Country must be at most 60 characters')
    .default(''),
  state: z
    .string({ error: 'State or province must be text' })
    .trim()
    .max(60, 'State or province must be at most 60 characters')
    .optional(),
});
export type CartTaxBody = z.input<typeof CartTaxBody>;

export const CartTaxResponse = z.object({
  /** The shop collects tax somewhere (false: no region configured, nothing to show). */
  collects: z.boolean(),
  /** The cart's tax as placing it now would compute it; null where the shop collects none. */
  tax: OrderTax.nullable(),
});
export type CartTaxResponse = z.infer<typeof CartTaxResponse>;
