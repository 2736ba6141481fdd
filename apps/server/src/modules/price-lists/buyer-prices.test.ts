import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyerPrice, stepsOfColumns, type AssignedPriceList } from '@storefront/contract';
import type { Database, Db } from '../../db/database.js';
import { rowsOf } from '../../db/raw-rows.js';
import { insertCompany, insertPart } from '../../test/factories.js';
import { createTestDatabase } from '../../test/test-database.js';
import { partsRelation } from '../parts/stock.service.js';
import { buyerUnitPriceSql, loadBuyerPricing, type PricedPart } from './buyer-prices.js';
import {
  priceListAssignments,
  priceListCategories,
  priceListEntries,
  priceLists,
} from './price-lists.tables.js';

/**
 * The buyer's price has three forms: the contract's rule, the per-request pricer and the SQL twin
 * for bigger statements. Random lists (priorities, dates, categories, quantity breaks) are written
 * to the database and every form must give the same unit price for random parts and quantities.
 */

const CATEGORIES = ['brakes', 'filters', 'engine'] as const;
/** Percentages with exact halves among them (5000 bp of an odd price), where rounding shows. */
const bp = fc.oneof(fc.integer({ min: 1, max: 9999 }), fc.constantFrom(5000, 2500, 7500, 9999));
const day = fc
  .integer({ min: 0, max: 40 })
  .map((n) => new Date(Date.UTC(2027, 0, 1 + n)).toISOString().slice(0, 10));

describe('buyer prices: the pricer and the SQL twin give the contract rule', () => {
  let database: Database;
  let partIds: string[];
  let buyerId: string;
  let otherId: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    const db = database.db;
    partIds = [];
    for (let i = 0; i < 3; i++) partIds.push((await insertPart(db)).id);
    buyerId = await insertCompany(db, 'buyer');
    otherId = await insertCompany(db, 'other');
  });
  afterAll(async () => {
    await database?.close();
  });

  const aList = () =>
    fc.record({
      priority: fc.integer({ min: -2, max: 3 }),
      validFrom: fc.option(day, { nil: null }),
      span: fc.option(fc.integer({ min: 0, max: 30 }), { nil: null }),
      percentOffBp: fc.option(bp, { nil: null }),
      categories: fc.uniqueArray(
        fc.record({
          category: fc.constantFrom(...CATEGORIES),
          percentOffBp: bp,
        }),
        { selector: (c) => c.category, maxLength: 3 },
      ),
      fixed: fc.uniqueArray(
        fc.record({
          part: fc.integer({ min: 0, max: 2 }),
          minQuantity: fc.integer({ min: 1, max: 40 }),
          unitCents: fc.integer({ min: 1, max: 30_000 }),
        }),
        { selector: (e) => `${e.part}:${e.minQuantity}`, maxLength: 6 },
      ),
      /** Also given to another company, which must never change this buyer's price. */
      alsoOther: fc.boolean(),
    });

  const aPart = fc.record({
    part: fc.integer({ min: 0, max: 2 }),
    category: fc.constantFrom(...CATEGORIES),
    priceCents: fc.oneof(fc.integer({ min: 1, max: 30_000 }), fc.constant(100_000_000)),
    ladder: fc.uniqueArray(
      fc.record({
        minQuantity: fc.integer({ min: 2, max: 40 }),
        unitCents: fc.integer({ min: 1, max: 30_000 }),
      }),
      { selector: (s) => s.minQuantity, maxLength: 4 },
    ),
  });
  const aCase = fc.record({ part: aPart, quantity: fc.integer({ min: 1, max: 50 }), today: day });

  type ListInput = ReturnType<typeof aList> extends fc.Arbitrary<infer T> ? T : never;

  /** Replaces every list with these (the other company gets the ones marked for it). */
  async function writeLists(db: Db, lists: ListInput[]): Promise<AssignedPriceList[]> {
    await db.delete(priceLists);
    const out: AssignedPriceList[] = [];
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
      const id = row!.id;
      if (l.categories.length > 0)
        await db
          .insert(priceListCategories)
          .values(l.categories.map((c) => ({ listId: id, ...c })));
      const fixed = l.fixed.map((e) => ({
        partId: partIds[e.part]!,
        minQuantity: e.minQuantity,
        unitCents: e.unitCents,
      }));
      if (fixed.length > 0)
        await db.insert(priceListEntries).values(fixed.map((e) => ({ listId: id, ...e })));
      await db
        .insert(priceListAssignments)
        .values([
          { listId: id, companyId: buyerId, priority: l.priority },
          ...(l.alsoOther ? [{ listId: id, companyId: otherId, priority: 100 }] : []),
        ]);
      out.push({
        id,
        name: `L${n}`,
        priority: l.priority,
        validFrom: l.validFrom,
        validUntil,
        percentOffBp: l.percentOffBp,
        categoryPercentOffBp: l.categories,
        fixed,
      });
    }
    return out;
  }

  it('over random lists, priorities, dates, categories and quantities (SQL and pricer)', async () => {
    const db = database.db;
    await fc.assert(
      fc.asyncProperty(
        fc.array(aList(), { maxLength: 4 }),
        fc.array(aCase, { minLength: 1, maxLength: 30 }),
        async (listInputs, cases) => {
          const lists = await writeLists(db, listInputs);
          const parts: PricedPart[] = cases.map((c) => {
            const ladder = [...c.part.ladder].sort((a, b) => a.minQuantity - b.minQuantity);
            return {
              id: partIds[c.part.part]!,
              category: c.part.category,
              priceCents: c.part.priceCents,
              tierQuantities: ladder.map((s) => s.minQuantity),
              tierCents: ladder.map((s) => s.unitCents),
            };
          });
          const expected = cases.map(
            (c, i) =>
              buyerPrice(
                {
                  ...parts[i]!,
                  steps: stepsOfColumns(parts[i]!.tierQuantities, parts[i]!.tierCents),
                },
                c.quantity,
                lists,
                c.today,
              ).unitCents,
          );
          const rows = rowsOf(
            await db.execute(sql`
              select ${buyerUnitPriceSql('p', sql.raw('p.quantity'), sql`${buyerId}::uuid`, sql.raw('p.today'))} as cents
                from jsonb_to_recordset(${JSON.stringify(
                  cases.map((c, n) => ({
                    n,
                    id: parts[n]!.id,
                    category: parts[n]!.category,
                    price_cents: parts[n]!.priceCents,
                    tier_quantities: parts[n]!.tierQuantities,
                    tier_cents: parts[n]!.tierCents,
                    quantity: c.quantity,
                    today: c.today,
                  })),
                )}::jsonb) as p(n int, id uuid, category text, price_cents int,
                                tier_quantities int[], tier_cents int[], quantity int, today date)
               order by p.n`),
          );
          expect(rows.map((r) => Number(r.cents))).toEqual(expected);
          for (const [i, c] of cases.entries()) {
            const pricing = await loadBuyerPricing(db, {
              partyId: buyerId,
              partIds,
              today: c.today,
            });
            expect(pricing.unitCents(parts[i]!, c.quantity), JSON.stringify(c)).toBe(expected[i]);
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('a buyer without a company, or a company without lists, pays the public price: no query', async () => {
    const part: PricedPart = {
      id: partIds[0]!,
      category: 'brakes',
      priceCents: 1000,
      tierQuantities: [10],
      tierCents: [900],
    };
    // A handle that fails on any statement proves the anonymous pricer reads nothing.
    const noDb = new Proxy({} as Db, {
      get() {
        throw new Error('the public pricer touched the database');
      },
    });
    const anonymous = await loadBuyerPricing(noDb, { partyId: null, partIds: [part.id] });
    expect(anonymous.unitCents(part, 10)).toBe(900);
    expect(anonymous.explain(part, 1)).toMatchObject({ unitCents: 1000, decidedBy: null });

    await database.db.delete(priceLists);
    const lonely = await insertCompany(database.db, 'lonely');
    const none = await loadBuyerPricing(database.db, { partyId: lonely, partIds: [part.id] });
    expect(none.unitCents(part, 12)).toBe(900);
    const [row] = rowsOf(
      await database.db.execute(sql`
        select ${buyerUnitPriceSql('p', sql.raw('12'), sql`null::uuid`)} as cents
          from (select ${part.id}::uuid as id, 'brakes' as category, 1000 as price_cents,
                       array[10] as tier_quantities, array[900] as tier_cents) p`),
    );
    expect(Number(row?.cents)).toBe(900);
  });

  it('refuses to price a part it did not load (its fixed prices would be missing)', async () => {
    const [list] = await database.db
      .insert(priceLists)
      .values({ name: 'Ten off', percentOffBp: 1000 })
      .returning();
    await database.db
      .insert(priceListAssignments)
      .values({ listId: list!.id, companyId: buyerId, priority: 0 });
    const pricing = await loadBuyerPricing(database.db, {
      partyId: buyerId,
      partIds: [partIds[0]!],
    });
    const part = (id: string): PricedPart => ({
      id,
      category: 'brakes',
      priceCents: 1000,
      tierQuantities: [],
      tierCents: [],
    });
    expect(pricing.unitCents(part(partIds[0]!), 1)).toBe(900);
    expect(() => pricing.unitCents(part(partIds[1]!), 1)).toThrow(/not among the parts loaded/);
  });
  it("reads the parts table's own columns inside a bigger statement", async () => {
    const db = database.db;
    await db.delete(priceLists);
    const [list] = await db
      .insert(priceLists)
      .values({ name: 'Brakes deal', percentOffBp: 1000 })
      .returning();
    await db.insert(priceListCategories).values({
      listId: list!.id,
      category: 'uncategorised',
      percentOffBp: 2500,
    });
    await db
      .insert(priceListEntries)
      .values({ listId: list!.id, partId: partIds[1]!, minQuantity: 5, unitCents: 700 });
    await db
      .insert(priceListAssignments)
      .values({ listId: list!.id, companyId: buyerId, priority: 0 });
    const rows = rowsOf(
      await db.execute(sql`
        select p.id, p.category, p.price_cents, p.tier_quantities, p.tier_cents,
               ${buyerUnitPriceSql('p', sql.raw('6'), sql`${buyerId}::uuid`)} as cents
          from ${partsRelation} p where p.id = any(${`{${partIds.join(',')}}`}::uuid[])
         order by p.id`),
    );
    const pricing = await loadBuyerPricing(db, { partyId: buyerId, partIds });
    expect(rows).toHaveLength(3);
    for (const r of rows) {
      const part: PricedPart = {
        id: String(r.id),
        category: String(r.category),
        priceCents: Number(r.price_cents),
        tierQuantities: r.tier_quantities as number[],
        tierCents: r.tier_cents as number[],
      };
      expect(Number(r.cents)).toBe(pricing.unitCents(part, 6));
    }
    // The part with a fixed price from 5 pays it; the others 25% off their category's $12.50.
    expect(rows.map((r) => Number(r.cents)).sort()).toEqual([700, 938, 938]);
  });
});
