import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { generatePart } from '../../../apps/server/src/db/catalog-generator.js';
import { openPglite, type Database } from '../../../apps/server/src/db/database.js';
import { insertCatalogParts } from '../../../apps/server/src/modules/parts/catalog.service.js';
import { startServer } from './server.js';

/**
 * Adds `count` generated parts (part numbers B-…) in batches of 1,000, then vacuums and updates
 * statistics, as `npm run seed:catalog` does after a bulk load.
 */
export async function addGeneratedParts(database: Database, count: number): Promise<void> {
  const base = Date.UTC(2025, 0, 1);
  for (let done = 0; done < count; done += 1000) {
    const rows = Array.from({ length: Math.min(1000, count - done) }, (_, i) => {
      const index = done + i + 1;
      return { ...generatePart(index, 'B'), createdAt: new Date(base + index * 1000) };
    });
    await database.db.transaction((tx) => insertCatalogParts(tx, rows));
  }
  await database.db.execute('vacuum (analyze) parts, part_fitments');
}

/**
 * A data folder whose embedded database holds the demo catalog and accounts (a server started
 * once on it seeds them) plus `count` generated parts, written while no server runs. The caller
 * starts servers on it and removes it.
 */
export async function embeddedCatalogAtSize(
  count: number,
): Promise<{ dataDir: string; writtenMs: number }> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'storefront-bench-size-'));
  const seeding = await startServer({ label: 'seeding', dataDir });
  await seeding.stop();
  const started = performance.now();
  const database = await openPglite(path.join(dataDir, 'pglite'));
  try {
    await addGeneratedParts(database, count);
  } finally {
    await database.close();
  }
  return { dataDir, writtenMs: performance.now() - started };
}
