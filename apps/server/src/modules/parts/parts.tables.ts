import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const parts = pgTable(
  'parts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    minOrderQuantity: integer('min_order_quantity').notNull(),
    availableQuantity: integer('available_quantity').notNull(),
    priceCents: integer('price_cents').notNull(),
    imageUrl: text('image_url').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when staff withdraw the part: gone from the catalog and ordering, kept for past orders. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The database is the last line against oversell and nonsense, whatever the code above does.
    check('parts_available_not_negative', sql`${t.availableQuantity} >= 0`),
    check('parts_min_order_positive', sql`${t.minOrderQuantity} > 0`),
    check('parts_price_positive', sql`${t.priceCents} > 0`),
  ],
);
export type PartRow = typeof parts.$inferSelect;
