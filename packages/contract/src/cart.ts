import { z } from 'zod';
import { PathId, tooLong, UUID_PATTERN } from './common.js';
import { MAX_CART_LINES, MAX_LINE_REFERENCE, MAX_ORDER_LINES } from './constants.js';
import { OrderBuyerFields, Quantity, ShipTo } from './orders.js';
import { LINE_PROBLEM_CODES } from './quantity.js';

const PartId = z
  .string({ error: 'Part must be text' })
  .regex(
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
    'Part must be a part id',
  )
  .transform((v) => v.toLowerCase());

/** The buyer's own reference of a line: refused past 64 characters, never cut. */
export const LineReference = z
  .string({ error: 'Reference must be text' })
  .trim()
  .max(MAX_LINE_REFERENCE, tooLong('Reference', MAX_LINE_REFERENCE));

/** Dollars with at most two decimals, as a price the buyer saw. */
const SeenPrice = z
  .number({ error: 'Unit price must be a number' })
  .positive('Unit price must be above 0')
  .max(1_000_000, 'Unit price is too large')
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'Unit price has at most cents');

/** A line as a buyer adds it: a part, a quantity, optionally a reference. */
export const CartLineInput = z.object({
  partId: PartId,
  quantity: Quantity,
  reference: LineReference.optional(),
});
export type CartLineInput = z.input<typeof CartLineInput>;

/** Adding to the cart: the quantity is added to the part's line (one line per part). */
export const AddCartLineBody = CartLineInput;
/** Changing a line: its quantity and reference are replaced; `acceptPrice` takes today's price. */
export const SetCartLineBody = z.object({
  quantity: Quantity,
  reference: LineReference.optional(),
  acceptPrice: z.boolean({ error: 'acceptPrice is true or false' }).optional(),
});
export type SetCartLineBody = z.input<typeof SetCartLineBody>;
export const CartLineParams = z.object({ partId: PathId });

/**
 * A cart kept in the browser (a visitor not signed in), sent to be checked or merged into the
 * account's cart at sign-in: quantities of a part already there are added, then checked again.
 */
export const LocalCartBody = z.object({
  lines: z
    .array(CartLineInput.extend({ seenUnitPrice: SeenPrice.optional() }), {
      error: 'Lines must be a list',
    })
    .max(MAX_CART_LINES, `A cart holds at most ${MAX_CART_LINES} lines`),
});
export type LocalCartBody = z.input<typeof LocalCartBody>;
export type LocalCartLine = z.output<typeof LocalCartBody>['lines'][number];

/**
 * The merge at sign-in, with the browser's name for its cart (`mergeId`): a merge the server took
 * but whose answer was lost (the buyer left the page meanwhile) is sent again from the next page,
 * and the same name merges once, so no quantity is counted twice.
 */
export const MergeCartBody = LocalCartBody.extend({
  mergeId: z
    .string({ error: 'mergeId must be text' })
    .regex(UUID_PATTERN, 'mergeId must be a UUID')
    .transform((v) => v.toLowerCase())
    .optional(),
});
export type MergeCartBody = z.input<typeof MergeCartBody>;

export const LineProblemResponse = z.object({
  line: z.number().int(),
  partId: z.string(),
  code: z.enum(LINE_PROBLEM_CODES),
  message: z.string(),
  action: z.string(),
  requested: z.number().int(),
  suggested: z.number().int().nullable(),
  options: z.array(z.number().int()),
  available: z.number().int().optional(),
  seenUnitPrice: z.number().optional(),
  unitPrice: z.number().optional(),
});

/** One line of a cart, with everything its row shows and every problem it has. */
export const CartLine = z.object({
  partId: z.string(),
  sku: z.string(),
  name: z.string(),
  url: z.string(),
  quantity: z.number().int(),
  reference: z.string().nullable(),
  /** Today's unit price, and the one the buyer saw when adding the line. */
  unitPrice: z.number(),
  /** The part's own price (below its first volume price): what a visitor's cart keeps as seen. */
  listPrice: z.number(),
  /** The volume price the quantity reaches (from this many); null at the part's own price. */
  priceStep: z.number().int().nullable(),
  seenUnitPrice: z.number(),
  /**
   * The public unit price at this quantity, only when the buyer's contract price (decision 061)
   * is lower: shown struck through beside "Your price".
   */
  publicUnitPrice: z.number().optional(),
  lineTotal: z.number(),
  /** The part's core deposit of one piece (decision 069); 0 when it has none. */
  coreCharge: z.number(),
  mOrderQuantity: z.number().int(),
  packSize: z.number().int(),
  maxOrderQuantity: z.number().int().nullable(),
  availableQuantity: z.number().int(),
  archived: z.boolean(),
  problems: z.array(LineProblemResponse),
  /** Buying more that costs less in total (never shown when only the unit price drops). */
  nudge: z
    .object({
      quantity: z.number().int(),
      add: z.number().int(),
      savingCents: z.number().int(),
      message: z.string(),
    })
    .nullable(),
});
export type CartLine = z.infer<typeof CartLine>;

export const CartResponse = z.object({
  lines: z.array(CartLine),
  lineCount: z.number().int(),
  /** Of the lines as they are, at today's prices. */
  subtotal: z.number(),
  /** The lines' core deposits, charged with the order and refunded when the old parts return. */
  coreDeposits: z.number(),
  /** Every line can be ordered as it is. */
  ready: z.boolean(),
});
export type CartResponse = z.infer<typeof CartResponse>;

/**
 * Checkout: the lines exactly as the buyer saw them (quantity and unit price), where they go and
 * how they are billed. The server places them only if every line can be ordered at the price the
 * buyer saw; otherwise nothing happens and the refusal lists every line that changed.
 */
export const CheckoutBody = OrderBuyerFields.extend({
  lines: z
    .array(
      z.object({
        partId: PartId,
        quantity: Quantity,
        unitPrice: SeenPrice,
        reference: LineReference.optional(),
      }),
      { error: 'Lines must be a list' },
    )
    .min(1, 'The order has no lines')
    .max(MAX_ORDER_LINES, `An order holds at most ${MAX_ORDER_LINES} lines`),
  shipTo: ShipTo,
  /** The lines come from the cart: once ordered, they leave it. */
  fromCart: z.boolean({ error: 'fromCart is true or false' }).optional(),
  /**
   * For a company the caller belongs to (checked by the server), paid by card or on the company's
   * account; left out, the order is personal. The company's name and tax id come from the company.
   */
  companyId: z.string({ error: 'The company id must be text' }).max(100).optional(),
  /** `account` only with `companyId` (the server refuses it otherwise). */
  payment: z.enum(['card', 'account'], { error: 'Payment is card or account' }).optional(),
});
export type CheckoutBody = z.input<typeof CheckoutBody>;
export type CheckoutValues = z.output<typeof CheckoutBody>;

/** A refusal that names lines: every line that cannot go as sent, with its fix. */
export const LinesRefusal = z.object({
  error: z.string(),
  message: z.string(),
  problems: z.array(LineProblemResponse),
});
export type LinesRefusal = z.infer<typeof LinesRefusal>;

/** The checkout form: where the order goes and how it is billed (the lines are the cart's). */
export const CheckoutForm = OrderBuyerFields.omit({ idempotencyKey: true }).extend(ShipTo.shape);

/** What "Order again" found changed on a past order's line since it was ordered. */
export const ORDER_AGAIN_CHANGES = ['PRICE', 'STOCK', 'RULE', 'ARCHIVED', 'SUPERSEDED'] as const;
export const OrderAgainChange = z.object({
  lineNo: z.number().int(),
  sku: z.string(),
  partName: z.string(),
  kind: z.enum(ORDER_AGAIN_CHANGES),
  message: z.string(),
});
export type OrderAgainChange = z.infer<typeof OrderAgainChange>;

/** A past order's lines sent through the cart's checks into the cart, and what changed. */
export const OrderAgainResponse = z.object({
  cart: CartResponse,
  /** Lines that went into the cart (a part no longer sold and not replaced stays out). */
  added: z.number().int(),
  changes: z.array(OrderAgainChange),
});
export type OrderAgainResponse = z.infer<typeof OrderAgainResponse>;
