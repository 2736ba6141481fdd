import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
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
    files: ['**/*.{test,spec}.{ts,tsx}', 'scripts/**', 'bench/**', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // One-way layering: app -> features -> shared; a feature never imports another feature.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './apps/web/src/features/auth',
              from: './apps/web/src/features',
              except: ['./auth'],
            },
            {
              target: './apps/web/src/features/catalog',
              from: './apps/web/src/features',
              except: ['./catalog'],
            },
            {
              target: './apps/web/src/features/reviews',
              from: './apps/web/src/features',
              except: ['./reviews'],
            },
            {
              target: './apps/web/src/features/orders',
              from: './apps/web/src/features',
              except: ['./orders'],
            },
            {
              target: './apps/web/src/features/payments',
              from: './apps/web/src/features',
              except: ['./payments'],
            },
            {
              target: './apps/web/src/features/profile',
              from: './apps/web/src/features',
              except: ['./profile'],
            },
            {
              target: './apps/web/src/features/site',
              from: './apps/web/src/features',
              except: ['./site'],
            },
            { target: './apps/web/src/features', from: './apps/web/src/app' },
            {
              target: ['./apps/web/src/components', './apps/web/src/lib', './apps/web/src/config'],
              from: ['./apps/web/src/features', './apps/web/src/app'],
            },
          ],
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
