import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/*
 * Time limits guard against hangs; tests assert behaviour, not speed. On a machine busy with other
 * work, `TEST_TIME_SCALE=3 npm test` gives every limit (tests, hooks, `expect.poll`) three times as
 * long. e2e/support/time.ts and apps/server/src/test/time.ts read the same setting.
 */
const scale = Math.max(1, Number(process.env.TEST_TIME_SCALE) || 1);
const ms = (n: number) => Math.round(n * scale);
/** What every project shares: its limits, scaled. */
const limits = (testTimeout: number, hookTimeout = testTimeout * 2) => ({
  testTimeout: ms(testTimeout),
  hookTimeout: ms(hookTimeout),
  expect: { poll: { timeout: ms(5_000) } },
});

const serverProject = (
  name: string,
  env: Record<string, string>,
): TestProjectInlineConfiguration => ({
  test: {
    name,
    root: './apps/server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./src/test/global-setup.ts'],
    setupFiles: ['../../scripts/fail-on-console-error.ts'],
    env,
    ...limits(30_000),
  },
});

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contract',
          root: './packages/contract',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          // Property tests bound their runs (`numRuns`); this only stops one that hangs.
          ...limits(20_000),
        },
      },
      {
        // The repository's own tooling, such as the import-boundary lint rule.
        test: {
          name: 'tooling',
          root: './scripts',
          include: ['**/*.test.ts'],
          environment: 'node',
          ...limits(20_000),
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts', '../../scripts/fail-on-console-error.ts'],
          ...limits(20_000),
        },
      },
      serverProject('api-pglite', { TEST_DB: 'pglite' }),
      ...(onPostgres ? [serverProject('api-postgres', { TEST_DB: 'postgres' })] : []),
      {
        test: {
          name: 'e2e',
          root: './e2e',
          include: ['**/*.spec.ts'],
          exclude: ['node_modules/**'],
          environment: 'node',
          globalSetup: ['./support/global-setup.ts'],
          ...limits(60_000, 120_000),
          // One browser at a time: two cores are shared with the servers under test.
          fileParallelism: false,
        },
      },
    ],
  },
});
