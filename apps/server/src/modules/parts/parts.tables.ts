import { getTableColumns, sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PartSpec } from '@storefront/contract';

/** PostgreSQL's full-text document type; written only by the `parts_search_update` trigger. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Generated part numbers (`IC-100042`) for parts added without one. */
export const partSkus = pgSequence('part_skus', { startWith: 100001 });

export const parts = pgTable(
  'parts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    minOrderQuantity: integer('min_order_quantity').notNull(),
    /** Sold in whole packs of this many (the order multiple); the minimum is a whole number of packs. */
    packSize: integer('pack_size').notNull().default(1),
    /** At most this many per order, when set (a whole number of packs, not below the minimum). */
    maxOrderQuantity: integer('max_order_quantity'),
    availableQuantity: integer('available_quantity').notNull(),
    priceCents: integer('price_cents').notNull(),
    /** A refundable deposit for the old part (decision 069); 0: none. */
    coreChargeCents: integer('core_charge_cents').notNull().default(0),
    imageUrl: text('image_url').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when staff withdraw the part: gone from the catalog and ordering, kept for past orders. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The part number, unique (case-insensitive); generated when none is given. */
    sku: text('sku')
      .notNull()
      .default(sql`'IC-' || nextval('part_skus')`),
    /** One of CATEGORIES (contract); `uncategorised` when none is given. */
    category: text('category').notNull().default('uncategorised'),
    /** Original-equipment numbers this part replaces, stored upper-case without spaces. */
    oemNumbers: text('oem_numbers')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Part numbers of ours this part replaces, stored upper-case without spaces. */
    supersededNumbers: text('superseded_numbers')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * The price ladder (volume prices), smallest quantity first: from `tierQuantities[i]` pieces
     * the unit price is `tierCents[i]` (contract volume-prices.ts).
     */
    tierQuantities: integer('tier_quantities')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    tierCents: integer('tier_cents')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** Specifications, in the order staff gave them. */
    specs: jsonb('specs').$type<PartSpec[]>().notNull().default([]),
    /** Shown first on the home page (then the newest). */
    featured: boolean('featured').notNull().default(false),
    /** Name, SKU, OEM numbers, category and description, weighted; kept by a trigger. */
    searchVector: tsvector('search_vector'),
    /**
     * The makes of the part's fitment, each once, sorted: the catalog's "Make" counts read them
     * from an index instead of joining every fitment. Written with the fitment (catalog.service).
     */
    fitMakes: text('fit_makes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * Enough stock for one order. Computed by the database; an order that leaves it unchanged
     * changes no indexed value, so the stock update stays a heap-only (HOT) update.
     */
    inStock: boolean('in_stock').generatedAlwaysAs(sql`available_quantity >= min_order_quantity`),
  },
  (t) => [
    uniqueIndex('parts_sku_key').on(sql`upper(${t.sku})`),
    index('parts_oem_numbers_idx').using('gin', t.oemNumbers),
    index('parts_superseded_numbers_idx').using('gin', t.supersededNumbers),
    index('parts_search_idx').using('gin', t.searchVector),
    index('parts_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('parts_sku_trgm_idx').using('gin', sql`upper(${t.sku}) gin_trgm_ops`),
    // Category then price (a category by price), and every other facet column after them, so
    // the catalog's counts are index-only scans.
    index('parts_live_category_idx')
      .on(t.category, t.priceCents, t.inStock, t.fitMakes)
      .where(sql`${t.archivedAt} is null`),
    index('parts_live_category_newest_idx')
      .on(t.category, t.createdAt)
      .where(sql`${t.archivedAt} is null`),
    index('parts_live_created_idx')
      .on(t.createdAt)
      .where(sql`${t.archivedAt} is null`),
    index('parts_live_newest_idx')
      .on(t.featured, t.createdAt)
      .where(sql`${t.archivedAt} is null`),
    index('parts_live_price_idx')
      .on(t.priceCents)
      .where(sql`${t.archivedAt} is null`),
    // The database is the last line against oversell and nonsense, whatever the code above does.
    check('parts_available_not_negative', sql`${t.availableQuantity} >= 0`),
    check('parts_min_order_positive', sql`${t.minOrderQuantity} > 0`),
    // The quantity rule (contract quantity.ts) holds for every part, whoever writes it.
    check(
      'parts_min_order_whole_packs',
      sql`${t.packSize} > 0 and ${t.minOrderQuantity} % ${t.packSize} = 0`,
    ),
    check(
      'parts_max_order_whole_packs',
      sql`${t.maxOrderQuantity} is null or (${t.maxOrderQuantity} >= ${t.minOrderQuantity} and ${t.maxOrderQuantity} % ${t.packSize} = 0)`,
    ),
    check('parts_price_positive', sql`${t.priceCents} > 0`),
    check(
      'parts_core_charge_range',
      sql`${t.coreChargeCents} >= 0 and ${t.coreChargeCents} <= 100000000`,
    ),
    check(
      'parts_tiers_shape',
      sql`cardinality(${t.tierQuantities}) = cardinality(${t.tierCents}) and cardinality(${t.tierQuantities}) <= 10`,
    ),
  ],
);
/**
 * Every column but the search vector: the database keeps it for search, and reading it back would
 * only cost the driver a parse per row. Selects of whole parts use these columns.
 */
const { searchVector: _searchVector, ...columnsButSearch } = getTableColumns(parts);
export const partColumns = columnsButSearch;
export type PartRow = Omit<typeof parts.$inferSelect, 'searchVector'>;

/**
 * Which vehicles a part fits: one row per make, model and year range. Make and model are kept as
 * written in the vehicle list (`vehicle_models`), so filters compare plain text.
 */
export const partFitments = pgTable(
  'part_fitments',
  {
    partId: uuid('part_id')
      .notNull()
      .references(() => parts.id, { onDelete: 'cascade' }),
    make: text('make').notNull(),
    model: text('model').notNull(),
    yearFrom: integer('year_from').notNull(),
    yearTo: integer('year_to').notNull(),
    /** Where on the vehicle ("Front", "Rear left"); empty when it does not matter. */
    position: text('position').notNull().default(''),
    /** A short note shown with the vehicle ("Not for sport suspension"). */
    note: text('note').notNull().default(''),
  },
  (t) => [
    index('part_fitments_part_idx').on(t.partId),
    index('part_fitments_vehicle_idx').on(t.make, t.model, t.yearFrom, t.yearTo, t.partId),
    check('part_fitments_years', sql`${t.yearFrom} <= ${t.yearTo}`),
  ],
);
export type PartFitmentRow = typeof partFitments.$inferSelect;

/** The vehicles the picker offers: every make and model any part fits, with its years. */
export const vehicleModels = pgTable(
  'vehicle_models',
  {
    make: text('make').notNull(),
    model: text('model').notNull(),
    yearFrom: integer('year_from').notNull(),
    yearTo: integer('year_to').notNull(),
  },
  (t) => [uniqueIndex('vehicle_models_key').on(t.make, t.model)],
);

/**
 * Words of part names and categories, unstemmed, filled by the `parts_search_update` trigger: a
 * misspelt search word is corrected to the nearest of them (pg_trgm similarity) before the
 * full-text search runs.
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
]);
