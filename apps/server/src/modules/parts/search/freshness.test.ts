import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogPage, SearchHealthResponse } from '@storefront/contract';
import { buildApp } from '../../../app.js';
import type { Database } from '../../../db/database.js';
import { admin } from '../../../test/accounts.js';
import { memoryMailer, testConfig, useTestApp } from '../../../test/test-app.js';
import { createSharedTestDatabase } from '../../../test/test-database.js';
import { createCatalogSearch } from './catalog-search.js';

const onPostgres = process.env.TEST_DB === 'postgres';
/** The bound: a change shows in search within a second, here and on every instance. */
const FRESH_MS = 1000;

const body = (name: string) => ({
  name,
  description: 'Made for the freshness test of the search index.',
  mOrderQuantity: 2,
  availableQuantity: 40,
  price: 19.5,
  url: 'https://example.com/p.png',
  category: 'cooling',
});

/** Milliseconds until `probe` holds (fails past 5 s, so a slow machine shows its figure). */
async function until(probe: () => Promise<boolean>): Promise<number> {
  const start = Date.now();
  while (!(await probe())) {
    if (Date.now() - start > 5000) throw new Error('not seen within 5 s');
    await new Promise((r) => setTimeout(r, 20));
  }
  return Date.now() - start;
}

const searchOn = (app: FastifyInstance) => async (query: string) => {
  const res = await app.inject(`/api/catalog?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return CatalogPage.parse(res.json());
};

async function indexReady(app: FastifyInstance) {
  await until(async () => {
    const res = await app.inject('/api/health/search');
    return SearchHealthResponse.parse(res.json()).state === 'ready';
  });
}

describe('search freshness on one instance', () => {
  const ctx = useTestApp({ catalogCacheSeconds: 0 });

  it('shows a part added, edited, repriced, sold out and archived on this instance within 1 s', async () => {
    await indexReady(ctx.app);
    const boss = await admin(ctx.app, ctx.database.db);
    const find = searchOn(ctx.app);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/parts',
      headers: boss.auth,
      payload: body('Zanzibar coolant hose'),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ _id: string }>()._id;
    expect(await until(async () => (await find('q=zanzibar')).total === 1)).toBeLessThan(FRESH_MS);

    const edited = await ctx.app.inject({
      method: 'PUT',
      url: `/api/parts/${id}`,
      headers: boss.auth,
      payload: { ...body('Quokka coolant hose'), price: 3 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await until(async () => (await find('q=quokka&maxPrice=5')).total === 1)).toBeLessThan(
      FRESH_MS,
    );
    expect((await find('q=zanzibar')).total).toBe(0);

    await ctx.database.db.execute(sql`update parts set available_quantity = 0 where id = ${id}`);
    expect(await until(async () => (await find('q=quokka&inStock=true')).total === 0)).toBeLessThan(
      FRESH_MS,
    );
    await ctx.database.db.execute(sql`update parts set archived_at = now() where id = ${id}`);
    expect(await until(async () => (await find('q=quokka')).total === 0)).toBeLessThan(FRESH_MS);
  });
});

describe('search after a bulk change (an import)', () => {
  const ctx = useTestApp({ catalogCacheSeconds: 0, searchIndex: false });

  it('loads the catalog afresh instead of change by change, then follows single changes again', async () => {
    const db = ctx.database.db;
    const search = createCatalogSearch(db, { pollMs: 100, bulkChanges: 50 });
    const count = async (q: string) =>
      (await search.catalog({ q, page: 1, pageSize: 24 }))?.total ?? -1;
    try {
      await until(async () => search.status().state === 'ready');
      await db.execute(sql`
        insert into parts (name, description, min_order_quantity, available_quantity, price_cents, image_url, sku)
        select 'Capybara wiper ' || n, 'x', 1, 5, 900, '/a.svg', 'CAP-' || n
          from generate_series(1, 300) n`);
      await until(async () => (await count('capybara')) === 300);
      await db.execute(sql`update parts set name = 'Tapir wiper' where sku = 'CAP-7'`);
      expect(await until(async () => (await count('tapir')) === 1)).toBeLessThan(FRESH_MS);
      expect(await count('capybara')).toBe(299);
    } finally {
      await search.stop();
    }
  });

  it('never answers from the index that lacks the bulk change while the fresh one loads', async () => {
    const db = ctx.database.db;
    const search = createCatalogSearch(db, { pollMs: 60_000, listen: false, bulkChanges: 50 });
    try {
      await until(async () => search.status().state === 'ready');
      await db.execute(sql`
        insert into parts (name, description, min_order_quantity, available_quantity, price_cents, image_url, sku)
        select 'Okapi mirror ' || n, 'x', 1, 5, 900, '/a.svg', 'OKA-' || n
          from generate_series(1, 400) n`);
      // As the import's apply does once it commits: this instance's own write.
      search.nudge();
      const answers: number[] = [];
      for (;;) {
        const [page, suggested, exact] = await Promise.all([
          search.catalog({ q: 'okapi', page: 1, pageSize: 24 }),
          search.suggest('okap'),
          search.exact('OKA-400'),
        ]);
        // Null (undefined for the exact match): "ask the database", which holds the change.
        if (page === null) {
          expect(suggested).toBeNull();
          expect(exact).toBeUndefined();
          answers.push(-1);
        } else {
          answers.push(page.total);
          if (page.total === 400) {
            expect(suggested?.length).toBeGreaterThan(0);
            expect(exact).toMatchObject({ sku: 'OKA-400' });
            break;
          }
        }
        await new Promise((r) => setTimeout(r, 5));
      }
      expect(answers.filter((n) => n !== -1 && n !== 400)).toEqual([]);
      expect(answers[0]).toBe(-1);
    } finally {
      await search.stop();
    }
  });
});

/**
 * Two instances (two apps, two pools) on one PostgreSQL database: a change made through one
 * shows in the other's search within a second (LISTEN/NOTIFY), and an instance that hears no
 * notification catches up from the change log, including a change committed out of order.
 */
describe.runIf(onPostgres)('search freshness across instances', () => {
  let shared: NonNullable<Awaited<ReturnType<typeof createSharedTestDatabase>>>;
  const databases: Database[] = [];
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    const created = await createSharedTestDatabase();
    if (!created) throw new Error('no PostgreSQL template: run with TEST_DATABASE_URL set');
    shared = created;
    for (let i = 0; i < 2; i += 1) {
      const database = await shared.open();
      databases.push(database);
      const app = await buildApp({
        config: testConfig({ catalogCacheSeconds: 0, searchPollMs: 5000 }),
        database,
        mailer: memoryMailer(),
      });
      await app.ready();
      apps.push(app);
    }
    for (const app of apps) await indexReady(app);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const database of databases) await database.close();
    await shared?.drop();
  });

  it("shows one instance's added, repriced, sold-out and archived part on the other within 1 s", async () => {
    const [a, b] = [apps[0]!, apps[1]!];
    const boss = await admin(a, databases[0]!.db);
    const onB = searchOn(b);
    const created = await a.inject({
      method: 'POST',
      url: '/api/parts',
      headers: boss.auth,
      payload: body('Wombat radiator cap'),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ _id: string }>()._id;
    // The poll runs every 5 s here: only the notification can make it in time.
    expect(await until(async () => (await onB('q=wombat')).total === 1)).toBeLessThan(FRESH_MS);
    const repriced = await a.inject({
      method: 'PUT',
      url: `/api/parts/${id}`,
      headers: boss.auth,
      payload: { ...body('Wombat radiator cap'), price: 300 },
    });
    expect(repriced.statusCode, repriced.body).toBe(200);
    expect(await until(async () => (await onB('q=wombat&minPrice=250')).total === 1)).toBeLessThan(
      FRESH_MS,
    );
    await databases[0]!.db.execute(sql`update parts set available_quantity = 0 where id = ${id}`);
    expect(await until(async () => (await onB('q=wombat&inStock=true')).total === 0)).toBeLessThan(
      FRESH_MS,
    );
    await databases[0]!.db.execute(sql`update parts set archived_at = now() where id = ${id}`);
    expect(await until(async () => (await onB('q=wombat')).total === 0)).toBeLessThan(FRESH_MS);
  });

  it('catches up without notifications, a change committed out of order included', async () => {
    const db = databases[1]!.db;
    const deaf = createCatalogSearch(db, { listen: false, pollMs: 200 });
    const count = async (q: string) =>
      (await deaf.catalog({ q, page: 1, pageSize: 24 }))?.total ?? -1;
    try {
      await until(async () => deaf.status().state === 'ready');
      await db.execute(sql`
        insert into parts (name, description, min_order_quantity, available_quantity, price_cents, image_url, sku)
        values ('Narwhal fan belt', 'x', 1, 5, 900, '/a.svg', 'NAR-1'),
               ('Okapi fan belt', 'x', 1, 5, 900, '/b.svg', 'OKA-1')`);
      expect(await until(async () => (await count('narwhal')) === 1)).toBeLessThan(FRESH_MS);

      // A transaction takes its change number first and commits after a later one was read.
      const url = (databases[1]!.db as unknown as { $client: pg.Pool }).$client.options;
      const slow = new pg.Client(url);
      await slow.connect();
      try {
        await slow.query('begin');
        // (Different new words: both would otherwise wait on the spelling list's same new row.)
        await slow.query(`update parts set name = 'Narwhal gamma belt' where sku = 'NAR-1'`);
        await db.execute(sql`update parts set name = 'Okapi delta belt' where sku = 'OKA-1'`);
        await until(async () => (await count('okapi delta')) === 1);
        expect(await count('narwhal gamma')).toBe(0);
        await slow.query('commit');
      } finally {
        await slow.end();
      }
      expect(await until(async () => (await count('narwhal gamma')) === 1)).toBeLessThan(FRESH_MS);
    } finally {
      await deaf.stop();
    }
  });
});
