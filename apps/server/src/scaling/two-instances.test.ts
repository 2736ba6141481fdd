import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderResponse } from '@storefront/contract';
import { buildApp } from '../app.js';
import type { Database } from '../db/database.js';
import { seedParts } from '../db/seed-data.js';
import { DEMO_GENERATED_PARTS, seedCatalog } from '../db/seed.js';
import { parts } from '../modules/parts/parts.tables.js';
import { stockMovements } from '../modules/parts/stock.tables.js';
import { admin, customer, signUp } from '../test/accounts.js';
import { insertPart } from '../test/factories.js';
import { memoryMailer, testConfig } from '../test/test-app.js';
import { createSharedTestDatabase } from '../test/test-database.js';

const onPostgres = process.env.TEST_DB === 'postgres';
const origin = { origin: 'http://localhost:3000' };
const shipTo = { street: '1 Dock Road', city: 'Hull', postalCode: 'HU1 1AA', country: 'UK' };
/** How long an instance may trust a checked session: the bound on another's logout. */
const CACHE_MS = 300;

/**
 * Two instances of the shop (two apps, two connection pools, the same AUTH_SECRET) on one
 * PostgreSQL database, as a load balancer would run them. The embedded database has one owner per
 * data folder, so this runs in the api-postgres project (CI sets TEST_DATABASE_URL).
 */
describe.runIf(onPostgres)('two instances on one PostgreSQL database', () => {
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
        config: testConfig({
          sessionCheckCacheMs: CACHE_MS,
          openOrderLimits: { count: 1000, valueCents: 1e12 },
        }),
        database,
        mailer: memoryMailer(),
      });
      await app.ready();
      apps.push(app);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const database of databases) await database.close();
    await shared?.drop();
  });
  const [a, b] = [() => apps[0]!, () => apps[1]!];

  it('seeds the demo catalog once when both start on an empty database together', async () => {
    const results = await Promise.all(databases.map((d) => seedCatalog(d.db)));
    expect(results.map((r) => r.seeded).sort()).toEqual([false, true]);
    const [row] = await databases[0]!.db.select({ n: sql<number>`count(*)::int` }).from(parts);
    expect(row?.n).toBe(seedParts.length + DEMO_GENERATED_PARTS);
  });

  it("honours one instance's access key on the other, and a logout on one ends it on both", async () => {
    const me = await customer(a());
    const onB = () =>
      b()
        .inject({ method: 'GET', url: '/api/purchase', headers: me.auth })
        .then((r) => r.statusCode);
    expect(await onB()).toBe(200);
    const out = await a().inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: me.cookie, ...origin },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    const loggedOutAt = Date.now();
    while ((await onB()) !== 401) {
      expect(Date.now() - loggedOutAt).toBeLessThan(CACHE_MS + 1000);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });

  it('never oversells when orders for one part are split across both instances', async () => {
    const part = await insertPart(databases[0]!.db, {
      availableQuantity: 100,
      minOrderQuantity: 10,
    });
    const buyers = await Promise.all(Array.from({ length: 4 }, (_, i) => customer(apps[i % 2]!)));
    const attempts = Array.from({ length: 40 }, (_, i) =>
      apps[i % 2]!.inject({
        method: 'POST',
        url: '/api/purchase',
        headers: buyers[i % buyers.length]!.auth,
        payload: { partId: part.id, minimum: 10, shipTo, phone: '0123456789' },
      }),
    );
    const answers = await Promise.all(attempts);
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s !== 201 && s !== 409)).toEqual([]);
    const [row] = await databases[1]!.db.select().from(parts).where(eq(parts.id, part.id));
    expect(row?.availableQuantity).toBe(0);
    const [ledger] = await databases[1]!.db
      .select({ sum: sql<number>`sum(${stockMovements.delta})::int` })
      .from(stockMovements)
      .where(eq(stockMovements.partId, part.id));
    expect(ledger?.sum).toBe(0);
    // Order numbers stay unique across the instances.
    const numbers = answers
      .filter((r) => r.statusCode === 201)
      .map((r) => r.json<OrderResponse>().number);
    expect(new Set(numbers).size).toBe(10);
  });

  it("ends an admin's rights on both instances when one revokes them", async () => {
    const boss = await admin(a(), databases[0]!.db);
    const deputy = await admin(a(), databases[0]!.db);
    const deputyOnB = () =>
      b()
        .inject({ method: 'GET', url: '/api/staff/overview', headers: deputy.auth })
        .then((r) => r.statusCode);
    expect(await deputyOnB()).toBe(200);
    const revoked = await a().inject({
      method: 'DELETE',
      url: `/api/staff/admins/${encodeURIComponent(deputy.email)}`,
      headers: boss.auth,
    });
    expect(revoked.statusCode).toBe(200);
    const at = Date.now();
    while ((await deputyOnB()) !== 403) {
      expect(Date.now() - at).toBeLessThan(CACHE_MS + 1000);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });

  // Last: sign-ups from the test's one address count against the same shared limit.
  it('shares the sign-in limits: wrong guesses on either instance count together', async () => {
    const target = await signUp(a());
    const guess = (app: FastifyInstance) =>
      app
        .inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          remoteAddress: '10.77.0.1',
          headers: origin,
          payload: { email: target.email, password: 'wrong-guess' },
        })
        .then((r) => r.statusCode);
    const codes: number[] = [];
    for (let i = 0; i < 12; i += 1) codes.push(await guess(apps[i % 2]!));
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(codes.slice(10)).toEqual([429, 429]);
  });
});
