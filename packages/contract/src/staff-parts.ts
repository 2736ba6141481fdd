import { z } from 'zod';
import { optionalText } from './common.js';
import { MAX_QUANTITY } from './constants.js';

/**
 * What moves stock: staff receiving goods or adjusting a count, an order taking it, a cancel
 * giving it back (by the customer, the unpaid-order sweep, or staff with a refund), and the level
 * a part had when the ledger began or the part was added.
 */
export const STOCK_MOVEMENT_KINDS = [
  'opening',
  'receive',
  'adjust',
  'order',
  'cancel',
  'sweep',
  'refund',
  'import',
  'feed',
  'returned',
] as const;
export type StockMovementKind = (typeof STOCK_MOVEMENT_KINDS)[number];

/** The two a person records by hand. */
export const STOCK_CHANGE_KINDS = ['receive', 'adjust'] as const;

export const PART_SHOW = ['live', 'archived', 'all'] as const;

/** The staff part list's filters, all in the address. */
export const StaffPartQuery = z.object({
  q: optionalText('Search', 100),
  /** `low`: below the low-stock line; `out`: none left. */
  stock: z.enum(['low', 'out'], { error: 'Stock filter is low or out' }).optional(),
  show: z.enum(PART_SHOW, { error: 'Show live, archived or all' }).default('live'),
  page: z.coerce
    .number({ error: 'Page must be a number' })
    .int('Page must be a whole number')
    .min(1, 'Page starts at 1')
    .max(100_000, 'Page is too large')
    .default(1),
  pageSize: z.coerce
    .number({ error: 'Page size must be a number' })
    .int()
    .min(1)
    .max(200, 'At most 200 parts a page')
    .default(50),
});
export type StaffPartQuery = z.input<typeof StaffPartQuery>;

export const StaffPartRow = z.object({
  _id: z.string(),
  /** The part number. */
  sku: z.string(),
  name: z.string(),
  price: z.number(),
  mOrderQuantity: z.number().int(),
  availableQuantity: z.number().int(),
  url: z.string(),
  /** Below LOW_STOCK_FACTOR times the minimum order quantity. */
  lowStock: z.boolean(),
  archivedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type StaffPartRow = z.infer<typeof StaffPartRow>;

export const StaffPartPage = z.object({
  items: z.array(StaffPartRow),
  /** Of the whole filtered set. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  lowStockFactor: z.number(),
});
export type StaffPartPage = z.infer<typeof StaffPartPage>;

export const StockMovement = z.object({
  id: z.number().int(),
  at: z.string(),
  kind: z.enum(STOCK_MOVEMENT_KINDS),
  delta: z.number().int(),
  levelAfter: z.number().int(),
  reason: z.string(),
  /** Who caused it; null for the sweep and the opening balance. */
  actorEmail: z.string().nullable(),
  orderId: z.string().nullable(),
  orderNumber: z.string().nullable(),
});
export type StockMovement = z.infer<typeof StockMovement>;

export const StockHistoryQuery = z.object({
  /** The last movement of the previous page, from `nextBefore`. */
  before: z.coerce.number({ error: 'Cursor must be a number' }).int().positive().optional(),
  pageSize: z.coerce
    .number({ error: 'Page size must be a number' })
    .int()
    .min(1)
    .max(200)
    .default(50),
});
export type StockHistoryQuery = z.input<typeof StockHistoryQuery>;

export const StockHistoryPage = z.object({
  items: z.array(StockMovement),
  /** Pass as `before` for older movements; null at the first one. */
  nextBefore: z.number().int().nullable(),
});
export type StockHistoryPage = z.infer<typeof StockHistoryPage>;

export const StaffPartDetails = z.object({
  part: StaffPartRow.extend({ description: z.string(), createdAt: z.string() }),
  history: StockHistoryPage,
});
export type StaffPartDetails = z.infer<typeof StaffPartDetails>;

const MAX_DELTA = MAX_QUANTITY;

/**
 * A change a person records: goods received (a positive quantity, an optional note such as the
 * delivery note's number) or an adjustment after a count, damage or loss (either sign, a reason
 * required so the history explains itself).
 */
export const StockChangeBody = z
  .object({
    kind: z.enum(STOCK_CHANGE_KINDS, { error: 'Choose receive or adjust' }),
    delta: z
      .number({ error: 'Quantity must be a number' })
      .int('Quantity must be a whole number')
      .min(-MAX_DELTA, 'Quantity is too large')
      .max(MAX_DELTA, 'Quantity is too large')
      .refine((v) => v !== 0, 'Quantity cannot be 0'),
    reason: optionalText('Reason', 200).default(''),
  })
  .superRefine((body, ctx) => {
    if (body.kind === 'receive' && body.delta < 0)
      ctx.addIssue({
        code: 'custom',
        path: ['delta'],
        message: 'A receipt adds stock: use an adjustment to take some away',
      });
    if (body.kind === 'adjust' && !body.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Say why the stock changes' });
  });
export type StockChangeBody = z.input<typeof StockChangeBody>;
export type StockChangeValues = z.output<typeof StockChangeBody>;
