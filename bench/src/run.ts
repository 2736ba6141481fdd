/**
 * `npm run bench`: catalog throughput, orders under contention, front-end weight, Lighthouse and
 * axe, against the production build started as child processes. Prints one table and writes
 * bench/results/latest.json and latest.md. QUICK=1 shortens every run; BENCH_ONLY=catalog,orders
 * (import, aces, cpu, machine, search, price-lists, quick-order, staff, weight, lighthouse, a11y) runs a subset; BENCH_DATABASE_URL adds PostgreSQL;
 * BENCH_FRONTEND_PARTS=N measures the front-end pages with N generated parts in the catalog;
 * BENCH_CATALOG_PARTS=N sets the search section's catalog size (100,000, its budgets' size) and
 * BENCH_SEARCH_DATABASES=embedded or postgres runs it on one database only.
 */
import crypto from 'node:crypto';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dropAllDatabases, createFreshDatabase } from './support/postgres.js';
import {
  buildReport,
  errorRow,
  errorText,
  info,
  renderTable,
  skippedRow,
  writeReport,
  type Row,
  type SectionResult,
} from './support/report.js';
import { CHECKOUT_BENCH_ENV, runCheckout } from './checkout.js';
import { startServer, stopAllServers, type ServerUnderTest } from './support/server.js';
import { repoRoot, serverEntry, settings, webBuild, webDistDir } from './support/settings.js';

const startedAt = new Date();
const loadAtStart = os.loadavg();
const elapsed = () => `${((Date.now() - startedAt.getTime()) / 1000).toFixed(0).padStart(4)} s`;
const progress = (message: string) => console.error(`[${elapsed()}] ${message}`);

/** Table order follows the issues: catalog, orders, the staff console, weight, Lighthouse, axe. */
const ORDER = [
  'catalog',
  'import',
  'aces',
  'orders',
  'cpu',
  'checkout',
  'machine',
  'search',
  'price-lists',
  'quick-order',
  'staff',
  'weight',
  'lighthouse',
  'a11y',
] as const;
type Kind = (typeof ORDER)[number];

const rowsByKind = new Map<Kind, Row[]>(ORDER.map((k) => [k, []]));
const details: Record<string, unknown> = {};
const notes: Record<string, string[]> = {};

const want = (kind: Kind) => !settings.only || settings.only.has(kind);

async function section(
  kind: Kind,
  name: string,
  run: () => Promise<SectionResult>,
  server?: ServerUnderTest,
): Promise<void> {
  progress(`${name}…`);
  const t0 = Date.now();
  try {
    const result = await run();
    rowsByKind.get(kind)?.push(...result.rows);
    details[name] = result.details;
    if (result.notes.length > 0) notes[name] = result.notes;
  } catch (err) {
    // A server that died explains the error better than the error itself.
    const died = server?.unexpectedExit();
    const why = died ? `server ${died} (last output: ${server?.output()}); ` : '';
    rowsByKind.get(kind)?.push(errorRow(name, why ? new Error(why + errorText(err)) : err));
    details[name] = {
      error: `${why}${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
    };
  }
  progress(`${name} done in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

async function ensureBuilt(): Promise<void> {
  if (fs.existsSync(serverEntry) && fs.existsSync(path.join(webDistDir, 'index.html'))) return;
  progress('production build missing: running `npm run build`');
  await new Promise<void>((resolve, reject) => {
    const child = spawn('npm', ['run', 'build'], { cwd: repoRoot, stdio: ['ignore', 2, 2] });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`npm run build exited with ${code}`)),
    );
  });
}

/** Starts a server, runs the sections against it, stops it (even when a section fails). */
async function withServer(
  label: string,
  kinds: { kind: Kind; name: string; run: (s: ServerUnderTest) => Promise<SectionResult> }[],
  databaseUrl?: string,
  dataDir?: string,
  extraEnv?: Record<string, string>,
): Promise<void> {
  const active = kinds.filter((k) => want(k.kind));
  if (active.length === 0) return;
  let server: ServerUnderTest;
  try {
    progress(`starting the ${label} server`);
    server = await startServer({
      label,
      ...(databaseUrl ? { databaseUrl } : {}),
      ...(dataDir ? { dataDir } : {}),
      ...(extraEnv ? { extraEnv } : {}),
      ...(settings.serverNodeArgs ? { nodeArgs: settings.serverNodeArgs } : {}),
    });
  } catch (err) {
    for (const k of active) rowsByKind.get(k.kind)?.push(errorRow(k.name, err));
    return;
  }
  try {
    for (const k of active) {
      const died = server.unexpectedExit();
      if (died) {
        rowsByKind
          .get(k.kind)
          ?.push(errorRow(k.name, new Error(`server ${died} (last output: ${server.output()})`)));
      } else await section(k.kind, k.name, () => k.run(server), server);
    }
  } finally {
    await server.stop();
  }
}

/** Copies the web build aside, so every section sees the same one; returns its entry script. */
async function snapshotWebBuild(): Promise<string> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'bench-web-dist-'));
  await fs.promises.cp(webDistDir, dir, { recursive: true });
  webBuild.dir = dir;
  const html = await fs.promises.readFile(path.join(dir, 'index.html'), 'utf8');
  const built = (await fs.promises.stat(path.join(dir, 'index.html'))).mtime;
  const entry = /<script[^>]*type="module"[^>]*src="([^"]+)"/.exec(html)?.[1] ?? 'unknown entry';
  return `${entry} (built ${built.toISOString().replace('T', ' ').slice(0, 19)} UTC)`;
}

async function cleanup(): Promise<void> {
  await stopAllServers();
  await dropAllDatabases();
  if (webBuild.dir !== webDistDir) {
    await fs.promises.rm(webBuild.dir, { recursive: true, force: true }).catch(() => undefined);
    webBuild.dir = webDistDir;
  }
}

async function main(): Promise<void> {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      progress(`${signal}: stopping servers and dropping bench databases`);
      void cleanup().finally(() => process.exit(130));
    });
  }
  progress(
    `bench${settings.quick ? ' (QUICK)' : ''}: ${settings.catalog.durationSeconds} s load runs, ${settings.lighthouse.runs} Lighthouse run(s) per page`,
  );
  await ensureBuilt();
  const buildLabel = await snapshotWebBuild();

  // Section modules are loaded on demand, so one that cannot even load fails alone.
  const { runCatalog } = await import('./catalog.js');
  const { runOrders } = await import('./orders.js');
  const { runAuthCost } = await import('./auth-cost.js');
  const { runCpu } = await import('./cpu.js');

  await withServer('embedded', [
    {
      kind: 'catalog',
      name: 'Catalog (embedded)',
      run: (s) => runCatalog(s, 'Catalog (embedded)'),
    },
    {
      kind: 'catalog',
      name: 'Authenticated request (embedded)',
      run: (s) => runAuthCost(s, 'Authenticated request (embedded)'),
    },
    { kind: 'orders', name: 'Orders (embedded)', run: (s) => runOrders(s, 'Orders (embedded)') },
  ]);
  // Its own server: it names the benchmark's admin, which the sections above already signed up.
  await withServer('embedded (CPU)', [
    {
      kind: 'cpu',
      name: 'CPU per request (embedded)',
      run: (s) => runCpu(s, 'CPU per request (embedded)'),
    },
  ]);

  if (!settings.benchDatabaseUrl) {
    if (want('catalog')) {
      rowsByKind
        .get('catalog')
        ?.push(skippedRow('Catalog (PostgreSQL)', 'skipped (set BENCH_DATABASE_URL)'));
    }
    if (want('orders')) {
      rowsByKind
        .get('orders')
        ?.push(skippedRow('Orders (PostgreSQL)', 'skipped (set BENCH_DATABASE_URL)'));
    }
  } else if (want('catalog') || want('orders')) {
    let fresh: Awaited<ReturnType<typeof createFreshDatabase>> | null = null;
    try {
      fresh = await createFreshDatabase(settings.benchDatabaseUrl);
      progress(`created database ${fresh.name}`);
      await withServer(
        'PostgreSQL',
        [
          {
            kind: 'catalog',
            name: 'Catalog (PostgreSQL)',
            run: (s) => runCatalog(s, 'Catalog (PostgreSQL)'),
          },
          {
            kind: 'catalog',
            name: 'Authenticated request (PostgreSQL)',
            run: (s) => runAuthCost(s, 'Authenticated request (PostgreSQL)'),
          },
          {
            kind: 'orders',
            name: 'Orders (PostgreSQL)',
            run: (s) => runOrders(s, 'Orders (PostgreSQL)'),
          },
        ],
        fresh.url,
      );
    } catch (err) {
      for (const [kind, name] of [
        ['catalog', 'Catalog (PostgreSQL)'],
        ['orders', 'Orders (PostgreSQL)'],
      ] as const) {
        if (want(kind)) rowsByKind.get(kind)?.push(errorRow(name, err));
      }
    } finally {
      if (fresh) {
        await fresh.drop().then(
          () => progress(`dropped database ${fresh?.name}`),
          (err: unknown) => progress(`could not drop ${fresh?.name}: ${String(err)}`),
        );
      }
    }
  }

  if (want('cpu') && settings.benchDatabaseUrl) {
    const fresh = await createFreshDatabase(settings.benchDatabaseUrl);
    try {
      await withServer(
        'PostgreSQL (CPU)',
        [
          {
            kind: 'cpu',
            name: 'CPU per request (PostgreSQL)',
            run: (s) => runCpu(s, 'CPU per request (PostgreSQL)'),
          },
        ],
        fresh.url,
      );
    } finally {
      await fresh.drop().catch(() => undefined);
    }
  }

  // Machine access (issue 35): the stock feed and webhook delivery, on both databases.
  const { runMachine, MACHINE_BENCH_ENV } = await import('./machine.js');
  await withServer(
    'embedded (machine access)',
    [
      {
        kind: 'machine',
        name: 'Machine access (embedded)',
        run: (s) => runMachine(s, 'Machine access (embedded)', 'embedded'),
      },
    ],
    undefined,
    undefined,
    MACHINE_BENCH_ENV,
  );
  if (want('machine') && settings.benchDatabaseUrl) {
    const fresh = await createFreshDatabase(settings.benchDatabaseUrl);
    try {
      await withServer(
        'PostgreSQL (machine access)',
        [
          {
            kind: 'machine',
            name: 'Machine access (PostgreSQL)',
            run: (s) => runMachine(s, 'Machine access (PostgreSQL)', 'postgres'),
          },
        ],
        fresh.url,
        undefined,
        MACHINE_BENCH_ENV,
      );
    } finally {
      await fresh.drop().catch(() => undefined);
    }
  } else if (want('machine')) {
    rowsByKind
      .get('machine')
      ?.push(skippedRow('Machine access (PostgreSQL)', 'skipped (set BENCH_DATABASE_URL)'));
  }

  // Multi-line checkout (issue 21): budgets on PostgreSQL, the embedded figures for reference.
  await withServer(
    'embedded (checkout)',
    [
      {
        kind: 'checkout',
        name: 'Checkout (embedded)',
        run: (s) => runCheckout(s, 'Checkout (embedded)'),
      },
    ],
    undefined,
    undefined,
    CHECKOUT_BENCH_ENV,
  );
  if (want('checkout') && settings.benchDatabaseUrl) {
    const fresh = await createFreshDatabase(settings.benchDatabaseUrl);
    try {
      await withServer(
        'PostgreSQL (checkout)',
        [
          {
            kind: 'checkout',
            name: 'Checkout (PostgreSQL)',
            run: (s) => runCheckout(s, 'Checkout (PostgreSQL)'),
          },
        ],
        fresh.url,
        undefined,
        CHECKOUT_BENCH_ENV,
      );
    } finally {
      await fresh.drop().catch(() => undefined);
    }
  } else if (want('checkout')) {
    rowsByKind
      .get('checkout')
      ?.push(skippedRow('Checkout (PostgreSQL)', 'skipped (set BENCH_DATABASE_URL)'));
  }

  // One hot part ordered through two instances on one PostgreSQL database (the same AUTH_SECRET).
  if (want('orders') && settings.benchDatabaseUrl) {
    const name = 'Orders on two instances (PostgreSQL)';
    const fresh = await createFreshDatabase(settings.benchDatabaseUrl);
    const authSecret = crypto.randomBytes(36).toString('base64');
    const started: ServerUnderTest[] = [];
    try {
      const first = await startServer({ label: `${name} A`, databaseUrl: fresh.url, authSecret });
      started.push(first);
      await section(
        'orders',
        name,
        () =>
          runOrders(first, name, async () => {
            const second = await startServer({
              label: `${name} B`,
              databaseUrl: fresh.url,
              authSecret,
            });
            started.push(second);
            return [second];
          }),
        first,
      );
    } catch (err) {
      rowsByKind.get('orders')?.push(errorRow(name, err));
    } finally {
      for (const s of started) await s.stop();
      await fresh.drop().catch(() => undefined);
    }
  }

  // Search at size (issue 25): each database gets its own servers and its own generated parts.
  if (want('search')) {
    const { runSearch } = await import('./search.js');
    const size =
      settings.search.parts === 100_000
        ? ''
        : `, ${settings.search.parts.toLocaleString('en-US')} parts`;
    const embedded = `Search (embedded${size})`;
    const postgres = `Search (PostgreSQL${size})`;
    if (settings.search.databases.has('embedded'))
      await section('search', embedded, () => runSearch(embedded));
    if (!settings.search.databases.has('postgres')) {
      // Left out on purpose (BENCH_SEARCH_DATABASES).
    } else if (!settings.benchDatabaseUrl) {
      rowsByKind.get('search')?.push(skippedRow(postgres, 'skipped (set BENCH_DATABASE_URL)'));
    } else {
      const fresh = await createFreshDatabase(settings.benchDatabaseUrl);
      try {
        await section('search', postgres, () => runSearch(postgres, fresh.url));
      } finally {
        await fresh.drop().catch(() => undefined);
      }
    }
  }

  // Contract price lists (issue 36): a company buyer's search and checkout against a visitor's
  // search and a plain buyer's checkout, at the search section's size, on each database.
  if (want('price-lists')) {
    const { runPriceLists } = await import('./price-lists.js');
    const size =
      settings.search.parts === 100_000
        ? ''
        : `, ${settings.search.parts.toLocaleString('en-US')} parts`;
    const embedded = `Price lists (embedded${size})`;
    const postgres = `Price lists (PostgreSQL${size})`;
    if (settings.search.databases.has('embedded'))
      await section('price-lists', embedded, () => runPriceLists(embedded));
    if (!settings.search.databases.has('postgres')) {
      // Left out on purpose (BENCH_SEARCH_DATABASES).
    } else if (!settings.benchDatabaseUrl) {
      rowsByKind.get('price-lists')?.push(skippedRow(postgres, 'skipped (set BENCH_DATABASE_URL)'));
    } else {
      const fresh = await createFreshDatabase(settings.benchDatabaseUrl);
      try {
        await section('price-lists', postgres, () => runPriceLists(postgres, fresh.url));
      } finally {
        await fresh.drop().catch(() => undefined);
      }
    }
  }

  // Quick order at size (issue 22): 500 pasted rows resolved against the catalog.
  // Catalog import at a manufacturer's size (issue 34), on each database.
  if (want('import')) {
    const { runImport } = await import('./import.js');
    const size = `${settings.import.parts.toLocaleString('en-US')} parts`;
    if (settings.import.databases.has('embedded'))
      await section('import', `Catalog import (embedded, ${size})`, () =>
        runImport(`Catalog import (embedded, ${size})`),
      );
    const postgres = `Catalog import (PostgreSQL, ${size})`;
    if (!settings.import.databases.has('postgres')) {
      // Left out on purpose (BENCH_IMPORT_DATABASES).
    } else if (!settings.benchDatabaseUrl) {
      rowsByKind.get('import')?.push(skippedRow(postgres, 'skipped (set BENCH_DATABASE_URL)'));
    } else {
      const fresh = await createFreshDatabase(settings.benchDatabaseUrl);
      try {
        await section('import', postgres, () => runImport(postgres, fresh.url));
      } finally {
        await fresh.drop().catch(() => undefined);
      }
    }
  }

  // An ACES file at size (issue 39): BENCH_ONLY=aces (BENCH_ACES_APPS applications).
  if (want('aces')) {
    const { runAces } = await import('./aces.js');
    const size = `${settings.aces.apps.toLocaleString('en-US')} applications`;
    if (settings.aces.databases.has('embedded'))
      await section('aces', `ACES import (embedded, ${size})`, () =>
        runAces(`ACES import (embedded, ${size})`),
      );
    const postgres = `ACES import (PostgreSQL, ${size})`;
    if (settings.aces.databases.has('postgres') && settings.benchDatabaseUrl) {
      const fresh = await createFreshDatabase(settings.benchDatabaseUrl);
      try {
        await section('aces', postgres, () => runAces(postgres, fresh.url));
      } finally {
        await fresh.drop().catch(() => undefined);
      }
    }
  }

  if (want('quick-order')) {
    const { runQuickOrder } = await import('./quick-order.js');
    await section('quick-order', 'Quick order (embedded)', () =>
      runQuickOrder('Quick order (embedded)'),
    );
    if (!settings.benchDatabaseUrl) {
      rowsByKind
        .get('quick-order')
        ?.push(skippedRow('Quick order (PostgreSQL)', 'skipped (set BENCH_DATABASE_URL)'));
    } else {
      const fresh = await createFreshDatabase(settings.benchDatabaseUrl);
      try {
        await section('quick-order', 'Quick order (PostgreSQL)', () =>
          runQuickOrder('Quick order (PostgreSQL)', fresh.url),
        );
      } finally {
        await fresh.drop().catch(() => undefined);
      }
    }
  }

  // The staff console at size: each database gets its own server and its own past orders.
  if (want('staff')) {
    const { runStaff } = await import('./staff.js');
    await section('staff', 'Staff orders (embedded)', () => runStaff('Staff orders (embedded)'));
    if (!settings.benchDatabaseUrl) {
      rowsByKind
        .get('staff')
        ?.push(skippedRow('Staff orders (PostgreSQL)', 'skipped (set BENCH_DATABASE_URL)'));
    } else {
      const fresh = await createFreshDatabase(settings.benchDatabaseUrl);
      try {
        await section('staff', 'Staff orders (PostgreSQL)', () =>
          runStaff('Staff orders (PostgreSQL)', fresh.url),
        );
      } finally {
        await fresh.drop().catch(() => undefined);
      }
    }
  }

  // The front end gets its own fresh embedded server: the demo catalog and accounts, untouched
  // unless BENCH_FRONTEND_PARTS adds generated parts (the pages should not grow with the catalog).
  const frontEnd = settings.lighthouse.parts;
  let frontEndDataDir: string | undefined;
  if (frontEnd > 0 && (want('weight') || want('lighthouse') || want('a11y'))) {
    progress(`writing ${frontEnd} generated parts for the front-end pages`);
    const { embeddedCatalogAtSize } = await import('./support/generated-parts.js');
    const sized = await embeddedCatalogAtSize(frontEnd);
    frontEndDataDir = sized.dataDir;
    rowsByKind
      .get(want('lighthouse') ? 'lighthouse' : want('weight') ? 'weight' : 'a11y')
      ?.push(
        info(
          'Front-end pages',
          'catalog size',
          `${frontEnd.toLocaleString('en-US')} generated parts + the demo catalog (written in ${(sized.writtenMs / 1000).toFixed(0)} s)`,
        ),
      );
  }
  await withServer(
    frontEnd > 0 ? `front-end (embedded, ${frontEnd} generated parts)` : 'front-end (embedded)',
    [
      {
        kind: 'weight',
        name: 'Home page weight',
        run: async (s) => (await import('./weight.js')).runWeight(s, 'Home page weight'),
      },
      {
        kind: 'lighthouse',
        name: 'Lighthouse',
        run: async (s) => (await import('./lighthouse.js')).runLighthouse(s, 'Lighthouse'),
      },
      {
        kind: 'a11y',
        name: 'Accessibility (axe)',
        run: async (s) => (await import('./a11y.js')).runA11y(s, 'Accessibility (axe)'),
      },
    ],
    undefined,
    frontEndDataDir,
  );
  if (frontEndDataDir) await fs.promises.rm(frontEndDataDir, { recursive: true, force: true });

  const loadAtEnd = os.loadavg();
  const rows = [
    ...ORDER.flatMap((k) => rowsByKind.get(k) ?? []),
    info(
      'Run',
      'machine load (1-min average, start / end)',
      `${loadAtStart[0]?.toFixed(2)} / ${loadAtEnd[0]?.toFixed(2)} on ${os.cpus().length} cores (other work on the machine skews the figures)`,
    ),
    info('Run', 'web build measured', buildLabel),
    info('Run', 'duration', `${((Date.now() - startedAt.getTime()) / 1000).toFixed(0)} s`),
  ];
  const report = buildReport({ startedAt, quick: settings.quick, rows, details, notes });
  console.log(renderTable(rows));
  const { summary } = report;
  console.log(
    `\nBudgets: ${summary.passed} passed, ${summary.failed} failed, ${summary.errors} errors, ${summary.skipped} skipped. Took ${report.durationSeconds.toFixed(0)} s${settings.quick ? ' (QUICK mode: not comparable with a full run)' : ''}.`,
  );
  const written = await writeReport(report);
  console.log(
    `Written: ${path.relative(repoRoot, written.json)}, ${path.relative(repoRoot, written.md)}`,
  );
}

main()
  .catch(async (err: unknown) => {
    console.error('bench failed:', err);
    process.exitCode = 1;
  })
  .finally(async () => {
    await cleanup();
  });
