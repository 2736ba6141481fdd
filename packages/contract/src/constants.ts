/** Business constants from the specification (section 9); one place for both halves. */
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const DESCRIPTION_PREVIEW_LENGTH = 250;
export const PASSWORD_MIN_LENGTH = 6;
export const ACCESS_KEY_STORAGE_NAME = 'accessKey';

/**
 * An order's life: the spec's three (`unpaid`, `pending`, `paid`), fulfilment after payment
 * (`shipped`, `delivered`), and `canceled` (left out of the customer's list unless asked for).
 */
export const ORDER_STATUSES = [
  'unpaid',
  'pending',
  'paid',
  'shipped',
  'delivered',
  'canceled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Upper bounds that keep integer arithmetic in cents far from overflow. */
export const MAX_QUANTITY = 1_000_000;
export const MAX_PRICE = 1_000_000;

/** Order numbers are this prefix and a sequence: `A-10042`. */
export const ORDER_NUMBER_PREFIX = 'A-';
export const formatOrderNumber = (n: number): string => `${ORDER_NUMBER_PREFIX}${n}`;

/** A card's preview of a description: the first 250 characters, then an ellipsis when cut. */
export const previewDescription = (description: string): string =>
  description.length > DESCRIPTION_PREVIEW_LENGTH
    ? `${description.slice(0, DESCRIPTION_PREVIEW_LENGTH)}...`
    : description;

/** The most lines one order (and so one cart) may hold. */
export const MAX_ORDER_LINES = 200;
export const MAX_CART_LINES = MAX_ORDER_LINES;
/** A line's own reference (job card, plate, VIN): refused past this, never cut. */
export const MAX_LINE_REFERENCE = 64;
