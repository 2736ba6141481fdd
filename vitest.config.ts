import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

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
    testTimeout: 30_000,
    hookTimeout: 60_000,
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
        },
      },
      {
        // The repository's own tooling, such as the import-boundary lint rule.
        test: {
          name: 'tooling',
          root: './scripts',
          include: ['**/*.test.ts'],
          environment: 'node',
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
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One browser at a time: two cores are shared with the servers under test.
          fileParallelism: false,
        },
      },
    ],
  },
});
