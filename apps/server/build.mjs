// Bundles the server (and the contract package it imports) into dist/; npm packages stay external.
import { build } from 'esbuild';

const common = {
  absWorkingDir: import.meta.dirname,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  logLevel: 'warning',
};

await build({
  ...common,
  entryPoints: [
    './src/server.ts',
    './src/admin.ts',
    './src/seed-catalog.ts',
    './src/backup.ts',
    './src/restore.ts',
  ],
  outdir: 'dist',
  // The contract package is ours and ships as TypeScript: bundle it in.
  alias: { '@storefront/contract': '../../packages/contract/src/index.ts' },
});

// The embedded database's thread, started by its file name beside the bundle that starts it.
await build({
  ...common,
  entryPoints: ['./src/db/pglite-worker.mjs'],
  outfile: 'dist/pglite-worker.mjs',
});
