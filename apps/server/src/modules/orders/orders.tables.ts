import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ORDER_STATUSES } from '@storefront/contract';
import { users } from '../auth/auth.tables.js';
import { parts } from '../parts/parts.tables.js';

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    /** The customer's name and email when ordering, as the order form showed them. */
    name: text('name').notNull(),
    email: text('email').notNull(),
    address: text('address').notNull(),
    phone: text('phone').notNull(),
    partId: uuid('part_id')
      .notNull()
      .references(() => parts.id),
    /** Kept so an order still reads right after the part is renamed. */
    partName: text('part_name').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    // Up to MAX_QUANTITY x MAX_PRICE in cents overflows a 32-bit integer; it stays far below 2^53.
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    /** Written only by transitionOrder (order-status.ts). */
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('unpaid'),
    transactionId: text('transaction_id'),
    /** Money given back (payments module's refunds): pending until the provider confirms it. */
    refundStatus: text('refund_status', { enum: ['pending', 'succeeded', 'failed'] }),
    refundedCents: bigint('refunded_cents', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('orders_status_known', sql`${t.status} in ('unpaid', 'pending', 'paid', 'canceled')`),
    check('orders_quantity_positive', sql`${t.quantity} > 0`),
    check('orders_unit_price_positive', sql`${t.unitPriceCents} > 0`),
    check(
      'orders_total_is_unit_times_quantity',
      sql`${t.totalCents} = ${t.unitPriceCents}::bigint * ${t.quantity}`,
    ),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    // The sweep's only question: which unpaid orders have been idle too long?
    index('orders_unpaid_updated_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} = 'unpaid'`),
  ],
);
export type OrderRow = typeof orders.$inferSelect;
