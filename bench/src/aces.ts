import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PART_COLUMNS } from '@storefront/contract';
import { memorySampler, settle, uploadFiles } from './import.js';
import { confirmAddress, signUpWithKey, type SignedIn } from './support/accounts.js';
import { budgetRow, fmtInt, fmtMs, info, type Row, type SectionResult } from './support/report.js';
import {
  BENCH_ADMIN_EMAIL,
  freePort,
  startServer,
  type ServerUnderTest,
} from './support/server.js';
import { settings } from './support/settings.js';

/*
 * An ACES file at a manufacturer's size (issue 39): a VCdb release of 150,000 base vehicles, a
 * catalog of parts, then an ACES 4.2 file of `apps` applications (about 200 bytes each: a million
 * is 200 MB) previewed and applied through the built server's API while its memory is sampled.
 * The budget is the catalog import's (decision 058): +300 MB of resident memory at most.
 */

const MEMORY_BUDGET_MB = 300;
const APPS_PER_PART = 50;
const mb = (bytes: number) => bytes / 1_048_576;

const write = (stream: fs.WriteStream, line: string) =>
  stream.write(line) ? undefined : new Promise<void>((r) => stream.once('drain', () => r()));
const end = (stream: fs.WriteStream) => new Promise<void>((r) => stream.end(() => r()));

/** 100 makes × 50 models × 30 years; base vehicle id = make, model and year in one number. */
async function writeVcdb(dir: string) {
  const files: [string, string, string][] = [];
  const table = async (
    field: string,
    name: string,
    header: string,
    rows: () => Generator<string>,
  ) => {
    const file = path.join(dir, name);
    const s = fs.createWriteStream(file);
    await write(s, `${header}\r\n`);
    for (const line of rows()) await write(s, `${line}\r\n`);
    await end(s);
    files.push([field, file, name]);
  };
  await table('make', 'Make.txt', 'MakeID|MakeName', function* () {
    for (let m = 1; m <= 100; m += 1) yield `${m}|Make ${m}`;
  });
  await table('model', 'Model.txt', 'ModelID|ModelName|VehicleTypeID', function* () {
    for (let m = 1; m <= 5000; m += 1) yield `${m}|Model ${m}|5`;
  });
  await table(
    'baseVehicle',
    'BaseVehicle.txt',
    'BaseVehicleID|YearID|MakeID|ModelID',
    function* () {
      for (let mk = 1; mk <= 100; mk += 1)
        for (let k = 0; k < 50; k += 1)
          for (let y = 0; y < 30; y += 1) {
            const model = (mk - 1) * 50 + k + 1;
            yield `${model * 100 + y}|${1996 + y}|${mk}|${model}`;
          }
    },
  );
  await table('version', 'Version.txt', 'VersionDate', function* () {
    yield '2026-10-31';
  });
  return files;
}

async function writeParts(dir: string, parts: number) {
  const file = path.join(dir, 'parts.csv');
  const s = fs.createWriteStream(file);
  const header = PART_COLUMNS.map((c) => c.header);
  await write(s, `${header.join(',')}\n`);
  for (let i = 0; i < parts; i += 1) {
    const cells: Record<string, string> = {
      sku: `AC-${String(i).padStart(6, '0')}`,
      name: `ACES bench part ${i}`,
      category: 'Brakes',
      price: '12.50',
      minOrderQuantity: '1',
      packSize: '1',
      stock: '10',
    };
    await write(s, `${PART_COLUMNS.map((c) => cells[c.key] ?? '').join(',')}\n`);
  }
  await end(s);
  return file;
}

/** Each part: 50 applications, 10 consecutive years on each of 5 models (5 vehicle rows). */
async function writeAces(dir: string, apps: number) {
  const file = path.join(dir, 'aces.xml');
  const s = fs.createWriteStream(file);
  await write(
    s,
    '<?xml version="1.0" encoding="UTF-8"?>\n<ACES version="4.2">\n  <Header>\n    <Company>Bench Parts</Company>\n    <SenderName>Bench</SenderName>\n    <TransferDate>2026-11-26</TransferDate>\n    <DocumentTitle>Bench</DocumentTitle>\n    <EffectiveDate>2026-11-26</EffectiveDate>\n    <SubmissionType>FULL</SubmissionType>\n    <VcdbVersionDate>2026-10-31</VcdbVersionDate>\n  </Header>\n',
  );
  for (let n = 0; n < apps; n += 1) {
    const part = Math.floor(n / APPS_PER_PART);
    const k = n % APPS_PER_PART;
    const model = ((part * 7 + Math.floor(k / 10) * 13) % 5000) + 1;
    const year = (part % 20) + (k % 10);
    await write(
      s,
      `  <App action="A" id="${n + 1}">\n    <BaseVehicle id="${model * 100 + year}"/>\n    <Note>Bench fitment note</Note>\n    <Qty>2</Qty>\n    <PartType id="1684"/>\n    <Position id="22"/>\n    <Part>AC-${String(part).padStart(6, '0')}</Part>\n  </App>\n`,
    );
  }
  await write(s, `  <Footer>\n    <RecordCount>${apps}</RecordCount>\n  </Footer>\n</ACES>\n`);
  await end(s);
  return { file, bytes: fs.statSync(file).size };
}

async function applied(server: ServerUnderTest, admin: SignedIn, id: string) {
  const res = await fetch(`${server.baseUrl}/api/staff/imports/${id}/apply`, {
    method: 'POST',
    headers: { authorization: admin.authorization, 'content-type': 'application/json' },
    body: '{}',
  });
  if (res.status !== 202) throw new Error(`apply answered ${res.status}: ${await res.text()}`);
  const job = await settle(server, admin, id);
  if (job.status !== 'applied') throw new Error(`apply ${job.status}: ${job.failure}`);
  return job;
}

export async function runAces(section: string, databaseUrl?: string): Promise<SectionResult> {
  const apps = settings.aces.apps;
  const parts = Math.ceil(apps / APPS_PER_PART);
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'storefront-bench-aces-'));
  const server = await startServer({
    label: section,
    port: await freePort(),
    authSecret: crypto.randomBytes(36).toString('base64'),
    extraEnv: { IMPORT_MAX_MB: '400' },
    ...(settings.serverNodeArgs ? { nodeArgs: settings.serverNodeArgs } : {}),
    ...(databaseUrl ? { databaseUrl } : {}),
  });
  let step = 'sign-up';
  try {
    const admin = await signUpWithKey(server.baseUrl, BENCH_ADMIN_EMAIL);
    await confirmAddress(server.baseUrl, server.dataDir, admin);

    step = 'catalog';
    const partsFile = await writeParts(dir, parts);
    const catalog = await settle(
      server,
      admin,
      await uploadFiles(server, admin, [['parts', partsFile, 'parts.csv']]),
    );
    if (catalog.status !== 'previewed')
      throw new Error(`parts ${catalog.status}: ${catalog.failure}`);
    await applied(server, admin, catalog.id);

    step = 'VCdb';
    const form = new FormData();
    for (const [field, file, name] of await writeVcdb(dir))
      form.append(field, new Blob([await fsp.readFile(file)]), name);
    let t0 = performance.now();
    const vcdb = await fetch(`${server.baseUrl}/api/staff/vcdb`, {
      method: 'POST',
      headers: { authorization: admin.authorization },
      body: form,
    });
    if (vcdb.status !== 201) throw new Error(`VCdb answered ${vcdb.status}: ${await vcdb.text()}`);
    const release = (await vcdb.json()) as { id: string };
    const current = await fetch(`${server.baseUrl}/api/staff/vcdb/${release.id}/apply`, {
      method: 'POST',
      headers: { authorization: admin.authorization },
    });
    if (current.status !== 200) throw new Error(`VCdb apply answered ${current.status}`);
    const vcdbMs = performance.now() - t0;

    step = 'ACES preview';
    const aces = await writeAces(dir, apps);
    let memory = memorySampler(server);
    t0 = performance.now();
    const res = await (async () => {
      const body = new FormData();
      body.append('aces', new Blob([await fsp.readFile(aces.file)]), 'aces.xml');
      return fetch(`${server.baseUrl}/api/staff/imports/aces`, {
        method: 'POST',
        headers: { authorization: admin.authorization },
        body,
        signal: AbortSignal.timeout(900_000),
      });
    })();
    if (res.status !== 202)
      throw new Error(`ACES upload answered ${res.status}: ${await res.text()}`);
    const previewed = await settle(server, admin, ((await res.json()) as { id: string }).id);
    const previewMs = performance.now() - t0;
    const previewGrowth = await memory.stop();
    if (previewed.status !== 'previewed')
      throw new Error(`ACES preview ${previewed.status}: ${previewed.failure}`);

    step = 'ACES apply';
    memory = memorySampler(server);
    t0 = performance.now();
    await applied(server, admin, previewed.id);
    const applyMs = performance.now() - t0;
    const applyGrowth = await memory.stop();

    const rows: Row[] = [
      info(
        section,
        'files',
        `${fmtInt(apps)} applications on ${fmtInt(parts)} parts, ${mb(aces.bytes).toFixed(1)} MB of ACES XML; 150,000 base vehicles`,
      ),
      info(section, 'VCdb upload and apply', fmtMs(vcdbMs)),
      info(
        section,
        `ACES preview (upload, read, map, check; ${fmtInt(previewed.counts.fitmentRows)} vehicle rows)`,
        fmtMs(previewMs),
      ),
      info(section, 'ACES apply (one transaction)', fmtMs(applyMs)),
      budgetRow(
        section,
        'server memory growth (preview, apply)',
        `+${previewGrowth.toFixed(0)} MB, +${applyGrowth.toFixed(0)} MB`,
        `≤ ${MEMORY_BUDGET_MB} MB`,
        Math.max(previewGrowth, applyGrowth) <= MEMORY_BUDGET_MB,
      ),
    ];
    return {
      rows,
      details: {
        apps,
        bytes: aces.bytes,
        vcdbMs,
        previewMs,
        applyMs,
        previewGrowth,
        applyGrowth,
        counts: previewed.counts,
      },
      notes: [],
    };
  } catch (err) {
    throw new Error(
      `${step}: ${String(err)} ${String((err as Error).cause ?? '')}; server ${server.unexpectedExit() ?? 'running'}: ${server.output()}`,
      { cause: err },
    );
  } finally {
    await server.stop();
    await fsp.rm(dir, { recursive: true, force: true }).catch(() => undefined);
  }
}
