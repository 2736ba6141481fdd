import fs from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { generatePart } from '../../apps/server/src/db/catalog-generator.js';
import { openPostgres } from '../../apps/server/src/db/database.js';
import { signUpWithKey } from './support/accounts.js';
import { addGeneratedParts, embeddedCatalogAtSize } from './support/generated-parts.js';
import { budgetRow, fmtInt, fmtMs, info, type Row, type SectionResult } from './support/report.js';
import { startServer, type ServerUnderTest } from './support/server.js';
import { settings } from './support/settings.js';

/** Issue 22's budget: 500 pasted rows resolved at 100,000 parts. */
const BUDGET_MS = 50;
const ROWS = 500;
const RUNS = 40;

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/**
 * A 500-row list as buyers paste it: mostly our part numbers (any case), some OEM numbers printed
 * with spaces, some unknown numbers, in the usual separators.
 */
function pastedList(count: number): string {
  const lines: string[] = [];
  for (let i = 0; i < ROWS; i += 1) {
    const index = 1 + Math.floor((i * 7919) % count);
    const part = generatePart(index, 'B');
    const oem = part.oemNumbers[0];
    if (i % 10 === 0 && oem) lines.push(`${oem.slice(0, 4)} ${oem.slice(4)}\t${i + 1}`);
    else if (i % 25 === 0) lines.push(`NOPE-${i};3`);
    else if (i % 3 === 0) lines.push(`${i % 7} x ${part.sku.toLowerCase()}`);
    else lines.push(`${part.sku},${(i % 40) + 1}`);
  }
  return lines.join('\r\n');
}

/**
 * Resolving a pasted 500-row list (`POST /api/quick-order/resolve`) against the catalog at size:
 * sequential requests from one signed-in buyer, each timed from send to the last byte of the
 * answer (an upper bound of the server's time: local HTTP and JSON included).
 */
export async function runQuickOrder(section: string, databaseUrl?: string): Promise<SectionResult> {
  const count = settings.search.parts;
  let server: ServerUnderTest;
  let dataDir: string | null = null;
  const seedStart = performance.now();
  if (databaseUrl) {
    server = await startServer({ label: section, databaseUrl });
    const database = await openPostgres(databaseUrl, 2);
    await addGeneratedParts(database, count);
    await database.close();
  } else {
    const made = await embeddedCatalogAtSize(count);
    dataDir = made.dataDir;
    server = await startServer({ label: section, dataDir });
  }
  const seedMs = performance.now() - seedStart;
  try {
    const buyer = await signUpWithKey(server.baseUrl, `quick-${Date.now()}@bench.example`);
    const body = JSON.stringify({ text: pastedList(count) });
    const once = async () => {
      const t0 = performance.now();
      const res = await fetch(`${server.baseUrl}/api/quick-order/resolve`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: buyer.authorization },
        body,
        signal: AbortSignal.timeout(30_000),
      });
      const answer = (await res.json()) as { rows?: unknown[]; ready?: number };
      if (res.status !== 200 || answer.rows?.length !== ROWS)
        throw new Error(`quick order: ${res.status} ${JSON.stringify(answer).slice(0, 200)}`);
      return { ms: performance.now() - t0, ready: answer.ready ?? 0 };
    };
    for (let i = 0; i < 5; i += 1) await once();
    const times: number[] = [];
    let ready = 0;
    for (let i = 0; i < RUNS; i += 1) {
      const run = await once();
      times.push(run.ms);
      ready = run.ready;
    }
    times.sort((a, b) => a - b);
    const p50 = percentile(times, 50);
    const p95 = percentile(times, 95);
    const rows: Row[] = [
      info(
        section,
        'catalog size',
        `${fmtInt(count)} generated parts + the demo catalog (written in ${fmtMs(seedMs)})`,
      ),
      info(section, 'list', `${ROWS} rows (${ready} ready), ${fmtInt(body.length)} bytes`),
      budgetRow(
        section,
        `resolve ${ROWS} rows, median of ${RUNS} (p95 ${fmtMs(p95)})`,
        fmtMs(p50),
        `<= ${BUDGET_MS} ms`,
        p50 <= BUDGET_MS,
      ),
    ];
    return { rows, details: { p50, p95, runs: RUNS, rows: ROWS, parts: count }, notes: [] };
  } finally {
    await server.stop();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  }
}
