import { z } from 'zod';
import { PHONE_PATTERN, requiredText, tooLong } from './common.js';
import { MAX_QUANTITY, ORDER_STATUSES } from './constants.js';
import { messages } from './messages.js';

/** An order as the API speaks it (spec section 3), money in dollars. Canceled orders never leave. */
export const OrderResponse = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  address: z.string(),
  phone: z.string(),
  partId: z.string(),
  partName: z.string(),
  /** The ordered quantity (the spec's name for it). */
  minimum: z.number().int(),
  unitPrice: z.number(),
  /** Unit price times quantity, computed by the server. */
  partPrice: z.number(),
  /** The spec's three, and `canceled` (left out of the customer's list, readable by id). */
  status: z.enum(ORDER_STATUSES),
  /** The payment provider's id, '' until a payment is submitted. */
  transactionId: z.string(),
  createdAt: z.string(),
  /** Money given back (a payment that landed on a canceled order, or staff cancelling it). */
  refund: z
    .object({ status: z.enum(['pending', 'succeeded', 'failed']), amount: z.number() })
    .nullable(),
});
export type OrderResponse = z.infer<typeof OrderResponse>;
export const OrderListResponse = z.array(OrderResponse);
export type OrderListResponse = z.infer<typeof OrderListResponse>;

type QuantityBounds = { mOrderQuantity: number; availableQuantity: number };

/** What the order form's quantity must satisfy beyond its shape; null when it is fine. */
export function orderQuantityIssue(quantity: number, part: QuantityBounds): string | null {
  if (quantity < part.mOrderQuantity) return messages.quantityBelowMinimum;
  if (quantity > part.availableQuantity) return messages.quantityAboveAvailable;
  return null;
}

/** A number field sends a number or its text; blank means missing, text that is not a number stays invalid. */
const quantityInput = (value: unknown) => {
  if (value === null) return undefined;
  if (typeof value !== 'string') return value;
  const text = value.trim();
  return text === '' ? undefined : Number(text);
};

const Quantity = z.preprocess(
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

/**
 * The order form's body. The spec also sends name, email, partName, partPrice and status: the
 * object is not strict, so they are accepted and dropped, and the server sets them itself.
 */
export const CreateOrderBody = z.object({
  partId: requiredText('Part', 'Part is required', 100),
  minimum: Quantity,
  address: requiredText('Address', messages.addressRequired, 300),
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
export type CreateOrderBody = z.input<typeof CreateOrderBody>;
export type CreateOrderValues = z.output<typeof CreateOrderBody>;

/** The quantity of one part: its shape, then the part's minimum order and stock (spec section 5). */
export const orderQuantityFor = (part: QuantityBounds) =>
  Quantity.superRefine((quantity, ctx) => {
    const issue = orderQuantityIssue(quantity, part);
    if (issue) ctx.addIssue({ code: 'custom', message: issue });
  });

/** The order form of one part: the body without the part id, its quantity bounded by the part. */
export const orderFormFor = (part: QuantityBounds) =>
  CreateOrderBody.omit({ partId: true }).extend({ minimum: orderQuantityFor(part) });

/** The spec reads `deletedCount`: 1 when the order was canceled, 0 when nothing changed. */
export const DeleteOrderResponse = z.object({ deletedCount: z.number().int() });
export type DeleteOrderResponse = z.infer<typeof DeleteOrderResponse>;
