import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.tables.js';
import { parts } from '../parts/parts.tables.js';

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The author's display name at the time of writing. */
    name: text('name').notNull(),
    /** The author's account, when the review was written by a signed-in user (not for seeds). */
    authorEmail: text('author_email'),
    /** Kept beside the email so a review still names its account after an email change. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The part reviewed; null for a review of the shop (the spec's review form). */
    partId: uuid('part_id').references(() => parts.id),
    description: text('description').notNull(),
    rating: smallint('rating').notNull(),
    verifiedBuyer: boolean('verified_buyer').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    index('reviews_created_at_idx').on(t.createdAt),
    // One review per customer per part, and one of the shop: posting again replaces it.
    uniqueIndex('reviews_one_per_author_idx')
      .on(t.userId, sql`coalesce(${t.partId}, '00000000-0000-0000-0000-000000000000'::uuid)`)
      .where(sql`${t.userId} is not null`),
  ],
);
export type ReviewRow = typeof reviews.$inferSelect;
