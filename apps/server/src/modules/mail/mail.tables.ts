import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.tables.js';
import { orders } from '../orders/orders.tables.js';

/**
 * The shop's e-mails about orders. A row is written in the transaction of the change it tells of
 * (with the outbox job that sends it), one per order and kind: the unique event key keeps an event
 * from mailing twice. The worker renders it when it sends it and keeps the text it sent, so a
 * customer can read it again from the order page.
 */
export const orderEmails = pgTable(
  'order_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    /** The customer the mail is for (null for mails to staff). */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    /** The line a mail is about (a line canceled by staff); null for the whole order. */
    lineNo: integer('line_no'),
    /** `<order id>:<kind>` (and `:<line>`): one mail per order and kind, or per line. */
    eventKey: text('event_key').notNull().unique(),
    /** The customer's address; null for mails to staff (the admins when it is sent). */
    toAddress: text('to_address'),
    subject: text('subject'),
    textBody: text('text_body'),
    htmlBody: text('html_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('order_emails_order_idx').on(t.orderId, t.createdAt)],
);
export type OrderEmailRow = typeof orderEmails.$inferSelect;
