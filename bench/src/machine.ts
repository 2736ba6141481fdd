import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { PART_COLUMNS } from '@storefront/contract';
import { confirmAddress, signUpWithKey, type SignedIn } from './support/accounts.js';
import { budgetRow, fmtInt, fmtMs, info, type Row, type SectionResult } from './support/report.js';
import { BENCH_ADMIN_EMAIL, type ServerUnderTest } from './support/server.js';
import { settings } from './support/settings.js';

/*
 * Machine access (issue 35): a stock feed of 10,000 lines in one call, and webhook delivery from
 * commit to the receiver's answer at 1,000 events a minute while another endpoint never answers.
 */

const FEED_BUDGET_MS = { postgres: 1_000, embedded: 2_000 };
const DELIVERY_P99_BUDGET_MS = 2_000;
const LINES = 10_000;

/** The server's environment for this section: loopback receivers allowed (never in production). */
export const MACHINE_BENCH_ENV = {
  NODE_ENV: 'development',
  WEBHOOK_ALLOW_LOCAL_HTTP: 'true',
  WEBHOOK_TIMEOUT_MS: '2000',
  // The dead endpoint must stay on for the whole run.
  WEBHOOK_DISABLE_AFTER: '10000',
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

async function call<T>(
  server: ServerUnderTest,
  who: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: {
      authorization: who,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(300_000),
  });
  const text = await res.text();
  if (res.status >= 300)
    throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** 10,000 parts through the catalog import by API (a catalog:write key). */
async function seedParts(server: ServerUnderTest, key: string) {
  const header = PART_COLUMNS.map((c) => c.header).join(',');
  const lines = [header];
  for (let i = 0; i < LINES; i += 1) {
    const cells: Record<string, string> = {
      sku: `MF-${String(i).padStart(6, '0')}`,
      name: `Feed part ${i}`,
      price: '9.90',
      minOrderQuantity: '1',
      packSize: '1',
      stock: '100',
    };
    lines.push(PART_COLUMNS.map((c) => cells[c.key] ?? '').join(','));
  }
  const form = new FormData();
  form.append('parts', new Blob([lines.join('\n')]), 'feed-parts.csv');
  const res = await fetch(`${server.baseUrl}/api/staff/imports`, {
    method: 'POST',
    headers: { authorization: key },
    body: form,
  });
  if (res.status !== 202) throw new Error(`import answered ${res.status}: ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  const wait = async () => {
    for (;;) {
      const job = await call<{ status: string; failure?: string }>(
        server,
        key,
        'GET',
        `/api/staff/imports/${id}`,
      );
      if (job.status !== 'reading' && job.status !== 'applying') return job;
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  const previewed = await wait();
  if (previewed.status !== 'previewed')
    throw new Error(`import ${previewed.status}: ${previewed.failure}`);
  await call(server, key, 'POST', `/api/staff/imports/${id}/apply`, { validOnly: false });
  const applied = await wait();
  if (applied.status !== 'applied') throw new Error(`import ${applied.status}: ${applied.failure}`);
}

export async function runMachine(
  server: ServerUnderTest,
  section: string,
  database: 'postgres' | 'embedded',
): Promise<SectionResult> {
  const rows: Row[] = [];
  const notes: string[] = [];
  const admin: SignedIn = await signUpWithKey(server.baseUrl, BENCH_ADMIN_EMAIL);
  await confirmAddress(server.baseUrl, server.dataDir, admin);
  const makeKey = async (scopes: string[]) =>
    `Bearer ${(await call<{ secret: string }>(server, admin.authorization, 'POST', '/api/staff/api-keys', { name: `bench ${scopes.join(' ')}`, scopes, rateLimitPerMinute: 10_000 })).secret}`;
  const catalogKey = await makeKey(['catalog:write']);
  const stockKey = await makeKey(['stock:write']);
  await seedParts(server, catalogKey);

  // The stock feed: three calls of 10,000 absolute counts, each changing every part.
  const feedMs: number[] = [];
  for (let run = 0; run < 3; run += 1) {
    const lines = Array.from({ length: LINES }, (_, i) => ({
      partNumber: `MF-${String(i).padStart(6, '0')}`,
      quantity: 200 + run * 10 + (i % 7),
    }));
    const t0 = performance.now();
    const result = await call<{ changed: number; unknownPartNumbers: string[] }>(
      server,
      stockKey,
      'POST',
      '/api/v1/stock',
      { lines },
    );
    feedMs.push(performance.now() - t0);
    if (result.unknownPartNumbers.length > 0)
      throw new Error(`${result.unknownPartNumbers.length} unknown part numbers`);
  }
  const worstFeed = Math.max(...feedMs);
  rows.push(
    budgetRow(
      section,
      'stock feed, 10,000 lines (worst of 3)',
      fmtMs(worstFeed),
      `≤ ${fmtMs(FEED_BUDGET_MS[database])}`,
      worstFeed <= FEED_BUDGET_MS[database],
    ),
  );

  // Webhooks: one receiver that answers, one that never does (its deliveries time out).
  const arrived = new Map<string, number>();
  const good = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      arrived.set(String(req.headers['webhook-id']), performance.now());
      res.writeHead(204).end();
    });
  });
  const dead = http.createServer(() => undefined);
  await Promise.all(
    [good, dead].map((s) => new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()))),
  );
  try {
    const url = (s: http.Server) => `http://127.0.0.1:${(s.address() as AddressInfo).port}/hook`;
    const goodHook = await call<{ id: string }>(
      server,
      admin.authorization,
      'POST',
      '/api/staff/webhooks',
      { url: url(good), eventTypes: ['webhook.test'] },
    );
    const deadHook = await call<{ id: string }>(
      server,
      admin.authorization,
      'POST',
      '/api/staff/webhooks',
      { url: url(dead), eventTypes: ['webhook.test'] },
    );
    const seconds = settings.quick ? 15 : 60;
    const perMinute = 1_000;
    const committed = new Map<string, number>();
    const started = performance.now();
    let sent = 0;
    const sends: Promise<void>[] = [];
    while (performance.now() - started < seconds * 1000) {
      const due = Math.floor(((performance.now() - started) / 60_000) * perMinute);
      while (sent < due) {
        sent += 1;
        const t0 = performance.now();
        sends.push(
          call<{ eventId: string }>(
            server,
            admin.authorization,
            'POST',
            `/api/staff/webhooks/${goodHook.id}/test`,
          ).then((d) => {
            committed.set(d.eventId, t0);
          }),
          call(server, admin.authorization, 'POST', `/api/staff/webhooks/${deadHook.id}/test`).then(
            () => undefined,
          ),
        );
      }
      await new Promise((r) => setTimeout(r, 10));
    }
    await Promise.all(sends);
    const deadline = performance.now() + 30_000;
    while ([...committed.keys()].some((id) => !arrived.has(id)) && performance.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    const latencies = [...committed]
      .map(([id, t0]) => (arrived.get(id) ?? Infinity) - t0)
      .sort((a, b) => a - b);
    const lost = latencies.filter((l) => !Number.isFinite(l)).length;
    const p99 = percentile(latencies, 99);
    rows.push(
      info(
        section,
        'webhook events to the answering endpoint',
        `${fmtInt(committed.size)} in ${seconds} s (${fmtInt((committed.size / seconds) * 60)}/min)`,
      ),
      info(section, 'webhook delivery p50, request to receiver', fmtMs(percentile(latencies, 50))),
      budgetRow(
        section,
        'webhook delivery p99 (other endpoint timing out)',
        Number.isFinite(p99) ? fmtMs(p99) : 'not all delivered',
        `≤ ${fmtMs(DELIVERY_P99_BUDGET_MS)}`,
        lost === 0 && p99 <= DELIVERY_P99_BUDGET_MS,
      ),
    );
    if (lost > 0) notes.push(`${lost} events were not delivered within 30 s of the last send`);
    return { rows, details: { feedMs, deliveries: committed.size, p99, lost }, notes };
  } finally {
    await Promise.all(
      [good, dead].map(
        (s) =>
          new Promise<void>((r) => {
            s.closeAllConnections();
            s.close(() => r());
          }),
      ),
    );
  }
}
