import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: bench/src/support -> ../../.. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const resultsDir = path.join(repoRoot, 'bench', 'results');
export const serverEntry = path.join(repoRoot, 'apps', 'server', 'dist', 'server.js');
export const webDistDir = path.join(repoRoot, 'apps', 'web', 'dist');

/**
 * The web build the servers serve and the weight section weighs: run.ts points it at a copy
 * taken at the start, so a rebuild by someone else mid-run cannot mix two builds.
 */
export const webBuild = { dir: webDistDir };

// One list of Chromium flags and one path, shared with the browser tests.
export { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../../e2e/support/browser.js';

const quick = ['1', 'true', 'yes'].includes((process.env.QUICK ?? '').toLowerCase());

export type Settings = {
  quick: boolean;
  /** Sections to run; all when BENCH_ONLY is unset (a comma list: catalog,orders,weight,...). */
  only: Set<string> | null;
  benchDatabaseUrl: string | undefined;
  serverNodeArgs: string[] | null;
  serverLog: string | null;
  catalog: { connections: number; warmupSeconds: number; durationSeconds: number };
  orders: {
    customers: number;
    attempts: number;
    startingStock: number;
    minimum: number;
    /** No new attempt starts after this; every request also has its own timeout. */
    deadlineMs: number;
    requestTimeoutMs: number;
  };
  /** The staff console at size: past orders seeded, sequential samples per filtered page. */
  staff: { orders: number; samples: number };
  /** Search at size: generated parts added to the demo catalog, on which databases. */
  search: { parts: number; databases: Set<string> };
  /**
   * Front-end pages (weight, Lighthouse, axe); `parts` generated parts beside the demo catalog;
   * `pages` the Lighthouse pages measured, by label (all when null).
   */
  lighthouse: { runs: number; parts: number; pages: Set<string> | null };
  /** The catalog import at size: parts in the file (each with `vehicles` rows), on which databases. */
  import: { parts: number; vehicles: number; databases: Set<string> };
  /** An ACES file at size (issue 39): applications in it (a million is 200 MB), on which databases. */
  aces: { apps: number; databases: Set<string> };
};

export const settings: Settings = {
  quick,
  only: process.env.BENCH_ONLY
    ? new Set(
        process.env.BENCH_ONLY.split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      )
    : null,
  benchDatabaseUrl: process.env.BENCH_DATABASE_URL || undefined,
  // e.g. BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to see where a server's time goes.
  serverNodeArgs: process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? null,
  // e.g. BENCH_SERVER_LOG=/tmp/server.log: the servers' info log (an import's preview steps, timed).
  serverLog: process.env.BENCH_SERVER_LOG || null,
  catalog: quick
    ? { connections: 50, warmupSeconds: 1, durationSeconds: 2 }
    : { connections: 50, warmupSeconds: 2, durationSeconds: 10 },
  orders: {
    customers: quick ? 20 : 100,
    attempts: 1000,
    startingStock: 1000,
    minimum: 10,
    deadlineMs: 60_000,
    requestTimeoutMs: 15_000,
  },
  staff: {
    orders: Number(process.env.BENCH_STAFF_ORDERS) || (quick ? 20_000 : 100_000),
    samples: quick ? 60 : 300,
  },
  search: {
    parts: Number(process.env.BENCH_CATALOG_PARTS) || (quick ? 10_000 : 100_000),
    databases: new Set(
      (process.env.BENCH_SEARCH_DATABASES ?? 'embedded,postgres').split(',').map((s) => s.trim()),
    ),
  },
  lighthouse: {
    runs: quick ? 1 : 3,
    parts: Number(process.env.BENCH_FRONTEND_PARTS) || 0,
    // e.g. BENCH_LIGHTHOUSE_PAGES=/parts,/cart: one change's pages only.
    pages: process.env.BENCH_LIGHTHOUSE_PAGES
      ? new Set(process.env.BENCH_LIGHTHOUSE_PAGES.split(',').map((s) => s.trim()))
      : null,
  },
  import: {
    parts: Number(process.env.BENCH_IMPORT_PARTS) || (quick ? 10_000 : 100_000),
    vehicles: 4,
    databases: new Set(
      (process.env.BENCH_IMPORT_DATABASES ?? 'embedded,postgres').split(',').map((s) => s.trim()),
    ),
  },
  aces: {
    apps: Number(process.env.BENCH_ACES_APPS) || (quick ? 100_000 : 1_000_000),
    databases: new Set(
      (process.env.BENCH_IMPORT_DATABASES ?? 'embedded,postgres').split(',').map((s) => s.trim()),
    ),
  },
};
