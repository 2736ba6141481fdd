// `npm run seed:catalog -- N`: adds N generated parts (with part numbers, specifications and
// fitment over real makes and models) to the configured database, for benchmarks and trials.
import { sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from './config.js';
import { runningServerPid } from './data-dir-lock.js';
import { generatePart } from './db/catalog-generator.js';
import { openDatabase } from './db/database.js';
import { insertCatalogParts } from './modules/parts/catalog.service.js';
import { countParts } from './modules/parts/parts.service.js';

const BATCH = 1000;

async function main(): Promise<number> {
  const count = Number(process.argv[2]);
  if (!Number.isInteger(count) || count < 1 || count > 5_000_000) {
    console.error('Usage: npm run seed:catalog -- N   (N parts to add, 1 to 5,000,000)');
    return 64;
  }
  const config = loadConfig();
  if (!config.databaseUrl) {
    const pid = runningServerPid(config.dataDir);
    if (pid) {
      console.error(`The server (pid ${pid}) has the embedded database open; stop it first.`);
      return 75;
    }
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: 1,
  });
  try {
    await database.migrate();
    // Part numbers carry the starting count, so running the command again adds new parts.
    const start = await countParts(database.db);
    const base = Date.UTC(2025, 0, 1);
    const started = Date.now();
    for (let done = 0; done < count; done += BATCH) {
      const size = Math.min(BATCH, count - done);
      const rows = Array.from({ length: size }, (_, i) => {
        const index = start + done + i + 1;
        return { ...generatePart(index, 'S'), createdAt: new Date(base + index * 1000) };
      });
      await database.db.transaction((tx) => insertCatalogParts(tx, rows));
      if ((done / BATCH) % 10 === 9 || done + size === count)
        console.log(
          `${done + size} / ${count} parts (${Math.round((Date.now() - started) / 1000)} s)`,
        );
    }
    // Fresh rows are not yet marked all-visible: until a vacuum does, the catalog's counts read
    // the table instead of their index only. PGlite has no autovacuum; PostgreSQL's comes later.
    await database.db.execute(sql`vacuum (analyze) parts, part_fitments`);
    console.log(`Added ${count} parts; the catalog has ${start + count}.`);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  },
);
