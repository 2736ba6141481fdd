import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { RETURN_REASONS, RETURN_STATUSES } from '@storefront/contract';
import { users } from '../auth/auth.tables.js';
import { companies, companyCreditNotes } from '../companies/companies.tables.js';
import { orders } from '../orders/orders.tables.js';
import { parts } from '../parts/parts.tables.js';

/** Return numbers, shown as `R-10001` (formatReturnNumber). */
export const returnNumbers = pgSequence('return_numbers', { startWith: 10001 });

/**
 * A buyer's return of parts of one delivered order (decision 064). `status` changes only through
 * one conditional UPDATE per action (`return-actions.ts`), checked against the contract's table.
 * The settlement's figures are written once, by the one settle that moves the return to `settled`.
 */
export const returns = pgTable(
  'returns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: bigint('number', { mode: 'number' })
      .notNull()
      .unique()
      .default(sql`nextval('return_numbers')`),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    /** Who asked (the order's buyer, or a member of its company). */
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    /** The order's company, copied: its members see the return. */
    companyId: uuid('company_id').references(() => companies.id),
    paymentMode: text('payment_mode', { enum: ['card', 'account'] }).notNull(),
    status: text('status', { enum: RETURN_STATUSES }).notNull().default('requested'),
    reason: text('reason', { enum: RETURN_REASONS }).notNull(),
    /** Personal: the buyer's note. */
    note: text('note').notNull().default(''),
    /** Approved: the parts must arrive by then. */
    arriveBy: timestamp('arrive_by', { withTimezone: true }),
    /** The restocking fee of the reason when settled, in basis points. */
    feeBp: integer('fee_bp'),
    grossCents: bigint('gross_cents', { mode: 'number' }),
    feeCents: bigint('fee_cents', { mode: 'number' }),
    /** The tax inside `amountCents`: the accepted pieces' tax (decision 065); 0 when untaxed. */
    taxCents: bigint('tax_cents', { mode: 'number' }),
    amountCents: bigint('amount_cents', { mode: 'number' }),
    feeWaivedReason: text('fee_waived_reason'),
    /** The core deposits inside `amountCents` (decision 069): no fee, no tax. */
    coreCents: bigint('core_cents', { mode: 'number' }),
    /** A core return: the share of the deposit a damaged core gets back (basis points). */
    coreDamagedBp: integer('core_damaged_bp'),
    /** Card: the refund the settlement asked for (payments module's row). */
    refundId: uuid('refund_id'),
    /** On account: the credit note the settlement issued (companies module's row). */
    creditNoteId: uuid('credit_note_id').references(() => companyCreditNotes.id),
    /** A warranty claim settled by a replacement order at no charge (amount 0, no refund). */
    replacementOrderId: uuid('replacement_order_id').references(() => orders.id),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('returns_order_idx').on(t.orderId),
    index('returns_user_idx').on(t.userId, t.createdAt),
    index('returns_company_idx')
      .on(t.companyId, t.createdAt)
      .where(sql`${t.companyId} is not null`),
    index('returns_status_idx').on(t.status, t.createdAt),
    check(
      'returns_status_known',
      sql`${t.status} in ('requested', 'approved', 'refused', 'received', 'inspected', 'settled')`,
    ),
    check(
      'returns_reason_known',
      sql`${t.reason} in ('wrong_part', 'damaged_in_transit', 'defective', 'not_needed', 'core_return')`,
    ),
    check(
      'returns_settled_has_figures',
      sql`${t.status} <> 'settled' or (${t.amountCents} is not null and ${t.settledAt} is not null)`,
    ),
    check(
      'returns_amount_within_gross',
      sql`${t.amountCents} is null or (${t.amountCents} >= 0 and ${t.amountCents} <= ${t.grossCents} - ${t.feeCents} + coalesce(${t.taxCents}, 0) + coalesce(${t.coreCents}, 0))`,
    ),
    check(
      'returns_core_damaged_bp_range',
      sql`${t.coreDamagedBp} is null or ${t.coreDamagedBp} between 0 and 10000`,
    ),
    check(
      'returns_replacement_is_warranty',
      sql`${t.replacementOrderId} is null or (${t.reason} = 'defective' and ${t.amountCents} = 0)`,
    ),
    check(
      'returns_tax_within_amount',
      sql`${t.taxCents} is null or (${t.taxCents} >= 0 and ${t.taxCents} <= ${t.amountCents})`,
    ),
  ],
);
export type ReturnRow = typeof returns.$inferSelect;

/**
 * A line of the order asked back: the quantity asked, then what arrived (`received`), then how it
 * was judged (`resaleable` back to stock, `scrapped`); the rest of what arrived is not accepted.
 */
export const returnLines = pgTable(
  'return_lines',
  {
    returnId: uuid('return_id')
      .notNull()
      .references(() => returns.id),
    lineNo: integer('line_no').notNull(),
    orderId: uuid('order_id').notNull(),
    partId: uuid('part_id')
      .notNull()
      .references(() => parts.id),
    sku: text('sku').notNull(),
    partName: text('part_name').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    received: integer('received'),
    resaleable: integer('resaleable'),
    scrapped: integer('scrapped'),
    /** Settled: the tax given back with the accepted pieces of this line (decision 065). */
    taxCents: bigint('tax_cents', { mode: 'number' }),
    /** The order line's core deposit of one piece, copied when asked (decision 069). */
    coreChargeCents: integer('core_charge_cents').notNull().default(0),
    /** Settled: the pieces whose core deposit came back (in full or in part), and how much. */
    corePieces: integer('core_pieces'),
    coreCents: bigint('core_cents', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.returnId, t.lineNo] }),
    check(
      'return_lines_core_not_negative',
      sql`(${t.corePieces} is null or ${t.corePieces} >= 0) and (${t.coreCents} is null or ${t.coreCents} >= 0)`,
    ),
    index('return_lines_order_line_idx').on(t.orderId, t.lineNo),
    check('return_lines_quantity_positive', sql`${t.quantity} > 0`),
    check('return_lines_tax_not_negative', sql`${t.taxCents} is null or ${t.taxCents} >= 0`),
    check(
      'return_lines_received_within_asked',
      sql`${t.received} is null or (${t.received} >= 0 and ${t.received} <= ${t.quantity})`,
    ),
    check(
      'return_lines_judged_within_received',
      sql`(${t.resaleable} is null and ${t.scrapped} is null) or (${t.received} is not null and ${t.resaleable} >= 0 and ${t.scrapped} >= 0 and ${t.resaleable} + ${t.scrapped} <= ${t.received})`,
    ),
  ],
);
export type ReturnLineRow = typeof returnLines.$inferSelect;

/** Every step of a return (who, when, from, to, the message): the history buyer and staff see. */
export const returnEvents = pgTable(
  'return_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    returnId: uuid('return_id')
      .notNull()
      .references(() => returns.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actor: text('actor', { enum: ['buyer', 'staff', 'system'] }).notNull(),
    actorId: text('actor_id'),
    fromStatus: text('from_status', { enum: RETURN_STATUSES }),
    toStatus: text('to_status', { enum: RETURN_STATUSES }).notNull(),
    message: text('message').notNull().default(''),
  },
  (t) => [index('return_events_return_idx').on(t.returnId, t.at)],
);
export type ReturnEventRow = typeof returnEvents.$inferSelect;

/** Staff's restocking fee per reason (basis points); a reason without a row has the default. */
export const returnFees = pgTable(
  'return_fees',
  {
    reason: text('reason', { enum: RETURN_REASONS }).primaryKey(),
    feeBp: integer('fee_bp').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('return_fees_bp_range', sql`${t.feeBp} between 0 and 10000`)],
);

/**
 * A part's return policy, set by staff: its window in days (null: the shop's default), a "no
 * return" reason, the warranty in months. A part without a row has the defaults.
 */
export const partReturnPolicies = pgTable(
  'part_return_policies',
  {
    partId: uuid('part_id')
      .primaryKey()
      .references(() => parts.id),
    returnDays: integer('return_days'),
    noReturnReason: text('no_return_reason'),
    warrantyMonths: integer('warranty_months').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('part_return_policies_days', sql`${t.returnDays} is null or ${t.returnDays} >= 0`),
    check('part_return_policies_warranty', sql`${t.warrantyMonths} >= 0`),
  ],
);
export type PartReturnPolicyRow = typeof partReturnPolicies.$inferSelect;

/** Staff's return window of a catalog category, in days (decision 065); none: the default. */
export const categoryReturnWindows = pgTable(
  'category_return_windows',
  {
    category: text('category').primaryKey(),
    returnDays: integer('return_days').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('category_return_windows_days', sql`${t.returnDays} >= 0`)],
);

/**
 * A buyer's photo for a return, stored as WebP outside the public uploads folder (`file`, its
 * name there). Uploaded first (`return_id` null, seen only by its uploader), then named in the
 * return, whose readers then see it.
 */
export const returnPhotos = pgTable(
  'return_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    returnId: uuid('return_id').references(() => returns.id),
    file: text('file').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('return_photos_return_idx').on(t.returnId)],
);
export type ReturnPhotoRow = typeof returnPhotos.$inferSelect;

/**
 * What the core sweep did to an order line's cores not returned (decision 069), each once (the
 * primary key is the claim, as the overdue invoice reminder's): `reminded` when the cores became
 * overdue, `kept` with the pieces and deposit kept after the grace period.
 */
export const coreDepositClaims = pgTable(
  'core_deposit_claims',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    lineNo: integer('line_no').notNull(),
    kind: text('kind', { enum: ['reminded', 'kept'] }).notNull(),
    pieces: integer('pieces').notNull(),
    cents: bigint('cents', { mode: 'number' }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'core_deposit_claims_pkey', columns: [t.orderId, t.lineNo, t.kind] }),
    check('core_deposit_claims_kind_known', sql`${t.kind} in ('reminded', 'kept')`),
    check('core_deposit_claims_not_negative', sql`${t.pieces} >= 0 and ${t.cents} >= 0`),
  ],
);
