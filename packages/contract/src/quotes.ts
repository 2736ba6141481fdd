import { z } from 'zod';
import { optionalText, PathId } from './common.js';
import { MAX_QUANTITY } from './constants.js';
import { OrderBuyerFields, ShipTo } from './orders.js';

/**
 * A quote's states (decision 048): `requested` by a buyer, `offered` by staff (version n), then
 * the buyer's answer (`accepted` into one order, `rejected`, `revision_requested` for staff to
 * offer version n+1), staff's `declined`, or `expired` past the offer's date.
 */
export const QUOTE_STATUSES = [
  'requested',
  'offered',
  'accepted',
  'rejected',
  'revision_requested',
  'declined',
  'expired',
] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** Lines a quote may hold, the longest message, the furthest "valid until", the highest price. */
export const MAX_QUOTE_LINES = 100;
export const MAX_QUOTE_MESSAGE = 2000;
export const MAX_QUOTE_VALID_DAYS = 180;
export const MAX_QUOTE_UNIT_PRICE = 1_000_000;

/** `Q-2026-000123`: the year the quote was asked for and its sequential number. */
export const formatQuoteNumber = (number: number, createdAt: Date | string): string =>
  `Q-${new Date(createdAt).getUTCFullYear()}-${String(number).padStart(6, '0')}`;

const PartId = z
  .string({ error: 'Part must be text' })
  .regex(
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
    'Part must be a part id',
  )
  .transform((v) => v.toLowerCase());

const LineQuantity = z
  .number({ error: 'Quantity must be a number' })
  .int('Quantity must be a whole number')
  .min(1, 'Quantity must be at least 1')
  .max(MAX_QUANTITY, 'Quantity is too large');

/** A price in dollars typed by a person: above zero, at most cents, below a sane maximum. */
const UnitPrice = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .positive(`${label} must be above 0`)
    .max(MAX_QUOTE_UNIT_PRICE, `${label} is too large`)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, `${label} has at most cents`);

const Message = optionalText('Message', MAX_QUOTE_MESSAGE);

const distinctParts = (lines: readonly { partId: string }[]) =>
  new Set(lines.map((l) => l.partId)).size === lines.length;

/** "Request a quote" from the cart: its lines, a target unit price each if wanted, a note. */
export const QuoteRequestBody = z.strictObject({
  lines: z
    .array(
      z.strictObject({
        partId: PartId,
        quantity: LineQuantity,
        targetUnitPrice: UnitPrice('Target unit price').optional(),
      }),
      { error: 'Lines must be a list' },
    )
    .min(1, 'The quote has no lines')
    .max(MAX_QUOTE_LINES, `A quote holds at most ${MAX_QUOTE_LINES} lines`)
    .refine(distinctParts, 'Each part once per quote'),
  note: Message,
  /** Asked as a member of this company (checked): every member then sees the quote. */
  companyId: z.string({ error: 'The company id must be text' }).max(100).optional(),
});
export type QuoteRequestBody = z.input<typeof QuoteRequestBody>;

/** Staff's offer: every line's quantity and unit price, a message, a date it holds until. */
export const QuoteOfferBody = z.strictObject({
  /** The version staff edited (0 for the request): a newer one since is refused (409). */
  basedOn: z.number({ error: 'basedOn must be a number' }).int().min(0).max(10_000),
  lines: z
    .array(
      z.strictObject({
        partId: PartId,
        quantity: LineQuantity,
        unitPrice: UnitPrice('Unit price'),
      }),
      { error: 'Lines must be a list' },
    )
    .min(1, 'An offer has at least one line')
    .max(MAX_QUOTE_LINES, `A quote holds at most ${MAX_QUOTE_LINES} lines`)
    .refine(distinctParts, 'Each part once per quote'),
  message: Message,
  /** A calendar date (`2026-12-31`): the offer holds until the end of that day, UTC. */
  validUntil: z
    .string({ error: 'Valid until must be a date' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Valid until must be a date (YYYY-MM-DD)'),
});
export type QuoteOfferBody = z.input<typeof QuoteOfferBody>;

/** Staff decline, with a reason for the buyer. */
export const QuoteDeclineBody = z.strictObject({ message: Message });

/** The buyer's answer names the version they saw; an offer changed since is refused (409). */
const Answer = z.strictObject({
  version: z.number({ error: 'version must be a number' }).int().min(1).max(10_000),
  message: Message,
});
export const QuoteAnswerBody = Answer;

/** Withdrawing a request before an offer: no version to name, an optional message. */
export const QuoteWithdrawBody = z.strictObject({ message: Message });
export type QuoteWithdrawBody = z.input<typeof QuoteWithdrawBody>;
export type QuoteAnswerBody = z.input<typeof QuoteAnswerBody>;

/** Accepting: where the order goes and how it is paid (card, or the company's account). */
export const QuoteAcceptBody = OrderBuyerFields.omit({ idempotencyKey: true, company: true })
  .extend({
    version: Answer.shape.version,
    shipTo: ShipTo,
    payment: z.enum(['card', 'account'], { error: 'Payment is card or account' }).optional(),
  })
  .strict();
export type QuoteAcceptBody = z.input<typeof QuoteAcceptBody>;

export const QuoteParams = z.object({ id: PathId });
export const StaffQuoteListQuery = z.object({
  status: z.enum(QUOTE_STATUSES, { error: 'Unknown status' }).optional(),
});

export const QuoteLine = z.object({
  lineNo: z.number().int(),
  partId: z.string(),
  sku: z.string(),
  partName: z.string(),
  quantity: z.number().int(),
  /** Offered unit price (dollars); null on the request. */
  unitPrice: z.number().nullable(),
  /** The buyer's target unit price on the request; null otherwise. */
  targetUnitPrice: z.number().nullable(),
  /**
   * Today's unit price at this quantity (volume prices applied; for a company's quote, the
   * company's price from its price lists): where an offer starts. Null for a part gone.
   */
  listUnitPrice: z.number().nullable(),
  lineTotal: z.number().nullable(),
});
export type QuoteLine = z.infer<typeof QuoteLine>;

/** What changed on a line from the version before (an offer against the request or the last offer). */
export const QuoteLineChange = z.object({
  partId: z.string(),
  sku: z.string(),
  kind: z.enum(['added', 'removed', 'quantity', 'price']),
  message: z.string(),
});
export type QuoteLineChange = z.infer<typeof QuoteLineChange>;

export const QuoteVersion = z.object({
  /** 0 is the buyer's request; 1, 2, … staff's offers. Never changed once sent. */
  version: z.number().int(),
  message: z.string(),
  validUntil: z.string().nullable(),
  total: z.number().nullable(),
  createdAt: z.string(),
  lines: z.array(QuoteLine),
  changes: z.array(QuoteLineChange),
});
export type QuoteVersion = z.infer<typeof QuoteVersion>;

export const QuoteEvent = z.object({
  at: z.string(),
  actor: z.enum(['buyer', 'staff', 'system']),
  from: z.enum(QUOTE_STATUSES).nullable(),
  to: z.enum(QUOTE_STATUSES),
  version: z.number().int(),
  message: z.string(),
});
export type QuoteEvent = z.infer<typeof QuoteEvent>;

export const QuoteSummary = z.object({
  id: z.string(),
  number: z.string(),
  status: z.enum(QUOTE_STATUSES),
  version: z.number().int(),
  validUntil: z.string().nullable(),
  total: z.number().nullable(),
  lineCount: z.number().int(),
  companyId: z.string().nullable(),
  /** The company's name, for a company's quote. */
  companyName: z.string().nullable(),
  requestedBy: z.string(),
  /** Who asked: what staff answer to (null once the account is gone). */
  buyer: z.object({ name: z.string(), email: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  orderId: z.string().nullable(),
});
export type QuoteSummary = z.infer<typeof QuoteSummary>;
export const QuoteList = z.array(QuoteSummary);

export const QuoteResponse = QuoteSummary.extend({
  note: z.string(),
  /** Every version, the request first. */
  versions: z.array(QuoteVersion),
  history: z.array(QuoteEvent),
  /** The order's number once accepted (`A-10042`). */
  orderNumber: z.string().nullable(),
});
export type QuoteResponse = z.infer<typeof QuoteResponse>;

/** A stale answer or a quote no longer open: 409 with the quote as it is now. */
export const QuoteConflict = z.object({
  error: z.string(),
  message: z.string(),
  quote: QuoteResponse,
});
