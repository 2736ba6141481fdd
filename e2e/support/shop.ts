import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig, type Config } from '../../apps/server/src/config.js';
import type { Database } from '../../apps/server/src/db/database.js';
import { seedCatalog } from '../../apps/server/src/db/seed.js';
import { createTestDatabase } from '../../apps/server/src/test/test-database.js';
import { webDistDir } from './global-setup.js';

export type Shop = {
  baseURL: string;
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
};

/** The real server, serving the production build, on a free port with a fresh seeded database. */
export async function startShop(overrides: Partial<Config> = {}): Promise<Shop> {
  const database = await createTestDatabase();
  await seedCatalog(database.db);
  const base = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent-e2e-data', PORT: '0' });
  const config: Config = { ...base, webDistDir, ...overrides };
  const app = await buildApp({ config, database });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const baseURL = `http://127.0.0.1:${address.port}`;
  config.publicUrl = baseURL;
  return {
    baseURL,
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
