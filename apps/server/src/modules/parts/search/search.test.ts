import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CATEGORIES,
  CatalogQuery,
  type CatalogFilters,
  type CatalogPage,
} from '@storefront/contract';
import type { Database } from '../../../db/database.js';
import { createTestDatabase } from '../../../test/test-database.js';
import { createCatalogCache } from '../catalog-cache.js';
import {
  insertCatalogParts,
  replaceFitment,
  suggestParts,
  exactPartNumber,
  withVehicleFitment,
} from '../catalog.service.js';
import { loadCatalogPage } from '../parts.routes.js';
import { createCatalogSearch, type SearchPort } from './catalog-search.js';

/**
 * The in-memory search against the SQL it replaces, as reference: random catalogs, random filter
 * combinations, then every kind of write, on whichever database the project runs.
 */

const WORDS = [
  'brake',
  'brakes',
  'pad',
  'pads',
  'ceramic',
  'disc',
  'vented',
  'filter',
  'filters',
  'oil',
  'air',
  'cabin',
  'spark',
  'plug',
  'plugs',
  'coil',
  'pump',
  'water',
  'alternator',
  'battery',
  'heavy',
  'duty',
  'the',
  'and',
  'for',
  'with',
  'low',
  'dust',
  'rear',
  'front',
  'axle',
  'kit',
  'set',
  'iron',
];
const TYPOS = ['brkae', 'pdas', 'filtr', 'ceramc', 'alternatr', 'pmp', 'xyzzy', 'of', 'a', 'zz'];
const VEHICLES = [
  ['Toyota', 'Corolla'],
  ['Toyota', 'Camry'],
  ['Ford', 'Focus'],
  ['Ford', 'F-150'],
  ['BMW', '3 Series'],
  ['Mercedes-Benz', 'C-Class'],
  ['audi', 'A4'],
] as const;
const CATS = [...CATEGORIES, 'oddities'];
const BASE_TIME = Date.UTC(2025, 0, 1);

const partArb = fc.record({
  name: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 5 }),
  description: fc.array(fc.constantFrom(...WORDS, '300', 'mm', 'M20x1.5'), { maxLength: 12 }),
  category: fc.constantFrom(...CATS),
  priceCents: fc.oneof(
    fc.integer({ min: 1, max: 40_000 }),
    fc.constantFrom(999, 1000, 1001, 5000, 9999, 10_000, 25_000, 25_001),
  ),
  moq: fc.integer({ min: 1, max: 20 }),
  available: fc.integer({ min: 0, max: 40 }),
  createdAt: fc.integer({ min: 0, max: 20 }),
  oem: fc.boolean(),
  fitment: fc.array(
    fc.record({
      v: fc.integer({ min: 0, max: VEHICLES.length - 1 }),
      from: fc.integer({ min: 2000, max: 2015 }),
      span: fc.integer({ min: 0, max: 8 }),
    }),
    { maxLength: 3 },
  ),
  archived: fc.boolean().map((b) => b && Math.random() < 0.3),
});

type GenPart = typeof partArb extends fc.Arbitrary<infer T> ? T : never;

const queryArb = fc.record(
  {
    q: fc.oneof(
      fc
        .array(fc.constantFrom(...WORDS, ...TYPOS), { minLength: 1, maxLength: 3 })
        .map((w) => w.join(' ')),
      fc.constantFrom(
        'SK-1',
        'sk-12',
        'SK-3X',
        'OEM7',
        '300',
        'brake 300',
        'M20x1.5',
        '12',
        'pads SK-2',
      ),
    ),
    category: fc.constantFrom(...CATS.slice(0, 6)),
    vehicle: fc.record({
      v: fc.integer({ min: 0, max: VEHICLES.length - 1 }),
      model: fc.boolean(),
      year: fc.option(fc.integer({ min: 2000, max: 2024 }), { nil: undefined }),
    }),
    minPrice: fc.constantFrom(0, 5, 10, 49.99, 100),
    maxPrice: fc.constantFrom(10, 50, 99.99, 250, 400),
    inStock: fc.boolean(),
    fits: fc.record({
      v: fc.integer({ min: 0, max: VEHICLES.length - 1 }),
      year: fc.option(fc.integer({ min: 2000, max: 2024 }), { nil: undefined }),
    }),
    sort: fc.constantFrom('relevance', 'price-asc', 'price-desc', 'newest'),
    page: fc.integer({ min: 1, max: 3 }),
    pageSize: fc.constantFrom(3, 10, 24),
  },
  { requiredKeys: [] },
);

function toFilters(g: GenQuery) {
  const raw: Record<string, unknown> = {};
  if (g.q !== undefined) raw.q = g.q;
  if (g.category !== undefined) raw.category = g.category;
  if (g.vehicle) {
    const [make, model] = VEHICLES[g.vehicle.v]!;
    raw.make = make;
    if (g.vehicle.model) raw.model = model;
    if (g.vehicle.year !== undefined) raw.year = g.vehicle.year;
  }
  if (g.minPrice !== undefined) raw.minPrice = g.minPrice;
  if (g.maxPrice !== undefined) raw.maxPrice = g.maxPrice;
  if (g.inStock !== undefined) raw.inStock = String(g.inStock);
  if (g.fits) {
    const [make, model] = VEHICLES[g.fits.v]!;
    raw.fitsMake = make;
    raw.fitsModel = model;
    if (g.fits.year !== undefined) raw.fitsYear = g.fits.year;
  }
  if (g.sort !== undefined) raw.sort = g.sort;
  if (g.page !== undefined) raw.page = g.page;
  if (g.pageSize !== undefined) raw.pageSize = g.pageSize;
  return CatalogQuery.parse(raw);
}

type GenQuery = typeof queryArb extends fc.Arbitrary<infer T> ? T : never;

describe('search index answers as the SQL does', () => {
  let database: Database;
  const noCache = () => createCatalogCache(database.db, 0);

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  async function loadCatalog(parts: GenPart[]) {
    const db = database.db;
    await db.execute(sql`delete from stock_movements`);
    await db.execute(sql`delete from parts`);
    const rows = parts.map((p, i) => ({
      name: p.name.map((w, j) => (j === 0 ? w[0]!.toUpperCase() + w.slice(1) : w)).join(' '),
      description: p.description.join(' '),
      minOrderQuantity: p.moq,
      availableQuantity: p.available,
      priceCents: p.priceCents,
      imageUrl: `/images/${i}.svg`,
      sku: `SK-${i + 1}${i % 3 === 0 ? 'X' : ''}`,
      category: p.category,
      oemNumbers: p.oem ? [`OEM${i + 1}`] : [],
      createdAt: new Date(BASE_TIME + p.createdAt * 1000),
      fitment: p.fitment.map((f) => ({
        make: VEHICLES[f.v]![0],
        model: VEHICLES[f.v]![1],
        yearFrom: f.from,
        yearTo: f.from + f.span,
      })),
    }));
    await db.transaction((tx) => insertCatalogParts(tx, rows));
    const archived = parts.flatMap((p, i) =>
      p.archived ? [`SK-${i + 1}${i % 3 === 0 ? 'X' : ''}`] : [],
    );
    for (const sku of archived)
      await db.execute(sql`update parts set archived_at = now() where sku = ${sku}`);
  }

  async function ready(search: SearchPort) {
    for (let i = 0; i < 200 && search.status().state !== 'ready'; i += 1)
      await new Promise((r) => setTimeout(r, 25));
    expect(search.status().state).toBe('ready');
  }

  async function compare(search: SearchPort, filters: CatalogFilters) {
    const reference = await loadCatalogPage(database.db, noCache(), filters);
    const fromIndex = await search.catalog(filters);
    // A text the index leaves to the database (none in these vocabularies).
    expect(fromIndex, JSON.stringify(filters)).not.toBeNull();
    const ours: Omit<CatalogPage, 'page' | 'pageSize' | 'pageCount' | 'exactMatch'> = fromIndex!;
    expect({ total: ours.total, facets: ours.facets }, JSON.stringify(filters)).toEqual({
      total: reference.total,
      facets: reference.facets,
    });
    // The page marks the vehicle's rows on each card the same way, whichever answered it.
    expect(
      await withVehicleFitment(database.db, ours.items, filters),
      JSON.stringify(filters),
    ).toEqual(reference.items);
    const text = filters.q?.trim();
    if (text) {
      expect(await search.exact(text)).toEqual(await exactPartNumber(database.db, text));
      expect(await search.suggest(text), `suggest ${text}`).toEqual(
        await suggestParts(database.db, text),
      );
    }
  }

  it('over random catalogs and random filter combinations', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(partArb, { minLength: 5, maxLength: 40 }),
        fc.array(queryArb, { minLength: 25, maxLength: 25 }),
        async (parts, queries) => {
          await loadCatalog(parts);
          const search = createCatalogSearch(database.db, { listen: false, pollMs: 60_000 });
          try {
            await ready(search);
            for (const q of queries) await compare(search, toFilters(q));
          } finally {
            await search.stop();
          }
        },
      ),
      { numRuns: 6, endOnFailure: true },
    );
  });

  it('after every kind of write: add, edit, fitment, reprice, stock, archive, restore', async () => {
    const parts = fc.sample(partArb, { numRuns: 30, seed: 25 });
    const queries = fc.sample(queryArb, { numRuns: 30, seed: 26 }).map(toFilters);
    await loadCatalog(parts);
    // Pages walk the kept sort orders, and each catch-up compacts what it wrote.
    const search = createCatalogSearch(database.db, {
      listen: false,
      pollMs: 60_000,
      orderedAbove: 0,
      freezeAbove: 0,
    });
    const db = database.db;
    const check = async () => {
      await search.settle();
      for (const q of queries) await compare(search, q);
    };
    try {
      await ready(search);
      await check();
      // Added.
      await db.transaction((tx) =>
        insertCatalogParts(tx, [
          {
            name: 'Vented brake disc heavy',
            description: 'front axle disc 300 mm',
            minOrderQuantity: 1,
            availableQuantity: 5,
            priceCents: 4200,
            imageUrl: '/images/new.svg',
            sku: 'SK-NEW1',
            category: 'brakes',
            oemNumbers: ['OEM7'],
            fitment: [{ make: 'Toyota', model: 'Corolla', yearFrom: 2010, yearTo: 2020 }],
          },
        ]),
      );
      await check();
      // Edited text (a new slot in the index), a new word in the spelling list.
      await db.execute(
        sql`update parts set name = 'Quixotic oil pump', description = 'quixotic pump' where sku = 'SK-2'`,
      );
      await check();
      // Fitment replaced.
      const [row] = (
        (await db.execute(sql`select id from parts where sku = 'SK-3'`)) as unknown as {
          rows: { id: string }[];
        }
      ).rows as {
        id: string;
      }[];
      await db.transaction((tx) =>
        replaceFitment(tx, row!.id, [{ make: 'audi', model: 'A4', yearFrom: 2001, yearTo: 2003 }]),
      );
      await check();
      // Repriced, sold out, restocked.
      await db.execute(sql`update parts set price_cents = 25000 where sku = 'SK-4X'`);
      await db.execute(sql`update parts set available_quantity = 0 where sku in ('SK-5', 'SK-6')`);
      await db.execute(sql`update parts set available_quantity = 99 where sku = 'SK-8'`);
      await check();
      // Sales as checkout makes them: one that leaves the part in stock writes nothing to the
      // change log (the card's stock level is read for the page), the one that sells out does.
      const changes = async () =>
        Number(
          (
            (await db.execute(sql`select count(*)::int as n from search_changes`)) as unknown as {
              rows: { n: number }[];
            }
          ).rows[0]!.n,
        );
      await db.execute(
        sql`update parts set available_quantity = 100, min_order_quantity = 2 where sku = 'SK-8'`,
      );
      await check();
      const before = await changes();
      for (const n of [10, 30, 50])
        await db.execute(
          sql`update parts set available_quantity = available_quantity - ${n}, updated_at = now() where sku = 'SK-8'`,
        );
      expect(await changes()).toBe(before);
      await check();
      await db.execute(
        sql`update parts set available_quantity = available_quantity - 9, updated_at = now() where sku = 'SK-8'`,
      );
      expect(await changes()).toBe(before + 1);
      await check();
      await db.execute(
        sql`update parts set available_quantity = available_quantity + 5, updated_at = now() where sku = 'SK-8'`,
      );
      expect(await changes()).toBe(before + 2);
      await check();
      // Archived and restored.
      await db.execute(sql`update parts set archived_at = now() where sku in ('SK-NEW1', 'SK-9')`);
      await check();
      await db.execute(sql`update parts set archived_at = null where sku = 'SK-9'`);
      await check();
    } finally {
      await search.stop();
    }
  });
});
