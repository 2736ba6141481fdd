import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  boolean,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  PriceListImportChange,
  PriceListImportCounts,
  PriceListImportError,
} from '@storefront/contract';
import { users } from '../auth/auth.tables.js';
import { companies } from '../companies/companies.tables.js';
import { parts } from '../parts/parts.tables.js';

/*
 * Contract price lists (issue 36, decision 061), migration 0027. Percentages are basis points
 * (3500 = 35%); the rule that reads these tables is the contract's `buyerPrice`.
 */

export const priceLists = pgTable(
  'price_lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Both inclusive, compared with today's UTC date; null: open on that side. */
    validFrom: date('valid_from', { mode: 'string' }),
    validUntil: date('valid_until', { mode: 'string' }),
    percentOffBp: integer('percent_off_bp'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Bumped by every change of the list or its entries (writers lock the list through it). */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'price_lists_percent_range',
      sql`${t.percentOffBp} is null or ${t.percentOffBp} between 1 and 9999`,
    ),
    check(
      'price_lists_dates_ordered',
      sql`${t.validFrom} is null or ${t.validUntil} is null or ${t.validFrom} <= ${t.validUntil}`,
    ),
  ],
);
export type PriceListRow = typeof priceLists.$inferSelect;

/** A category's own percentage, replacing the list-wide one for parts of that category. */
export const priceListCategories = pgTable(
  'price_list_categories',
  {
    listId: uuid('list_id')
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    percentOffBp: integer('percent_off_bp').notNull(),
  },
  (t) => [
    primaryKey({ name: 'price_list_categories_pk', columns: [t.listId, t.category] }),
    check('price_list_categories_percent_range', sql`${t.percentOffBp} between 1 and 9999`),
  ],
);

/**
 * A fixed unit price from a quantity. The key (list, part, from quantity) is also the index that
 * fetches a list's entries for a set of parts; a part's own index serves its deletion.
 */
export const priceListEntries = pgTable(
  'price_list_entries',
  {
    listId: uuid('list_id')
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    partId: uuid('part_id')
      .notNull()
      .references(() => parts.id, { onDelete: 'cascade' }),
    minQuantity: integer('min_quantity').notNull().default(1),
    unitCents: integer('unit_cents').notNull(),
  },
  (t) => [
    primaryKey({ name: 'price_list_entries_pk', columns: [t.listId, t.partId, t.minQuantity] }),
    index('price_list_entries_part_idx').on(t.partId),
    check('price_list_entries_min_quantity_positive', sql`${t.minQuantity} >= 1`),
    check('price_list_entries_unit_cents_positive', sql`${t.unitCents} > 0`),
  ],
);

/** A list given to a company, with the priority the rule compares. */
export const priceListAssignments = pgTable(
  'price_list_assignments',
  {
    listId: uuid('list_id')
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    priority: integer('priority').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'price_list_assignments_pk', columns: [t.listId, t.companyId] }),
    index('price_list_assignments_company_idx').on(t.companyId),
  ],
);

/** A valid row of an imported file: part id, from quantity, unit cents. */
export type ImportedEntry = [partId: string, minQuantity: number, unitCents: number];

/**
 * A file of a list's fixed prices, previewed (migration 0030, decision 062): what the apply writes,
 * what it changes and the fingerprint of the entries it was compared with.
 */
export const priceListImports = pgTable(
  'price_list_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listId: uuid('list_id')
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    status: text('status').$type<'previewed' | 'applied' | 'discarded'>().notNull(),
    fileName: text('file_name').notNull(),
    replaceAll: boolean('replace_all').notNull(),
    fingerprint: text('fingerprint').notNull(),
    rows: jsonb('rows').$type<ImportedEntry[]>().notNull(),
    changes: jsonb('changes').$type<PriceListImportChange[]>().notNull(),
    errors: jsonb('errors').$type<PriceListImportError[]>().notNull(),
    notes: jsonb('notes').$type<string[]>().notNull(),
    counts: jsonb('counts').$type<PriceListImportCounts>().notNull(),
    createdByEmail: text('created_by_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (t) => [
    index('price_list_imports_list').on(t.listId, t.createdAt),
    check('price_list_imports_status', sql`${t.status} in ('previewed', 'applied', 'discarded')`),
  ],
);
export type PriceListImportRow = typeof priceListImports.$inferSelect;

/** A named group of people buying for themselves who share price lists (decision 062). */
export const customerGroups = pgTable(
  'customer_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('customer_groups_name').on(sql`lower(${t.name})`)],
);
export type CustomerGroupRow = typeof customerGroups.$inferSelect;

/** A person in a group: one group at most (keyed by the person). */
export const customerGroupMembers = pgTable(
  'customer_group_members',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id')
      .notNull()
      .references(() => customerGroups.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('customer_group_members_group').on(t.groupId)],
);

/** A list given to a customer group, with the priority the rule compares. */
export const priceListGroupAssignments = pgTable(
  'price_list_group_assignments',
  {
    listId: uuid('list_id')
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id')
      .notNull()
      .references(() => customerGroups.id, { onDelete: 'cascade' }),
    priority: integer('priority').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'price_list_group_assignments_pk', columns: [t.listId, t.groupId] }),
    index('price_list_group_assignments_group').on(t.groupId),
  ],
);
