import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import path from 'node:path';
import os from 'node:os';
import { CATEGORIES, PART_COLUMNS } from '@storefront/contract';
import { openPostgres, openPglite } from '../apps/server/src/db/database.js';
import { createImportJob, findImport, moveImport } from '../apps/server/src/modules/catalog-import/jobs.js';
import { runPreview } from '../apps/server/src/modules/catalog-import/preview.js';
import { runApply } from '../apps/server/src/modules/catalog-import/apply.js';
import { inspectCsv } from '../apps/server/src/modules/catalog-import/read-csv.js';

async function writeFiles(dir: string, parts: number, vehicles: number) {
  const partsFile = path.join(dir, 'parts.csv');
  const vehiclesFile = path.join(dir, 'vehicles.csv');
  const p = fs.createWriteStream(partsFile);
  const v = fs.createWriteStream(vehiclesFile);
  const write = (stream: fs.WriteStream, line: string) =>
    stream.write(line) ? undefined : new Promise<void>((r) => stream.once('drain', () => r()));
  await write(p, `${PART_COLUMNS.map((c) => c.header).join(',')}\n`);
  await write(v, 'Part number,Make,Model,Year from,Year to,Position,Note\n');
  const makes = ['Toyota', 'Ford', 'Volkswagen', 'BMW', 'Renault', 'Peugeot', 'Skoda', 'Fiat'];
  const models = ['Corolla', 'Focus', 'Golf', '3 Series', 'Clio', '308', 'Octavia', 'Punto'];
  for (let i = 0; i < parts; i += 1) {
    const sku = `BI-${String(i).padStart(6, '0')}`;
    const pack = 1 + (i % 4);
    const min = pack * (1 + (i % 5));
    const price = 500 + ((i * 7919) % 50_000);
    const cells: Record<string, string> = {
      sku,
      name: `Bench part ${i} ${CATEGORIES[i % CATEGORIES.length]} kit`,
      description: `"Generated part ${i}, made for the import benchmark. ${'Fits many vehicles. '.repeat(6)}"`,
      category: CATEGORIES[i % CATEGORIES.length]!,
      price: (price / 100).toFixed(2),
      minOrderQuantity: String(min),
      packSize: String(pack),
      maxOrderQuantity: '',
      stock: String(50 + (i % 500)),
      featured: 'no',
      archived: 'no',
      imageUrl: '/images/parts/oil-filter.svg',
      oemNumbers: `OE${i}A|OE${i}B`,
      supersededNumbers: '',
      volumePrices: `${min + pack * 10}:${((price - 50) / 100).toFixed(2)}|${min + pack * 50}:${((price - 100) / 100).toFixed(2)}`,
      specifications: `Material=Steel|Weight=${i % 9} kg`,
    };
    await write(p, `${PART_COLUMNS.map((c) => cells[c.key] ?? '').join(',')}\n`);
    for (let k = 0; k < vehicles; k += 1) {
      const m = (i + k) % makes.length;
      await write(
        v,
        `${sku},${makes[m]},${models[m]},${2000 + ((i + k) % 15)},${2000 + ((i + k) % 15) + (i % 8)},${k % 2 ? 'Front' : 'Rear'},\n`,
      );
    }
  }
  await Promise.all([
    new Promise<void>((r) => p.end(() => r())),
    new Promise<void>((r) => v.end(() => r())),
  ]);
  return {
    partsFile,
    vehiclesFile,
    bytes: fs.statSync(partsFile).size + fs.statSync(vehiclesFile).size,
  };
}



const parts = Number(process.env.PARTS ?? 100000);
const log: any = {
  info: (o: any, m: string) => console.log(m, JSON.stringify(o)),
  warn: (o: any, m: string) => console.log('WARN', m, o),
  error: (o: any, m: string) => console.log('ERR', m, o),
};
const db0 = process.env.DB ? await openPostgres(process.env.DB) : await openPglite(fs.mkdtempSync(path.join(os.tmpdir(), 'pgl-')));
const rss = () => Math.round(process.memoryUsage().rss / 1e6);
await db0.migrate();
const db = db0.db;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'prof-'));
const f = await writeFiles(dir, parts, 4);
console.log('bytes', f.bytes);
async function preview() {
  const cp = path.join(dir, 'p.csv'), cv = path.join(dir, 'v.csv');
  fs.copyFileSync(f.partsFile, cp); fs.copyFileSync(f.vehiclesFile, cv);
  const job = await createImportJob(db, { fileName: 'parts.csv', fitmentFileName: 'vehicles.csv', picturesFileName: null, checksum: 'x', archiveMissing: false, createdBy: 'prof', createdByEmail: 'prof@example.com', notes: [] });
  const t = performance.now();
  await runPreview({ db, log, uploadsDir: dir }, job.id, {
    parts: { path: cp, name: 'parts.csv', format: 'csv', csv: await inspectCsv(cp, 'parts.csv') },
    fitment: { path: cv, name: 'vehicles.csv', format: 'csv', csv: await inspectCsv(cv, 'vehicles.csv') },
  }, { archiveMissing: false });
  const done = (await findImport(db, job.id))!;
  console.log('PREVIEW', Math.round(performance.now() - t), done.status, JSON.stringify(done.counts), done.failure);
  return done;
}
const { createCatalogSearch } = await import('../apps/server/src/modules/parts/search/catalog-search.js');
const search = process.env.SEARCH ? createCatalogSearch(db, { listen: false, pollMs: 500 }) : null;
const sampler = setInterval(() => { peak = Math.max(peak, rss()); }, 50);
let peak = 0;
const first = await preview();
if (process.env.APPLY !== '0') {
  const t = performance.now();
  const [u] = (await db.execute(sql`select id from users limit 1`) as any).rows ?? [];
  const claimed = (await moveImport(db, first.id, ['previewed'], 'applying', { validOnly: false, leaseUntil: new Date(Date.now() + 120_000) }))!;
  console.log('RSS before apply', rss());
  await runApply({ db, log, onCatalogChange: () => undefined, betweenSteps: async (n: string) => console.log('RSS', n, rss()) }, claimed, { userId: u?.id ?? '00000000-0000-0000-0000-000000000000', email: 'prof@example.com' });
  const j = (await findImport(db, first.id))!;
  console.log('RSS after apply', rss(), 'peak', peak);
  if (search) { search.nudge(); for (let i = 0; i < 600; i++) { await new Promise((r) => setTimeout(r, 500)); if (i % 10 === 0) console.log('RSS search', search.status().state, rss(), 'peak', peak); } }
  console.log('APPLY', Math.round(performance.now() - t), j.status, j.failure);
  await preview();
}
clearInterval(sampler); await search?.stop(); await db0.close();
