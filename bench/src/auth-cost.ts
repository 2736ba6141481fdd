import { measure, type Measured } from './catalog.js';
import { signUpWithKey } from './support/accounts.js';
import { fmtInt, info, type Row, type SectionResult } from './support/report.js';
import type { ServerUnderTest } from './support/server.js';

/** Server CPU per request while `url` is under load, in microseconds. */
async function cpuPerRequest(
  server: ServerUnderTest,
  url: string,
  headers: Record<string, string> = {},
): Promise<{ measured: Measured; micros: number | null }> {
  let before: number | null = null;
  let used: number | null = null;
  const measured = await measure(
    url,
    {
      before: async () => {
        before = await server.cpuSeconds();
      },
      after: async () => {
        const now = await server.cpuSeconds();
        used = now !== null && before !== null ? now - before : null;
      },
    },
    headers,
  );
  return {
    measured,
    micros: used !== null && measured.requests > 0 ? (used * 1e6) / measured.requests : null,
  };
}

/**
 * What checking a caller costs: an authorized read (`GET /api/admin/{email}`: the access key's
 * signature, the session looked up or taken from the short cache, the role likewise) against a
 * read of the same size without any guard (`GET /api/config`), one after the other under the same
 * load.
 */
export async function runAuthCost(
  server: ServerUnderTest,
  section: string,
): Promise<SectionResult> {
  const user = await signUpWithKey(server.baseUrl, `bench-guard-${Date.now()}@example.com`);
  const guarded = await cpuPerRequest(
    server,
    `${server.baseUrl}/api/admin/${encodeURIComponent(user.email)}`,
    { authorization: user.authorization },
  );
  const open = await cpuPerRequest(server, `${server.baseUrl}/api/config`);
  const fmt = (m: { measured: Measured; micros: number | null }) =>
    `${fmtInt(m.measured.requestsPerSecond)} req/s, ${m.micros === null ? '?' : Math.round(m.micros)} µs CPU/request${m.measured.non2xx ? ` (${m.measured.non2xx} non-2xx)` : ''}`;
  const rows: Row[] = [
    info(section, 'GET /api/admin/{email} (key, session and role checked)', fmt(guarded)),
    info(section, 'GET /api/config (no guard)', fmt(open)),
    info(
      section,
      'cost of the guard per request',
      guarded.micros === null || open.micros === null
        ? 'unknown'
        : `${Math.round(guarded.micros - open.micros)} µs of server CPU (${(guarded.micros / open.micros).toFixed(2)}x)`,
    ),
  ];
  return { rows, details: { guarded, open }, notes: [] };
}
