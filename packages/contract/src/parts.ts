import { z } from 'zod';
import { requiredNumber, requiredText } from './common.js';
import { MAX_PRICE, MAX_QUANTITY } from './constants.js';
import { messages } from './messages.js';
import { CatalogFields } from './catalog-fields.js';
import { ladderIssues, PriceLadderInput, PriceStep, toStepsCents } from './volume-prices.js';
import { toCents } from './money.js';
import { CoreChargeField } from './cores.js';

/** A part as the API speaks it (spec section 3): money in dollars, as the specification does. */
export const PartResponse = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  mOrderQuantity: z.number().int(),
  availableQuantity: z.number().int(),
  /** The caller's unit price at the minimum: a company buyer's contract price (decision 061). */
  price: z.number(),
  /** The public price at the minimum, only when the caller's `price` is lower (struck through). */
  listPrice: z.number().optional(),
  url: z.string(),
  /** Sold in whole packs of this many (1: any whole number from the minimum). */
  packSize: z.number().int(),
  /** At most this many per order; null: no limit but the stock. */
  maxOrderQuantity: z.number().int().nullable(),
  /**
   * Volume prices, smallest quantity first; empty when the part has one price. A company buyer's
   * ladder is theirs: their price from each quantity where it changes.
   */
  priceTiers: z.array(PriceStep),
  /** A refundable deposit for the old part (decision 069), only when the part carries one. */
  coreCharge: z.number().optional(),
});
export type PartResponse = z.infer<typeof PartResponse>;
export const PartListResponse = z.array(PartResponse);
export type PartListResponse = z.infer<typeof PartListResponse>;

/** Form inputs arrive as text from number fields; empty means missing, not zero. */
const wholePositive = (requiredMessage: string, label: string) =>
  requiredNumber(label, requiredMessage).pipe(
    z
      .number()
      .int(`${label} must be a whole number`)
      .positive(`${label} must be at least 1`)
      .max(MAX_QUANTITY, `${label} is too large`),
  );

const priceField = requiredNumber('Price', messages.priceRequired).pipe(
  z
    .number()
    .positive('Price must be above 0')
    .max(MAX_PRICE, 'Price is too large')
    .refine(
      (v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6,
      'Price can have at most two decimals',
    ),
);

const urlField = requiredText('Image URL', messages.imageUrlRequired, 2000).refine(
  (v) => /^https?:\/\/[^\s]+$/i.test(v) || /^\/[^\s/][^\s]*$/.test(v),
  'Image URL must start with http:// or https://',
);

/** What staff may change on a part besides its stock. */
/**
 * A whole number that may be left out: an empty field is null (none), text that is not a number
 * says so. On an edit, null clears the value and a field left out keeps it.
 */
const optionalWhole = (label: string) =>
  z.preprocess(
    (value) => {
      if (typeof value !== 'string') return value;
      return value.trim() === '' ? null : Number(value.trim());
    },
    z
      .number({ error: `${label} must be a number` })
      .int(`${label} must be a whole number`)
      .positive(`${label} must be at least 1`)
      .max(MAX_QUANTITY, `${label} is too large`)
      .nullable()
      .optional(),
  );

const PartDetailsFields = z.object({
  name: requiredText('Part name', messages.partNameRequired, 200),
  description: requiredText('Description', messages.descriptionRequired, 5000),
  mOrderQuantity: wholePositive(messages.minimumOrderQuantityRequired, 'Minimum order quantity'),
  price: priceField,
  url: urlField,
  /** Sold in packs of (the order multiple); 1 when not given. */
  packSize: optionalWhole('Pack size'),
  /** At most this many per order; none when not given. */
  maxOrderQuantity: optionalWhole('Maximum per order'),
  /** Volume prices ("from 40: $8.20"); left out keeps the stored ladder, empty removes it. */
  priceTiers: PriceLadderInput.optional(),
  /** The core deposit (decision 069): 0 or left out for none (an edit leaving it out keeps it). */
  coreCharge: CoreChargeField.optional(),
});

type RuleFields = {
  mOrderQuantity: number;
  packSize?: number | null;
  maxOrderQuantity?: number | null;
  price?: number;
  priceTiers?: readonly PriceStep[] | undefined;
};

/**
 * The quantity rule's own consistency (contract quantity.ts), said field by field: the minimum is a
 * whole number of packs, the maximum is neither below it nor a part of a pack. Empty when it holds.
 */
export function quantityRuleIssues(p: RuleFields): Record<string, string> {
  const pack = p.packSize ?? 1;
  const issues: Record<string, string> = {};
  if (p.mOrderQuantity % pack !== 0)
    issues.mOrderQuantity = `Pack size ${pack} does not divide the minimum order quantity ${p.mOrderQuantity}`;
  const max = p.maxOrderQuantity;
  if (max !== undefined && max !== null) {
    if (max < p.mOrderQuantity)
      issues.maxOrderQuantity = 'The maximum per order cannot be below the minimum order quantity';
    else if (max % pack !== 0)
      issues.maxOrderQuantity = `Pack size ${pack} does not divide the maximum per order ${max}`;
  }
  return issues;
}

/**
 * The ladder against the part's rule and price, as far as the body tells them (a pack size left
 * out of an edit is checked again by the server against the stored one).
 */
const priceLadderIssues = (p: RuleFields): Record<string, string> =>
  p.priceTiers && p.price !== undefined
    ? ladderIssues(
        toStepsCents(p.priceTiers),
        {
          minimum: p.mOrderQuantity,
          packSize: p.packSize ?? 1,
          maximum: p.maxOrderQuantity ?? null,
        },
        toCents(p.price),
      )
    : {};

const checkQuantityRule = (p: RuleFields, ctx: z.RefinementCtx) => {
  const issues = { ...quantityRuleIssues(p), ...priceLadderIssues(p) };
  for (const [field, message] of Object.entries(issues))
    ctx.addIssue({
      code: 'custom',
      path: field.split('.').map((k) => (/^\d+$/.test(k) ? Number(k) : k)),
      message,
    });
};

/**
 * The spec's six fields, plus the catalog's (all optional: the spec's form succeeds alone, with a
 * generated part number and the category "uncategorised").
 */
export const CreatePartBody = PartDetailsFields.extend({
  availableQuantity: wholePositive(messages.availableQuantityRequired, 'Available quantity'),
})
  .extend(CatalogFields.shape)
  .refine((p) => p.mOrderQuantity <= p.availableQuantity, {
    path: ['mOrderQuantity'],
    message: 'Minimum order quantity cannot be above available quantity',
  })
  .superRefine(checkQuantityRule);
export type CreatePartBody = z.input<typeof CreatePartBody>;
export type CreatePartValues = z.output<typeof CreatePartBody>;

/**
 * An edit of a part by staff: every field it sends replaces the stored one. Stock is never part
 * of it (the stock ledger changes stock); a SKU left empty keeps the current one.
 */
export const UpdatePartBody = PartDetailsFields.extend(CatalogFields.shape).superRefine(
  checkQuantityRule,
);
export type UpdatePartBody = z.input<typeof UpdatePartBody>;
export type UpdatePartValues = z.output<typeof UpdatePartBody>;
