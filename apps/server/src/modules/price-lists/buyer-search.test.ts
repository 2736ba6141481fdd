import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CatalogQuery,
  fromCents,
  stepsOfColumns,
  unitCentsAt,
  type CatalogFilters,
  type CatalogPage,
} from '@storefront/contract';
import type { Database, Db } from '../../db/database.js';
import { rowsOf } from '../../db/raw-rows.js';
import { insertCompany } from '../../test/factories.js';
import { pricedPart } from '../../test/price-kit.js';
import { createTestDatabase } from '../../test/test-database.js';
import { createCatalogCache } from '../parts/catalog-cache.js';
import { loadCatalogPage } from '../parts/parts.routes.js';
import { createCatalogSearch, type SearchPort } from '../parts/search/catalog-search.js';
import { loadBuyerPricing } from './buyer-prices.js';
import { buyerSearchPrices } from './buyer-search.js';
import {
  priceListAssignments,
  priceListCategories,
  priceListEntries,
  priceLists,
} from './price-lists.tables.js';

/**
 * Decision 061, "Search by the buyer's price": the search prices its candidates in memory with
 * the contract's rule compiled for the company's lists. Over random catalogs (categories, ladders,
 * minimums) and random lists (priorities, dates, percentages, quantity breaks), the index's
 * answer for a company buyer equals the database's (the SQL twin) page for page, every card's
 * price is `loadBuyerPricing`'s at the part's minimum, and the prices kept for one company never
 * answer another company or a visitor.
 */

const CATEGORIES = ['brakes', 'filters', 'engine'] as const;
const bp = fc.oneof(fc.integer({ min: 1, max: 9999 }), fc.constantFrom(5000, 2500, 9999));
const day = fc
  .integer({ min: 0, max: 40 })
  .map((n) => new Date(Date.UTC(2027, 0, 1 + n)).toISOString().slice(0, 10));

const aPart = fc.record({
  category: fc.constantFrom(...CATEGORIES),
  // Prices around the bands' edges ($10, $50, $100, $250) and far from them.
  priceCents: fc.oneof(
    fc.integer({ min: 1, max: 40_000 }),
    fc.constantFrom(999, 1000, 1001, 5000, 10_000, 25_000, 25_001),
  ),
  minimum: fc.integer({ min: 1, max: 12 }),
  ladder: fc.uniqueArray(
    fc.record({
      minQuantity: fc.integer({ min: 2, max: 15 }),
      unitCents: fc.integer({ min: 1, max: 40_000 }),
    }),
    { selector: (s) => s.minQuantity, maxLength: 3 },
  ),
});

const aList = fc.record({
  priority: fc.integer({ min: 0, max: 1 }),
  validFrom: fc.option(day, { nil: null }),
  span: fc.option(fc.integer({ min: 0, max: 30 }), { nil: null }),
  percentOffBp: fc.option(bp, { nil: null }),
  categories: fc.uniqueArray(
    fc.record({ category: fc.constantFrom(...CATEGORIES), percentOffBp: bp }),
    { selector: (c) => c.category, maxLength: 2 },
  ),
  fixed: fc.uniqueArray(
    fc.record({
      part: fc.nat(),
      minQuantity: fc.integer({ min: 1, max: 15 }),
      unitCents: fc.integer({ min: 1, max: 40_000 }),
    }),
    { selector: (e) => `${e.part}:${e.minQuantity}`, maxLength: 12 },
  ),
  /** A: the buyer's company; B: another company; both. */
  to: fc.constantFrom('A', 'B', 'AB'),
});

const aQuery = fc.record({
  sort: fc.constantFrom('price-asc', 'price-desc', 'newest', undefined),
  minPrice: fc.option(fc.constantFrom(0, 5, 10, 49.99, 50, 120), { nil: undefined }),
  maxPrice: fc.option(fc.constantFrom(10, 50, 99.99, 250, 400), { nil: undefined }),
  category: fc.option(fc.constantFrom(...CATEGORIES), { nil: undefined }),
  page: fc.integer({ min: 1, max: 3 }),
  pageSize: fc.constantFrom(5, 12),
});

type PartInput = typeof aPart extends fc.Arbitrary<infer T> ? T : never;
type ListInput = typeof aList extends fc.Arbitrary<infer T> ? T : never;

describe("search by the buyer's price: the index, the SQL twin and the pricer agree", () => {
  let database: Database;
  let companyA: string;
  let companyB: string;
  let ownerA: string;
  let ownerB: string;
  const noCache = () => createCatalogCache(database.db, 0);

  beforeAll(async () => {
    database = await createTestDatabase();
    companyA = await insertCompany(database.db, 'A');
    companyB = await insertCompany(database.db, 'B');
    const ownerOf = async (companyId: string) =>
      String(
        rowsOf(
          await database.db.execute(
            sql`select user_id from company_members where company_id = ${companyId}`,
          ),
        )[0]!.user_id,
      );
    ownerA = await ownerOf(companyA);
    ownerB = await ownerOf(companyB);
  });
  afterAll(async () => {
    await database?.close();
  });

  let sku = 0;
  async function writeCatalog(db: Db, parts: PartInput[], lists: ListInput[]) {
    await db.delete(priceLists);
    await db.execute(sql`delete from stock_movements`);
    await db.execute(sql`delete from parts`);
    const written: { id: string; sku: string }[] = [];
    for (const p of parts) {
      const ladder = [...p.ladder].sort((a, b) => a.minQuantity - b.minQuantity);
      written.push(
        await pricedPart(db, {
          sku: `BS-${(sku += 1)}`,
          price: fromCents(p.priceCents),
          category: p.category,
          minimum: p.minimum,
          ladder,
        }),
      );
    }
    for (const [n, l] of lists.entries()) {
      const validUntil =
        l.span === null
          ? null
          : new Date(Date.parse(l.validFrom ?? '2027-01-01') + l.span * 86_400_000)
              .toISOString()
              .slice(0, 10);
      const [row] = await db
        .insert(priceLists)
        .values({ name: `L${n}`, validFrom: l.validFrom, validUntil, percentOffBp: l.percentOffBp })
        .returning();
      const listId = row!.id;
      if (l.categories.length > 0)
        await db.insert(priceListCategories).values(l.categories.map((c) => ({ listId, ...c })));
      const fixed = [
        ...new Map(
          l.fixed.map((e) => {
            const partId = written[e.part % written.length]!.id;
            return [`${partId}:${e.minQuantity}`, { listId, partId, ...e }] as const;
          }),
        ).values(),
      ].map(({ listId: id, partId, minQuantity, unitCents }) => ({
        listId: id,
        partId,
        minQuantity,
        unitCents,
      }));
      if (fixed.length > 0) await db.insert(priceListEntries).values(fixed);
      for (const [who, companyId] of [
        ['A', companyA],
        ['B', companyB],
      ] as const)
        if (l.to.includes(who))
          await db.insert(priceListAssignments).values({ listId, companyId, priority: l.priority });
    }
    return written;
  }

  /** Each part's price for the company at its minimum, as the cart's pricer gives it. */
  async function expected(db: Db, companyId: string, today: string) {
    const rows = rowsOf(
      await db.execute(sql`
        select id, category, price_cents, tier_quantities, tier_cents, min_order_quantity
          from parts where archived_at is null`),
    );
    const pricing = await loadBuyerPricing(db, {
      partyId: companyId,
      partIds: rows.map((r) => String(r.id)),
      today,
    });
    return new Map(
      rows.map((r) => {
        const part = {
          id: String(r.id),
          category: String(r.category),
          priceCents: Number(r.price_cents),
          tierQuantities: r.tier_quantities as number[],
          tierCents: r.tier_cents as number[],
        };
        const minimum = Number(r.min_order_quantity);
        const publicCents = unitCentsAt(
          part.priceCents,
          stepsOfColumns(part.tierQuantities, part.tierCents),
          minimum,
        );
        return [part.id, { mine: pricing.unitCents(part, minimum), publicCents }];
      }),
    );
  }

  /** The page as the route answers it (exact match aside), from the index or the database. */
  const pageOf = (filters: CatalogFilters, index?: SearchPort, buyer?: unknown) =>
    loadCatalogPage(
      database.db,
      noCache(),
      filters,
      index,
      buyer as Parameters<typeof loadCatalogPage>[4],
    ).then(({ exactMatch: _, ...rest }) => rest);

  async function ready(search: SearchPort) {
    for (let i = 0; i < 200 && search.status().state !== 'ready'; i += 1)
      await new Promise((r) => setTimeout(r, 25));
    expect(search.status().state).toBe('ready');
  }

  it('over random catalogs, lists, days and queries, for two companies and a visitor', async () => {
    const db = () => database.db;
    await fc.assert(
      fc.asyncProperty(
        fc.array(aPart, { minLength: 4, maxLength: 24 }),
        fc.array(aList, { maxLength: 4 }),
        day,
        fc.array(aQuery, { minLength: 4, maxLength: 8 }),
        async (parts, lists, today, queries) => {
          await writeCatalog(db(), parts, lists);
          // One index picks each page from its matches, the other walks kept orders.
          const picking = createCatalogSearch(db(), { listen: false, pollMs: 60_000 });
          const walking = createCatalogSearch(db(), {
            listen: false,
            pollMs: 60_000,
            orderedAbove: 0,
          });
          try {
            await ready(picking);
            await ready(walking);
            const buyers = {
              A: await buyerSearchPrices(db(), ownerA, today),
              B: await buyerSearchPrices(db(), ownerB, today),
            };
            const prices = {
              A: await expected(db(), companyA, today),
              B: await expected(db(), companyB, today),
            };
            for (const q of queries) {
              const filters = CatalogQuery.parse(
                Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined)),
              );
              const label = JSON.stringify({ filters, today });
              // A visitor's answer is the database's, whoever searched before.
              const visitor = await pageOf(filters);
              for (const who of ['A', 'B'] as const) {
                const buyer = buyers[who];
                const reference = await pageOf(filters, undefined, buyer);
                for (const index of [picking, walking])
                  expect(await pageOf(filters, index, buyer), `${who} ${label}`).toEqual(reference);
                expect(await pageOf(filters, picking), label).toEqual(visitor);
                // Every card shows the pricer's price at its minimum, the public one beside it
                // when higher; a company without a list today sees the visitor's page.
                if (!buyer) {
                  expect(reference, label).toEqual(visitor);
                  continue;
                }
                for (const item of reference.items) {
                  const { mine, publicCents } = prices[who].get(item._id)!;
                  expect(item.price, label).toBe(fromCents(mine));
                  expect(item.listPrice, label).toBe(
                    mine < publicCents ? fromCents(publicCents) : undefined,
                  );
                }
                const shown = reference.items.map((i) => i.price);
                if (filters.sort === 'price-asc')
                  expect(shown, label).toEqual([...shown].sort((a, b) => a - b));
                if (filters.sort === 'price-desc')
                  expect(shown, label).toEqual([...shown].sort((a, b) => b - a));
                // Counts and filters by the buyer's price.
                const all = [...prices[who].values()].map((p) => p.mine);
                const inRange = (c: number) =>
                  (filters.minPrice === undefined || c >= Math.round(filters.minPrice * 100)) &&
                  (filters.maxPrice === undefined || c <= Math.round(filters.maxPrice * 100));
                if (!filters.category)
                  expect(reference.total, label).toBe(all.filter(inRange).length);
              }
            }
          } finally {
            await picking.stop();
            await walking.stop();
          }
        },
      ),
      { numRuns: 12, endOnFailure: true },
    );
  });

  it('keeps one company’s prices under its own key: never another company’s or a visitor’s', async () => {
    const db = database.db;
    const written = await writeCatalog(
      db,
      [
        { category: 'brakes', priceCents: 10_000, minimum: 1, ladder: [] },
        { category: 'filters', priceCents: 4_000, minimum: 1, ladder: [] },
      ],
      [],
    );
    const [brake, filter] = written;
    // A: the brake at $20 fixed; B: 50% off filters. The same query, one index, in turns.
    const listA = await db
      .insert(priceLists)
      .values({ name: 'A', percentOffBp: null })
      .returning()
      .then((r) => r[0]!.id);
    await db
      .insert(priceListEntries)
      .values({ listId: listA, partId: brake!.id, minQuantity: 1, unitCents: 2000 });
    await db
      .insert(priceListAssignments)
      .values({ listId: listA, companyId: companyA, priority: 0 });
    const listB = await db
      .insert(priceLists)
      .values({ name: 'B', percentOffBp: null })
      .returning()
      .then((r) => r[0]!.id);
    await db
      .insert(priceListCategories)
      .values({ listId: listB, category: 'filters', percentOffBp: 5000 });
    await db
      .insert(priceListAssignments)
      .values({ listId: listB, companyId: companyB, priority: 0 });
    const search = createCatalogSearch(db, { listen: false, pollMs: 60_000 });
    try {
      await ready(search);
      const filters = CatalogQuery.parse({ sort: 'price-asc' });
      const prices = (page: Omit<CatalogPage, 'exactMatch'>) =>
        page.items.map((i) => [i.sku, i.price, i.listPrice ?? null]);
      const a = await buyerSearchPrices(db, ownerA);
      const b = await buyerSearchPrices(db, ownerB);
      expect(a!.key).not.toBe(b!.key);
      const visitor = prices(await pageOf(filters, search));
      for (let round = 0; round < 2; round += 1) {
        expect(prices(await pageOf(filters, search, a))).toEqual([
          [brake!.sku, 20, 100],
          [filter!.sku, 40, null],
        ]);
        expect(prices(await pageOf(filters, search, b))).toEqual([
          [filter!.sku, 20, 40],
          [brake!.sku, 100, null],
        ]);
        expect(prices(await pageOf(filters, search))).toEqual(visitor);
      }
      expect(visitor).toEqual([
        [filter!.sku, 40, null],
        [brake!.sku, 100, null],
      ]);
      // A change of A's list (its row rewritten first, as every writer does) is a new key.
      await db.execute(sql`update price_lists set updated_at = now() where id = ${listA}`);
      await db.execute(
        sql`update price_list_entries set unit_cents = 3000 where list_id = ${listA}`,
      );
      const changed = await buyerSearchPrices(db, ownerA);
      expect(changed!.key).not.toBe(a!.key);
      expect(prices(await pageOf(filters, search, changed))[0]).toEqual([brake!.sku, 30, 100]);
    } finally {
      await search.stop();
    }
  });
});
