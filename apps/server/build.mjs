// Bundles the server (and the contract package it imports) into dist/; npm packages stay external.
import { build } from 'esbuild';

await build({
  absWorkingDir: import.meta.dirname,
  entryPoints: [
    './src/server.ts',
    './src/admin.ts',
    './src/seed-catalog.ts',
    './src/backup.ts',
    './src/restore.ts',
  ],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  // The contract package is ours and ships as TypeScript: bundle it in.
  alias: { '@storefront/contract': '../../packages/contract/src/index.ts' },
  logLevel: 'warning',
});

// The embedded database's thread, started by its file name beside the bundle that starts it.
await build({
  absWorkingDir: import.meta.dirname,
  entryPoints: ['./src/db/pglite-worker.mjs'],
  outfile: 'dist/pglite-worker.mjs',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  logLevel: 'warning',
});
