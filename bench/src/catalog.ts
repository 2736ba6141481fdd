import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { getJson, type PartJson } from './support/accounts.js';
import {
  budgetRow,
  fmtInt,
  fmtKb,
  fmtMs,
  fmtRatio,
  info,
  type Row,
  type SectionResult,
} from './support/report.js';
import type { ServerUnderTest } from './support/server.js';
import { settings } from './support/settings.js';

const RATIO_BUDGET = 0.8;
const P99_BUDGET_MS = 20;

export type Measured = {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
};

type Endpoint = { name: string; path: string; body: Buffer };

function cannon(
  url: string,
  seconds: number,
  headers: Record<string, string> = {},
): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        headers,
        connections: settings.catalog.connections,
        duration: seconds,
        // The load runs in a worker thread, so the in-process ceiling server keeps its own
        // event loop, as the server under test has its own process.
        workers: 1,
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

/** A short warm-up run (discarded), then the measured one. */
export async function measure(
  url: string,
  around?: { before(): Promise<void>; after(): Promise<void> },
  headers: Record<string, string> = {},
): Promise<Measured> {
  await cannon(url, settings.catalog.warmupSeconds, headers);
  await around?.before();
  const r = await cannon(url, settings.catalog.durationSeconds, headers);
  await around?.after();
  return {
    requestsPerSecond: r.requests.total / r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
  };
}

async function endpointsOf(server: ServerUnderTest): Promise<Endpoint[]> {
  const fetchBody = async (path: string) => {
    const res = await fetch(`${server.baseUrl}${path}`, { signal: AbortSignal.timeout(10_000) });
    if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}`);
    return Buffer.from(await res.arrayBuffer());
  };
  const parts = await getJson<PartJson[]>(`${server.baseUrl}/api/parts`);
  const first = parts[0];
  if (!first) throw new Error('GET /api/parts returned no parts (is the demo catalog seeded?)');
  const detailPath = `/api/parts/${encodeURIComponent(first._id)}`;
  return [
    { name: 'GET /api/parts', path: '/api/parts', body: await fetchBody('/api/parts') },
    { name: 'GET /api/parts/{id}', path: detailPath, body: await fetchBody(detailPath) },
  ];
}

/** A bare Fastify server in this process answering the same bytes from memory. */
async function startCeiling(
  endpoints: Endpoint[],
): Promise<{ app: FastifyInstance; base: string }> {
  const app = Fastify({ logger: false });
  for (const e of endpoints) {
    app.get(e.path, (_request, reply) => {
      void reply.header('content-type', 'application/json; charset=utf-8').send(e.body);
    });
  }
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { app, base: `http://127.0.0.1:${port}` };
}

const problems = (m: Measured) =>
  m.errors + m.timeouts + m.non2xx > 0
    ? ` (${m.errors} errors, ${m.timeouts} timeouts, ${m.non2xx} non-2xx)`
    : '';

/**
 * The catalog API under load, each endpoint right after its ceiling (a bare Fastify answering
 * the same bytes), so both see the same machine load.
 */
export async function runCatalog(server: ServerUnderTest, section: string): Promise<SectionResult> {
  const endpoints = await endpointsOf(server);
  const ceiling = await startCeiling(endpoints);
  const rows: Row[] = [];
  const measured: Record<
    string,
    { ours: Measured; ceiling: Measured; bytes: number; serverCpuMsPerRequest: number | null }
  > = {};
  try {
    for (const e of endpoints) {
      const top = await measure(`${ceiling.base}${e.path}`);
      let cpuBefore: number | null = null;
      let cpuUsed: number | null = null;
      const ours = await measure(`${server.baseUrl}${e.path}`, {
        before: async () => {
          cpuBefore = await server.cpuSeconds();
        },
        after: async () => {
          const now = await server.cpuSeconds();
          cpuUsed = now !== null && cpuBefore !== null ? now - cpuBefore : null;
        },
      });
      const cpuPerRequest =
        cpuUsed !== null && ours.requests > 0 ? (cpuUsed * 1000) / ours.requests : null;
      measured[e.name] = {
        ours,
        ceiling: top,
        bytes: e.body.length,
        serverCpuMsPerRequest: cpuPerRequest,
      };
      const ratio = ours.requestsPerSecond / top.requestsPerSecond;
      rows.push(
        info(
          section,
          `${e.name} req/s`,
          `${fmtInt(ours.requestsPerSecond)} (ceiling ${fmtInt(top.requestsPerSecond)}${problems(top)}; body ${fmtKb(e.body.length)})${problems(ours)}`,
        ),
        budgetRow(
          section,
          `${e.name} ours/ceiling`,
          fmtRatio(ratio),
          `>= ${fmtRatio(RATIO_BUDGET)}`,
          ratio >= RATIO_BUDGET && ours.errors + ours.non2xx === 0,
        ),
        budgetRow(
          section,
          `${e.name} p50 / p99`,
          `${fmtMs(ours.p50)} / ${fmtMs(ours.p99)} (ceiling ${fmtMs(top.p50)} / ${fmtMs(top.p99)})`,
          `p99 < ${P99_BUDGET_MS} ms`,
          ours.p99 < P99_BUDGET_MS,
        ),
        info(
          section,
          `${e.name} server CPU/request`,
          cpuPerRequest === null
            ? 'unknown'
            : `${Math.round(cpuPerRequest * 1000)} µs${server.database === 'postgres' ? " (plus PostgreSQL's own CPU)" : ' (PGlite included)'}`,
        ),
      );
    }
  } finally {
    await ceiling.app.close();
  }
  return {
    rows,
    details: {
      connections: settings.catalog.connections,
      warmupSeconds: settings.catalog.warmupSeconds,
      durationSeconds: settings.catalog.durationSeconds,
      measured,
    },
    notes: [],
  };
}
