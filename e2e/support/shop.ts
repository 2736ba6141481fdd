import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@storefront/contract';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig, type Config } from '../../apps/server/src/config.js';
import type { Database } from '../../apps/server/src/db/database.js';
import { seedCatalog } from '../../apps/server/src/db/seed.js';
import { seedDemoAccounts } from '../../apps/server/src/db/seed-demo-accounts.js';
import { createTestDatabase } from '../../apps/server/src/test/test-database.js';
import { webDistDir } from './global-setup.js';
import { freePort } from './ports.js';

export type Shop = {
  baseURL: string;
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** Where mail lands (.eml files), since no SMTP server is configured. */
  outboxDir: string;
  close(): Promise<void>;
};

/**
 * The real server, serving the production build, on a free port with a fresh database holding
 * the demo catalog and demo accounts. The public URL is known before the app is built, as in
 * production, because sign-in checks the origin against it.
 */
export async function startShop(overrides: Partial<Config> = {}): Promise<Shop> {
  const port = await freePort();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'storefront-e2e-'));
  const database = await createTestDatabase();
  await seedCatalog(database.db);
  const base = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    AUTH_SECRET: 'e2e-secret-that-is-long-enough-for-hmac-0123456789',
  });
  const config: Config = { ...base, webDistDir, ...overrides };
  // Background jobs run as on a real server: the outbox worker writes mail to the outbox folder.
  const app = await buildApp({ config, database, startJobs: true });
  await seedDemoAccounts(database.db, app.storefront.auth);
  await app.listen({ host: '127.0.0.1', port });
  await searchLoaded(config.publicUrl);
  return {
    baseURL: config.publicUrl,
    app,
    database,
    config,
    outboxDir: path.join(dataDir, 'outbox'),
    async close() {
      await app.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Waits for the search index's first load, as a load balancer's readiness check would: until
 * then suggestions come from the database, which does not correct misspellings, and on a busy
 * machine the first test would race the load.
 */
async function searchLoaded(baseURL: string): Promise<void> {
  for (let i = 0; i < 1200; i += 1) {
    const res = await fetch(`${baseURL}${endpoints.searchHealth.path}`);
    const body = (await res.json()) as { state?: string };
    if (body.state !== 'loading') return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the search index did not load in 120 s');
}
