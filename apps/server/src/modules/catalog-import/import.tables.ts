import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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
import type { ImportCounts, ImportProgress, ImportStatus, PartSpec } from '@storefront/contract';

/** A catalog import: its files, its preview's outcome, and whether and when it was applied. */
export const catalogImports = pgTable(
  'catalog_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    status: text('status').$type<ImportStatus>().notNull(),
    fileName: text('file_name').notNull(),
    fitmentFileName: text('fitment_file_name'),
    picturesFileName: text('pictures_file_name'),
    /** SHA-256 of the files as uploaded, in the audit log too. */
    checksum: text('checksum').notNull(),
    archiveMissing: boolean('archive_missing').notNull().default(false),
    validOnly: boolean('valid_only').notNull().default(false),
    createdBy: text('created_by').notNull(),
    createdByEmail: text('created_by_email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    counts: jsonb('counts').$type<Partial<ImportCounts>>().notNull().default({}),
    progress: jsonb('progress').$type<Partial<ImportProgress>>().notNull().default({}),
    failure: text('failure'),
    notes: jsonb('notes').$type<string[]>().notNull().default([]),
    /** The catalog as the preview saw it (`catalogFingerprint`): the apply refuses another. */
    fingerprint: text('fingerprint'),
    /** While reading or applying: the instance doing it renews this; past it, it died. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
  },
  (t) => [
    index('catalog_imports_created_idx').on(t.createdAt),
    uniqueIndex('catalog_imports_one_applying')
      .on(sql`(true)`)
      .where(sql`${t.status} = 'applying'`),
    check(
      'catalog_imports_status_known',
      sql`${t.status} in ('reading', 'previewed', 'applying', 'applied', 'failed', 'discarded')`,
    ),
  ],
);
export type CatalogImportRow = typeof catalogImports.$inferSelect;

export type CellError = { column: string | null; message: string };

/**
 * The parts file, row by row, as typed values: null is a blank cell (the field stays as it is).
 * The preview fills `part_id`, `kind`, `changes` and `stock_before`.
 */
export const catalogImportParts = pgTable(
  'catalog_import_parts',
  {
    // No foreign key: checking it cost 60% of writing 400,000 staged rows (decision 058); the
    // rows are written only by the import's own job and deleted by `pruneImports`.
    importId: uuid('import_id').notNull(),
    rowNo: integer('row_no').notNull(),
    sku: text('sku').notNull(),
    skuKey: text('sku_key').notNull(),
    name: text('name'),
    description: text('description'),
    category: text('category'),
    priceCents: integer('price_cents'),
    minOrderQuantity: integer('min_order_quantity'),
    packSize: integer('pack_size'),
    maxOrderQuantity: integer('max_order_quantity'),
    clearMax: boolean('clear_max').notNull().default(false),
    stock: integer('stock'),
    featured: boolean('featured'),
    archived: boolean('archived'),
    imageUrl: text('image_url'),
    oemNumbers: text('oem_numbers').array(),
    supersededNumbers: text('superseded_numbers').array(),
    tierQuantities: integer('tier_quantities').array(),
    tierCents: integer('tier_cents').array(),
    specs: jsonb('specs').$type<PartSpec[]>(),
    /** The core deposit (decision 069): null leaves it, 0 removes it. */
    coreChargeCents: integer('core_charge_cents'),
    errors: jsonb('errors').$type<CellError[]>().notNull().default([]),
    /** The cells as written: a row that turns out wrong goes back in the file to fix, as it was. */
    raw: jsonb('raw').$type<Record<string, string>>(),
    partId: uuid('part_id'),
    /** Set by the preview; null for a part the file leaves unchanged. */
    kind: text('kind').$type<'new' | 'changed' | 'archived' | 'error'>(),
    changes: jsonb('changes'),
    stockBefore: integer('stock_before'),
    priceJump: boolean('price_jump').notNull().default(false),
  },
  (t) => [
    primaryKey({ name: 'catalog_import_parts_pk', columns: [t.importId, t.rowNo] }),
    index('catalog_import_parts_sku_idx').on(t.importId, t.skuKey),
  ],
);

/** The fitment file (or sheet), row by row. */
export const catalogImportFitments = pgTable(
  'catalog_import_fitments',
  {
    importId: uuid('import_id').notNull(),
    rowNo: integer('row_no').notNull(),
    sku: text('sku').notNull(),
    skuKey: text('sku_key').notNull(),
    make: text('make'),
    model: text('model'),
    yearFrom: integer('year_from'),
    yearTo: integer('year_to'),
    position: text('position').notNull().default(''),
    note: text('note').notNull().default(''),
    errors: jsonb('errors').$type<CellError[]>().notNull().default([]),
    raw: jsonb('raw').$type<Record<string, string>>(),
  },
  (t) => [
    primaryKey({ name: 'catalog_import_fitments_pk', columns: [t.importId, t.rowNo] }),
    index('catalog_import_fitments_sku_idx').on(t.importId, t.skuKey),
  ],
);
