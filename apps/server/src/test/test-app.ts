import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type AppDeps } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import type { Database } from '../db/database.js';
import type { Mail, Mailer } from '../modules/mail/mailer.js';
import { createTestDatabase } from './test-database.js';

export const TEST_AUTH_SECRET = 'test-secret-that-is-long-enough-for-hmac-0123456789';

export const testConfig = (overrides: Partial<Config> = {}): Config => ({
  ...loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: '/nonexistent-test-data',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    AUTH_SECRET: TEST_AUTH_SECRET,
  }),
  // Tests write to the database directly and read through the app a moment later: the search
  // index reads the change log this often (a deployment's default is 500 ms).
  searchPollMs: 50,
  ...overrides,
});

/** Keeps what would have been sent, for tests to read. */
export function memoryMailer(): Mailer & { sent: Mail[] } {
  const sent: Mail[] = [];
  return {
    describe: 'memory',
    sent,
    async send(mail) {
      sent.push(mail);
    },
  };
}

export type TestContext = {
  app: FastifyInstance;
  database: Database;
  config: Config;
  mailer: ReturnType<typeof memoryMailer>;
};

/**
 * One app on one fresh database per test file. Returns an object filled in `beforeAll`, so tests
 * can hold it at module level and read it inside their bodies.
 */
export function useTestApp(
  overrides: Partial<Config> = {},
  deps: Pick<AppDeps, 'importSteps' | 'webhookLookup' | 'vacuum'> = {},
): TestContext {
  const ctx = {} as TestContext;
  beforeAll(async () => {
    ctx.config = testConfig(overrides);
    ctx.database = await createTestDatabase();
    ctx.mailer = memoryMailer();
    ctx.app = await buildApp({
      config: ctx.config,
      database: ctx.database,
      mailer: ctx.mailer,
      ...deps,
    });
    await ctx.app.ready();
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.database?.close();
  });
  return ctx;
}
