import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { MAX_CART_LINES, MAX_QUANTITY } from '@storefront/contract';
import { users } from '../auth/auth.tables.js';
import { parts } from '../parts/parts.tables.js';

/**
 * One cart per account, kept on the server so it follows the buyer to another device. This row
 * counts the cart's lines (kept by triggers on `cart_lines`, migration 0014) so the database itself
 * holds the cap on lines, however many adds arrive at once.
 */
export const carts = pgTable(
  'carts',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id),
    lineCount: integer('line_count').notNull().default(0),
    /**
     * The browser carts merged into this one at sign-in, newest first, the last 20: a merge sent
     * again (its answer lost as the buyer left the page) is recognised and adds nothing.
     */
    mergeIds: uuid('merge_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'carts_line_count_max',
      sql`${t.lineCount} >= 0 and ${t.lineCount} <= ${sql.raw(String(MAX_CART_LINES))}`,
    ),
  ],
);

/**
 * What the buyer means to order: a part appears once (adding it again adds to its quantity). The
 * cart holds no stock and no price: it remembers the unit price the buyer saw when adding, so it
 * can say the price changed since. A quantity the rules or the stock refuse stays, with its problem
 * shown, until the buyer fixes it.
 */
export const cartLines = pgTable(
  'cart_lines',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    partId: uuid('part_id')
      .notNull()
      .references(() => parts.id),
    quantity: integer('quantity').notNull(),
    /** The buyer's own reference (job card, plate, VIN), at most 64 characters. */
    reference: text('reference'),
    seenPriceCents: integer('seen_price_cents').notNull(),
    /** The price ladder the buyer saw with that price (parts' `tier_*`). */
    seenTierQuantities: integer('seen_tier_quantities')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    seenTierCents: integer('seen_tier_cents')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.partId] }),
    check(
      'cart_lines_quantity_range',
      sql`${t.quantity} > 0 and ${t.quantity} <= ${sql.raw(String(MAX_QUANTITY))}`,
    ),
    check('cart_lines_reference_length', sql`char_length(${t.reference}) <= 64`),
  ],
);
export type CartLineRow = typeof cartLines.$inferSelect;
