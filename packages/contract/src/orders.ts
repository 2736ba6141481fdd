import { z } from 'zod';
import { optionalText, PHONE_PATTERN, requiredText, tooLong } from './common.js';
import { MAX_QUANTITY, ORDER_STATUSES } from './constants.js';
import { messages } from './messages.js';
import { quantityProblem, ruleOf } from './quantity.js';
import { OrderTax } from './tax-shapes.js';

/** Where an order goes. The spec's single address field is the street line. */
export const ShipTo = z.object({
  street: requiredText('Address', messages.addressRequired, 200),
  city: requiredText('City', 'City is required', 100),
  postalCode: requiredText('Postal code', 'Postal code is required', 20),
  country: requiredText('Country', 'Country is required', 60),
  /** State or province: where the shop collects tax by state (decision 063); optional. */
  state: optionalText('State or province', 60),
});
export type ShipTo = z.infer<typeof ShipTo>;

/** One line of an order: a part, at the name, number and unit price it was sold at. */
export const OrderLine = z.object({
  lineNo: z.number().int(),
  partId: z.string(),
  sku: z.string(),
  partName: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number(),
  /** The volume price the line got (from this many pieces); null at the part's own price. */
  priceStep: z.number().int().nullable(),
  /** Unit price times quantity, computed by the server (and checked by the database). */
  total: z.number(),
  /** The buyer's own reference (job card, plate, VIN). */
  reference: z.string().nullable(),
  /** Set when staff canceled this line alone: its stock returned, and a paid one refunded. */
  canceledAt: z.string().nullable(),
  /** The line's tax rate (percent) and tax (dollars): only on a taxed order (decision 063). */
  taxRate: z.number().optional(),
  tax: z.number().optional(),
  /** A warranty replacement's line, at no charge (its price 0). */
  noCharge: z.boolean().optional(),
  /**
   * The part's core deposit (decision 069), of one piece and of the line: shown as its own line,
   * refunded when the old part comes back. Only on a line that carries one.
   */
  coreCharge: z.number().optional(),
  coreDeposit: z.number().optional(),
});
export type OrderLine = z.infer<typeof OrderLine>;

/**
 * An order as the API speaks it (spec section 3), money in dollars, with what a business buyer
 * needs beside it: its number, the ship-to address in parts, company, tax id and PO number, and
 * the times it was paid, shipped, delivered or canceled.
 */
export const OrderResponse = z.object({
  _id: z.string(),
  /** Short and sequential: `A-10042`. */
  number: z.string(),
  name: z.string(),
  email: z.string(),
  /** The ship-to address on one line (the spec's field). */
  address: z.string(),
  shipTo: z.object({
    street: z.string(),
    city: z.string(),
    postalCode: z.string(),
    country: z.string(),
  }),
  company: z.string().nullable(),
  taxId: z.string().nullable(),
  poNumber: z.string().nullable(),
  phone: z.string(),
  /** The first line's part; the order's parts are its `lines`. */
  partId: z.string(),
  /** The part's name, or "Brake pads and 2 more parts" for an order of several lines. */
  partName: z.string(),
  /** The ordered quantity (the spec's name for it): every live line's pieces together. */
  minimum: z.number().int(),
  /** The unit price of a one-line order; null when the order has several lines. */
  unitPrice: z.number().nullable(),
  /** The order's total (unit price times quantity, summed over the live lines), by the server. */
  partPrice: z.number(),
  lines: z.array(OrderLine),
  /** The core deposits inside `partPrice` (live lines), only when the order has any. */
  coreDeposits: z.number().optional(),
  /** Net, tax per rate and gross: only on an order placed where the shop collects tax. */
  tax: OrderTax.optional(),
  /** The spec's three, fulfilment (`shipped`, `delivered`) and `canceled`. */
  status: z.enum(ORDER_STATUSES),
  /** The payment provider's id, '' until a payment is submitted. */
  transactionId: z.string(),
  createdAt: z.string(),
  /** Money given back (a payment that landed on a canceled order, or staff cancelling it). */
  refund: z
    .object({ status: z.enum(['pending', 'succeeded', 'failed']), amount: z.number() })
    .nullable(),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  paidAt: z.string().nullable(),
  shippedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  canceledAt: z.string().nullable(),
  /** The company it was placed for (its `name` and `email` are the member who placed it). */
  companyId: z.string().nullable(),
  /** `account`: on the company's account, confirmed at once and invoiced; `card` otherwise. */
  paymentMode: z.enum(['card', 'account']),
  /**
   * An order on account's invoice: when it is due and whether staff recorded it as paid (its
   * `status` reads `paid` from the start, meaning confirmed); null for a card order.
   */
  account: z.object({ dueAt: z.string(), paid: z.boolean() }).nullable(),
  /** A warranty replacement at no charge: the return it settles (`R-10001`). */
  replacesReturn: z.object({ id: z.string(), number: z.string() }).optional(),
});
export type OrderResponse = z.infer<typeof OrderResponse>;

/** My Orders' filter: the live orders (the spec's list), or the canceled ones. */
export const OrderListQuery = z.object({
  email: z.string().max(320).optional(),
  status: z.enum(['canceled'], { error: 'Filter by status=canceled, or by nothing' }).optional(),
});

/** A mail the shop sent about an order, as it was sent. */
export const OrderEmailResponse = z.object({
  id: z.string(),
  kind: z.string(),
  subject: z.string(),
  sentAt: z.string().nullable(),
  text: z.string(),
});
export type OrderEmailResponse = z.infer<typeof OrderEmailResponse>;
export const OrderEmailListResponse = z.array(OrderEmailResponse);
export const OrderListResponse = z.array(OrderResponse);
export type OrderListResponse = z.infer<typeof OrderListResponse>;

type QuantityBounds = {
  mOrderQuantity: number;
  availableQuantity: number;
  packSize?: number;
  maxOrderQuantity?: number | null;
};

/**
 * What the order form's quantity must satisfy beyond its shape (the one rule, `quantityProblem`);
 * null when it is fine. The spec's two messages stay word for word for its two cases.
 */
export function orderQuantityIssue(quantity: number, part: QuantityBounds): string | null {
  const problem = quantityProblem(quantity, ruleOf(part), part.availableQuantity);
  if (!problem) return null;
  if (problem.code === 'BELOW_MINIMUM') return messages.quantityBelowMinimum;
  if (problem.code === 'ABOVE_STOCK') return messages.quantityAboveAvailable;
  return problem.message;
}

/** A number field sends a number or its text; blank means missing, text that is not a number stays invalid. */
const quantityInput = (value: unknown) => {
  if (value === null) return undefined;
  if (typeof value !== 'string') return value;
  const text = value.trim();
  return text === '' ? undefined : Number(text);
};

export const Quantity = z.preprocess(
  quantityInput,
  z
    .number({
      error: (issue) =>
        issue.input === undefined ? messages.quantityRequired : messages.quantityNotNumber,
    })
    .int(messages.quantityNotWhole)
    // Every part's minimum is at least 1 and no stock exceeds MAX_QUANTITY, so these bounds
    // are the spec's own messages, whatever the part.
    .min(1, messages.quantityBelowMinimum)
    .max(MAX_QUANTITY, messages.quantityAboveAvailable),
);

/** A tax or VAT id: letters, digits and the usual separators. */
export const TAX_ID = /^[A-Za-z0-9][A-Za-z0-9 .\-/]{1,39}$/;

const OrderFields = z.object({
  partId: requiredText('Part', 'Part is required', 100),
  minimum: Quantity,
  company: optionalText('Company', 200),
  taxId: optionalText('Tax/VAT id', 40).refine(
    (v) => v === undefined || v === '' || TAX_ID.test(v),
    'Tax/VAT id may hold only letters, digits, spaces, dots, dashes and slashes',
  ),
  poNumber: optionalText('PO number', 60),
  /**
   * Chosen by the form once per order: a repeat of the same request (a reload, a double click, a
   * retry after a lost answer) returns the first order instead of making a second.
   */
  idempotencyKey: z
    .string({ error: 'The request key must be text' })
    .regex(/^[A-Za-z0-9_-]{8,100}$/, 'The request key must be 8 to 100 letters, digits, - or _')
    .optional(),
  phone: z
    .union([z.string(), z.number()], {
      error: (issue) =>
        issue.input === undefined ? messages.phoneRequired : 'Phone number must be text',
    })
    .transform((v) => String(v).trim())
    .refine((v) => v !== '', messages.phoneRequired)
    .refine((v) => v.length <= 30, tooLong('Phone number', 30))
    .refine((v) => PHONE_PATTERN.test(v), messages.phoneInvalid),
});

/** Who orders and how they want it billed: the same on the purchase form and at checkout. */
export const OrderBuyerFields = OrderFields.omit({ partId: true, minimum: true });

/**
 * The order's body: the form's structured ship-to, or the spec's single `address` line (its client
 * also sends name, email, partName, partPrice and status: the object is not strict, so they are
 * accepted and dropped, and the server sets them itself).
 */
export const CreateOrderBody = OrderFields.extend({
  address: requiredText('Address', messages.addressRequired, 300).optional(),
  shipTo: ShipTo.optional(),
}).superRefine((order, ctx) => {
  if (order.address === undefined && order.shipTo === undefined)
    ctx.addIssue({ code: 'custom', path: ['address'], message: messages.addressRequired });
});
export type CreateOrderBody = z.input<typeof CreateOrderBody>;
export type CreateOrderValues = z.output<typeof CreateOrderBody>;

/** The quantity of one part: its shape, then the part's minimum order and stock (spec section 5). */
export const orderQuantityFor = (part: QuantityBounds) =>
  Quantity.superRefine((quantity, ctx) => {
    const issue = orderQuantityIssue(quantity, part);
    if (issue) ctx.addIssue({ code: 'custom', message: issue });
  });

/**
 * The order form of one part: the ship-to address in its parts, the quantity bounded by the part,
 * the phone and the business fields (the part id and request key are the page's, not fields).
 */
export const orderFormFor = (part: QuantityBounds) =>
  OrderFields.omit({ partId: true, idempotencyKey: true }).extend({
    ...ShipTo.shape,
    minimum: orderQuantityFor(part),
  });

/** The spec reads `deletedCount`: 1 when the order was canceled, 0 when nothing changed. */
export const DeleteOrderResponse = z.object({ deletedCount: z.number().int() });
export type DeleteOrderResponse = z.infer<typeof DeleteOrderResponse>;
