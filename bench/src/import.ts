import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { CATEGORIES, PART_COLUMNS, type CatalogImportDetails } from '@storefront/contract';
import { confirmAddress, signUpWithKey, type SignedIn } from './support/accounts.js';
import { budgetRow, fmtInt, fmtMs, info, type Row, type SectionResult } from './support/report.js';
import {
  BENCH_ADMIN_EMAIL,
  freePort,
  startServer,
  type ServerUnderTest,
} from './support/server.js';
import { settings } from './support/settings.js';

/*
 * The catalog import at a manufacturer's size (issue 34): a CSV of 100,000 parts and a CSV of
 * 400,000 vehicles, previewed and applied through the API of the production build, while the
 * server's memory is sampled, the catalog is read and orders are placed; then the catalog is
 * exported and the unchanged export imported again.
 */

const PREVIEW_BUDGET_MS = 20_000;
const APPLY_BUDGET_MS = { postgres: 60_000, embedded: 120_000 };
const MEMORY_BUDGET_MB = 300;
const CATALOG_P99_BUDGET_MS = 100;
const UNCHANGED_BUDGET_MS = 15_000;
const EXPORT_BUDGET_MS = 10_000;
const EXPORT_MEMORY_BUDGET_MB = 50;
const SEARCH_BUDGET_MS = 5_000;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const mb = (bytes: number) => bytes / 1_048_576;

/** Writes the two files row by row (the bench holds no 40 MB string). */
export async function writeFiles(dir: string, parts: number, vehicles: number) {
  const partsFile = path.join(dir, 'parts.csv');
  const vehiclesFile = path.join(dir, 'vehicles.csv');
  const p = fs.createWriteStream(partsFile);
  const v = fs.createWriteStream(vehiclesFile);
  const write = (stream: fs.WriteStream, line: string) =>
    stream.write(line) ? undefined : new Promise<void>((r) => stream.once('drain', () => r()));
  await write(p, `${PART_COLUMNS.map((c) => c.header).join(',')}\n`);
  await write(v, 'Part number,Make,Model,Year from,Year to,Position,Note\n');
  const makes = ['Toyota', 'Ford', 'Volkswagen', 'BMW', 'Renault', 'Peugeot', 'Skoda', 'Fiat'];
  const models = ['Corolla', 'Focus', 'Golf', '3 Series', 'Clio', '308', 'Octavia', 'Punto'];
  for (let i = 0; i < parts; i += 1) {
    const sku = `BI-${String(i).padStart(6, '0')}`;
    const pack = 1 + (i % 4);
    const min = pack * (1 + (i % 5));
    const price = 500 + ((i * 7919) % 50_000);
    const cells: Record<string, string> = {
      sku,
      name: `Bench part ${i} ${CATEGORIES[i % CATEGORIES.length]} kit`,
      description: `"Generated part ${i}, made for the import benchmark. ${'Fits many vehicles. '.repeat(6)}"`,
      category: CATEGORIES[i % CATEGORIES.length]!,
      price: (price / 100).toFixed(2),
      minOrderQuantity: String(min),
      packSize: String(pack),
      maxOrderQuantity: '',
      stock: String(50 + (i % 500)),
      featured: 'no',
      archived: 'no',
      imageUrl: '/images/parts/oil-filter.svg',
      oemNumbers: `OE${i}A|OE${i}B`,
      supersededNumbers: '',
      volumePrices: `${min + pack * 10}:${((price - 50) / 100).toFixed(2)}|${min + pack * 50}:${((price - 100) / 100).toFixed(2)}`,
      specifications: `Material=Steel|Weight=${i % 9} kg`,
    };
    await write(p, `${PART_COLUMNS.map((c) => cells[c.key] ?? '').join(',')}\n`);
    for (let k = 0; k < vehicles; k += 1) {
      const m = (i + k) % makes.length;
      await write(
        v,
        `${sku},${makes[m]},${models[m]},${2000 + ((i + k) % 15)},${2000 + ((i + k) % 15) + (i % 8)},${k % 2 ? 'Front' : 'Rear'},\n`,
      );
    }
  }
  await Promise.all([
    new Promise<void>((r) => p.end(() => r())),
    new Promise<void>((r) => v.end(() => r())),
  ]);
  return {
    partsFile,
    vehiclesFile,
    bytes: fs.statSync(partsFile).size + fs.statSync(vehiclesFile).size,
  };
}

/** Samples the server's resident memory until stopped; the peak over the start is the growth. */
export function memorySampler(server: ServerUnderTest) {
  let peak = 0;
  let start = 0;
  let running = true;
  const done = (async () => {
    start = (await server.rssBytes()) ?? 0;
    peak = start;
    while (running) {
      peak = Math.max(peak, (await server.rssBytes()) ?? 0);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      return mb(peak - start);
    },
  };
}

export async function uploadFiles(
  server: ServerUnderTest,
  admin: SignedIn,
  files: [string, string, string][],
) {
  const form = new FormData();
  for (const [field, file, name] of files)
    form.append(field, new Blob([await fsp.readFile(file)]), name);
  const res = await fetch(`${server.baseUrl}/api/staff/imports`, {
    method: 'POST',
    headers: { authorization: admin.authorization },
    body: form,
    signal: AbortSignal.timeout(600_000),
  });
  if (res.status !== 202) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

/**
 * A GET tried again once when the connection was reset, as browsers do for a kept-alive connection
 * the server closed while the request left (on the embedded database an apply holds the event loop
 * past the server's keep-alive time, then both ends act on the same socket at once).
 */
async function getAgain(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (err) {
    const code = (err as { cause?: { code?: string } }).cause?.code;
    if (code !== 'ECONNRESET' && code !== 'UND_ERR_SOCKET') throw err;
    return fetch(url, init);
  }
}

export async function settle(
  server: ServerUnderTest,
  admin: SignedIn,
  id: string,
): Promise<CatalogImportDetails> {
  for (;;) {
    // On the embedded database a request waits for the whole apply: minutes, at this size.
    const res = await getAgain(`${server.baseUrl}/api/staff/imports/${id}`, {
      headers: { authorization: admin.authorization },
      signal: AbortSignal.timeout(900_000),
    });
    const job = (await res.json()) as CatalogImportDetails;
    if (job.status !== 'reading' && job.status !== 'applying') return job;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * While the apply runs: catalog pages read one after another (their latency), and orders of a
 * demo part placed one after another by a customer (how many go through).
 */
function trafficDuring(
  server: ServerUnderTest,
  customer: SignedIn,
  part: { _id: string; mOrderQuantity: number },
) {
  let running = true;
  const latencies: number[] = [];
  let placed = 0;
  let refused = 0;
  let limited = 0;
  let failed: unknown = null;
  const reads = (async () => {
    let i = 0;
    while (running) {
      const t0 = performance.now();
      const res = await getAgain(
        `${server.baseUrl}/api/catalog?q=${['pads', 'filter', 'disc', 'kit'][i++ % 4]}`,
        {
          signal: AbortSignal.timeout(900_000),
        },
      );
      await res.arrayBuffer();
      latencies.push(performance.now() - t0);
    }
  })().catch((err: unknown) => {
    failed = new Error(`a catalog read: ${String(err)}`);
  });
  const orders = (async () => {
    while (running) {
      const res = await fetch(`${server.baseUrl}/api/purchase`, {
        method: 'POST',
        headers: { authorization: customer.authorization, 'content-type': 'application/json' },
        body: JSON.stringify({
          partId: part._id,
          minimum: part.mOrderQuantity,
          shipTo: { street: '1 Bench Road', city: 'Leeds', postalCode: 'LS1 1AA', country: 'UK' },
          phone: '0113 496 0000',
        }),
        signal: AbortSignal.timeout(900_000),
      });
      await res.arrayBuffer();
      // 429 is the account's own order-write limit (30 per 10 minutes), not the import.
      if (res.status === 201) placed += 1;
      else if (res.status === 429) limited += 1;
      else refused += 1;
      await new Promise((r) => setTimeout(r, 100));
    }
  })().catch((err: unknown) => {
    failed = new Error(`an order: ${String(err)}`);
  });
  return {
    async stop() {
      running = false;
      await Promise.all([reads, orders]);
      if (failed) throw new Error(`traffic during the apply failed: ${String(failed)}`);
      latencies.sort((a, b) => a - b);
      return {
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        reads: latencies.length,
        placed,
        refused,
        limited,
      };
    },
  };
}

export async function runImport(section: string, databaseUrl?: string): Promise<SectionResult> {
  const database = databaseUrl ? 'postgres' : 'embedded';
  const { parts, vehicles } = settings.import;
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'storefront-bench-import-'));
  const files = await writeFiles(dir, parts, vehicles);
  const server = await startServer({
    label: section,
    port: await freePort(),
    authSecret: crypto.randomBytes(36).toString('base64'),
    // The orders placed during the apply must not stop at the account's open-order ceiling.
    // No scheduled backup lands in the measured phases: a backup's copy of the data folder is not
    // the import's memory (the backups section of the README says what one costs).
    extraEnv: {
      MAX_UNPAID_ORDERS: '1000',
      MAX_UNPAID_ORDER_VALUE: '100000000',
      BACKUP_INTERVAL_HOURS: '0',
    },
    ...(databaseUrl ? { databaseUrl } : {}),
    // BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=…" profiles the server.
    ...(settings.serverNodeArgs ? { nodeArgs: settings.serverNodeArgs } : {}),
  });
  let step = 'sign-up';
  try {
    const admin = await signUpWithKey(server.baseUrl, BENCH_ADMIN_EMAIL);
    await confirmAddress(server.baseUrl, server.dataDir, admin);
    const customer = await signUpWithKey(server.baseUrl, `bench-import-${Date.now()}@example.com`);
    const [demo] = (await (await fetch(`${server.baseUrl}/api/parts`)).json()) as {
      _id: string;
      mOrderQuantity: number;
    }[];

    // Preview.
    step = 'preview';
    let memory = memorySampler(server);
    let t0 = performance.now();
    const id = await uploadFiles(server, admin, [
      ['parts', files.partsFile, 'parts.csv'],
      ['fitment', files.vehiclesFile, 'vehicles.csv'],
    ]);
    const previewed = await settle(server, admin, id);
    const previewMs = performance.now() - t0;
    const previewGrowth = await memory.stop();
    if (previewed.status !== 'previewed')
      throw new Error(`preview ${previewed.status}: ${previewed.failure}`);
    if (previewed.counts.new !== parts)
      throw new Error(`preview counted ${previewed.counts.new} new parts`);

    // Apply, with traffic.
    step = 'apply';
    memory = memorySampler(server);
    const traffic = trafficDuring(server, customer, demo!);
    t0 = performance.now();
    const started = await fetch(`${server.baseUrl}/api/staff/imports/${id}/apply`, {
      method: 'POST',
      headers: { authorization: admin.authorization, 'content-type': 'application/json' },
      body: '{}',
    });
    if (started.status !== 202)
      throw new Error(`apply answered ${started.status}: ${await started.text()}`);
    const applied = await settle(server, admin, id);
    const applyMs = performance.now() - t0;
    const during = await traffic.stop();
    const applyGrowth = await memory.stop();
    if (applied.status !== 'applied')
      throw new Error(`apply ${applied.status}: ${applied.failure}`);

    // Search shows the new catalog.
    step = 'search after the apply';
    t0 = performance.now();
    const last = `BI-${String(parts - 1).padStart(6, '0')}`;
    for (;;) {
      const page = (await (
        await fetch(`${server.baseUrl}/api/catalog?q=${last}&pageSize=1`)
      ).json()) as { total: number };
      const all = (await (
        await fetch(`${server.baseUrl}/api/catalog?category=brakes&pageSize=1`)
      ).json()) as { total: number };
      if (page.total >= 1 && all.total >= Math.floor(parts / CATEGORIES.length)) break;
      if (performance.now() - t0 > 60_000)
        throw new Error('search did not show the import within 60 s');
      await new Promise((r) => setTimeout(r, 100));
    }
    const searchMs = performance.now() - t0;
    // Until then the database answered; the export is measured once the index holds the import
    // (its reload's memory and CPU are not the export's).
    for (;;) {
      const health = (await (await fetch(`${server.baseUrl}/api/health/search`)).json()) as {
        parts: number;
      };
      if (health.parts >= parts) break;
      if (performance.now() - t0 > 120_000)
        throw new Error('the search index did not hold the import within 120 s');
      await new Promise((r) => setTimeout(r, 100));
    }
    const indexMs = performance.now() - t0;

    // Export, then the unchanged export imported again.
    step = 'export and the unchanged re-import';
    memory = memorySampler(server);
    t0 = performance.now();
    const exported = path.join(dir, 'export.csv');
    const res = await fetch(`${server.baseUrl}/api/staff/catalog/export?format=csv`, {
      headers: { authorization: admin.authorization },
    });
    await fsp.writeFile(exported, Buffer.from(await res.arrayBuffer()));
    const exportMs = performance.now() - t0;
    const exportGrowth = await memory.stop();
    // The vehicles file is the other half of the catalog's export: measured the same way.
    memory = memorySampler(server);
    t0 = performance.now();
    const exportedVehicles = path.join(dir, 'export-vehicles.csv');
    const resV = await fetch(`${server.baseUrl}/api/staff/catalog/export?format=csv&file=fitment`, {
      headers: { authorization: admin.authorization },
    });
    await fsp.writeFile(exportedVehicles, Buffer.from(await resV.arrayBuffer()));
    const vehiclesExportMs = performance.now() - t0;
    const vehiclesExportGrowth = await memory.stop();
    t0 = performance.now();
    const again = await settle(
      server,
      admin,
      await uploadFiles(server, admin, [
        ['parts', exported, 'export.csv'],
        ['fitment', exportedVehicles, 'export-vehicles.csv'],
      ]),
    );
    const againMs = performance.now() - t0;
    if (again.status !== 'previewed')
      throw new Error(`the unchanged export's preview ${again.status}: ${again.failure}`);
    const unchanged =
      again.counts.changed === 0 && again.counts.new === 0 && again.counts.unchanged >= parts;

    const rows: Row[] = [
      info(
        section,
        'files',
        `${fmtInt(parts)} parts, ${fmtInt(parts * vehicles)} vehicles, ${mb(files.bytes).toFixed(1)} MB of CSV`,
      ),
      budgetRow(
        section,
        'preview (upload, read, check, compare)',
        fmtMs(previewMs),
        `≤ ${fmtMs(PREVIEW_BUDGET_MS)}`,
        previewMs <= PREVIEW_BUDGET_MS,
      ),
      budgetRow(
        section,
        'apply (one transaction)',
        fmtMs(applyMs),
        `≤ ${fmtMs(APPLY_BUDGET_MS[database])}`,
        applyMs <= APPLY_BUDGET_MS[database],
      ),
      budgetRow(
        section,
        'server memory growth (preview, apply)',
        `+${previewGrowth.toFixed(0)} MB, +${applyGrowth.toFixed(0)} MB`,
        `≤ ${MEMORY_BUDGET_MB} MB`,
        Math.max(previewGrowth, applyGrowth) <= MEMORY_BUDGET_MB,
      ),
      budgetRow(
        section,
        `catalog reads during the apply (${fmtInt(during.reads)} sequential, p50 ${fmtMs(during.p50)})`,
        `p99 ${fmtMs(during.p99)}`,
        `≤ ${CATALOG_P99_BUDGET_MS} ms`,
        during.p99 <= CATALOG_P99_BUDGET_MS,
      ),
      budgetRow(
        section,
        'orders placed during the apply (one customer, one after another)',
        `${fmtInt(during.placed)} placed, ${fmtInt(during.refused)} refused (${fmtInt(during.limited)} over the account's order limit)`,
        '> 0 placed, none refused',
        during.placed > 0 && during.refused === 0,
      ),
      budgetRow(
        section,
        'search shows the import after the apply',
        fmtMs(searchMs),
        `≤ ${fmtMs(SEARCH_BUDGET_MS)}`,
        searchMs <= SEARCH_BUDGET_MS,
      ),
      info(section, 'search index holds the import (answers from it again)', fmtMs(indexMs)),
      budgetRow(
        section,
        `export of ${fmtInt(parts)} parts (CSV, memory +${exportGrowth.toFixed(0)} MB)`,
        fmtMs(exportMs),
        `≤ ${fmtMs(EXPORT_BUDGET_MS)}, ≤ +${EXPORT_MEMORY_BUDGET_MB} MB`,
        exportMs <= EXPORT_BUDGET_MS && exportGrowth <= EXPORT_MEMORY_BUDGET_MB,
      ),
      budgetRow(
        section,
        `export of their ${fmtInt(parts * vehicles)} vehicles (CSV, memory +${vehiclesExportGrowth.toFixed(0)} MB)`,
        fmtMs(vehiclesExportMs),
        `≤ ${fmtMs(EXPORT_BUDGET_MS)}, ≤ +${EXPORT_MEMORY_BUDGET_MB} MB`,
        vehiclesExportMs <= EXPORT_BUDGET_MS && vehiclesExportGrowth <= EXPORT_MEMORY_BUDGET_MB,
      ),
      budgetRow(
        section,
        `unchanged export imported again (${fmtInt(again.counts.unchanged)} unchanged, ${fmtInt(again.counts.changed)} changed)`,
        fmtMs(againMs),
        `≤ ${fmtMs(UNCHANGED_BUDGET_MS)}, 0 changed`,
        againMs <= UNCHANGED_BUDGET_MS && unchanged,
      ),
    ];
    if (previewed.counts.errors > 0)
      rows.push(info(section, 'rows with errors in the preview', fmtInt(previewed.counts.errors)));
    return {
      rows,
      details: {
        previewMs,
        applyMs,
        previewGrowth,
        applyGrowth,
        during,
        searchMs,
        exportMs,
        exportGrowth,
        vehiclesExportMs,
        vehiclesExportGrowth,
        againMs,
        counts: again.counts,
      },
      notes: [],
    };
  } catch (err) {
    throw new Error(
      `${step}: ${String(err)} ${String((err as Error).cause ?? '')}; server ${server.unexpectedExit() ?? 'running'}: ${server.output()}`,
      { cause: err },
    );
  } finally {
    await server.stop();
    await fsp.rm(dir, { recursive: true, force: true }).catch(() => undefined);
  }
}
