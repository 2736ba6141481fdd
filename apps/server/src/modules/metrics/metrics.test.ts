import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderResponse } from '@storefront/contract';
import { buildApp } from '../../app.js';
import { admin, customer } from '../../test/accounts.js';
import { insertPart } from '../../test/factories.js';
import { payInSandbox } from '../../test/pay.js';
import { memoryMailer, testConfig, useTestApp } from '../../test/test-app.js';
import { testDatabaseWithUrl } from '../../test/database-with-url.js';
import { createTestDatabase } from '../../test/test-database.js';
import { metrics } from './metrics.js';

const TOKEN = 'metrics-token-for-the-tests-0123456789';

/** One sample's value from the text format; 0 when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = (match[3] ?? '').split(/,(?=[a-zA-Z_]+=")/).filter(Boolean);
    if (wanted.every((w) => have.includes(w))) return Number(match[4]);
  }
  return 0;
}

const scrape = async (app: FastifyInstance) => {
  const res = await app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
};

const order = (
  app: FastifyInstance,
  who: { auth: Record<string, string> },
  partId: string,
  minimum = 10,
) =>
  app.inject({
    method: 'POST',
    url: '/api/purchase',
    headers: who.auth,
    payload: { partId, minimum, address: '12 Dock Road', phone: '5550100' },
  });

describe('/metrics', () => {
  let work: string;
  const ctx = useTestApp({ metricsToken: TOKEN, authRateLimit: false });
  beforeAll(async () => {
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'storefront-ops-metrics-'));
  });
  afterAll(async () => {
    await fs.rm(work, { recursive: true, force: true });
  });

  it('refuses a caller without the token, or with another one', async () => {
    const none = await ctx.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ error: 'UNAUTHORIZED' });
    expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
    for (const authorization of [
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(1)}`,
      TOKEN,
      `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`,
      'Bearer ',
    ]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization },
      });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.body).not.toContain('storefront_');
    }
  });

  it('counts orders placed and refused by reason, requests by route, and payments', async () => {
    const buyer = await customer(ctx.app);
    const part = await insertPart(ctx.database.db, { availableQuantity: 25, minOrderQuantity: 10 });
    const before = await scrape(ctx.app);

    const placed = await order(ctx.app, buyer, part.id);
    expect(placed.statusCode).toBe(201);
    const below = await order(ctx.app, buyer, part.id, 5);
    expect(below.statusCode).toBe(400);
    const tooMany = await order(ctx.app, buyer, part.id, 20);
    expect(tooMany.statusCode).toBe(409);
    const reason = tooMany.json<{ error: string }>().error;
    await payInSandbox(ctx.app, buyer, OrderResponse.parse(placed.json())._id);

    const after = await scrape(ctx.app);
    const delta = (name: string, labels: Record<string, string> = {}) =>
      sample(after, name, labels) - sample(before, name, labels);
    expect(delta('storefront_orders_placed_total')).toBe(1);
    expect(delta('storefront_orders_refused_total', { reason: 'VALIDATION_FAILED' })).toBe(1);
    expect(delta('storefront_orders_refused_total', { reason })).toBe(1);
    expect(
      delta('storefront_http_requests_total', {
        method: 'POST',
        route: '/api/purchase',
        status: '201',
      }),
    ).toBe(1);
    expect(
      delta('storefront_http_request_duration_seconds_count', {
        method: 'POST',
        route: '/api/purchase',
      }),
    ).toBe(3);
    expect(
      delta('storefront_payment_events_total', {
        type: 'payment_intent.succeeded',
        result: 'applied',
      }),
    ).toBe(1);
    // Unknown addresses share one label instead of one series each.
    await ctx.app.inject({ method: 'GET', url: '/api/no-such-thing-123' });
    expect(await scrape(ctx.app)).not.toContain('no-such-thing');
  });

  it('shows the outbox waiting and its failures, the database, memory and the event loop', async () => {
    const buyer = await customer(ctx.app);
    const part = await insertPart(ctx.database.db);
    expect((await order(ctx.app, buyer, part.id)).statusCode).toBe(201);
    const waiting = await scrape(ctx.app);
    expect(
      sample(waiting, 'storefront_outbox_jobs', { kind: 'order-mail', status: 'pending' }),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(waiting, 'storefront_database_up')).toBe(1);
    expect(sample(waiting, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(waiting).toContain('nodejs_eventloop_lag_p99_seconds');

    const failures = sample(waiting, 'storefront_outbox_job_failures_total', {
      kind: 'order-mail',
    });
    ctx.mailer.send = async () => {
      throw new Error('mail server down');
    };
    await ctx.app.storefront.outbox.runDue();
    const failed = await scrape(ctx.app);
    expect(
      sample(failed, 'storefront_outbox_job_failures_total', { kind: 'order-mail' }) - failures,
    ).toBeGreaterThanOrEqual(1);
  });

  it('shows when the last backup completed', async () => {
    const { database, url } = await testDatabaseWithUrl();
    const app = await buildApp({
      config: testConfig({
        databaseUrl: url,
        metricsToken: TOKEN,
        backups: { intervalHours: 24, keep: 2, dir: path.join(work, 'backups') },
        uploadsDir: path.join(work, 'uploads'),
      }),
      database,
      mailer: memoryMailer(),
    });
    try {
      expect(sample(await scrape(app), 'storefront_backup_last_success_timestamp_seconds')).toBe(0);
      const started = Date.now() / 1000;
      await app.storefront.backups.runNow();
      const text = await scrape(app);
      expect(
        sample(text, 'storefront_backup_last_success_timestamp_seconds'),
      ).toBeGreaterThanOrEqual(Math.floor(started));
      expect(sample(text, 'storefront_backup_last_size_bytes')).toBeGreaterThan(0);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('/metrics without a token configured', () => {
  const ctx = useTestApp();
  it('does not exist', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer anything-at-all-here-0123456789' },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('the sweep, run as the background job', () => {
  it('counts its runs', async () => {
    const database = await createTestDatabase();
    const app = await buildApp({
      config: testConfig({
        metricsToken: TOKEN,
        backups: { intervalHours: 0, keep: 1, dir: '/nonexistent-backups' },
      }),
      database,
      mailer: memoryMailer(),
      startJobs: true,
    });
    try {
      const okRuns = async () =>
        (await metrics.sweepRuns.get()).values.find((v) => v.labels.outcome === 'ok')?.value ?? 0;
      const before = await okRuns();
      await app.ready(); // the sweep runs once when the app is ready
      let after = before;
      for (let i = 0; i < 50 && after === before; i++) {
        await new Promise((r) => setTimeout(r, 100));
        after = await okRuns();
      }
      expect(after).toBe(before + 1);
      expect(
        sample(await scrape(app), 'storefront_order_sweep_runs_total', { outcome: 'ok' }),
      ).toBe(after);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('/api/ready', () => {
  it('answers 200 on a started app with a migrated database, 503 when the schema is behind or the database is gone', async () => {
    const database = await createTestDatabase();
    const app = await buildApp({ config: testConfig(), database, mailer: memoryMailer() });
    try {
      const ready = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode, ready.body).toBe(200);
      expect(ready.json()).toMatchObject({ status: 'ready', database: 'up' });
      expect(ready.headers['cache-control']).toBe('no-store');
    } finally {
      await app.close();
    }

    // Another instance's newer code has not migrated this database yet.
    const [newest] = (
      (await database.db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations) returning hash, created_at`,
      )) as unknown as { rows: { hash: string; created_at: string }[] }
    ).rows;
    const behind = await buildApp({ config: testConfig(), database, mailer: memoryMailer() });
    try {
      const res = await behind.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ error: 'SCHEMA_BEHIND' });
      await database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${newest!.hash}, ${newest!.created_at})`,
      );
      expect((await behind.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
      // The process is alive whatever readiness says.
      expect((await behind.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await behind.close();
    }

    const orphan = await buildApp({ config: testConfig(), database, mailer: memoryMailer() });
    await orphan.ready();
    await database.close();
    try {
      const res = await orphan.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ error: 'DATABASE_DOWN' });
    } finally {
      await orphan.close();
    }
  });
});

describe('the staff overview backup line', () => {
  let work: string;
  beforeAll(async () => {
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'storefront-ops-status-'));
  });
  afterAll(async () => {
    await fs.rm(work, { recursive: true, force: true });
  });

  it('is for admins, warns until a backup completes, then shows it', async () => {
    const { database, url } = await testDatabaseWithUrl();
    const app = await buildApp({
      config: testConfig({
        databaseUrl: url,
        authRateLimit: false,
        backups: { intervalHours: 24, keep: 2, dir: path.join(work, 'backups') },
        uploadsDir: path.join(work, 'uploads'),
      }),
      database,
      mailer: memoryMailer(),
    });
    try {
      const boss = await admin(app, database.db);
      const shopper = await customer(app);
      expect((await app.inject({ method: 'GET', url: '/api/staff/backups' })).statusCode).toBe(401);
      expect(
        (await app.inject({ method: 'GET', url: '/api/staff/backups', headers: shopper.auth }))
          .statusCode,
      ).toBe(403);
      const none = await app.inject({
        method: 'GET',
        url: '/api/staff/backups',
        headers: boss.auth,
      });
      expect(none.json()).toMatchObject({ state: 'never', lastSuccess: null, intervalHours: 24 });
      expect(none.json<{ warning: string }>().warning).toMatch(/No backup has completed yet/);

      await app.storefront.backups.runNow();
      const done = await app.inject({
        method: 'GET',
        url: '/api/staff/backups',
        headers: boss.auth,
      });
      expect(done.json()).toMatchObject({ state: 'ok', warning: null });
      expect(done.json<{ lastSuccess: { file: string } }>().lastSuccess.file).toMatch(/\.backup$/);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
