import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openPglite, openPostgres } from '../../apps/server/src/db/database.js';
import { measure } from './catalog.js';
import { addGeneratedParts } from './support/generated-parts.js';
import { budgetRow, fmtInt, fmtMs, info, type Row, type SectionResult } from './support/report.js';
import { freePort, startServer } from './support/server.js';
import { settings } from './support/settings.js';

const P99_BUDGET_MS = 30;

/**
 * Search and browse with `settings.search.parts` generated parts beside the demo catalog, at 50
 * connections, with the catalog's response cache off (CATALOG_CACHE_SECONDS=0) so every request
 * runs its queries. On the embedded database the parts are written while the server is stopped.
 */
export async function runSearch(section: string, databaseUrl?: string): Promise<SectionResult> {
  const count = settings.search.parts;
  const port = await freePort();
  const authSecret = crypto.randomBytes(36).toString('base64');
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'storefront-bench-search-'));
  const extraEnv = { CATALOG_CACHE_SECONDS: '0' };
  const options = { label: section, port, authSecret, dataDir, extraEnv };
  let server = await startServer({ ...options, ...(databaseUrl ? { databaseUrl } : {}) });
  const seedStart = performance.now();
  if (databaseUrl) {
    const database = await openPostgres(databaseUrl, 2);
    await addGeneratedParts(database, count);
    await database.close();
  } else {
    await server.stop();
    const database = await openPglite(path.join(dataDir, 'pglite'));
    await addGeneratedParts(database, count);
    await database.close();
    server = await startServer(options);
  }
  const seedMs = performance.now() - seedStart;
  try {
    const base = `${server.baseUrl}/api/catalog`;
    const cases: [string, string][] = [
      ['search "brake pads"', `${base}?q=brake+pads`],
      ['search with a typo "brkae pdas"', `${base}?q=brkae+pdas`],
      ['a part number', `${base}?q=B-100042`],
      ['category, newest', `${base}?category=filters`],
      ['category, by price, page 20', `${base}?category=brakes&sort=price-asc&page=20`],
      ['vehicle: Toyota Corolla 2015', `${base}?make=Toyota&model=Corolla&year=2015`],
      ['search within a vehicle, in stock', `${base}?q=filter&make=Ford&inStock=true`],
      ['suggestions for "alter"', `${server.baseUrl}/api/catalog/suggest?q=alter`],
    ];
    const rows: Row[] = [
      info(
        section,
        'catalog size',
        `${fmtInt(count)} generated parts + the demo catalog (written in ${fmtMs(seedMs)})`,
      ),
    ];
    const measured: Record<string, unknown> = {};
    for (const [name, url] of cases) {
      const m = await measure(url);
      measured[name] = m;
      const bad = m.non2xx + m.errors + m.timeouts;
      rows.push(
        budgetRow(
          section,
          `${name} (p50 ${fmtMs(m.p50)}, ${fmtInt(m.requestsPerSecond)} req/s${bad ? `, ${bad} failed` : ''})`,
          `p99 ${fmtMs(m.p99)}`,
          `< ${P99_BUDGET_MS} ms`,
          m.p99 < P99_BUDGET_MS && bad === 0,
        ),
      );
    }
    // The same requests as a shop serves them, with the response cache on (its default, 2 s):
    // repeated searches within the cache's life are answered from memory. Context, not the budget.
    await server.stop();
    server = await startServer({
      ...options,
      extraEnv: {},
      ...(databaseUrl ? { databaseUrl } : {}),
    });
    for (const [name, path_] of cases) {
      const url = path_.replace(/^http:\/\/[^/]+/, server.baseUrl);
      const m = await measure(url);
      measured[`cached: ${name}`] = m;
      rows.push(
        info(
          section,
          `with the response cache on: ${name}`,
          `p50 ${fmtMs(m.p50)}, p99 ${fmtMs(m.p99)}, ${fmtInt(m.requestsPerSecond)} req/s`,
        ),
      );
    }
    return { rows, details: measured, notes: [] };
  } finally {
    await server.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
