import js from '@eslint/js';
import local from './scripts/eslint/layering.js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'apps/server/drizzle/**',
      'bench/results/**',
      '**/*.config.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mjs,js}'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: [
      '**/*.{test,spec}.{ts,tsx}',
      '**/scripts/**',
      'bench/**',
      'e2e/**',
      'apps/server/src/admin.ts',
      'apps/server/src/seed-catalog.ts',
      'apps/server/src/backup.ts',
      'apps/server/src/restore.ts',
    ],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Import boundaries: the web app's layers and the server modules' tables.
    files: ['apps/web/**/*.{ts,tsx}', 'apps/server/**/*.ts'],
    plugins: { local },
    rules: { 'local/layering': 'error' },
  },
  {
    // A page's first number formatted by `Intl` loads the locale's data: 60 to 160 ms of a
    // phone's main thread on every page with a price (decision 080). Dates keep to lib/dates.ts.
    files: ['apps/web/src/**/*.{ts,tsx}', 'packages/contract/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', 'packages/contract/src/money.ts', 'apps/web/src/lib/dates.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='toLocaleString']",
          message: 'Use formatCount or formatMoney (@storefront/contract), or lib/dates.ts.',
        },
        {
          selector: "NewExpression[callee.object.name='Intl'][callee.property.name='NumberFormat']",
          message: 'Use formatMoney or formatCount (@storefront/contract).',
        },
      ],
    },
  },
  {
    files: ['packages/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react*', 'fastify*', 'drizzle*', '@storefront/server*'],
              message: 'The contract depends on zod only.',
            },
          ],
        },
      ],
    },
  },
);
