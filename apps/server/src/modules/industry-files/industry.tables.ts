import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { VcdbReleaseCounts, VcdbReleaseStatus } from '@storefront/contract';
import { parts } from '../parts/parts.tables.js';
import { companies } from '../companies/companies.tables.js';

/**
 * A VCdb release as staff uploaded it (decision 067): `previewed` until applied, then `current`
 * (one at a time); the one before it `retired`. Its rows live in the tables below by release.
 */
export const vcdbReleases = pgTable(
  'vcdb_releases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    status: text('status').$type<VcdbReleaseStatus>().notNull(),
    /** The version date the release carries (VCdb releases are named by it). */
    versionDate: date('version_date').notNull(),
    fileNames: jsonb('file_names').$type<string[]>().notNull().default([]),
    counts: jsonb('counts').$type<Partial<VcdbReleaseCounts>>().notNull().default({}),
    createdByEmail: text('created_by_email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('vcdb_releases_one_current')
      .on(sql`(true)`)
      .where(sql`${t.status} = 'current'`),
    check(
      'vcdb_releases_status_known',
      sql`${t.status} in ('previewed', 'current', 'retired', 'discarded')`,
    ),
  ],
);
export type VcdbReleaseRow = typeof vcdbReleases.$inferSelect;

export const vcdbMakes = pgTable(
  'vcdb_makes',
  {
    releaseId: uuid('release_id').notNull(),
    makeId: integer('make_id').notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ name: 'vcdb_makes_pk', columns: [t.releaseId, t.makeId] })],
);

export const vcdbModels = pgTable(
  'vcdb_models',
  {
    releaseId: uuid('release_id').notNull(),
    modelId: integer('model_id').notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ name: 'vcdb_models_pk', columns: [t.releaseId, t.modelId] })],
);

export const vcdbBaseVehicles = pgTable(
  'vcdb_base_vehicles',
  {
    releaseId: uuid('release_id').notNull(),
    baseVehicleId: integer('base_vehicle_id').notNull(),
    year: integer('year').notNull(),
    makeId: integer('make_id').notNull(),
    modelId: integer('model_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'vcdb_base_vehicles_pk', columns: [t.releaseId, t.baseVehicleId] }),
    index('vcdb_base_vehicles_names_idx').on(t.releaseId, t.makeId, t.modelId, t.year),
  ],
);

/** The PCdb's positions ("Front", "Rear Left"), when staff upload them with the VCdb. */
export const vcdbPositions = pgTable(
  'vcdb_positions',
  {
    releaseId: uuid('release_id').notNull(),
    positionId: integer('position_id').notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ name: 'vcdb_positions_pk', columns: [t.releaseId, t.positionId] })],
);

/**
 * The ACES identity of a stored vehicle row: the VCdb base vehicle it came from, and the quantity
 * the part's fitment table does not carry. One row per application, matched to `part_fitments` by
 * part and vehicle; written when an import's apply replaces the part's vehicles.
 */
export const acesApplications = pgTable(
  'aces_applications',
  {
    partId: uuid('part_id')
      .notNull()
      .references(() => parts.id, { onDelete: 'cascade' }),
    baseVehicleId: integer('base_vehicle_id').notNull(),
    make: text('make').notNull(),
    model: text('model').notNull(),
    year: integer('year').notNull(),
    position: text('position').notNull().default(''),
    note: text('note').notNull().default(''),
    quantity: integer('quantity'),
    /** The PCdb part type the App named (an ACES App must name one). */
    partTypeId: integer('part_type_id'),
    appId: text('app_id'),
  },
  (t) => [
    index('aces_applications_part_idx').on(t.partId),
    index('aces_applications_vehicle_idx').on(t.baseVehicleId),
  ],
);

/** An ACES import's applications beside its staged vehicle rows (same import and row number). */
export const acesStagedApps = pgTable(
  'aces_staged_apps',
  {
    // No foreign key, as the catalog import's own staging rows (decision 058).
    importId: uuid('import_id').notNull(),
    rowNo: integer('row_no').notNull(),
    /** A (add), D (delete), K (kept: a stored application an INCREMENTAL file leaves alone). */
    action: text('action').$type<'A' | 'D' | 'K'>().notNull(),
    sku: text('sku').notNull(),
    skuKey: text('sku_key').notNull(),
    /** Null for a kept vehicle row that came from a spreadsheet, not from ACES. */
    baseVehicleId: integer('base_vehicle_id'),
    make: text('make').notNull(),
    model: text('model').notNull(),
    year: integer('year').notNull(),
    position: text('position').notNull().default(''),
    note: text('note').notNull().default(''),
    quantity: integer('quantity'),
    partTypeId: integer('part_type_id'),
    appId: text('app_id'),
  },
  (t) => [
    primaryKey({ name: 'aces_staged_apps_pk', columns: [t.importId, t.rowNo] }),
    index('aces_staged_apps_sku_idx').on(t.importId, t.skuKey),
  ],
);

/** What an ACES import's preview could not map, one row per application, with the reason. */
export const acesUnmapped = pgTable(
  'aces_unmapped',
  {
    importId: uuid('import_id').notNull(),
    seq: integer('seq').notNull(),
    reason: text('reason').notNull(),
    appId: text('app_id'),
    part: text('part'),
    vehicle: text('vehicle'),
    detail: text('detail'),
  },
  (t) => [
    primaryKey({ name: 'aces_unmapped_pk', columns: [t.importId, t.seq] }),
    index('aces_unmapped_reason_idx').on(t.importId, t.reason),
  ],
);

/** A PIES price other than the list price, as the Item gave it (cents in the shop's currency). */
export type PiesPrice = { type: string; cents: number; currency: string; uom: string | null };

/** A PIES import's Items' brand and other prices, beside its staged parts rows. */
export const piesStagedItems = pgTable(
  'pies_staged_items',
  {
    importId: uuid('import_id').notNull(),
    skuKey: text('sku_key').notNull(),
    brandId: text('brand_id'),
    brandLabel: text('brand_label'),
    prices: jsonb('prices').$type<PiesPrice[]>().notNull().default([]),
  },
  (t) => [primaryKey({ name: 'pies_staged_items_pk', columns: [t.importId, t.skuKey] })],
);

/** What a part's PIES Item said that the part does not carry: its brand, its other prices. */
export const piesPartData = pgTable('pies_part_data', {
  partId: uuid('part_id')
    .primaryKey()
    .references(() => parts.id, { onDelete: 'cascade' }),
  brandId: text('brand_id'),
  brandLabel: text('brand_label'),
  prices: jsonb('prices').$type<PiesPrice[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The companies staff let download the catalog as ACES, PIES or CSV (the distributors' feeds). */
export const catalogFeedCompanies = pgTable('catalog_feed_companies', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  grantedByEmail: text('granted_by_email').notNull(),
  grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
});
