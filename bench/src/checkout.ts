import { performance } from 'node:perf_hooks';
import {
  confirmAddress,
  getJson,
  mapLimit,
  postJson,
  signUpWithKey,
  type PartJson,
  type SignedIn,
} from './support/accounts.js';
import { budgetRow, fmtInt, fmtMs, info, type Row, type SectionResult } from './support/report.js';
import { BENCH_ADMIN_EMAIL, type ServerUnderTest } from './support/server.js';
import { settings } from './support/settings.js';

/** Issue 21's budgets, on PostgreSQL. */
const BUDGET = { twentyLineCpuMs: 6, checkoutsPerSecond: 150, p99Ms: 500 };
/**
 * The account ceilings the server under test runs with (extraEnv): a benchmark buyer places
 * hundreds of unpaid orders, far past a real account's ceiling.
 */
export const CHECKOUT_BENCH_ENV = {
  MAX_UNPAID_ORDERS: '1000',
  MAX_UNPAID_ORDER_VALUE: '1000000000',
};

/** The server lets one account place 30 orders in ten minutes: each account places 25 here. */
const PER_ACCOUNT = 25;

type Line = { partId: string; quantity: number; unitPrice: number };
type Attempt = { status: number; ms: number; error?: string };

const percentile = (sorted: number[], p: number): number =>
  sorted.length === 0
    ? 0
    : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0);

const shipTo = { street: '1 Bench Road', city: 'Leeds', postalCode: 'LS1 1AA', country: 'UK' };

async function checkout(base: string, buyer: SignedIn, lines: Line[]): Promise<Attempt> {
  const t0 = performance.now();
  try {
    const res = await fetch(`${base}/api/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: buyer.authorization },
      body: JSON.stringify({ lines, shipTo, phone: '+1 555 0100' }),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    return {
      status: res.status,
      ms: performance.now() - t0,
      ...(res.status === 201 ? {} : { error: text.slice(0, 200) }),
    };
  } catch (err) {
    return { status: 0, ms: performance.now() - t0, error: String(err) };
  }
}

/** Fisher-Yates with Math.random: the line order a buyer's cart happens to have. */
function shuffled<T>(items: T[]): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

/**
 * Multi-line checkout: the warm server CPU of one 20-line checkout (sequential), then 50 buyers
 * checking out 5-line carts drawn at random over 12 hot parts, in random line order, all at once:
 * checkouts a second, p99, and, through the API, that no part sold more than its stock and no
 * request failed with anything but a refusal (a deadlock would surface as a 5xx or a BUSY 409).
 */
export async function runCheckout(
  server: ServerUnderTest,
  section: string,
): Promise<SectionResult> {
  const base = server.baseUrl;
  const onPostgres = server.database === 'postgres';
  const admin = await signUpWithKey(base, BENCH_ADMIN_EMAIL);
  await confirmAddress(base, server.dataDir, admin);
  const stamp = Date.now().toString(36);
  const makePart = (i: number, stock: number) =>
    postJson<PartJson>(
      `${base}/api/parts`,
      {
        name: `Bench checkout part ${stamp} ${i}`,
        description: 'Ordered by the checkout benchmark.',
        mOrderQuantity: 1,
        availableQuantity: stock,
        price: 1.25,
        url: '/favicon.svg',
      },
      { authorization: admin.authorization },
    );
  const rows: Row[] = [];

  // 1. One 20-line checkout, warm: the server's CPU per checkout.
  const twenty = await mapLimit(
    Array.from({ length: 20 }, (_, i) => i),
    4,
    (i) => makePart(i, 1_000_000),
  );
  const lines20 = twenty.map((p) => ({ partId: p._id, quantity: 1, unitPrice: p.price }));
  const sizes = settings.quick ? { warmup: 30, measured: 60 } : { warmup: 60, measured: 200 };
  const soloAccounts = await mapLimit(
    Array.from(
      { length: Math.ceil((sizes.warmup + sizes.measured) / PER_ACCOUNT) },
      (_, i) => `bench-checkout-${stamp}-solo-${i}@example.com`,
    ),
    4,
    (email) => signUpWithKey(base, email),
  );
  let soloCount = 0;
  const solo = () => soloAccounts[Math.floor(soloCount++ / PER_ACCOUNT)]!;
  for (let i = 0; i < sizes.warmup; i++) {
    const a = await checkout(base, solo(), lines20);
    if (a.status !== 201) throw new Error(`20-line checkout answered ${a.status}: ${a.error}`);
  }
  const before = await server.cpuSeconds();
  const times: number[] = [];
  for (let i = 0; i < sizes.measured; i++) {
    const a = await checkout(base, solo(), lines20);
    if (a.status !== 201) throw new Error(`20-line checkout answered ${a.status}: ${a.error}`);
    times.push(a.ms);
  }
  const after = await server.cpuSeconds();
  times.sort((a, b) => a - b);
  const cpuMs =
    before !== null && after !== null ? ((after - before) * 1000) / sizes.measured : null;
  const cpuText = `${cpuMs === null ? '?' : fmtMs(cpuMs)} (p50 ${fmtMs(percentile(times, 50))} wall, ${sizes.measured} checkouts)`;
  rows.push(
    onPostgres && cpuMs !== null
      ? budgetRow(
          section,
          'server CPU per 20-line checkout, warm',
          cpuText,
          `<= ${BUDGET.twentyLineCpuMs} ms`,
          cpuMs <= BUDGET.twentyLineCpuMs,
        )
      : info(section, 'server CPU per 20-line checkout, warm (database inside)', cpuText),
  );

  // 2. 50 buyers, 5-line carts over 12 hot parts, random order, all at once.
  const hotStock = 1_000_000;
  const hot = await mapLimit(
    Array.from({ length: 12 }, (_, i) => 100 + i),
    4,
    (i) => makePart(i, hotStock),
  );
  const total = settings.quick ? 500 : 2_000;
  const perBuyer = Math.ceil(Math.ceil(total / 50) / PER_ACCOUNT) + 1;
  const accounts = await mapLimit(
    Array.from({ length: 50 * perBuyer }, (_, i) => `bench-checkout-${stamp}-${i}@example.com`),
    4,
    (email) => signUpWithKey(base, email),
  );
  // Each of the 50 buyers is a few accounts in turn, 25 checkouts each (the server's window).
  const buyers = Array.from({ length: 50 }, (_, b) => {
    let placedBy = 0;
    return () => accounts[b * perBuyer + Math.floor(placedBy++ / PER_ACCOUNT)]!;
  });
  const sold = new Map<string, number>(hot.map((p) => [p._id, 0]));
  const attempts: Attempt[] = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    buyers.map(async (buyer) => {
      while (next < total) {
        next++;
        const cart = shuffled(hot)
          .slice(0, 5)
          .map((p) => ({
            partId: p._id,
            quantity: 1 + Math.floor(Math.random() * 5),
            unitPrice: p.price,
          }));
        const a = await checkout(base, buyer(), shuffled(cart));
        attempts.push(a);
        if (a.status === 201)
          for (const l of cart) sold.set(l.partId, (sold.get(l.partId) ?? 0) + l.quantity);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const placed = attempts.filter((a) => a.status === 201).length;
  const failed = attempts.filter((a) => a.status !== 201);
  const latencies = attempts.map((a) => a.ms).sort((a, b) => a - b);
  const p99 = percentile(latencies, 99);
  const rate = placed / seconds;

  // What the shop says it has left, against what was sold: 0 oversold, nothing lost.
  let mismatched = 0;
  for (const p of hot) {
    const now = await getJson<PartJson>(`${base}/api/parts/${p._id}`);
    if (now.availableQuantity !== hotStock - (sold.get(p._id) ?? 0) || now.availableQuantity < 0)
      mismatched++;
  }
  const errorKinds = [...new Set(failed.map((f) => `${f.status} ${f.error ?? ''}`.slice(0, 80)))];
  const budgeted = onPostgres;
  const row = (metric: string, value: string, budget: string, pass: boolean) =>
    budgeted ? budgetRow(section, metric, value, budget, pass) : info(section, metric, value);
  rows.push(
    row(
      '50 buyers, 5-line carts over 12 hot parts: checkouts a second',
      `${fmtInt(rate)} /s (${placed} of ${attempts.length} in ${seconds.toFixed(1)} s)`,
      `>= ${BUDGET.checkoutsPerSecond} /s`,
      rate >= BUDGET.checkoutsPerSecond,
    ),
    row('… p99 latency', fmtMs(p99), `< ${BUDGET.p99Ms} ms`, p99 < BUDGET.p99Ms),
    row(
      '… failed checkouts (deadlocks, busy, errors) surfaced to buyers',
      failed.length === 0 ? '0' : `${failed.length}: ${errorKinds.join('; ')}`,
      '0',
      failed.length === 0,
    ),
    row(
      '… parts whose stock is not the opening stock less what was sold (oversold or lost)',
      String(mismatched),
      '0',
      mismatched === 0,
    ),
  );
  return { rows, details: { cpuMs, rate, p99, placed, failed: failed.length }, notes: [] };
}
