import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CatalogCard, CatalogPage } from '@storefront/contract';
import { customer } from '../../test/accounts.js';
import { addBuyer, caller, companyOf, giveList, pricedPart } from '../../test/price-kit.js';
import { useTestApp } from '../../test/test-app.js';
import { priceListCategories } from './price-lists.tables.js';

/*
 * Decision 061, "Search by the buyer's price", through the API: a company buyer's catalog search
 * is sorted, filtered and counted by the prices it shows them, page after page; a visitor and a
 * plain customer get the shared answer, byte for byte the same before and after.
 */
describe("search by the buyer's price: what each caller is shown", () => {
  const ctx = useTestApp({ authRateLimit: false, mailRateLimit: false });
  const db = () => ctx.database.db;
  const call = (...a: Parameters<ReturnType<typeof caller>>) => caller(ctx.app)(...a);

  let seed: Awaited<ReturnType<typeof seedOnce>> | undefined;
  async function seedOnce() {
    const owner = await customer(ctx.app);
    const buyer = await customer(ctx.app);
    const plain = await customer(ctx.app);
    const fleet = await companyOf(ctx.app, owner, 'Search Fleet');
    await addBuyer(db(), fleet.id, buyer.userId);
    // Public prices $8 to $300; the fleet pays half for brakes and $5 for the dearest filter.
    const specs = [
      { sku: 'SB-BRAKE-1', price: 300, category: 'brakes' },
      { sku: 'SB-BRAKE-2', price: 120, category: 'brakes' },
      { sku: 'SB-BRAKE-3', price: 18, category: 'brakes' },
      { sku: 'SB-FILTER-1', price: 60, category: 'filters' },
      { sku: 'SB-FILTER-2', price: 8, category: 'filters' },
      { sku: 'SB-ENGINE-1', price: 45, category: 'engine', minimum: 10, ladder: [10, 4000] },
      { sku: 'SB-ENGINE-2', price: 150, category: 'engine' },
    ];
    const parts: Record<string, { id: string }> = {};
    for (const s of specs)
      parts[s.sku] = await pricedPart(db(), {
        sku: s.sku,
        price: s.price,
        category: s.category,
        minimum: s.minimum ?? 1,
        ...(s.ladder ? { ladder: [{ minQuantity: s.ladder[0]!, unitCents: s.ladder[1]! }] } : {}),
      });
    const listId = await giveList(db(), fleet.id, {
      name: 'Fleet search',
      fixed: [{ partId: parts['SB-FILTER-1']!.id, minQuantity: 1, unitCents: 500 }],
    });
    await db()
      .insert(priceListCategories)
      .values({ listId, category: 'brakes', percentOffBp: 5000 });
    return { owner, buyer, plain, fleet, parts };
  }
  const given = async () => (seed ??= await seedOnce());

  /** Every card of a search, walking its pages of `pageSize`. */
  async function walk(who: Parameters<typeof call>[0], query: string, pageSize = 2) {
    const cards: CatalogCard[] = [];
    for (let page = 1; page < 20; page += 1) {
      const answer = await call(
        who,
        'GET',
        `/api/catalog?${query}&pageSize=${pageSize}&page=${page}`,
      );
      expect(answer.statusCode).toBe(200);
      const body = answer.json<CatalogPage>();
      cards.push(...body.items);
      if (page >= body.pageCount) break;
    }
    return cards.filter((c) => c.sku.startsWith('SB-'));
  }

  const expectedFleet = {
    'SB-BRAKE-1': [150, 300],
    'SB-BRAKE-2': [60, 120],
    'SB-BRAKE-3': [9, 18],
    'SB-FILTER-1': [5, 60],
    'SB-FILTER-2': [8, null],
    'SB-ENGINE-1': [40, null],
    'SB-ENGINE-2': [150, null],
  } as const;

  it('walks pages sorted by the buyer’s price: monotone in the prices shown, not the visitor’s order', async () => {
    const { buyer } = await given();
    for (const sort of ['price-asc', 'price-desc'] as const) {
      const mine = await walk(buyer, `q=&sort=${sort}`);
      expect(mine).toHaveLength(7);
      for (const card of mine) {
        const [price, listPrice] = expectedFleet[card.sku as keyof typeof expectedFleet];
        expect(card.price, card.sku).toBe(price);
        expect(card.listPrice, card.sku).toBe(listPrice ?? undefined);
      }
      const shown = mine.map((c) => c.price);
      expect(shown).toEqual([...shown].sort((a, b) => (sort === 'price-asc' ? a - b : b - a)));
      const visitor = await walk(null, `q=&sort=${sort}`);
      const visitorShown = visitor.map((c) => c.price);
      expect(visitorShown).toEqual(
        [...visitorShown].sort((a, b) => (sort === 'price-asc' ? a - b : b - a)),
      );
      expect(mine.map((c) => c.sku)).not.toEqual(visitor.map((c) => c.sku));
    }
    // Pages of another size give the same order.
    const asc = await walk(buyer, 'sort=price-asc', 3);
    expect(asc.map((c) => c.sku).slice(0, 3)).toEqual(['SB-FILTER-1', 'SB-FILTER-2', 'SB-BRAKE-3']);
  });

  it('filters and counts the price bands by the buyer’s price', async () => {
    const { buyer } = await given();
    const mine = (
      await call(buyer, 'GET', '/api/catalog?minPrice=0&maxPrice=9.99&pageSize=48')
    ).json<CatalogPage>();
    expect(mine.items.map((i) => i.sku).sort()).toEqual([
      'SB-BRAKE-3',
      'SB-FILTER-1',
      'SB-FILTER-2',
    ]);
    expect(mine.total).toBe(3);
    const all = (await call(buyer, 'GET', '/api/catalog?pageSize=48')).json<CatalogPage>();
    expect(all.facets.prices.map((b) => b.count)).toEqual([3, 1, 1, 2, 0]);
    const visitor = (await call(null, 'GET', '/api/catalog?pageSize=48')).json<CatalogPage>();
    expect(visitor.facets.prices.map((b) => b.count)).toEqual([1, 2, 1, 2, 1]);
  });

  it('answers a visitor and a plain customer the shared page, byte for byte, before and after', async () => {
    const { buyer, plain } = await given();
    const queries = [
      'sort=price-asc',
      'sort=price-desc&page=2&pageSize=3',
      'minPrice=10&maxPrice=99.99',
    ];
    const before = await Promise.all(queries.map((q) => call(null, 'GET', `/api/catalog?${q}`)));
    for (const q of queries) {
      const mine = await call(buyer, 'GET', `/api/catalog?${q}`);
      expect(mine.headers['cache-control']).toBe('private, no-store');
      expect(mine.headers.vary).toContain('authorization');
    }
    const after = await Promise.all(queries.map((q) => call(null, 'GET', `/api/catalog?${q}`)));
    const customer_ = await Promise.all(
      queries.map((q) => call(plain, 'GET', `/api/catalog?${q}`)),
    );
    queries.forEach((q, i) => {
      expect(after[i]!.body, q).toBe(before[i]!.body);
      expect(customer_[i]!.body, q).toBe(before[i]!.body);
      expect(after[i]!.headers['cache-control']).toBe('no-cache');
      expect(after[i]!.body).not.toContain('listPrice');
    });
  });

  it('shows a change of whom they buy for, or of their list, on the very next search', async () => {
    const { buyer, fleet } = await given();
    const cheapest = async () =>
      (await call(buyer, 'GET', '/api/catalog?sort=price-asc&pageSize=1')).json<CatalogPage>()
        .items[0]!;
    expect(await cheapest()).toMatchObject({ sku: 'SB-FILTER-1', price: 5, listPrice: 60 });
    await call(buyer, 'PUT', '/api/me/buying-for', { companyId: null });
    const myself = await call(buyer, 'GET', '/api/catalog?sort=price-asc&pageSize=1');
    expect(myself.headers['cache-control']).toBe('no-cache');
    expect(myself.json<CatalogPage>().items[0]).toMatchObject({ sku: 'SB-FILTER-2', price: 8 });
    expect(myself.body).not.toContain('listPrice');
    await call(buyer, 'PUT', '/api/me/buying-for', { companyId: fleet.id });
    expect(await cheapest()).toMatchObject({ sku: 'SB-FILTER-1', price: 5 });
    // Staff change the fixed price (every writer rewrites the list's row first).
    await db().execute(sql`
      update price_lists set updated_at = now()
       where id = (select list_id from price_list_entries where unit_cents = 500)`);
    await db().execute(sql`update price_list_entries set unit_cents = 850 where unit_cents = 500`);
    expect(await cheapest()).toMatchObject({ sku: 'SB-FILTER-2', price: 8 });
    const second = (
      await call(buyer, 'GET', '/api/catalog?sort=price-asc&pageSize=2')
    ).json<CatalogPage>().items[1]!;
    expect(second).toMatchObject({ sku: 'SB-FILTER-1', price: 8.5, listPrice: 60 });
  });
});
