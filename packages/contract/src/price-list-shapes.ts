import { formatCount } from './money.js';
import { z } from 'zod';
import { CATEGORIES } from './catalog-constants.js';
import { PathId, requiredText } from './common.js';
import { MAX_PRICE, MAX_QUANTITY } from './constants.js';

/*
 * What staff send and read about price lists (issue 36, decision 061). Money is in dollars and
 * percentages in percent on the wire, as staff think of them; the server keeps cents and basis
 * points (3500 = 35%) and converts once.
 */

/** Fixed entries in one call: a whole negotiated list at once. */
export const MAX_PRICE_LIST_ENTRIES = 20_000;
/** A price list's batch body: 20,000 entries of about 60 bytes, with room. */
export const PRICE_LIST_BODY_BYTES = 2 * 1024 * 1024;
/** Entries per page when reading a list. */
export const PRICE_LIST_ENTRY_PAGE = 500;

const YMD = /^\d{4}-\d{2}-\d{2}$/;
const isRealDate = (v: string) => {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};
const isoDate = (label: string) =>
  z
    .string({ error: `${label} is a date written YYYY-MM-DD` })
    .regex(YMD, `${label} is a date written YYYY-MM-DD`)
    .refine(isRealDate, `${label} is not a day of the calendar`);

const twoDecimals = (v: number) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6;

/** A percentage off, in percent: above 0 and below 100, at most two decimals (a basis point). */
const percentOff = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .gt(0, `${label} must be above 0%`)
    .lt(100, `${label} must be below 100%`)
    .refine(twoDecimals, `${label} can have at most two decimals`);

export const PriceListBody = z
  .strictObject({
    name: requiredText('Name', 'Name is required', 120),
    validFrom: isoDate('Valid from').nullable().default(null),
    validUntil: isoDate('Valid until').nullable().default(null),
    /** Off every part's public price unless its category has its own; null: none. */
    percentOff: percentOff('Percent off').nullable().default(null),
  })
  .superRefine((v, ctx) => {
    if (v.validFrom !== null && v.validUntil !== null && v.validUntil < v.validFrom)
      ctx.addIssue({
        code: 'custom',
        path: ['validUntil'],
        message: 'Valid until must be on or after valid from',
      });
  });
export type PriceListBody = z.input<typeof PriceListBody>;

export const PriceListCategoriesBody = z.strictObject({
  /** The list's category percentages, replacing the ones it had (empty: none). */
  categories: z
    .array(
      z.strictObject({
        category: z.enum(CATEGORIES, { error: 'Unknown category' }),
        percentOff: percentOff('Percent off'),
      }),
      { error: 'Categories must be a list' },
    )
    .max(CATEGORIES.length)
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
export type PriceListCategoriesBody = z.input<typeof PriceListCategoriesBody>;

const partNumber = requiredText('Part number', 'Part number is required', 64);
const minQuantity = z
  .number({ error: 'From quantity must be a number' })
  .int('From quantity must be a whole number')
  .min(1, 'From quantity must be at least 1')
  .max(MAX_QUANTITY, 'From quantity is too large');

/** Rows keyed by part number (case-insensitive) and from quantity, each once. */
const onceEach = (
  rows: readonly { partNumber: string; minQuantity?: number | undefined }[],
  ctx: z.RefinementCtx,
) => {
  const seen = new Set<string>();
  rows.forEach((row, i) => {
    const key = `${row.partNumber.toUpperCase()}\u0001${row.minQuantity ?? ''}`;
    if (seen.has(key))
      ctx.addIssue({
        code: 'custom',
        path: [i, 'partNumber'],
        message: `Row ${i + 1}: ${row.partNumber}${row.minQuantity ? ` from ${row.minQuantity}` : ''} is listed twice`,
      });
    seen.add(key);
  });
};

export const PriceListEntriesBody = z.strictObject({
  entries: z
    .array(
      z.strictObject({
        partNumber,
        minQuantity: minQuantity.default(1),
        price: z
          .number({ error: 'Price must be a number' })
          .positive('Price must be above 0')
          .max(MAX_PRICE, 'Price is too large')
          .refine(twoDecimals, 'Price can have at most two decimals'),
      }),
      { error: 'Entries must be a list' },
    )
    .max(MAX_PRICE_LIST_ENTRIES, `At most ${formatCount(MAX_PRICE_LIST_ENTRIES)} entries`)
    .superRefine(onceEach),
  /** True: the list's fixed entries become exactly these; false: these are added or replaced. */
  replaceAll: z.boolean({ error: 'Replace all is true or false' }).default(false),
});
export type PriceListEntriesBody = z.input<typeof PriceListEntriesBody>;

export const RemovePriceListEntriesBody = z.strictObject({
  /** Without a from quantity, every entry of the part goes. */
  entries: z
    .array(z.strictObject({ partNumber, minQuantity: minQuantity.optional() }), {
      error: 'Entries must be a list',
    })
    .min(1, 'Name at least one entry')
    .max(MAX_PRICE_LIST_ENTRIES)
    .superRefine(onceEach),
});
export type RemovePriceListEntriesBody = z.input<typeof RemovePriceListEntriesBody>;

export const PriceListEntryQuery = z.object({
  partNumber: z.string().trim().max(64).optional(),
  page: z.coerce.number({ error: 'Page must be a number' }).int().min(1).max(1_000).default(1),
});

export const AssignPriceListBody = z.strictObject({
  /** The highest priority among a company's active lists that price a part decides its price. */
  priority: z
    .number({ error: 'Priority must be a number' })
    .int('Priority must be a whole number')
    .min(-1_000_000, 'Priority is too small')
    .max(1_000_000, 'Priority is too large'),
});
export type AssignPriceListBody = z.input<typeof AssignPriceListBody>;

export const PriceExplanationQuery = z.strictObject({
  partNumber,
  quantity: z.coerce
    .number({ error: 'Quantity must be a number' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(MAX_QUANTITY, 'Quantity is too large'),
  /** The day to price on (default: today, UTC): to check a list that starts later. */
  date: isoDate('Date').optional(),
});

export const PriceListParams = z.object({ id: PathId });
export const PriceListCompanyParams = z.object({ id: PathId, companyId: PathId });

const CategoryPercent = z.object({ category: z.string(), percentOff: z.number() });

export const PriceListSummary = z.object({
  id: z.string(),
  name: z.string(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  /** Valid today (UTC). */
  active: z.boolean(),
  percentOff: z.number().nullable(),
  categories: z.array(CategoryPercent),
  entryCount: z.number().int(),
  companyCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PriceListSummary = z.infer<typeof PriceListSummary>;
export const PriceListList = z.array(PriceListSummary);

export const PriceListDetails = PriceListSummary.extend({
  companies: z.array(
    z.object({ companyId: z.string(), companyName: z.string(), priority: z.number().int() }),
  ),
  /** The customer groups the list is assigned to (people buying for themselves). */
  groups: z.array(
    z.object({ groupId: z.string(), groupName: z.string(), priority: z.number().int() }),
  ),
});
export type PriceListDetails = z.infer<typeof PriceListDetails>;

export const PriceListEntryPage = z.object({
  entries: z.array(
    z.object({
      partId: z.string(),
      partNumber: z.string(),
      partName: z.string(),
      minQuantity: z.number().int(),
      price: z.number(),
    }),
  ),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type PriceListEntryPage = z.infer<typeof PriceListEntryPage>;

/** What a batch did: rows new, rows whose price changed, rows as they were, rows removed. */
export const PriceListEntriesResult = z.object({
  added: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
  removed: z.number().int(),
  /** The list's entries after the change. */
  total: z.number().int(),
});
export type PriceListEntriesResult = z.infer<typeof PriceListEntriesResult>;

export const CompanyPriceLists = z.object({
  companyId: z.string(),
  assignments: z.array(
    z.object({
      listId: z.string(),
      listName: z.string(),
      priority: z.number().int(),
      validFrom: z.string().nullable(),
      validUntil: z.string().nullable(),
      active: z.boolean(),
    }),
  ),
});
export type CompanyPriceLists = z.infer<typeof CompanyPriceLists>;

const Source = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('fixed'), minQuantity: z.number().int() }),
  z.object({ kind: z.literal('category'), category: z.string(), percentOff: z.number() }),
  z.object({ kind: z.literal('list-wide'), percentOff: z.number() }),
]);

/** Why a company pays what it pays for a part at a quantity (dollars). */
export const PriceExplanation = z.object({
  /** Whose lists were considered: a company's, or a customer group's (`party`). */
  party: z.enum(['company', 'group']),
  company: z.object({ id: z.string(), name: z.string() }),
  part: z.object({
    id: z.string(),
    partNumber: z.string(),
    name: z.string(),
    category: z.string(),
  }),
  quantity: z.number().int(),
  date: z.string(),
  unitPrice: z.number(),
  listPrice: z.number(),
  /** The public price at this quantity, and the ladder step it comes from (null: none). */
  publicPrice: z.number(),
  ladderStep: z.number().int().nullable(),
  paid: z.enum(['list', 'public']),
  decidedBy: z
    .object({ listId: z.string(), listName: z.string(), unitPrice: z.number(), source: Source })
    .nullable(),
  candidates: z.array(
    z.object({
      listId: z.string(),
      listName: z.string(),
      priority: z.number().int(),
      status: z.enum(['inactive', 'no-price', 'priced']),
      unitPrice: z.number().nullable(),
      source: Source.nullable(),
    }),
  ),
  /** "Fleet 2027: fixed $41.20 from 10 pieces; list price $55.00; ladder $49.50 from 10". */
  summary: z.string(),
});
export type PriceExplanation = z.infer<typeof PriceExplanation>;

/*
 * Customer groups (decision 062): named groups of people, for shops selling to people too. A
 * person is in at most one group; buying for themselves, they pay their group's lists' prices.
 */

export const CustomerGroupBody = z.strictObject({
  name: requiredText('Name', 'Name is required', 100),
});
export type CustomerGroupBody = z.input<typeof CustomerGroupBody>;

export const CustomerGroupMemberBody = z.strictObject({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Email is too long'),
});
export type CustomerGroupMemberBody = z.input<typeof CustomerGroupMemberBody>;

export const CustomerGroupParams = z.object({ id: PathId });
export const CustomerGroupMemberParams = z.object({ id: PathId, userId: PathId });
export const PriceListGroupParams = z.object({ id: PathId, groupId: PathId });

export const CustomerGroupSummary = z.object({
  id: z.string(),
  name: z.string(),
  memberCount: z.number().int(),
  lists: z.array(
    z.object({ listId: z.string(), listName: z.string(), priority: z.number().int() }),
  ),
  createdAt: z.string(),
});
export type CustomerGroupSummary = z.infer<typeof CustomerGroupSummary>;
export const CustomerGroupList = z.array(CustomerGroupSummary);

export const CustomerGroupDetails = CustomerGroupSummary.extend({
  members: z.array(
    z.object({ userId: z.string(), name: z.string(), email: z.string(), addedAt: z.string() }),
  ),
});
export type CustomerGroupDetails = z.infer<typeof CustomerGroupDetails>;
