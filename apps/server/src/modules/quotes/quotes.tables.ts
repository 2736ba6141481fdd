import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
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
import { QUOTE_STATUSES } from '@storefront/contract';
import { users } from '../auth/auth.tables.js';
import { companies } from '../companies/companies.tables.js';
import { orders } from '../orders/orders.tables.js';
import { parts } from '../parts/parts.tables.js';

/** Quote numbers, shown as `Q-2026-000123` (formatQuoteNumber). */
export const quoteNumbers = pgSequence('quote_numbers', { startWith: 1 });

/**
 * A buyer's request for a price and where it stands (decision 048). `version` is the offer the
 * buyer may answer (0 while only the request exists); `status` and `version` change only through
 * one conditional UPDATE per transition (`quote-transitions.ts`). `note` is the buyer's own text.
 */
export const quotes = pgTable(
  'quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: bigint('number', { mode: 'number' })
      .notNull()
      .unique()
      .default(sql`nextval('quote_numbers')`),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    /** Asked for as a member of this company: every member sees and answers it. */
    companyId: uuid('company_id').references(() => companies.id),
    status: text('status', { enum: QUOTE_STATUSES }).notNull().default('requested'),
    version: integer('version').notNull().default(0),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    /** Personal: the buyer's note with the request. */
    note: text('note').notNull().default(''),
    orderId: uuid('order_id')
      .unique()
      .references(() => orders.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('quotes_user_idx').on(t.userId, t.createdAt),
    index('quotes_status_idx').on(t.status, t.createdAt),
    check('quotes_version_not_negative', sql`${t.version} >= 0`),
  ],
);
export type QuoteRow = typeof quotes.$inferSelect;

/**
 * Version 0 is the request; 1, 2, … are staff's offers. Never updated (a trigger refuses it).
 * `message` is personal text (the buyer's note or staff's message).
 */
export const quoteVersions = pgTable(
  'quote_versions',
  {
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    message: text('message').notNull().default(''),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    totalCents: bigint('total_cents', { mode: 'number' }),
    createdBy: text('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'quote_versions_pk', columns: [t.quoteId, t.version] })],
);
export type QuoteVersionRow = typeof quoteVersions.$inferSelect;

/** A version's lines: the request's with optional target prices, an offer's with its prices. */
export const quoteLines = pgTable(
  'quote_lines',
  {
    quoteId: uuid('quote_id').notNull(),
    version: integer('version').notNull(),
    lineNo: integer('line_no').notNull(),
    partId: uuid('part_id')
      .notNull()
      .references(() => parts.id),
    sku: text('sku').notNull(),
    partName: text('part_name').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents'),
    targetCents: integer('target_cents'),
    totalCents: bigint('total_cents', { mode: 'number' }),
  },
  (t) => [primaryKey({ name: 'quote_lines_pk', columns: [t.quoteId, t.version, t.lineNo] })],
);
export type QuoteLineRow = typeof quoteLines.$inferSelect;

export const QUOTE_ACTORS = ['buyer', 'staff', 'system'] as const;

/** Every transition (who, when, from, to, which version, the message): the quote's history. */
export const quoteEvents = pgTable(
  'quote_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actor: text('actor', { enum: QUOTE_ACTORS }).notNull(),
    actorId: text('actor_id'),
    fromStatus: text('from_status', { enum: QUOTE_STATUSES }),
    toStatus: text('to_status', { enum: QUOTE_STATUSES }).notNull(),
    version: integer('version').notNull(),
    /** Personal: the message given with the step. */
    message: text('message').notNull().default(''),
  },
  (t) => [index('quote_events_quote_idx').on(t.quoteId, t.id)],
);
export type QuoteEventRow = typeof quoteEvents.$inferSelect;
