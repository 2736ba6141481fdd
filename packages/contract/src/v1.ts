import { formatCount } from './money.js';
import { z } from 'zod';
import { PathId, requiredText } from './common.js';
import { ORDER_STATUSES } from './constants.js';
import { OrderBuyerFields, Quantity, ShipTo } from './orders.js';
import { LineReference } from './cart.js';
import { TAX_TREATMENTS } from './tax.js';

/** Lines in one stock or price feed call. */
export const MAX_FEED_LINES = 10_000;
/** A feed's body: 10,000 lines of part number and numbers fit well inside. */
export const FEED_BODY_BYTES = 2 * 1024 * 1024;

const PartNumber = z
  .string({ error: 'The part number must be text' })
  .trim()
  .min(1, 'The part number is required')
  .max(64, 'A part number has at most 64 characters');

const wholeCount = (what: string) =>
  z
    .number({ error: `${what} must be a whole number` })
    .int(`${what} must be a whole number`)
    .min(-1_000_000_000, `${what} is out of range`)
    .max(1_000_000_000, `${what} is out of range`);

/** Two lines for one part would make the result depend on their order: refused, by line. */
const uniqueParts = <T extends { partNumber: string }>(lines: T[], ctx: z.RefinementCtx) => {
  const seen = new Set<string>();
  lines.forEach((line, i) => {
    const key = line.partNumber.toUpperCase();
    if (seen.has(key))
      ctx.addIssue({
        code: 'custom',
        path: ['lines', i, 'partNumber'],
        message: 'This part number is on an earlier line',
      });
    seen.add(key);
  });
};

const feedLines = <T extends z.ZodType>(line: T) =>
  z
    .array(line, { error: 'Lines must be a list' })
    .min(1, 'Send at least one line')
    .max(MAX_FEED_LINES, `At most ${formatCount(MAX_FEED_LINES)} lines a call`);

/**
 * A stock feed: each line either an absolute count (`quantity`) or a relative change (`change`).
 * An absolute count is "as of" `countedAt` (default: now): movements the shop made after that
 * moment (orders, cancels) are applied on top of it (decision 059).
 */
export const StockFeedBody = z
  .strictObject({
    countedAt: z.iso
      .datetime({ offset: true, error: 'countedAt is an ISO date and time' })
      .refine((v) => Date.parse(v) <= Date.now() + 60_000, 'countedAt cannot be in the future')
      .refine(
        (v) => Date.parse(v) >= Date.now() - 7 * 86_400_000,
        'countedAt is at most 7 days ago',
      )
      .optional(),
    lines: feedLines(
      z
        .strictObject({
          partNumber: PartNumber,
          quantity: wholeCount('The quantity').min(0, 'A count cannot be negative').optional(),
          change: wholeCount('The change').optional(),
        })
        .refine((l) => (l.quantity === undefined) !== (l.change === undefined), {
          message: 'Give either quantity (a count) or change (relative), not both',
        }),
    ),
  })
  .superRefine((body, ctx) => uniqueParts(body.lines, ctx));
export type StockFeedBody = z.input<typeof StockFeedBody>;

export const StockFeedResult = z.object({
  /** Parts whose stock changed. */
  changed: z.number().int(),
  /** Parts found whose stock was already what the line asked. */
  unchanged: z.number().int(),
  /** Part numbers the shop does not know: their lines did nothing. */
  unknownPartNumbers: z.array(z.string()),
  /** Parts a change or count would have taken below zero: set to 0. */
  stoppedAtZero: z.array(z.string()),
});
export type StockFeedResult = z.infer<typeof StockFeedResult>;

const Cents = z
  .number({ error: 'A price is a whole number of cents' })
  .int('A price is a whole number of cents')
  .positive('A price is above 0')
  .max(100_000_000, 'The price is too large');

export const PriceFeedBody = z
  .strictObject({
    lines: feedLines(
      z.strictObject({
        partNumber: PartNumber,
        /** The list price, in cents. */
        priceCents: Cents,
        /** The volume ladder, replacing the part's; left out, the ladder is kept. */
        volumePrices: z
          .array(
            z.strictObject({
              minQuantity: wholeCount('From quantity').min(1, 'From quantity is at least 1'),
              unitCents: Cents,
            }),
          )
          .max(10, 'At most 10 volume prices')
          .optional(),
      }),
    ),
  })
  .superRefine((body, ctx) => uniqueParts(body.lines, ctx));
export type PriceFeedBody = z.input<typeof PriceFeedBody>;

export const PriceFeedResult = z.object({
  changed: z.number().int(),
  unchanged: z.number().int(),
  unknownPartNumbers: z.array(z.string()),
  /** Lines the part's rules refuse (a ladder step not above the minimum, not cheaper…). */
  rejected: z.array(z.object({ partNumber: z.string(), fields: z.record(z.string(), z.string()) })),
});
export type PriceFeedResult = z.infer<typeof PriceFeedResult>;

/** An order as the v1 API and every webhook show it: money in integer cents. */
export const V1Order = z.object({
  id: z.string(),
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  paymentMode: z.enum(['card', 'account']),
  companyId: z.string().nullable(),
  poNumber: z.string().nullable(),
  customer: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
  shipTo: ShipTo,
  /** The gross: net plus tax (decision 063) plus core deposits (069); with neither, the net. */
  totalCents: z.number().int(),
  netCents: z.number().int(),
  taxCents: z.number().int(),
  /** Refundable core deposits of the live lines (decision 069), untaxed; 0 when none. */
  coreDepositCents: z.number().int(),
  /** How the order was taxed; null where the shop collects no tax. */
  tax: z
    .object({
      treatment: z.enum(TAX_TREATMENTS),
      region: z.string().nullable(),
      rates: z.array(
        z.object({
          rateBp: z.number().int(),
          netCents: z.number().int(),
          taxCents: z.number().int(),
        }),
      ),
      note: z.string().nullable(),
      certificateNumber: z.string().nullable(),
      buyerVatId: z.string().nullable(),
    })
    .nullable(),
  refundedCents: z.number().int(),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  paidAt: z.string().nullable(),
  shippedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  canceledAt: z.string().nullable(),
  lines: z.array(
    z.object({
      lineNo: z.number().int(),
      partId: z.string(),
      partNumber: z.string(),
      name: z.string(),
      quantity: z.number().int(),
      unitCents: z.number().int(),
      totalCents: z.number().int(),
      /** The line's tax rate in basis points (825 = 8.25%) and its tax, rounded half up. */
      taxRateBp: z.number().int(),
      taxCents: z.number().int(),
      /** The core deposit of one piece and of the line (0: none), its own line on the invoice. */
      coreChargeCents: z.number().int(),
      coreDepositCents: z.number().int(),
      reference: z.string().nullable(),
      canceledAt: z.string().nullable(),
    }),
  ),
});
export type V1Order = z.infer<typeof V1Order>;

export const OrdersFeedQuery = z.object({
  /** Where the last page ended (`nextCursor`); left out, from the first order. */
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/, 'Not a cursor from this API')
    .optional(),
  limit: z.coerce
    .number({ error: 'limit is a whole number' })
    .int('limit is a whole number')
    .min(1, 'limit is at least 1')
    .max(500, 'limit is at most 500')
    .default(100),
});

export const OrdersFeedPage = z.object({
  orders: z.array(V1Order),
  /** Pass it back to get what changed after this page (also when `orders` is empty). */
  nextCursor: z.string(),
  /** More pages wait now; false means caught up (poll again later with `nextCursor`). */
  hasMore: z.boolean(),
});
export type OrdersFeedPage = z.infer<typeof OrdersFeedPage>;

export const V1OrderParams = z.object({ id: PathId });

const Parcel = z.strictObject({
  carrier: requiredText('Carrier', 'Carrier is required', 60),
  trackingNumber: requiredText('Tracking number', 'Tracking number is required', 100),
});
export const ShipmentBody = z.strictObject({
  parcels: z
    .array(Parcel, { error: 'Parcels must be a list' })
    .min(1, 'Give at least one parcel')
    .max(20, 'At most 20 parcels'),
});
export type ShipmentBody = z.input<typeof ShipmentBody>;

export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,100}$/;

/** An order from a company's ERP: lines by part number, on account or left unpaid. */
export const V1PlaceOrderBody = z.strictObject({
  lines: z
    .array(
      z.strictObject({
        partNumber: PartNumber,
        quantity: Quantity,
        reference: LineReference.optional(),
      }),
      { error: 'Lines must be a list' },
    )
    .min(1, 'The order has no lines')
    .max(200, 'An order holds at most 200 lines'),
  poNumber: OrderBuyerFields.shape.poNumber,
  phone: OrderBuyerFields.shape.phone,
  shipTo: ShipTo,
  payment: z.enum(['account', 'unpaid'], { error: 'payment is account or unpaid' }),
});
export type V1PlaceOrderBody = z.input<typeof V1PlaceOrderBody>;

/** Parts with the prices and availability a company key sees. */
export const V1CatalogQuery = z.object({
  partNumbers: z
    .string()
    .max(10_000)
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .refine((v) => v.length <= 200, 'At most 200 part numbers')
    .optional(),
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/, 'Not a cursor from this API')
    .optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const V1CatalogPage = z.object({
  parts: z.array(
    z.object({
      id: z.string(),
      partNumber: z.string(),
      name: z.string(),
      priceCents: z.number().int(),
      volumePrices: z.array(
        z.object({ minQuantity: z.number().int(), unitCents: z.number().int() }),
      ),
      minOrderQuantity: z.number().int(),
      packSize: z.number().int(),
      available: z.number().int(),
      inStock: z.boolean(),
      /**
       * The company's own unit price at the minimum order quantity, by its price lists
       * (decision 061; the public price when none applies). Null where no company asks (the
       * low-stock event staff hear).
       */
      yourPriceCents: z.number().int().nullable(),
    }),
  ),
  nextCursor: z.string().nullable(),
});
export type V1CatalogPage = z.infer<typeof V1CatalogPage>;
