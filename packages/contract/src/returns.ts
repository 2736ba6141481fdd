import { z } from 'zod';
import { optionalText, PathId, UUID_PATTERN } from './common.js';
import { CATEGORIES } from './catalog-constants.js';
import { MAX_QUANTITY } from './constants.js';

/**
 * Returns and warranty claims (issue 38, decision 064): a buyer sends parts of a delivered order
 * back; staff approve or refuse, receive, inspect each line and settle once (a partial card refund
 * through the outbox's refund job, or a numbered credit note on account).
 */
export const RETURN_REASONS = [
  'wrong_part',
  'damaged_in_transit',
  'defective',
  'not_needed',
  'core_return',
] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  wrong_part: 'Wrong part or does not fit',
  damaged_in_transit: 'Damaged in transit',
  defective: 'Defective (warranty)',
  not_needed: 'Not needed',
  core_return: 'Core return (the old part, for its deposit)',
};

/** Reasons that carry a restocking fee staff set (a core return gives back a deposit: no fee). */
export const FEE_REASONS = [
  'wrong_part',
  'damaged_in_transit',
  'defective',
  'not_needed',
] as const satisfies readonly ReturnReason[];
export type FeeReason = (typeof FEE_REASONS)[number];

/**
 * A return's states: `requested` by the buyer, `approved` or `refused` by staff, `received` when
 * the parts arrive, `inspected` once every line is judged, `settled` once the money is given back.
 */
export const RETURN_STATUSES = [
  'requested',
  'approved',
  'refused',
  'received',
  'inspected',
  'settled',
] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: 'Requested',
  approved: 'Approved: send the parts',
  refused: 'Refused',
  received: 'Received',
  inspected: 'Inspected',
  settled: 'Settled',
};

/** Staff's actions on a return. */
export const RETURN_ACTIONS = ['approve', 'refuse', 'receive', 'inspect', 'settle'] as const;
export type ReturnAction = (typeof RETURN_ACTIONS)[number];

/**
 * The transition table: each action, the statuses it may start from, the status it leads to.
 * Nothing else moves a return; every other action from every other status is refused (409).
 */
export const RETURN_TRANSITIONS: Record<
  ReturnAction,
  { from: readonly ReturnStatus[]; to: ReturnStatus }
> = {
  approve: { from: ['requested'], to: 'approved' },
  refuse: { from: ['requested', 'approved'], to: 'refused' },
  receive: { from: ['approved'], to: 'received' },
  inspect: { from: ['received'], to: 'inspected' },
  settle: { from: ['inspected'], to: 'settled' },
};

/** Where an action leads from a status, or null when the table does not allow it. */
export function nextReturnStatus(from: ReturnStatus, action: ReturnAction): ReturnStatus | null {
  const rule = RETURN_TRANSITIONS[action];
  return rule.from.includes(from) ? rule.to : null;
}

/** Statuses that still hold a quantity of the order's lines (every one but `refused`). */
export const OPEN_RETURN_STATUSES: readonly ReturnStatus[] = ['requested', 'approved', 'received'];

/** Days from delivery a part may be returned when staff have set nothing else for it. */
export const DEFAULT_RETURN_DAYS = 30;
/** Days from approval for the parts to arrive. */
export const RETURN_ARRIVE_WITHIN_DAYS = 14;
export const MAX_RETURN_DAYS = 365;
export const MAX_WARRANTY_MONTHS = 120;
export const MAX_RETURN_NOTE = 1000;
export const MAX_RETURN_LINES = 100;
/** Photos a buyer may send with a return (the damage, the wrong part). */
export const MAX_RETURN_PHOTOS = 3;

/** Restocking fees by reason when staff have set none: a percentage, in basis points. */
export const DEFAULT_RESTOCKING_FEE_BP: Record<ReturnReason, number> = {
  wrong_part: 0,
  damaged_in_transit: 0,
  defective: 0,
  not_needed: 1500,
  core_return: 0,
};

/** `R-10001`. */
export const formatReturnNumber = (number: number): string => `R-${number}`;

// ---------------------------------------------------------------------------------------------
// Money: pure and written once, tested by properties (returns.test.ts).

export type AcceptedLine = {
  acceptedQuantity: number;
  unitPriceCents: number;
  /** The tax given back for the accepted pieces (`returnedLineTaxCents`); 0 when untaxed. */
  taxCents?: number;
};

/** A fee of `bp` basis points of `grossCents`, rounded to the nearest cent (half up). */
export const restockingFeeCents = (grossCents: number, bp: number): number =>
  Math.floor((grossCents * bp + 5000) / 10000);

/**
 * The tax given back with `quantity` more pieces of an order line of `line.quantity` pieces that
 * was charged `line.taxCents` of tax, after earlier settled returns gave back `earlier.quantity`
 * pieces and `earlier.taxCents` of its tax: the line's tax for every piece given back so far,
 * proportionally and rounded half up (decision 063's rounding), less what was given back before.
 * Never below 0, never past the line's tax; giving back every piece gives back exactly its tax.
 */
export function returnedLineTaxCents(
  line: { quantity: number; taxCents: number },
  earlier: { quantity: number; taxCents: number },
  quantity: number,
): number {
  if (line.quantity <= 0 || line.taxCents <= 0 || quantity <= 0) return 0;
  const upTo = Math.min(line.quantity, earlier.quantity + quantity);
  const share = Number(
    (BigInt(line.taxCents) * BigInt(upTo) * 2n + BigInt(line.quantity)) /
      (2n * BigInt(line.quantity)),
  );
  return Math.max(0, Math.min(line.taxCents - earlier.taxCents, share - earlier.taxCents));
}

/**
 * Each line's tax lowered, from the last line back, until they add up to `totalCents` (when less
 * tax was left on the order than the lines' shares): a return's lines add up to its tax.
 */
export function fitLineTaxes(lineTax: readonly number[], totalCents: number): number[] {
  const kept = [...lineTax];
  let over = kept.reduce((s, t) => s + t, 0) - Math.max(0, totalCents);
  for (let i = kept.length - 1; i >= 0 && over > 0; i--) {
    const cut = Math.min(kept[i]!, over);
    kept[i] = kept[i]! - cut;
    over -= cut;
  }
  return kept;
}

export type ReturnRefund = {
  /** Accepted quantity × the unit price paid (net of tax), over every line. */
  grossCents: number;
  /** The restocking fee (0 when waived), on the net price. */
  feeCents: number;
  /** The tax given back with the accepted pieces (0 when the order was not taxed). */
  taxCents: number;
  /** The core deposits given back (decision 069): no fee, no tax. */
  coreCents: number;
  /** What is refunded or credited: gross less fee plus the tax and the deposits, never above what is left. */
  amountCents: number;
};

/**
 * What a settled return gives back: the accepted quantity of each line at the unit price paid,
 * less the restocking fee of the reason (unless waived), plus the tax of the accepted pieces
 * (never more than the tax left on the order, `taxLeftCents`), and never more than was paid for
 * the order less every earlier refund and credit (`paidCents - earlierCents`), nor below zero.
 * The amount is always its net part plus its tax, to the cent.
 */
export function computeReturnRefund(input: {
  lines: readonly AcceptedLine[];
  feeBp: number;
  waived: boolean;
  paidCents: number;
  earlierCents: number;
  /** The tax the order charged less what refunds and credits already took back. */
  taxLeftCents?: number;
  /** Core deposits to give back (each line's already capped by what is left of it). */
  coreCents?: number;
}): ReturnRefund {
  const grossCents = input.lines.reduce((sum, l) => sum + l.acceptedQuantity * l.unitPriceCents, 0);
  const feeCents = input.waived
    ? 0
    : Math.min(grossCents, restockingFeeCents(grossCents, input.feeBp));
  const left = Math.max(0, input.paidCents - input.earlierCents);
  const lineTax = input.lines.reduce((sum, l) => sum + (l.taxCents ?? 0), 0);
  const taxCents = Math.max(0, Math.min(lineTax, input.taxLeftCents ?? lineTax, left));
  const netCents = Math.min(grossCents - feeCents, left - taxCents);
  const coreCents = Math.max(0, Math.min(input.coreCents ?? 0, left - taxCents - netCents));
  return {
    grossCents,
    feeCents,
    taxCents,
    coreCents,
    amountCents: netCents + taxCents + coreCents,
  };
}

/**
 * How much of a delivered line may still be asked back: what was delivered less what other
 * returns hold (open ones their asked or received quantity, settled ones their accepted one).
 */
export const returnableQuantity = (delivered: number, held: number): number =>
  Math.max(0, delivered - held);

// ---------------------------------------------------------------------------------------------
// Windows, checked against the server's clock.

export type ReturnPolicy = {
  /** Days from delivery (null: the shop's default). */
  returnDays: number | null;
  /** Set when the part cannot be returned: the reason the buyer is told. */
  noReturnReason: string | null;
  warrantyMonths: number;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** `months` calendar months after `at` (UTC), the day clamped to the month's last. */
export function addMonths(at: Date, months: number): Date {
  const y = at.getUTCFullYear();
  const m = at.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const d = new Date(at);
  d.setUTCFullYear(y, m, Math.min(at.getUTCDate(), lastDay));
  return d;
}

/** The last moment a part delivered at `deliveredAt` may be returned for a reason (not warranty). */
export const returnUntil = (deliveredAt: Date, policy: ReturnPolicy): Date | null =>
  policy.noReturnReason
    ? null
    : new Date(deliveredAt.getTime() + (policy.returnDays ?? DEFAULT_RETURN_DAYS) * DAY_MS);

/** The end of the part's warranty, or null when it has none. */
export const warrantyUntil = (deliveredAt: Date, policy: ReturnPolicy): Date | null =>
  policy.warrantyMonths > 0 ? addMonths(deliveredAt, policy.warrantyMonths) : null;

export type WindowCheck =
  | { ok: true; until: Date }
  | { ok: false; code: 'NO_RETURN' | 'RETURN_WINDOW_CLOSED'; message: string };

/**
 * Whether a line may be returned for `reason` at `now`. A defect is claimed within the later of
 * the return window and the warranty; any other reason within the return window, and never for a
 * "no return" part (the buyer is told its reason).
 */
export function checkReturnWindow(
  reason: ReturnReason,
  deliveredAt: Date,
  now: Date,
  policy: ReturnPolicy,
  partName: string,
): WindowCheck {
  const window = returnUntil(deliveredAt, policy);
  const warranty = reason === 'defective' ? warrantyUntil(deliveredAt, policy) : null;
  const candidates = [window, warranty].filter((d): d is Date => d !== null);
  if (candidates.length === 0)
    return {
      ok: false,
      code: 'NO_RETURN',
      message: `${partName} cannot be returned: ${policy.noReturnReason ?? 'no return'}`,
    };
  const until = new Date(Math.max(...candidates.map((d) => d.getTime())));
  if (now.getTime() > until.getTime())
    return {
      ok: false,
      code: 'RETURN_WINDOW_CLOSED',
      message:
        reason === 'defective' && warranty
          ? `${partName}: the warranty ended on ${until.toISOString().slice(0, 10)}`
          : `${partName}: returns closed on ${until.toISOString().slice(0, 10)}`,
    };
  return { ok: true, until };
}

// ---------------------------------------------------------------------------------------------
// Bodies.

const LineNo = z
  .number({ error: 'Line must be a number' })
  .int('Line must be a whole number')
  .min(1, 'Line must be at least 1')
  .max(10_000, 'Line is too large');
const Quantity = (min: number) =>
  z
    .number({ error: 'Quantity must be a number' })
    .int('Quantity must be a whole number')
    .min(min, `Quantity must be at least ${min}`)
    .max(MAX_QUANTITY, 'Quantity is too large');
const distinctLines = (lines: readonly { lineNo: number }[]) =>
  new Set(lines.map((l) => l.lineNo)).size === lines.length;
const linesOf = <S extends z.ZodRawShape>(shape: S) =>
  z
    .array(z.strictObject({ lineNo: LineNo, ...shape }), { error: 'Lines must be a list' })
    .min(1, 'Choose at least one line')
    .max(MAX_RETURN_LINES, `At most ${MAX_RETURN_LINES} lines`)
    .refine((lines) => distinctLines(lines as { lineNo: number }[]), 'Each line once');

const Reason = z.enum(RETURN_REASONS, { error: 'Choose a reason' });

/** "Return parts": lines and quantities of one delivered order, a reason and a note. */
export const CreateReturnBody = z.strictObject({
  orderId: z
    .string({ error: 'Order must be an order id' })
    .regex(UUID_PATTERN, 'Order must be an order id'),
  reason: Reason,
  note: optionalText('Note', MAX_RETURN_NOTE),
  lines: linesOf({ quantity: Quantity(1) }),
  /** Photos uploaded first (`POST /api/returns/photos`), each once. */
  photoIds: z
    .array(
      z.string({ error: 'A photo must be a photo id' }).regex(UUID_PATTERN, 'Not a photo id'),
      {
        error: 'Photos must be a list',
      },
    )
    .max(MAX_RETURN_PHOTOS, `At most ${MAX_RETURN_PHOTOS} photos`)
    .refine(
      (ids) => new Set(ids.map((i) => i.toLowerCase())).size === ids.length,
      'Each photo once',
    )
    .optional(),
});
export type CreateReturnBody = z.input<typeof CreateReturnBody>;

export const ReturnParams = z.object({ id: PathId });
export const ReturnPhotoParams = z.object({ id: PathId });
export const ReturnOptionsQuery = z.object({ orderId: PathId });

/** Staff approve with an optional message, or refuse with one. */
export const ApproveReturnBody = z.strictObject({
  message: optionalText('Message', MAX_RETURN_NOTE),
});
export const RefuseReturnBody = z.strictObject({
  message: z
    .string({ error: 'Say why the return is refused' })
    .trim()
    .min(1, 'Say why the return is refused')
    .max(MAX_RETURN_NOTE, `Message must be at most ${MAX_RETURN_NOTE} characters`),
});

/** The quantity that arrived of each line (0 for a line that did not come). */
export const ReceiveReturnBody = z.strictObject({
  lines: linesOf({ quantity: Quantity(0) }),
});
export type ReceiveReturnBody = z.input<typeof ReceiveReturnBody>;

/**
 * Each received line judged: back to stock as resaleable, or scrapped (no stock change). What is
 * neither is not accepted (sent back to the buyer, not refunded).
 */
export const InspectReturnBody = z.strictObject({
  lines: linesOf({ resaleable: Quantity(0), scrapped: Quantity(0) }),
  note: optionalText('Note', MAX_RETURN_NOTE),
  /**
   * A core return (decision 069): `resaleable` counts cores accepted in full, `scrapped` damaged
   * cores, which get back this percent of their deposit (the note says why); the rest are refused.
   */
  coreDamagedPercent: z
    .number({ error: 'The share for a damaged core must be a number' })
    .min(0, 'The share for a damaged core must be at least 0%')
    .max(100, 'The share for a damaged core must be at most 100%')
    .refine(
      (v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6,
      'The share has at most two decimals',
    )
    .optional(),
});
export type InspectReturnBody = z.input<typeof InspectReturnBody>;

/**
 * How a return settles: `refund` (a card refund or a credit note, the default) or, for a warranty
 * claim only, `replacement` (a new order of the accepted pieces at no charge).
 */
export const SETTLE_OUTCOMES = ['refund', 'replacement'] as const;
export type SettleOutcome = (typeof SETTLE_OUTCOMES)[number];

/** Settling, with the restocking fee waived for a reason if staff choose. */
export const SettleReturnBody = z
  .strictObject({
    outcome: z.enum(SETTLE_OUTCOMES, { error: 'outcome is refund or replacement' }).optional(),
    waiveFee: z.boolean({ error: 'waiveFee is true or false' }).optional(),
    waiveReason: optionalText('Reason for waiving the fee', MAX_RETURN_NOTE),
  })
  .refine((b) => !b.waiveFee || (b.waiveReason ?? '').length > 0, {
    message: 'Say why the fee is waived',
    path: ['waiveReason'],
  })
  .refine((b) => !(b.waiveFee && b.outcome === 'replacement'), {
    message: 'A replacement has no fee to waive',
    path: ['waiveFee'],
  });
export type SettleReturnBody = z.input<typeof SettleReturnBody>;

const Percent = z
  .number({ error: 'Fee must be a number' })
  .min(0, 'Fee must be at least 0%')
  .max(100, 'Fee must be at most 100%')
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'Fee has at most two decimals');

/** Staff's restocking fee for each reason, in percent. */
export const RestockingFeesBody = z.strictObject({
  fees: z.strictObject({
    wrong_part: Percent,
    damaged_in_transit: Percent,
    defective: Percent,
    not_needed: Percent,
  }),
});
export type RestockingFeesBody = z.input<typeof RestockingFeesBody>;
export const RestockingFees = RestockingFeesBody;
export type RestockingFees = z.infer<typeof RestockingFees>;

/** A part's return policy, set by staff. */
export const ReturnPolicyBody = z.strictObject({
  returnDays: z
    .number({ error: 'Return days must be a number' })
    .int('Return days must be a whole number')
    .min(0, 'Return days must be at least 0')
    .max(MAX_RETURN_DAYS, `Return days must be at most ${MAX_RETURN_DAYS}`)
    .nullable(),
  noReturnReason: z
    .string({ error: 'The reason must be text' })
    .trim()
    .max(200, 'The reason must be at most 200 characters')
    .nullable(),
  warrantyMonths: z
    .number({ error: 'Warranty months must be a number' })
    .int('Warranty months must be a whole number')
    .min(0, 'Warranty months must be at least 0')
    .max(MAX_WARRANTY_MONTHS, `Warranty months must be at most ${MAX_WARRANTY_MONTHS}`),
});
export type ReturnPolicyBody = z.input<typeof ReturnPolicyBody>;

/**
 * The return window of a part (decision 065): its own days when staff set them, else its
 * category's, else null (the shop's default, `DEFAULT_RETURN_DAYS`).
 */
export const effectiveReturnDays = (
  own: number | null,
  category: number | null | undefined,
): number | null => own ?? category ?? null;

const WindowDays = z
  .number({ error: 'Days must be a number' })
  .int('Days must be a whole number')
  .min(0, 'Days must be at least 0')
  .max(MAX_RETURN_DAYS, `Days must be at most ${MAX_RETURN_DAYS}`);

/**
 * Staff's return window of each catalog category, in days: the whole set (a category left out,
 * or null, has the shop's default). A part's own window wins over its category's.
 */
export const ReturnWindowsBody = z.strictObject({
  windows: z.partialRecord(
    z.enum(CATEGORIES, { error: 'Unknown category' }),
    WindowDays.nullable(),
    {
      error: 'Windows must be an object of category: days',
    },
  ),
});
export type ReturnWindowsBody = z.input<typeof ReturnWindowsBody>;
export const ReturnWindows = z.object({
  /** Days when neither the part nor its category has a window. */
  defaultDays: z.number().int(),
  /** The categories with a window of their own. */
  windows: z.partialRecord(z.enum(CATEGORIES), z.number().int()),
});
export type ReturnWindows = z.infer<typeof ReturnWindows>;
export const ReturnPolicyResponse = z.object({
  partId: z.string(),
  returnDays: z.number().int().nullable(),
  noReturnReason: z.string().nullable(),
  warrantyMonths: z.number().int(),
});
export type ReturnPolicyResponse = z.infer<typeof ReturnPolicyResponse>;

export const StaffReturnListQuery = z.object({
  status: z.enum(RETURN_STATUSES, { error: 'Unknown status' }).optional(),
  reason: z.enum(RETURN_REASONS, { error: 'Unknown reason' }).optional(),
  /** Only returns asked at least this many days ago. */
  olderThanDays: z.coerce
    .number({ error: 'Age must be a number' })
    .int('Age must be a whole number')
    .min(0, 'Age must be at least 0')
    .max(3650, 'Age must be at most 3650')
    .optional(),
});
export type StaffReturnListQuery = z.input<typeof StaffReturnListQuery>;

// ---------------------------------------------------------------------------------------------
// Answers (money in dollars on the wire, as every other answer).

export const ReturnOptionLine = z.object({
  lineNo: z.number().int(),
  partId: z.string(),
  sku: z.string(),
  partName: z.string(),
  delivered: z.number().int(),
  /** What may still be asked back (other returns hold the rest). */
  returnable: z.number().int(),
  unitPrice: z.number(),
  /** The tax the line was charged (0 when the order was not taxed, decision 063). */
  lineTax: z.number(),
  /** Pieces of the line, and the tax with them, that settled returns already gave back. */
  returnedPieces: z.number().int(),
  returnedTax: z.number(),
  /** The last day of the return window (ISO), null for a "no return" part. */
  returnUntil: z.string().nullable(),
  warrantyUntil: z.string().nullable(),
  noReturnReason: z.string().nullable(),
  /** The core deposit of one piece (0: none), the cores that may still be sent back, by when. */
  coreCharge: z.number(),
  coresReturnable: z.number().int(),
  coreDueBy: z.string().nullable(),
  /** Set when the deposit of the cores not returned was kept (ISO): no core return any more. */
  coreKeptAt: z.string().nullable(),
});
export const ReturnOptions = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  paymentMode: z.enum(['card', 'account']),
  lines: z.array(ReturnOptionLine),
  /** Restocking fee in percent by reason. */
  fees: z.record(z.enum(RETURN_REASONS), z.number()),
  arriveWithinDays: z.number().int(),
});
export type ReturnOptions = z.infer<typeof ReturnOptions>;

/** A photo of a return: fetched with the caller's key (never public). */
export const ReturnPhoto = z.object({ id: z.string(), url: z.string() });
export type ReturnPhoto = z.infer<typeof ReturnPhoto>;

export const ReturnLine = z.object({
  lineNo: z.number().int(),
  partId: z.string(),
  sku: z.string(),
  partName: z.string(),
  unitPrice: z.number(),
  quantity: z.number().int(),
  received: z.number().int().nullable(),
  resaleable: z.number().int().nullable(),
  scrapped: z.number().int().nullable(),
  /** A core return: the deposit of one piece. */
  coreCharge: z.number(),
});
export type ReturnLine = z.infer<typeof ReturnLine>;

export const ReturnEvent = z.object({
  at: z.string(),
  actor: z.enum(['buyer', 'staff', 'system']),
  from: z.enum(RETURN_STATUSES).nullable(),
  to: z.enum(RETURN_STATUSES),
  message: z.string(),
});
export type ReturnEvent = z.infer<typeof ReturnEvent>;

export const ReturnSettlement = z.object({
  method: z.enum(['card', 'account']),
  /** The accepted pieces at the price paid, net of tax. */
  gross: z.number(),
  fee: z.number(),
  feeWaivedReason: z.string().nullable(),
  /** What was given back, net of tax (`gross - fee`, unless capped). */
  net: z.number(),
  /** The tax given back with the accepted pieces (0 when the order was not taxed). */
  tax: z.number(),
  /** Core deposits given back (a core return, or the part itself sent back): no fee, no tax. */
  coreDeposit: z.number(),
  /** What was refunded or credited: `net + tax + coreDeposit`. */
  amount: z.number(),
  /** Card: the refund's state at the provider. */
  refundStatus: z.enum(['pending', 'succeeded', 'failed']).nullable(),
  /** On account: the credit note's number and id. */
  creditNoteNumber: z.string().nullable(),
  creditNoteId: z.string().nullable(),
  /** A warranty claim replaced at no charge: the new order's id and number (amount 0). */
  replacementOrderId: z.string().nullable(),
  replacementOrderNumber: z.string().nullable(),
  settledAt: z.string(),
});
export type ReturnSettlement = z.infer<typeof ReturnSettlement>;

export const ReturnResponse = z.object({
  id: z.string(),
  number: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  paymentMode: z.enum(['card', 'account']),
  companyId: z.string().nullable(),
  /** The company the order was bought for (staff's queue and page name it). */
  companyName: z.string().nullable(),
  status: z.enum(RETURN_STATUSES),
  reason: z.enum(RETURN_REASONS),
  note: z.string(),
  /** Restocking fee of the reason, in percent, as it will be charged. */
  feePercent: z.number(),
  /** A core return inspected: the share of the deposit a damaged core gets back, in percent. */
  coreDamagedPercent: z.number().nullable(),
  lines: z.array(ReturnLine),
  photos: z.array(ReturnPhoto),
  /** Approved: the parts must arrive by this date (ISO). */
  arriveBy: z.string().nullable(),
  settlement: ReturnSettlement.nullable(),
  customer: z.object({ name: z.string(), email: z.string() }),
  history: z.array(ReturnEvent),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ReturnResponse = z.infer<typeof ReturnResponse>;

export const ReturnSummary = ReturnResponse.omit({
  history: true,
  lines: true,
  photos: true,
}).extend({
  lineCount: z.number().int(),
  pieces: z.number().int(),
});
export type ReturnSummary = z.infer<typeof ReturnSummary>;
export const ReturnList = z.array(ReturnSummary);
export type ReturnList = z.infer<typeof ReturnList>;
