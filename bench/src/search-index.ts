/**
 * The search index in process, at size: generated parts in a PostgreSQL database (BENCH_DATABASE_URL,
 * emptied first) or an embedded one, then the index's start-up time and heap, and each query kind
 * answered through `loadCatalogPage` (what `GET /api/catalog` runs, HTTP aside) with the index and
 * with the SQL it replaces. `node --import tsx src/search-index.ts 100000`.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type {} from '@fastify/compress';
import { sql } from 'drizzle-orm';
import { CatalogQuery } from '@storefront/contract';
import { openPglite, openPostgres, type Database } from '../../apps/server/src/db/database.js';
import { createCatalogCache } from '../../apps/server/src/modules/parts/catalog-cache.js';
import { loadCatalogPage } from '../../apps/server/src/modules/parts/parts.routes.js';
import { createCatalogSearch } from '../../apps/server/src/modules/parts/search/catalog-search.js';
import { addGeneratedParts } from './support/generated-parts.js';

const count = Number(process.argv[2] ?? 100_000);
const url = process.env.BENCH_DATABASE_URL;
const reps = Number(process.env.REPS ?? 30);

const cases: [string, Record<string, unknown>][] = [
  ['"brake pads"', { q: 'brake pads' }],
  ['typo "brkae pdas"', { q: 'brkae pdas' }],
  ['part number B-100042', { q: 'B-100042' }],
  ['category filters', { category: 'filters' }],
  ['category by price, page 20', { category: 'brakes', sort: 'price-asc', page: 20 }],
  ['make Toyota', { make: 'Toyota' }],
  ['vehicle Toyota Corolla 2015', { make: 'Toyota', model: 'Corolla', year: 2015 }],
  ['"filter" in Ford, in stock', { q: 'filter', make: 'Ford', inStock: 'true' }],
  ['browse all, price desc, page 5', { sort: 'price-desc', page: 5 }],
];

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};

async function main() {
  let database: Database;
  let dir: string | null = null;
  if (url) {
    database = await openPostgres(url, 4);
    await database.migrate();
  } else {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-search-index-'));
    database = await openPglite(dir);
    await database.migrate();
  }
  const db = database.db;
  const counted = (await db.execute(sql`select count(*)::int as n from parts`)) as unknown as {
    rows: { n: number }[];
  };
  const [row] = counted.rows;
  if ((row?.n ?? 0) !== count) {
    await db.execute(sql`truncate parts, part_fitments, search_changes cascade`);
    const t = performance.now();
    await addGeneratedParts(database, count);
    console.log(`wrote ${count} parts in ${Math.round(performance.now() - t)} ms`);
  }
  global.gc?.();
  const heapBefore = process.memoryUsage();
  const started = performance.now();
  const search = createCatalogSearch(db, { listen: false, pollMs: 60_000 });
  while (search.status().state === 'loading') await new Promise((r) => setTimeout(r, 10));
  const readyMs = performance.now() - started;
  global.gc?.();
  const heapAfter = process.memoryUsage();
  console.log(
    `index: ${search.status().state}, ${search.status().parts} parts, ready in ${Math.round(readyMs)} ms, ` +
      `heap +${Math.round((heapAfter.heapUsed - heapBefore.heapUsed) / 2 ** 20)} MB, ` +
      `external+arrays +${Math.round((heapAfter.external + heapAfter.arrayBuffers - heapBefore.external - heapBefore.arrayBuffers) / 2 ** 20)} MB, ` +
      `rss +${Math.round((heapAfter.rss - heapBefore.rss) / 2 ** 20)} MB`,
  );
  const cache = createCatalogCache(db, 0);
  console.log('| query | index p50 | index p99 | SQL p50 | SQL p99 |');
  console.log('|---|---|---|---|---|');
  for (const [name, raw] of cases) {
    const filters = CatalogQuery.parse(raw);
    const time = async (withIndex: boolean, n: number) => {
      const out: number[] = [];
      for (let i = 0; i < n; i += 1) {
        const t = performance.now();
        await loadCatalogPage(db, cache, filters, withIndex ? search : undefined);
        out.push(performance.now() - t);
      }
      return out;
    };
    await time(true, 5);
    const ours = await time(true, reps);
    const theirs = process.env.SKIP_SQL ? [NaN] : await time(false, Math.min(reps, 10));
    const f = (x: number) => (Number.isNaN(x) ? '-' : `${x.toFixed(2)} ms`);
    console.log(
      `| ${name} | ${f(pct(ours, 50))} | ${f(pct(ours, 99))} | ${f(pct(theirs, 50))} | ${f(pct(theirs, 99))} |`,
    );
  }
  await search.stop();
  await database.close();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
}

await main();
