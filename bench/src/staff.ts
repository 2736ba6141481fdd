import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openPglite, openPostgres } from '../../apps/server/src/db/database.js';
import { seedPastOrders } from '../../apps/server/src/db/seed-orders.js';
import { confirmAddress, signUpWithKey, type SignedIn } from './support/accounts.js';
import { budgetRow, fmtInt, fmtMs, info, type Row, type SectionResult } from './support/report.js';
import {
  BENCH_ADMIN_EMAIL,
  freePort,
  startServer,
  type ServerUnderTest,
} from './support/server.js';
import { settings } from './support/settings.js';

const P99_BUDGET_MS = 50;
const CSV_GROWTH_BUDGET_MB = 50;

type Page = { items: { number: string }[]; nextCursor: string | null };
type Totals = { count: number; value: number };

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

async function get(url: string, admin: SignedIn): Promise<Response> {
  const res = await fetch(url, {
    headers: { authorization: admin.authorization },
    signal: AbortSignal.timeout(30_000),
  });
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${await res.text()}`);
  return res;
}

/** Sequential requests, one at a time: the latency a member of staff sees, not a throughput. */
async function latency(url: string, admin: SignedIn, samples: number) {
  for (let i = 0; i < Math.min(30, samples); i += 1) await (await get(url, admin)).arrayBuffer();
  const times: number[] = [];
  for (let i = 0; i < samples; i += 1) {
    const t0 = performance.now();
    await (await get(url, admin)).arrayBuffer();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

/** Downloads the CSV while sampling the server's memory; the growth over the start is the peak. */
async function csvExport(server: ServerUnderTest, url: string, admin: SignedIn) {
  const before = (await server.rssBytes()) ?? 0;
  let peak = before;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, (await server.rssBytes()) ?? 0);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const t0 = performance.now();
  const res = await get(url, admin);
  let bytes = 0;
  let lines = 0;
  const reader = res.body!.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    bytes += next.value.length;
    for (const byte of next.value) if (byte === 10) lines += 1;
  }
  const ms = performance.now() - t0;
  sampling = false;
  await sampler;
  return { rows: lines - 1, bytes, ms, growthMb: (peak - before) / 1024 / 1024 };
}

/**
 * The staff order list and its export with `settings.staff.orders` past orders: the p99 of each
 * kind of filtered page (sequential requests by an admin) and the server's memory while the whole
 * list streams out as CSV. On the embedded database the orders are written while the server is
 * stopped (PGlite has one owner), then it starts again on the same data.
 */
export async function runStaff(section: string, databaseUrl?: string): Promise<SectionResult> {
  const count = settings.staff.orders;
  const port = await freePort();
  const authSecret = crypto.randomBytes(36).toString('base64');
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'storefront-bench-staff-'));
  const options = { label: section, port, authSecret, dataDir };
  let server = await startServer({ ...options, ...(databaseUrl ? { databaseUrl } : {}) });
  const admin = await signUpWithKey(server.baseUrl, BENCH_ADMIN_EMAIL);
  await confirmAddress(server.baseUrl, dataDir, admin);

  const seedStart = performance.now();
  if (databaseUrl) {
    const database = await openPostgres(databaseUrl, 2);
    await seedPastOrders(database.db, { count });
    await database.close();
  } else {
    await server.stop();
    const database = await openPglite(path.join(dataDir, 'pglite'));
    await seedPastOrders(database.db, { count });
    await database.close();
    server = await startServer(options);
  }
  const seedMs = performance.now() - seedStart;

  try {
    const base = `${server.baseUrl}/api/staff/orders`;
    const first = (await (await get(`${base}?pageSize=50`, admin)).json()) as Page;
    const everything = (await (await get(`${base}/totals`, admin)).json()) as Totals;
    if (everything.count < count) throw new Error(`only ${everything.count} orders listed`);
    const middle = Number(first.items[0]!.number.slice(2)) - Math.floor(count / 2);
    const day = (offset: number) =>
      new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
    const cases: [string, string][] = [
      ['newest 50, no filter', `${base}`],
      ['status paid', `${base}?status=paid`],
      ['order number', `${base}?q=A-${middle}`],
      ['part of an email', `${base}?q=${encodeURIComponent('past-customer-1234@')}`],
      ['part of a part name', `${base}?q=filter`],
      ['last 7 days, shipped', `${base}?status=shipped&from=${day(7)}&to=${day(0)}`],
      [
        'a page deep in the list',
        `${base}?after=${Buffer.from(String(middle)).toString('base64url')}`,
      ],
    ];
    const rows: Row[] = [
      info(
        section,
        'orders in the list',
        `${fmtInt(everything.count)} (seeded in ${fmtMs(seedMs)})`,
      ),
    ];
    const measured: Record<string, unknown> = {};
    for (const [name, url] of cases) {
      const m = await latency(url, admin, settings.staff.samples);
      measured[name] = m;
      rows.push(
        budgetRow(
          section,
          `GET /api/staff/orders: ${name} (p50 ${fmtMs(m.p50)})`,
          `p99 ${fmtMs(m.p99)}`,
          `< ${P99_BUDGET_MS} ms`,
          m.p99 < P99_BUDGET_MS,
        ),
      );
    }
    // The totals of a filter are their own call, shown when counted: no budget, the figure.
    for (const [name, url] of cases.slice(0, 6)) {
      const totalsUrl = url.replace(base, `${base}/totals`);
      const m = await latency(totalsUrl, admin, Math.ceil(settings.staff.samples / 3));
      measured[`totals: ${name}`] = m;
      rows.push(
        info(
          section,
          `GET /api/staff/orders/totals: ${name}`,
          `p50 ${fmtMs(m.p50)}, p99 ${fmtMs(m.p99)}`,
        ),
      );
    }
    const tenth = await csvExport(
      server,
      `${server.baseUrl}/api/staff/orders.csv?status=unpaid`,
      admin,
    );
    const all = await csvExport(server, `${server.baseUrl}/api/staff/orders.csv`, admin);
    rows.push(
      info(
        section,
        'CSV export, unpaid only',
        `${fmtInt(tenth.rows)} rows, ${(tenth.bytes / 1e6).toFixed(1)} MB in ${fmtMs(tenth.ms)}, memory +${tenth.growthMb.toFixed(0)} MB`,
      ),
      budgetRow(
        section,
        `CSV export, every order (${fmtInt(all.rows)} rows, ${(all.bytes / 1e6).toFixed(1)} MB in ${fmtMs(all.ms)})`,
        `memory +${all.growthMb.toFixed(0)} MB at the peak`,
        `< ${CSV_GROWTH_BUDGET_MB} MB`,
        all.growthMb < CSV_GROWTH_BUDGET_MB && all.rows >= count,
      ),
    );
    return { rows, details: { measured, csv: { tenth, all }, seedMs }, notes: [] };
  } finally {
    await server.stop();
    await fs.rm(dataDir, { recursive: true, force: true }).catch(() => undefined);
  }
}
