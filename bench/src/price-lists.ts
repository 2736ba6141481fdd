import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openPglite, openPostgres, type Database } from '../../apps/server/src/db/database.js';
import { CHECKOUT_BENCH_ENV } from './checkout.js';
import { untilSearchReady } from './search.js';
import { getJson, mapLimit, signUpWithKey, type SignedIn } from './support/accounts.js';
import { addGeneratedParts } from './support/generated-parts.js';
import {
  budgetRow,
  fmtInt,
  fmtMs,
  fmtRatio,
  info,
  type Row,
  type SectionResult,
} from './support/report.js';
import { freePort, startServer, type ServerUnderTest } from './support/server.js';
import { settings } from './support/settings.js';

/**
 * Issue 36's budgets (decision 061): a company buyer with a 20,000-entry price list searches the
 * catalog of 100,000 parts within 1.5x of an anonymous search, and a 20-line checkout of theirs
 * costs the server within 1.2x the CPU of a plain buyer's.
 */
const BUDGET = { searchRatio: 1.5, checkoutCpuRatio: 1.2, entries: 20_000, atParts: 100_000 };

const CASES = [
  { name: 'text "brake pads"', query: '/api/catalog?q=brake+pads' },
  { name: 'whole catalog by price', query: '/api/catalog?sort=price-asc' },
  {
    name: 'a category by price, descending, page 3',
    query: '/api/catalog?category=brakes&sort=price-desc&page=3',
  },
];

/** The server lets one account place 30 orders in ten minutes: each account places 25 here. */
const PER_ACCOUNT = 25;
const shipTo = { street: '1 Bench Road', city: 'Leeds', postalCode: 'LS1 1AA', country: 'UK' };

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** One GET on a kept-alive connection: milliseconds until the last byte. */
function timedGet(url: string, agent: http.Agent, headers: Record<string, string>) {
  return new Promise<{ ms: number; body: string; headers: http.IncomingHttpHeaders }>(
    (resolve, reject) => {
      const t = performance.now();
      const req = http.get(url, { agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          if (res.statusCode !== 200)
            reject(new Error(`GET ${url} answered ${res.statusCode}: ${body.slice(0, 200)}`));
          else resolve({ ms: performance.now() - t, body, headers: res.headers });
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.setTimeout(60_000, () => req.destroy(new Error(`GET ${url}: no answer in 60 s`)));
    },
  );
}

/**
 * `samples` pairs of requests, one anonymous and one with `headers`, each on its own kept-alive
 * connection, alternating (after `warm` discarded pairs): both see the same load on the machine.
 */
async function alternating(
  url: string,
  samples: number,
  warm: number,
  headers: Record<string, string>,
): Promise<{ anonymous: number[]; signedIn: number[] }> {
  const agents = [0, 1].map(() => new http.Agent({ keepAlive: true, maxSockets: 1 }));
  try {
    const anonymous: number[] = [];
    const signedIn: number[] = [];
    for (let i = 0; i < warm + samples; i += 1) {
      // Which goes first alternates too.
      const order = i % 2 === 0 ? [0, 1] : [1, 0];
      for (const k of order) {
        const { ms } = await timedGet(url, agents[k]!, k === 0 ? {} : headers);
        if (i >= warm) (k === 0 ? anonymous : signedIn).push(ms);
      }
    }
    return { anonymous, signedIn };
  } finally {
    for (const a of agents) a.destroy();
  }
}

type Line = { partId: string; quantity: number; unitPrice: number };

async function checkout(base: string, buyer: SignedIn, lines: Line[], companyId?: string) {
  const res = await fetch(`${base}/api/checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: buyer.authorization },
    body: JSON.stringify({
      lines,
      shipTo,
      phone: '+1 555 0100',
      ...(companyId ? { companyId } : {}),
    }),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  if (res.status !== 201)
    throw new Error(`20-line checkout answered ${res.status}: ${text.slice(0, 300)}`);
}

/**
 * The company, its members and its price list, written while no server runs: a list of
 * `entries` fixed prices (80% of the part's price) on generated parts, 10% off everything else
 * and 25% off brakes, assigned to the company; 20 of its parts get stock for the checkouts.
 */
async function writeCompanyAndList(
  database: Database,
  owner: string,
  members: string[],
  entries: number,
): Promise<{ companyId: string; hot: string[] }> {
  const db = database.db;
  const rows = (r: unknown) => (r as { rows: Record<string, unknown>[] }).rows;
  const companyId = await db.transaction(async (tx) => {
    const [company] = rows(
      await tx.execute(sql`
        insert into companies (name, tax_id, billing_street, billing_city, billing_postal_code,
                               billing_country, created_by)
        select 'Bench Fleet Ltd', 'GB 1', '1 Quay', 'Hull', 'HU1 1AA', 'UK', id
          from users where email = ${owner}
        returning id`),
    );
    const id = String(company!.id);
    await tx.execute(sql`
      insert into company_members (company_id, user_id, role)
      select ${id}::uuid, id, case when email = ${owner} then 'owner' else 'buyer' end
        from users where email = any(${`{${[owner, ...members].join(',')}}`}::text[])`);
    return id;
  });
  const [list] = rows(
    await db.execute(sql`
      insert into price_lists (name, percent_off_bp) values ('Bench fleet 2027', 1000)
      returning id`),
  );
  const listId = String(list!.id);
  await db.execute(sql`
    insert into price_list_categories (list_id, category, percent_off_bp)
    values (${listId}::uuid, 'brakes', 2500)`);
  await db.execute(sql`
    insert into price_list_entries (list_id, part_id, min_quantity, unit_cents)
    select ${listId}::uuid, id, 1, greatest(1, price_cents * 8 / 10) from parts
     where sku ~ '-B[0-9]+$' order by id limit ${entries}`);
  const [written] = rows(
    await db.execute(
      sql`select count(*)::int as n from price_list_entries where list_id = ${listId}::uuid`,
    ),
  );
  if (Number(written?.n) !== entries)
    throw new Error(`the list has ${String(written?.n)} entries, not ${entries}`);
  await db.execute(sql`
    insert into price_list_assignments (list_id, company_id, priority)
    values (${listId}::uuid, ${companyId}::uuid, 0)`);
  const hot = rows(
    await db.execute(sql`
      update parts set available_quantity = 1000000, min_order_quantity = 1, pack_size = 1,
                       max_order_quantity = null
       where id in (select part_id from price_list_entries where list_id = ${listId}::uuid
                     order by part_id limit 20)
      returning id`),
  ).map((r) => String(r.id));
  await db.execute(sql`vacuum (analyze) price_list_entries, price_list_assignments, parts`);
  return { companyId, hot };
}

/**
 * A company buyer's search and checkout against an anonymous search and a plain buyer's
 * checkout, end to end over HTTP (response cache off), on a catalog of `settings.search.parts`
 * generated parts with a 20,000-entry list. Search: p50/p95 of sequential requests, anonymous and
 * company buyer alternating request by request, each on its own kept-alive connection. Checkout: the server's
 * CPU (user + system, read from the process) per 20-line checkout, plain and company buyer in
 * alternating blocks.
 */
export async function runPriceLists(section: string, databaseUrl?: string): Promise<SectionResult> {
  const count = settings.search.parts;
  const entries = Math.min(BUDGET.entries, Math.floor(count / 5));
  const atBudgetSize = count === BUDGET.atParts && entries === BUDGET.entries;
  const port = await freePort();
  const authSecret = crypto.randomBytes(36).toString('base64');
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'storefront-bench-prices-'));
  const options = () => ({
    label: section,
    port,
    authSecret,
    dataDir,
    extraEnv: { CATALOG_CACHE_SECONDS: '0', BACKUP_INTERVAL_HOURS: '0', ...CHECKOUT_BENCH_ENV },
    ...(databaseUrl ? { databaseUrl } : {}),
    // BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=…" profiles the servers.
    ...(settings.serverNodeArgs ? { nodeArgs: settings.serverNodeArgs } : {}),
  });
  const rows: Row[] = [];
  const details: Record<string, unknown> = { parts: count, entries };
  const sizes = settings.quick
    ? { searchSamples: 60, rounds: 2, warm: 10, checkouts: 40, blocks: 2 }
    : { searchSamples: 100, rounds: 3, warm: 20, checkouts: 200, blocks: 4 };
  let server: ServerUnderTest | null = null;
  try {
    // A first start migrates and seeds; the accounts sign up through the API.
    server = await startServer(options());
    const stamp = Date.now().toString(36);
    const accountsPerKind = Math.ceil((sizes.checkouts + 20) / PER_ACCOUNT) + 1;
    const emails = (kind: string) =>
      Array.from(
        { length: accountsPerKind },
        (_, i) => `bench-prices-${stamp}-${kind}-${i}@example.com`,
      );
    const plain = await mapLimit(emails('plain'), 4, (e) => signUpWithKey(server!.baseUrl, e));
    const fleet = await mapLimit(emails('fleet'), 4, (e) => signUpWithKey(server!.baseUrl, e));
    await server.stop();
    server = null;

    const seedStart = performance.now();
    let database: Database | null = null;
    let written: Awaited<ReturnType<typeof writeCompanyAndList>>;
    try {
      database = databaseUrl
        ? await openPostgres(databaseUrl, 2)
        : await openPglite(path.join(dataDir, 'pglite'));
      await addGeneratedParts(database, count);
      written = await writeCompanyAndList(
        database,
        fleet[0]!.email,
        fleet.slice(1).map((a) => a.email),
        entries,
      );
    } finally {
      await database?.close();
    }
    rows.push(
      info(
        section,
        'catalog and list',
        `${fmtInt(count)} generated parts + the demo catalog; one company list of ${fmtInt(entries)} fixed prices, 10% off the rest, 25% off brakes (written in ${((performance.now() - seedStart) / 1000).toFixed(0)} s)`,
      ),
    );

    const t0 = performance.now();
    server = await startServer(options());
    await untilSearchReady(server, t0);
    const base = server.baseUrl;
    const buyer = fleet[1]!;
    const auth = { authorization: buyer.authorization };

    // The buyer's first search after a change of their list (or of any part): their prices are
    // computed for every part and kept until the next change.
    const first = await timedGet(`${base}/api/catalog?sort=price-asc`, new http.Agent(), auth);
    if (!/"listPrice"/.test(first.body))
      throw new Error('the company buyer was shown no list price: the list is not applied');
    rows.push(
      info(section, "company buyer's first search (prices computed, then kept)", fmtMs(first.ms)),
    );
    details.firstSearchMs = first.ms;

    const searchDetails: Record<string, unknown> = {};
    for (const c of CASES) {
      const url = `${base}${c.query}`;
      const { anonymous, signedIn: company } = await alternating(
        url,
        sizes.searchSamples * sizes.rounds,
        sizes.warm,
        auth,
      );
      anonymous.sort((a, b) => a - b);
      company.sort((a, b) => a - b);
      const a = { p50: pct(anonymous, 50), p95: pct(anonymous, 95) };
      const b = { p50: pct(company, 50), p95: pct(company, 95) };
      const ratio = b.p50 / a.p50;
      const ratio95 = b.p95 / a.p95;
      searchDetails[c.name] = {
        anonymous: a,
        company: b,
        ratio,
        ratio95,
        samples: anonymous.length,
      };
      const value = `company p50 ${fmtMs(b.p50)} / p95 ${fmtMs(b.p95)}; anonymous p50 ${fmtMs(a.p50)} / p95 ${fmtMs(a.p95)}; ratio p50 ${fmtRatio(ratio)}, p95 ${fmtRatio(ratio95)} (${c.query.replace(/^\/api\//, '')}, ${anonymous.length} each)`;
      rows.push(
        atBudgetSize
          ? budgetRow(
              section,
              `search: ${c.name}`,
              value,
              `p50 <= ${BUDGET.searchRatio}x anonymous`,
              ratio <= BUDGET.searchRatio,
            )
          : info(section, `search: ${c.name}`, value),
      );
    }
    details.search = searchDetails;

    // Checkout: the same 20 parts, 1 each; the company buyer at their prices for the company.
    const linesFor = async (who: SignedIn | null) =>
      Promise.all(
        written.hot.map(async (id) => {
          const part = await getJson<{ price: number }>(
            `${base}/api/parts/${id}`,
            who ? { authorization: who.authorization } : {},
          );
          return { partId: id, quantity: 1, unitPrice: part.price };
        }),
      );
    const plainLines = await linesFor(null);
    const fleetLines = await linesFor(fleet[1]!);
    if (fleetLines.every((l, i) => l.unitPrice === plainLines[i]!.unitPrice))
      throw new Error(
        `the company buyer pays the public price for the checkout parts: ${JSON.stringify(
          await fetch(`${base}/api/parts/${written.hot[0]}`, { headers: auth }).then(async (r) => [
            r.status,
            await r.text(),
          ]),
        )}`,
      );
    const placed = { plain: 0, fleet: 0 };
    const next = (kind: 'plain' | 'fleet') => {
      const accounts = kind === 'plain' ? plain : fleet;
      return accounts[Math.floor(placed[kind]++ / PER_ACCOUNT)]!;
    };
    const place = (kind: 'plain' | 'fleet') =>
      kind === 'plain'
        ? checkout(base, next('plain'), plainLines)
        : checkout(base, next('fleet'), fleetLines, written.companyId);
    for (let i = 0; i < 10; i += 1) {
      await place('plain');
      await place('fleet');
    }
    const cpu = { plain: 0, fleet: 0 };
    const wall = { plain: [] as number[], fleet: [] as number[] };
    const perBlock = Math.floor(sizes.checkouts / sizes.blocks);
    for (let block = 0; block < sizes.blocks; block += 1)
      for (const kind of ['plain', 'fleet'] as const) {
        const before = await server.cpuSeconds();
        for (let i = 0; i < perBlock; i += 1) {
          const t = performance.now();
          await place(kind);
          wall[kind].push(performance.now() - t);
        }
        const after = await server.cpuSeconds();
        if (before === null || after === null) throw new Error('the server CPU cannot be read');
        cpu[kind] += after - before;
      }
    const n = perBlock * sizes.blocks;
    const cpuMs = { plain: (cpu.plain * 1000) / n, fleet: (cpu.fleet * 1000) / n };
    const cpuRatio = cpuMs.fleet / cpuMs.plain;
    for (const w of Object.values(wall)) w.sort((a, b) => a - b);
    details.checkout = {
      cpuMs,
      cpuRatio,
      checkouts: n,
      wallP50: { plain: pct(wall.plain, 50), fleet: pct(wall.fleet, 50) },
    };
    const value = `company buyer ${fmtMs(cpuMs.fleet)}, plain buyer ${fmtMs(cpuMs.plain)} server CPU per checkout; ratio ${fmtRatio(cpuRatio)} (${n} each; wall p50 ${fmtMs(pct(wall.fleet, 50))} against ${fmtMs(pct(wall.plain, 50))})`;
    rows.push(
      atBudgetSize
        ? budgetRow(
            section,
            '20-line checkout: server CPU',
            value,
            `<= ${BUDGET.checkoutCpuRatio}x a plain buyer's`,
            cpuRatio <= BUDGET.checkoutCpuRatio,
          )
        : info(section, '20-line checkout: server CPU', value),
    );
    return { rows, details, notes: [] };
  } finally {
    await server?.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
