import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Every version of the shop's pages (terms of sale, privacy notice, delivery, returns, legal
 * notice), in Markdown. A save adds a version; the newest is the page. An order records the terms
 * version it was placed under (`orders.terms_version_id`, migration 0019), so none is ever changed.
 */
export const pageVersions = pgTable(
  'page_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** A starting text shipped with the shop, to adapt. */
    isTemplate: boolean('is_template').notNull().default(false),
    /** The staff member's user id; null for the shipped text. */
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('page_versions_slug_version_idx').on(t.slug, t.version),
    check(
      'page_versions_slug_known',
      sql`${t.slug} in ('terms', 'privacy', 'delivery', 'returns', 'legal')`,
    ),
    check('page_versions_version_positive', sql`${t.version} > 0`),
  ],
);
export type PageVersionRow = typeof pageVersions.$inferSelect;
