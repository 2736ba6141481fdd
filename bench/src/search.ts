import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openPglite, openPostgres, type Database } from '../../apps/server/src/db/database.js';
import { measure, type Measured } from './catalog.js';
import { addGeneratedParts } from './support/generated-parts.js';
import {
  budgetRow,
  fmtInt,
  fmtKb,
  fmtMs,
  info,
  type Row,
  type SectionResult,
} from './support/report.js';
import { freePort, startServer, type ServerUnderTest } from './support/server.js';
import { settings } from './support/settings.js';

/** Issue 25's budgets, end to end over HTTP, response cache off, at 100,000 generated parts. */
const BUDGET = {
  p50Ms: 3,
  p99Ms: 10,
  loadPerSecond: 1000,
  loadP99Ms: 100,
  memoryMb: 150,
  readyMs: 10_000,
  atParts: 100_000,
};

/** Every query kind the issue names, as the catalog page asks for it. */
const CASES: { name: string; query: string; budget: boolean }[] = [
  { name: 'search "brake pads"', query: '/api/catalog?q=brake+pads', budget: true },
  { name: 'a category', query: '/api/catalog?category=filters', budget: true },
  { name: 'a vehicle make', query: '/api/catalog?make=Toyota', budget: true },
  {
    name: '"filter" within a make, in stock',
    query: '/api/catalog?q=filter&make=Ford&inStock=true',
    budget: true,
  },
  { name: 'an exact part number', query: '/api/catalog?q=FUE-B4242', budget: true },
  {
    name: 'a vehicle with a year',
    query: '/api/catalog?make=Toyota&model=Corolla&year=2015',
    budget: true,
  },
  // Context, outside the issue's list: the typo correction, a deep page, suggestions.
  { name: 'a typo "brkae pdas"', query: '/api/catalog?q=brkae+pdas', budget: false },
  {
    name: 'a category by price, page 20',
    query: '/api/catalog?category=brakes&sort=price-asc&page=20',
    budget: false,
  },
  { name: 'suggestions for "alter"', query: '/api/catalog/suggest?q=alter', budget: false },
];

type Sequential = { p50: number; p99: number; mean: number; samples: number };

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** One GET on a kept-alive connection: milliseconds until the last byte, and the body's size. */
function timedGet(
  url: string,
  agent: http.Agent,
  headers: Record<string, string>,
): Promise<{ ms: number; bytes: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    const req = http.get(url, { agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const ms = performance.now() - t;
        const body = Buffer.concat(chunks);
        if (res.statusCode !== 200)
          reject(
            new Error(`GET ${url} answered ${res.statusCode}: ${body.toString().slice(0, 200)}`),
          );
        else resolve({ ms, bytes: body.length, body });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.setTimeout(60_000, () => req.destroy(new Error(`GET ${url}: no answer in 60 s`)));
  });
}

/** `samples` requests one after another on one connection (after `warm` discarded ones). */
async function oneConnection(
  url: string,
  samples: number,
  warm: number,
  headers: Record<string, string> = {},
): Promise<Sequential & { bytes: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    let bytes = 0;
    for (let i = 0; i < warm; i += 1) bytes = (await timedGet(url, agent, headers)).bytes;
    const times: number[] = [];
    for (let i = 0; i < samples; i += 1) times.push((await timedGet(url, agent, headers)).ms);
    times.sort((a, b) => a - b);
    return {
      p50: pct(times, 50),
      p99: pct(times, 99),
      mean: times.reduce((a, b) => a + b, 0) / times.length,
      samples,
      bytes,
    };
  } finally {
    agent.destroy();
  }
}

/** Milliseconds from `since` until GET /api/health/search says ready (it answers 503 meanwhile). */
export async function untilSearchReady(server: ServerUnderTest, since: number): Promise<number> {
  const deadline = Date.now() + 30 * 60_000;
  for (;;) {
    const res = await fetch(`${server.baseUrl}/api/health/search`).catch(() => null);
    const body = res ? ((await res.json().catch(() => null)) as { state?: string } | null) : null;
    if (body?.state === 'ready') return performance.now() - since;
    if (body?.state === 'off') throw new Error('the search index is off on this server');
    if (Date.now() > deadline) throw new Error('the search index was not ready in 30 minutes');
    if (server.unexpectedExit())
      throw new Error(`server ${server.unexpectedExit()} while loading: ${server.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const mb = (bytes: number | null) => (bytes === null ? null : bytes / 2 ** 20);
const fmtMb = (v: number | null) => (v === null ? 'unknown' : `${Math.round(v)} MB`);

/**
 * Search and browse at `settings.search.parts` generated parts beside the demo catalog, end to
 * end over HTTP with the catalog's response cache off (CATALOG_CACHE_SECONDS=0): every query
 * kind of issue 25 at one connection (p50/p99 of sequential requests on a kept-alive
 * connection) and at 50 (autocannon: answers a second and p99), the index's ready time from the
 * process's start, and the resident memory it adds (against the same server with
 * SEARCH_INDEX=false). The parts are written while no server runs, so each start loads them all.
 */
export async function runSearch(section: string, databaseUrl?: string): Promise<SectionResult> {
  const count = settings.search.parts;
  const atBudgetSize = count === BUDGET.atParts;
  const port = await freePort();
  const authSecret = crypto.randomBytes(36).toString('base64');
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'storefront-bench-search-'));
  const db = databaseUrl ? { databaseUrl } : {};
  const options = (extraEnv: Record<string, string>) => ({
    label: section,
    port,
    authSecret,
    dataDir,
    // No scheduled backup: its first check (a minute after start) would take one mid-run, and on
    // the embedded database that stalls every request for seconds (see the results file).
    extraEnv: { CATALOG_CACHE_SECONDS: '0', BACKUP_INTERVAL_HOURS: '0', ...extraEnv },
    ...db,
  });
  const rows: Row[] = [];
  const details: Record<string, unknown> = { parts: count };
  let server: ServerUnderTest | null = null;
  try {
    // A first start migrates and seeds the demo catalog and accounts; then the parts are written.
    server = await startServer(options({}));
    await server.stop();
    server = null;
    const seedStart = performance.now();
    let database: Database | null = null;
    try {
      database = databaseUrl
        ? await openPostgres(databaseUrl, 2)
        : await openPglite(path.join(dataDir, 'pglite'));
      await addGeneratedParts(database, count);
    } finally {
      await database?.close();
    }
    const seedMs = performance.now() - seedStart;
    rows.push(
      info(
        section,
        'catalog size',
        `${fmtInt(count)} generated parts + the demo catalog (written in ${(seedMs / 1000).toFixed(0)} s)`,
      ),
    );

    // The same server without the index, idle after a few requests: the memory baseline.
    server = await startServer(options({ SEARCH_INDEX: 'false' }));
    for (let i = 0; i < 20; i += 1) await fetch(`${server.baseUrl}/api/health`);
    const rssWithout = mb(await server.rssBytes());
    await server.stop();
    server = null;

    const t0 = performance.now();
    server = await startServer(options({}));
    const listeningMs = performance.now() - t0;
    const readyMs = await untilSearchReady(server, t0);
    const rssAtReady = mb(await server.rssBytes());
    // The load's garbage is returned to the system after a while idle (V8's memory reducer).
    await new Promise((r) => setTimeout(r, 10_000));
    const rssReady = mb(await server.rssBytes());
    details.readyMs = readyMs;
    details.listeningMs = listeningMs;
    const readyText = `${(readyMs / 1000).toFixed(1)} s after the process started (listening after ${(listeningMs / 1000).toFixed(1)} s, answering from the database until then)`;
    rows.push(
      atBudgetSize
        ? budgetRow(
            section,
            'search ready',
            readyText,
            `<= ${BUDGET.readyMs / 1000} s`,
            readyMs <= BUDGET.readyMs,
          )
        : info(section, 'search ready', readyText),
    );

    const base = server.baseUrl;
    const samples = settings.quick ? 100 : 300;
    const oneConn: Record<string, unknown> = {};
    const loaded: Record<string, Measured> = {};
    for (const c of CASES) {
      const url = `${base}${c.query}`;
      const first = await timedGet(url, new http.Agent(), {});
      const parsed = JSON.parse(first.body.toString('utf8')) as {
        total?: number;
        items?: unknown[];
      };
      const m = await oneConnection(url, samples, 20);
      const zipped = await oneConnection(url, Math.min(samples, 100), 5, {
        'accept-encoding': 'br, gzip',
      });
      oneConn[c.name] = { ...m, compressed: zipped, total: parsed.total ?? null };
      const what = `${c.query.replace(/^\/api\//, '')}: ${parsed.total !== undefined ? `${fmtInt(parsed.total)} matches, ` : ''}${fmtKb(m.bytes)}`;
      const value = `p50 ${fmtMs(m.p50)} / p99 ${fmtMs(m.p99)} (${what}; compressed as a browser asks: p50 ${fmtMs(zipped.p50)}, ${fmtKb(zipped.bytes)})`;
      rows.push(
        c.budget
          ? budgetRow(
              section,
              `1 connection: ${c.name}`,
              value,
              `p50 <= ${BUDGET.p50Ms} ms, p99 <= ${BUDGET.p99Ms} ms`,
              m.p50 <= BUDGET.p50Ms && m.p99 <= BUDGET.p99Ms,
            )
          : info(section, `1 connection: ${c.name}`, value),
      );
    }
    for (const c of CASES) {
      if (!c.budget) continue;
      let cpuBefore: number | null = null;
      let cpuUsed: number | null = null;
      const m = await measure(`${base}${c.query}`, {
        before: async () => {
          cpuBefore = await server!.cpuSeconds();
        },
        after: async () => {
          const now = await server!.cpuSeconds();
          cpuUsed = now !== null && cpuBefore !== null ? now - cpuBefore : null;
        },
      });
      loaded[c.name] = m;
      const bad = m.non2xx + m.errors + m.timeouts;
      const cpu =
        cpuUsed !== null && m.requests > 0
          ? `, server CPU ${Math.round(((cpuUsed as number) * 1e6) / m.requests)} µs/answer`
          : '';
      rows.push(
        budgetRow(
          section,
          `${settings.catalog.connections} connections: ${c.name}`,
          `${fmtInt(m.requestsPerSecond)}/s, p50 ${fmtMs(m.p50)}, p99 ${fmtMs(m.p99)}${cpu}${bad ? `, ${bad} failed` : ''}`,
          `>= ${fmtInt(BUDGET.loadPerSecond)}/s, p99 < ${BUDGET.loadP99Ms} ms`,
          m.requestsPerSecond >= BUDGET.loadPerSecond && m.p99 < BUDGET.loadP99Ms && bad === 0,
        ),
      );
    }
    const rssAfter = mb(await server.rssBytes());
    const extra = rssWithout !== null && rssReady !== null ? rssReady - rssWithout : null;
    details.rss = {
      withoutIndexMb: rssWithout,
      atReadyMb: rssAtReady,
      readyIdleMb: rssReady,
      afterLoadMb: rssAfter,
    };
    const memText = `+${fmtMb(extra)} resident 10 s after ready (${fmtMb(rssReady)} against ${fmtMb(rssWithout)} with SEARCH_INDEX=false; ${fmtMb(rssAtReady)} at ready, ${fmtMb(rssAfter)} after the load runs)`;
    rows.push(
      atBudgetSize
        ? budgetRow(
            section,
            'memory for search',
            memText,
            `<= ${BUDGET.memoryMb} MB`,
            extra !== null && extra <= BUDGET.memoryMb,
          )
        : info(section, 'memory for search', memText),
    );
    details.oneConnection = oneConn;
    details.connections50 = loaded;
    // What the server said, when some answers failed (a stall, an error, running out of memory).
    const failed = Object.values(loaded).some((m) => m.errors + m.timeouts + m.non2xx > 0);
    const notes = failed
      ? ['Server output when answers failed:', '```', server.output(), '```']
      : [];
    return { rows, details, notes };
  } finally {
    await server?.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
