import {
  bigserial,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { parts } from './parts.tables.js';

/**
 * Every change to a part's stock, never an overwrite: staff receipts and adjustments, orders,
 * cancels and sweeps. `level_after` is the stock the change left, read from the same UPDATE that
 * made it, so the history reads like a bank statement even under concurrent changes.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    /** Sequential: the history's order and its page cursor. */
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    partId: uuid('part_id')
      .notNull()
      .references(() => parts.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** receive | adjust | order | cancel | sweep | refund (see STOCK_MOVEMENT_KINDS). */
    kind: text('kind').notNull(),
    delta: integer('delta').notNull(),
    levelAfter: integer('level_after').notNull(),
    /** Staff's reason for an adjustment or a receipt; empty for orders. */
    reason: text('reason').notNull().default(''),
    /** The user who caused it (staff or customer); null for the sweep. */
    actorId: text('actor_id'),
    orderId: uuid('order_id'),
  },
  (t) => [
    index('stock_movements_part_idx').on(t.partId, t.id),
    check('stock_movements_delta_not_zero', sql`${t.delta} <> 0`),
  ],
);
export type StockMovementRow = typeof stockMovements.$inferSelect;
