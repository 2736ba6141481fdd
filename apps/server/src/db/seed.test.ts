import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESCRIPTION_PREVIEW_LENGTH } from '@storefront/contract';
import { createTestDatabase } from '../test/test-database.js';
import type { Database } from './database.js';
import { parts } from '../modules/parts/parts.tables.js';
import { reviews } from '../modules/reviews/reviews.tables.js';
import { DEMO_GENERATED_PARTS, seedCatalog } from './seed.js';
import { seedParts } from './seed-data.js';
import { listLivePartsPage } from '../modules/parts/catalog.service.js';
import { rowsOf } from './raw-rows.js';
import { seedPastOrders } from './seed-orders.js';

describe('demo catalog seed', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.close());

  it('fills an empty database with at least 12 parts and 6 reviews, then never again', async () => {
    expect(await seedCatalog(database.db)).toEqual({ seeded: true });
    expect(await seedCatalog(database.db)).toEqual({ seeded: false });
    const [p] = await database.db.select({ n: count() }).from(parts);
    const [r] = await database.db.select({ n: count() }).from(reviews);
    expect(p?.n).toBe(seedParts.length + DEMO_GENERATED_PARTS);
    expect(p?.n).toBeGreaterThanOrEqual(200);
    expect(p?.n).toBeGreaterThanOrEqual(12);
    expect(r?.n).toBeGreaterThanOrEqual(6);
  });

  it('seeds parts whose descriptions exercise the preview and whose stock allows an order', async () => {
    const { items: list } = await listLivePartsPage(database.db, 1, 60);
    for (const part of list.slice(0, seedParts.length)) {
      expect(part.description.length).toBeGreaterThan(DESCRIPTION_PREVIEW_LENGTH);
      expect(part.availableQuantity).toBeGreaterThanOrEqual(part.mOrderQuantity);
      expect(part.url).toMatch(/^\/images\/parts\/[a-z-]+\.webp$/);
    }
  });
});

describe('demo images', () => {
  it('ships an image in the repo for every seeded part, so the shop looks complete offline', async () => {
    const { existsSync } = await import('node:fs');
    const { fileURLToPath } = await import('node:url');
    // The WebP the catalog links to, and the SVG it is drawn from (and `/parts` inlines).
    for (const part of seedParts) {
      for (const kind of ['webp', 'svg']) {
        const file = fileURLToPath(
          new URL(`../../../web/public/images/parts/${part.image}.${kind}`, import.meta.url),
        );
        expect(existsSync(file), file).toBe(true);
      }
    }
  });
});

describe('past orders for the benchmarks', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedCatalog(database.db);
  });
  afterAll(async () => database.close());

  it("seeds past orders for the benchmarks, each with one line whose total is the order's", async () => {
    await seedPastOrders(database.db, { count: 300, customers: 20 });
    const [row] = rowsOf(
      await database.db.execute(sql`
        select count(*)::int as orders,
               count(*) filter (where l.total_cents = o.total_cents)::int as matching
          from orders o join order_lines l on l.order_id = o.id and l.line_no = 1`),
    );
    expect(row).toEqual({ orders: 300, matching: 300 });
  });
});
