import { sql } from 'drizzle-orm';
import {
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
import { companies } from '../companies/companies.tables.js';

/*
 * Taxes (issue 37, decision 063), migration 0031. Rates are basis points (825 = 8.25%); the rule
 * that reads these tables is the contract's `tax.ts`. An order's tax lives on the order and its
 * lines (the orders module's tables), never in these.
 */

/** A region where the shop collects tax: a country (ISO code), or a state or province of one. */
export const taxRegions = pgTable(
  'tax_regions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    country: text('country').notNull(),
    state: text('state'),
    rateBp: integer('rate_bp').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('tax_regions_rate_range', sql`${t.rateBp} between 0 and 10000`),
    check('tax_regions_country_code', sql`${t.country} ~ '^[A-Z]{2}$'`),
    check('tax_regions_state_not_blank', sql`${t.state} is null or btrim(${t.state}) <> ''`),
    // One region per place: a country once without a state, each state once.
    uniqueIndex('tax_regions_place_key').on(t.country, sql`upper(coalesce(${t.state}, ''))`),
  ],
);
export type TaxRegionRow = typeof taxRegions.$inferSelect;

/** A category's own rate in a region, replacing the region's rate for parts of that category. */
export const taxRegionCategories = pgTable(
  'tax_region_categories',
  {
    regionId: uuid('region_id')
      .notNull()
      .references(() => taxRegions.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    rateBp: integer('rate_bp').notNull(),
  },
  (t) => [
    primaryKey({ name: 'tax_region_categories_pk', columns: [t.regionId, t.category] }),
    check('tax_region_categories_rate_range', sql`${t.rateBp} between 0 and 10000`),
  ],
);

/**
 * A company's tax status; no row is `standard`. An exemption (certificate, regions, last day) and
 * a reverse charge (VAT id) apply only once staff verified them; changing either clears that.
 */
export const companyTaxStatuses = pgTable(
  'company_tax_statuses',
  {
    companyId: uuid('company_id')
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['standard', 'exempt', 'reverse_charge'] }).notNull(),
    certificateNumber: text('certificate_number'),
    certificateRegions: text('certificate_regions')
      .array()
      .notNull()
      .default(sql`'{}'`),
    certificateExpiresOn: date('certificate_expires_on', { mode: 'string' }),
    /** The certificate's stored file name under the uploads' `tax-certificates/` (decision 066). */
    certificateUpload: text('certificate_upload'),
    certificateContentType: text('certificate_content_type'),
    certificateUploadedAt: timestamp('certificate_uploaded_at', { withTimezone: true }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    verifiedBy: text('verified_by'),
    vatId: text('vat_id'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    confirmedBy: text('confirmed_by'),
    /** The last day of the certificate its owner was reminded of (claimed once). */
    expiryRemindedFor: date('expiry_reminded_for', { mode: 'string' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'company_tax_statuses_kind_known',
      sql`${t.kind} in ('standard', 'exempt', 'reverse_charge')`,
    ),
    check(
      'company_tax_statuses_exempt_complete',
      sql`${t.kind} <> 'exempt' or (${t.certificateNumber} is not null and ${t.certificateExpiresOn} is not null)`,
    ),
    check(
      'company_tax_statuses_reverse_has_vat',
      sql`${t.kind} <> 'reverse_charge' or ${t.vatId} is not null`,
    ),
    check(
      'company_tax_statuses_certificate_file',
      sql`(${t.certificateUpload} is null and ${t.certificateContentType} is null and ${t.certificateUploadedAt} is null)
	or (${t.kind} = 'exempt' and ${t.certificateUpload} ~ '^[0-9a-f-]{36}\.(pdf|jpg|png|webp)$'
		and ${t.certificateContentType} in ('application/pdf', 'image/jpeg', 'image/png', 'image/webp')
		and ${t.certificateUploadedAt} is not null)`,
    ),
    index('company_tax_statuses_expiry_idx')
      .on(t.certificateExpiresOn)
      .where(sql`${t.kind} = 'exempt'`),
  ],
);
export type CompanyTaxStatusRow = typeof companyTaxStatuses.$inferSelect;
