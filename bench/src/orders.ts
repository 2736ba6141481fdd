import fs from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  getJson,
  mapLimit,
  postJson,
  signUpWithKey,
  confirmAddress,
  type PartJson,
  type SignedIn,
} from './support/accounts.js';
import { budgetRow, fmtInt, fmtMs, info, type Row, type SectionResult } from './support/report.js';
import { BENCH_ADMIN_EMAIL, type ServerUnderTest } from './support/server.js';
import { settings } from './support/settings.js';

const ORDERS_PER_SECOND_BUDGET = 300;
/** Issue 14's budgets for one hot part on one instance on PostgreSQL. */
const HOT_PART_BUDGET = { answersPerSecond: 1000, placedPerSecond: 700, p99Ms: 300 };

type Attempt = { status: number; ms: number; endedAt: number; quantity: number; error?: string };

const percentile = (sorted: number[], p: number): number =>
  sorted.length === 0
    ? 0
    : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0);

async function placeOne(
  baseUrl: string,
  customer: SignedIn,
  partId: string,
  quantity: number,
  startedAt: number,
): Promise<Attempt> {
  const t0 = performance.now();
  try {
    const res = await fetch(`${baseUrl}/api/purchase/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: customer.authorization },
      body: JSON.stringify({
        partId,
        minimum: quantity,
        address: '1 Benchmark Road, Testville',
        phone: '+1 555 0100',
      }),
      signal: AbortSignal.timeout(settings.orders.requestTimeoutMs),
    });
    const text = await res.text();
    const t1 = performance.now();
    let ordered = 0;
    if (res.status === 201) {
      const body = JSON.parse(text) as { minimum?: unknown };
      ordered = typeof body.minimum === 'number' ? body.minimum : NaN;
    }
    return {
      status: res.status,
      ms: t1 - t0,
      endedAt: t1 - startedAt,
      quantity: ordered,
      ...(res.status === 201 || res.status === 409 ? {} : { error: text.slice(0, 200) }),
    };
  } catch (err) {
    const t1 = performance.now();
    return {
      status: 0,
      ms: t1 - t0,
      endedAt: t1 - startedAt,
      quantity: 0,
      error: err instanceof Error ? err.message : String(err),
    };
  }
}

/**
 * Many signed-in customers order one part at once: 1,000 attempts of `minimum` units against
 * stock for exactly stock/minimum orders. Checks, through the API only, that no more was sold
 * than the stock held.
 */
export async function runOrders(
  server: ServerUnderTest,
  section: string,
  /** More instances on the same database, started once the part and customers exist. */
  startOthers?: () => Promise<ServerUnderTest[]>,
): Promise<SectionResult> {
  const o = settings.orders;
  const base = server.baseUrl;

  // An admin (named in ADMIN_EMAILS when the server started, the address confirmed from the mail)
  // creates the contested part.
  const admin = await signUpWithKey(base, BENCH_ADMIN_EMAIL);
  await confirmAddress(base, server.dataDir, admin);
  const created = await postJson<PartJson>(
    `${base}/api/parts`,
    {
      name: `Bench contested part ${Date.now()}`,
      description: 'Created by the benchmark to be ordered concurrently.',
      mOrderQuantity: o.minimum,
      availableQuantity: o.startingStock,
      price: 12.5,
      url: '/favicon.svg',
    },
    { authorization: admin.authorization },
  );
  const partUrl = `${base}/api/parts/${encodeURIComponent(created._id)}`;
  const before = await getJson<PartJson>(partUrl);
  if (before.availableQuantity !== o.startingStock) {
    throw new Error(`the new part holds ${before.availableQuantity}, not ${o.startingStock}`);
  }

  const signUpStart = performance.now();
  const stamp = Date.now().toString(36);
  const customers = await mapLimit(
    Array.from({ length: o.customers }, (_, i) => `bench-customer-${stamp}-${i}@example.com`),
    8,
    (email) => signUpWithKey(base, email),
  );
  const signUpMs = performance.now() - signUpStart;
  // Sign-ups queue a confirmation mail each: let the outbox send them before the order phase, so
  // it measures orders alone.
  await outboxSettled(server.dataDir, customers.length + 1);
  // Attempts alternate between the instances, as a load balancer would spread them.
  const others = startOthers ? await startOthers() : [];
  const instances = [server, ...others];
  const cpuOfAll = async () => {
    let total = 0;
    for (const s of instances) {
      const cpu = await s.cpuSeconds();
      if (cpu === null) return null;
      total += cpu;
    }
    return total;
  };

  // Every customer is one concurrent client sending its equal share of the attempts one after
  // another (a shared pool would let fast clients run past the per-account write limit).
  const attempts: Attempt[] = [];
  const cpuBefore = await cpuOfAll();
  const startedAt = performance.now();
  const deadline = startedAt + o.deadlineMs;
  const share = Math.ceil(o.attempts / customers.length);
  await Promise.all(
    customers.map(async (customer, index) => {
      const mine = Math.min(share, o.attempts - index * share);
      for (let i = 0; i < mine && performance.now() < deadline; i += 1) {
        const target = instances[(index + i) % instances.length]!.baseUrl;
        attempts.push(await placeOne(target, customer, created._id, o.minimum, startedAt));
      }
    }),
  );
  const wallMs = performance.now() - startedAt;
  const cpuAfter = await cpuOfAll();
  const cpuMsPerAttempt =
    cpuBefore !== null && cpuAfter !== null && attempts.length > 0
      ? ((cpuAfter - cpuBefore) * 1000) / attempts.length
      : null;

  const after = await getJson<PartJson>(partUrl);
  const ok = attempts.filter((a) => a.status === 201);
  const refused = attempts.filter((a) => a.status === 409);
  const other = attempts.filter((a) => a.status !== 201 && a.status !== 409);
  const orderedUnits = ok.reduce((sum, a) => sum + a.quantity, 0);
  const expectedOrders = Math.floor(o.startingStock / o.minimum);
  const latencies = attempts.map((a) => a.ms).sort((x, y) => x - y);
  const okLatencies = ok.map((a) => a.ms).sort((x, y) => x - y);
  const requestsPerSecond = attempts.length / (wallMs / 1000);
  const soldOutMs = ok.reduce((max, a) => Math.max(max, a.endedAt), 0);
  const placedPerSecond = ok.length / (soldOutMs / 1000 || 1);

  const otherStatuses = new Map<string, number>();
  for (const a of other) {
    const key = a.status === 0 ? `network error (${a.error ?? '?'})` : `HTTP ${a.status}`;
    otherStatuses.set(key, (otherStatuses.get(key) ?? 0) + 1);
  }

  const rows: Row[] = [
    info(
      section,
      'setup',
      `${customers.length} customers signed up in ${(signUpMs / 1000).toFixed(1)} s; part stock ${o.startingStock}, orders of ${o.minimum}`,
    ),
    info(
      section,
      'answers',
      `${attempts.length} attempts in ${(wallMs / 1000).toFixed(2)} s: ${ok.length} × 201, ${refused.length} × 409${other.length ? `, ${[...otherStatuses].map(([k, n]) => `${n} × ${k}`).join(', ')}` : ''}`,
    ),
    budgetRow(
      section,
      'order requests/s (all answers)',
      fmtInt(requestsPerSecond),
      `>= ${ORDERS_PER_SECOND_BUDGET}`,
      requestsPerSecond >= ORDERS_PER_SECOND_BUDGET && attempts.length === o.attempts,
    ),
    info(
      section,
      'orders placed/s (until sold out)',
      `${fmtInt(placedPerSecond)} (${ok.length} orders in ${fmtMs(soldOutMs)})`,
    ),
    info(
      section,
      'server CPU per attempt',
      cpuMsPerAttempt === null
        ? 'unknown'
        : `${Math.round(cpuMsPerAttempt * 1000)} µs${server.database === 'postgres' ? " (plus PostgreSQL's own CPU)" : ' (database included: PGlite runs in the server process)'}`,
    ),
    info(
      section,
      'latency p50 / p99 (all; 201 only)',
      `${fmtMs(percentile(latencies, 50))} / ${fmtMs(percentile(latencies, 99))}; ${fmtMs(percentile(okLatencies, 50))} / ${fmtMs(percentile(okLatencies, 99))}`,
    ),
    budgetRow(
      section,
      'successful orders = stock / quantity',
      `${ok.length} (expected ${expectedOrders})`,
      'zero oversell',
      ok.length === expectedOrders,
    ),
    budgetRow(
      section,
      'remaining stock >= 0',
      String(after.availableQuantity),
      'never negative',
      after.availableQuantity >= 0,
    ),
    budgetRow(
      section,
      'ordered + remaining = starting stock',
      `${orderedUnits} + ${after.availableQuantity} = ${orderedUnits + after.availableQuantity} (start ${o.startingStock})`,
      'equal',
      orderedUnits + after.availableQuantity === o.startingStock,
    ),
  ];
  if (server.database === 'postgres' && !startOthers) {
    const p99 = percentile(latencies, 99);
    rows.push(
      budgetRow(
        section,
        'hot part on PostgreSQL: answers/s, placed/s, p99',
        `${fmtInt(requestsPerSecond)} / ${fmtInt(placedPerSecond)} / ${fmtMs(p99)}`,
        `>= ${HOT_PART_BUDGET.answersPerSecond} / >= ${HOT_PART_BUDGET.placedPerSecond} / < ${HOT_PART_BUDGET.p99Ms} ms`,
        requestsPerSecond >= HOT_PART_BUDGET.answersPerSecond &&
          placedPerSecond >= HOT_PART_BUDGET.placedPerSecond &&
          p99 < HOT_PART_BUDGET.p99Ms,
      ),
    );
  }
  if (other.length > 0) {
    rows.push(
      budgetRow(
        section,
        'unexpected answers',
        [...otherStatuses].map(([k, n]) => `${n} × ${k}`).join(', '),
        'none (only 201 or 409)',
        false,
      ),
    );
  }

  return {
    rows,
    details: {
      customers: customers.length,
      signUpMs,
      attempts: attempts.length,
      wallMs,
      requestsPerSecond,
      placedPerSecond,
      serverCpuMsPerAttempt: cpuMsPerAttempt,
      soldOutMs,
      created: ok.length,
      outOfStock: refused.length,
      other: Object.fromEntries(otherStatuses),
      sampleErrors: other.slice(0, 5).map((a) => a.error),
      latencyMs: {
        p50: percentile(latencies, 50),
        p90: percentile(latencies, 90),
        p99: percentile(latencies, 99),
        max: latencies.at(-1) ?? 0,
      },
      createdLatencyMs: { p50: percentile(okLatencies, 50), p99: percentile(okLatencies, 99) },
      stock: { start: o.startingStock, after: after.availableQuantity, orderedUnits },
    },
    notes: [],
  };
}

/** Waits until the server's local outbox holds `count` mails (at most 30 s). */
async function outboxSettled(dataDir: string, count: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const files = await fs.readdir(path.join(dataDir, 'outbox')).catch(() => [] as string[]);
    if (files.length >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
