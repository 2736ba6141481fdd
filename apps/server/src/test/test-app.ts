import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import type { Database } from '../db/database.js';
import { createTestDatabase } from './test-database.js';

export const testConfig = (overrides: Partial<Config> = {}): Config => ({
  ...loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: '/nonexistent-test-data',
    WEB_DIST_DIR: '/nonexistent-web-dist',
  }),
  ...overrides,
});

export type TestContext = { app: FastifyInstance; database: Database; config: Config };

/**
 * One app on one fresh database per test file. Returns a getter-backed object so tests can
 * destructure at module level and read it inside their test bodies.
 */
export function useTestApp(overrides: Partial<Config> = {}): TestContext {
  const ctx = {} as TestContext;
  beforeAll(async () => {
    ctx.config = testConfig(overrides);
    ctx.database = await createTestDatabase();
    ctx.app = await buildApp({ config: ctx.config, database: ctx.database });
    await ctx.app.ready();
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.database?.close();
  });
  return ctx;
}
