import { performance } from 'node:perf_hooks';
import {
  confirmAddress,
  mapLimit,
  postJson,
  signUpWithKey,
  type PartJson,
  type SignedIn,
} from './support/accounts.js';
import { budgetRow, fmtMs, info, type Row, type SectionResult } from './support/report.js';
import { BENCH_ADMIN_EMAIL, type ServerUnderTest } from './support/server.js';
import { settings } from './support/settings.js';

/** Budgets of the warm CPU a successful order may cost the server process, in ms. */
const ORDER_CPU_BUDGET_MS = { postgres: 0.6, embedded: 1.2 };
/** Orders one account may place in ten minutes (the server's own limit). */
const PLACED_PER_ACCOUNT = 30;

type Round = { cpuMs: number | null; p50: number; n: number };

/** `n` requests one after another; the server's CPU and the median wall time per request. */
async function round(
  server: ServerUnderTest,
  n: number,
  send: (i: number) => Promise<number>,
  expect: number,
): Promise<Round> {
  const times: number[] = [];
  const before = await server.cpuSeconds();
  for (let i = 0; i < n; i += 1) {
    const t0 = performance.now();
    const status = await send(i);
    times.push(performance.now() - t0);
    if (status !== expect) throw new Error(`request ${i} answered ${status}, not ${expect}`);
  }
  const after = await server.cpuSeconds();
  times.sort((a, b) => a - b);
  return {
    cpuMs: before !== null && after !== null ? ((after - before) * 1000) / n : null,
    p50: times[Math.floor(times.length / 2)] ?? 0,
    n,
  };
}

const fmtCpu = (r: Round) => (r.cpuMs === null ? '?' : `${Math.round(r.cpuMs * 1000)} µs`);

/**
 * What one request costs the server process, warm: a cold round first (the first requests a new
 * process serves, shown beside), a warm-up round discarded, then the measured round, all
 * sequential so nothing else runs meanwhile. On the embedded database the database's own work is
 * inside the process and counted; on PostgreSQL it is not. Resident memory at idle and after.
 */
export async function runCpu(server: ServerUnderTest, section: string): Promise<SectionResult> {
  const base = server.baseUrl;
  const sizes = settings.quick
    ? { cold: 30, warmup: 60, measured: 120 }
    : { cold: 50, warmup: 200, measured: 500 };
  const idleRss = await server.rssBytes();

  const admin = await signUpWithKey(base, BENCH_ADMIN_EMAIL);
  await confirmAddress(base, server.dataDir, admin);
  const makePart = (stock: number) =>
    postJson<PartJson>(
      `${base}/api/parts`,
      {
        name: `Bench CPU part ${Date.now()} ${stock}`,
        description: 'Ordered by the CPU benchmark.',
        mOrderQuantity: 1,
        availableQuantity: stock,
        price: 3.5,
        url: '/favicon.svg',
      },
      { authorization: admin.authorization },
    );
  const plenty = await makePart(1_000_000);
  const soldOut = await makePart(1);

  const orders = sizes.cold + sizes.warmup + sizes.measured;
  const stamp = Date.now().toString(36);
  const customers = await mapLimit(
    Array.from(
      { length: Math.ceil(orders / Math.min(PLACED_PER_ACCOUNT, 10)) + 1 },
      (_, i) => `bench-cpu-${stamp}-${i}@example.com`,
    ),
    4,
    (email) => signUpWithKey(base, email),
  );
  const buyer = customers[0]!;
  const order = (customer: SignedIn, partId: string) =>
    fetch(`${base}/api/purchase/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: customer.authorization },
      body: JSON.stringify({ partId, minimum: 1, address: '1 Bench Road', phone: '+1 555 0100' }),
    }).then(async (res) => (await res.arrayBuffer(), res.status));
  // The sold-out part: its one unit goes first.
  if ((await order(buyer, soldOut._id)) !== 201) throw new Error('could not empty the part');

  let placed = 0;
  // Up to 10 unpaid orders per account (the default ceiling): each account in turn.
  const nextOrder = () => order(customers[1 + Math.floor(placed++ / 10)]!, plenty._id);
  const get =
    (url: string, headers: Record<string, string> = {}) =>
    () =>
      fetch(`${base}${url}`, { headers }).then(
        async (res) => (await res.arrayBuffer(), res.status),
      );
  const kinds: { name: string; send: () => Promise<number>; status: number }[] = [
    {
      name: 'catalog read (GET /api/parts/{id})',
      send: get(`/api/parts/${plenty._id}`),
      status: 200,
    },
    {
      name: "authenticated read (GET /api/purchase: the caller's orders)",
      send: get('/api/purchase', { authorization: buyer.authorization }),
      status: 200,
    },
    { name: 'successful order (POST /api/purchase)', send: nextOrder, status: 201 },
    { name: 'refused order (409, sold out)', send: () => order(buyer, soldOut._id), status: 409 },
  ];

  const rows: Row[] = [];
  for (const kind of kinds) {
    const cold = await round(server, sizes.cold, kind.send, kind.status);
    await round(server, sizes.warmup, kind.send, kind.status);
    const warm = await round(server, sizes.measured, kind.send, kind.status);
    const value = `${fmtCpu(warm)} warm (p50 ${fmtMs(warm.p50)}, ${warm.n} requests); ${fmtCpu(cold)} cold (first ${cold.n})`;
    if (kind.status === 201 && warm.cpuMs !== null) {
      const budget = ORDER_CPU_BUDGET_MS[server.database];
      rows.push(
        budgetRow(
          section,
          `server CPU per ${kind.name}`,
          value,
          `<= ${budget} ms`,
          warm.cpuMs <= budget,
        ),
      );
    } else rows.push(info(section, `server CPU per ${kind.name}`, value));
  }
  const loadedRss = await server.rssBytes();
  const mb = (b: number | null) => (b === null ? '?' : `${Math.round(b / 1048576)} MB`);
  rows.push(
    info(
      section,
      'resident memory: idle / after these requests',
      `${mb(idleRss)} / ${mb(loadedRss)}`,
    ),
  );
  rows.push(
    info(
      section,
      'database CPU',
      server.database === 'postgres'
        ? "PostgreSQL's own CPU is not in these figures"
        : 'inside the figures (PGlite runs in the server process)',
    ),
  );
  return { rows, details: null, notes: [] };
}
