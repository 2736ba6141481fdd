import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { COMPANY_ROLES, INVITE_ROLES, TERMS_STATUSES } from '@storefront/contract';
import { users } from '../auth/auth.tables.js';
import { orders } from '../orders/orders.tables.js';

/**
 * A business that buys: several people order for it, it is invoiced, and staff may let it pay on
 * account. `owner_count` and `credit_used_cents` are kept by triggers (migration 0017), so no
 * writer can forget them: a deferred check refuses a commit that leaves a company without an
 * owner, and placing an order on account checks its credit against this row, locked, in the
 * placing statement (decision 045).
 */
export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    taxId: text('tax_id').notNull(),
    billingStreet: text('billing_street').notNull(),
    billingCity: text('billing_city').notNull(),
    billingPostalCode: text('billing_postal_code').notNull(),
    billingCountry: text('billing_country').notNull(),
    createdBy: text('created_by')
      .notNull()
      .references(() => users.id),
    /** Members whose role is owner (trigger on `company_members`); at least one at every commit. */
    ownerCount: integer('owner_count').notNull().default(0),
    terms: text('terms', { enum: TERMS_STATUSES }).notNull().default('none'),
    termsDays: integer('terms_days'),
    creditLimitCents: bigint('credit_limit_cents', { mode: 'number' }).notNull().default(0),
    /** What its unpaid invoices still ask (trigger on `company_invoices`). */
    creditUsedCents: bigint('credit_used_cents', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('companies_terms_known', sql`${t.terms} in ('none', 'approved', 'suspended')`),
    check(
      'companies_terms_days_range',
      sql`${t.termsDays} is null or ${t.termsDays} between 1 and 120`,
    ),
    check('companies_credit_limit_not_negative', sql`${t.creditLimitCents} >= 0`),
    check('companies_credit_used_not_negative', sql`${t.creditUsedCents} >= 0`),
    check('companies_owner_count_not_negative', sql`${t.ownerCount} >= 0`),
  ],
);
export type CompanyRow = typeof companies.$inferSelect;

export const companyMembers = pgTable(
  'company_members',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: COMPANY_ROLES }).notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.userId] }),
    index('company_members_user_idx').on(t.userId),
    check('company_members_role_known', sql`${t.role} in ('owner', 'admin', 'buyer')`),
  ],
);
export type CompanyMemberRow = typeof companyMembers.$inferSelect;

/** Where a company's orders may go: offered at checkout. */
export const companyAddresses = pgTable(
  'company_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    position: integer('position').notNull(),
    label: text('label'),
    street: text('street').notNull(),
    city: text('city').notNull(),
    postalCode: text('postal_code').notNull(),
    country: text('country').notNull(),
  },
  (t) => [index('company_addresses_company_idx').on(t.companyId, t.position)],
);

/**
 * An invitation by e-mail. Only the SHA-256 of its token is kept; it is accepted once (the accept
 * is one conditional UPDATE), before it expires, by a signed-in account whose proved address is
 * the invited one.
 */
export const companyInvites = pgTable(
  'company_invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    email: text('email').notNull(),
    role: text('role', { enum: INVITE_ROLES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: text('invited_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: text('accepted_by').references(() => users.id),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('company_invites_token_idx').on(t.tokenHash),
    index('company_invites_company_idx').on(t.companyId, t.createdAt),
    check('company_invites_role_known', sql`${t.role} in ('admin', 'buyer')`),
  ],
);

/**
 * The invoice of an order placed on account: what it asks, what has been paid against it, and
 * when it is due. Its open amount (`amount - paid - credited`, while not void) is the company's
 * credit in use (trigger → `companies.credit_used_cents`). The overdue reminder is claimed once
 * (`reminder_claimed_at`), in the statement that queues it.
 */
export const companyInvoices = pgTable(
  'company_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    paidCents: bigint('paid_cents', { mode: 'number' }).notNull().default(0),
    /** Given back by a credit note (a shipped order canceled or returned). */
    creditedCents: bigint('credited_cents', { mode: 'number' }).notNull().default(0),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    /** The order was canceled before shipping: nothing is owed. */
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    reminderClaimedAt: timestamp('reminder_claimed_at', { withTimezone: true }),
  },
  (t) => [
    check('company_invoices_amount_positive', sql`${t.amountCents} > 0`),
    check(
      'company_invoices_settled_within_amount',
      sql`${t.paidCents} >= 0 and ${t.creditedCents} >= 0 and ${t.paidCents} + ${t.creditedCents} <= ${t.amountCents}`,
    ),
    index('company_invoices_company_idx').on(t.companyId, t.issuedAt),
    // The console's due and overdue lists and the reminder's sweep read only open invoices.
    index('company_invoices_open_due_idx')
      .on(t.dueAt)
      .where(sql`${t.voidedAt} is null and ${t.paidCents} + ${t.creditedCents} < ${t.amountCents}`),
  ],
);
export type CompanyInvoiceRow = typeof companyInvoices.$inferSelect;

/** A payment staff recorded against an invoice (bank transfer): amount, day, reference. */
export const companyPayments = pgTable(
  'company_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => companyInvoices.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    receivedOn: date('received_on').notNull(),
    reference: text('reference').notNull(),
    recordedBy: text('recorded_by')
      .notNull()
      .references(() => users.id),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('company_payments_amount_positive', sql`${t.amountCents} > 0`),
    index('company_payments_invoice_idx').on(t.invoiceId),
  ],
);
export type CompanyPaymentRow = typeof companyPayments.$inferSelect;

/** A credit note: what a shipped order on account gives back, numbered and printable. */
export const companyCreditNotes = pgTable(
  'company_credit_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Shown as `CN-5001`. */
    number: bigint('number', { mode: 'number' })
      .notNull()
      .unique()
      .default(sql`nextval('credit_note_numbers')`),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => companyInvoices.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** The tax inside the amount: the invoice's share (decision 063, contract `taxTakenBack`). */
    taxCents: bigint('tax_cents', { mode: 'number' }).notNull().default(0),
    reason: text('reason').notNull(),
    issuedBy: text('issued_by')
      .notNull()
      .references(() => users.id),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('company_credit_notes_amount_positive', sql`${t.amountCents} > 0`),
    index('company_credit_notes_invoice_idx').on(t.invoiceId),
  ],
);
export type CompanyCreditNoteRow = typeof companyCreditNotes.$inferSelect;

/**
 * A company's credit balance (decision 065), as entries: a credit note's part beyond what its
 * invoice still asked (a return on an invoice already paid) adds to it; a new invoice is paid from
 * it first and a voided one gives back what it used (trigger `company_invoices_balance`).
 */
export const companyCreditBalance = pgTable(
  'company_credit_balance',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    creditNoteId: uuid('credit_note_id').references(() => companyCreditNotes.id),
    /** The invoice paid from the balance (or voided, giving it back); no key: set by a trigger. */
    invoiceId: uuid('invoice_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('company_credit_balance_amount_not_zero', sql`${t.amountCents} <> 0`),
    index('company_credit_balance_company_idx').on(t.companyId),
  ],
);

/**
 * "Buying for" (decision 061): the company whose prices an account sees and pays, as chosen;
 * null, buying for themselves. No row: their one company, if they have exactly one. The choice is
 * read with the membership it names, so a removed member's choice no longer applies.
 */
export const buyingFor = pgTable('buying_for', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
