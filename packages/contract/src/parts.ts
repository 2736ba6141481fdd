import { z } from 'zod';
import { requiredNumber, requiredText } from './common.js';
import { MAX_PRICE, MAX_QUANTITY } from './constants.js';
import { messages } from './messages.js';
import { CatalogFields } from './catalog-fields.js';

/** A part as the API speaks it (spec section 3): money in dollars, as the specification does. */
export const PartResponse = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  mOrderQuantity: z.number().int(),
  availableQuantity: z.number().int(),
  price: z.number(),
  url: z.string(),
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
const PartDetailsFields = z.object({
  name: requiredText('Part name', messages.partNameRequired, 200),
  description: requiredText('Description', messages.descriptionRequired, 5000),
  mOrderQuantity: wholePositive(messages.minimumOrderQuantityRequired, 'Minimum order quantity'),
  price: priceField,
  url: urlField,
});

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
  });
export type CreatePartBody = z.input<typeof CreatePartBody>;
export type CreatePartValues = z.output<typeof CreatePartBody>;

/**
 * An edit of a part by staff: every field it sends replaces the stored one. Stock is never part
 * of it (the stock ledger changes stock); a SKU left empty keeps the current one.
 */
export const UpdatePartBody = PartDetailsFields.extend(CatalogFields.shape);
export type UpdatePartBody = z.input<typeof UpdatePartBody>;
export type UpdatePartValues = z.output<typeof UpdatePartBody>;
