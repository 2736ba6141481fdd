import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { orders } from '../orders/orders.tables.js';

export const INTENT_STATUSES = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'succeeded',
  'canceled',
] as const;

/**
 * The order's one live payment intent. A new intent replaces it only after it was canceled at the
 * provider (`attempt` counts them, and names the idempotency key of each).
 */
export const payments = pgTable('payments', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => orders.id),
  provider: text('provider', { enum: ['sandbox', 'stripe'] }).notNull(),
  intentId: text('intent_id').notNull().unique(),
  clientSecret: text('client_secret').notNull(),
  amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  /** The intent's status as the provider last told us. */
  status: text('status', { enum: INTENT_STATUSES }).notNull().default('requires_payment_method'),
  attempt: integer('attempt').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Provider events already handled: a webhook delivered twice is applied once. */
export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Money given back: a payment that landed on a canceled order, staff cancelling a paid one, or
 * staff cancelling one of its lines. One refund per line and one for the rest of the order (the
 * unique key), carried out at the provider by an outbox job whose idempotency key is this row's id.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    /** The line staff canceled; null for the rest of the order (a whole order's refund). */
    lineNo: integer('line_no'),
    provider: text('provider', { enum: ['sandbox', 'stripe'] }).notNull(),
    intentId: text('intent_id').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** The tax inside the amount (decision 063): a line's tax, or the rest of the order's. */
    taxCents: bigint('tax_cents', { mode: 'number' }).notNull().default(0),
    reason: text('reason', {
      enum: ['paid-after-cancel', 'canceled-by-staff', 'line-canceled-by-staff', 'returned'],
    }).notNull(),
    /**
     * The settled return this refund gives money back for (returns module, decision 064): one
     * refund per return; such refunds are partial and stand beside the line and order ones.
     */
    returnId: uuid('return_id').unique(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    providerRefundId: text('provider_refund_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One refund per line, and one for the rest of the order: asking twice refunds once.
    uniqueIndex('refunds_order_line_key')
      .on(t.orderId, sql`coalesce(${t.lineNo}, 0)`)
      .where(sql`${t.returnId} is null`),
    check('refunds_amount_positive', sql`${t.amountCents} > 0`),
    check('refunds_status_known', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
  ],
);
export type RefundRow = typeof refunds.$inferSelect;

/** The sandbox provider's own intents, kept like Stripe keeps them (in the database, for every instance). */
export const sandboxIntents = pgTable('sandbox_intents', {
  id: text('id').primaryKey(),
  clientSecret: text('client_secret').notNull().unique(),
  /** As Stripe does: a second create with the same key answers the first intent. */
  idempotencyKey: text('idempotency_key').unique(),
  amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  currency: text('currency').notNull(),
  orderId: text('order_id').notNull(),
  status: text('status', {
    enum: ['requires_payment_method', 'processing', 'succeeded', 'canceled'],
  }).notNull(),
  lastError: text('last_error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The sandbox's refunds: what a shop would see in Stripe's dashboard. */
export const sandboxRefunds = pgTable('sandbox_refunds', {
  id: text('id').primaryKey(),
  intentId: text('intent_id')
    .notNull()
    .references(() => sandboxIntents.id),
  amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  idempotencyKey: text('idempotency_key').unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
