import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openPostgres, openPglite } from './db/database.js';
import { inspectCsv } from './modules/catalog-import/read-csv.js';
import { runPreview } from './modules/catalog-import/preview.js';
import { runApply } from './modules/catalog-import/apply.js';
import { createImportJob, findImport } from './modules/catalog-import/jobs.js';
import { moveImport } from './modules/catalog-import/jobs.js';
const N = Number(process.env.N ?? 100000);
const usePg = process.env.PG === '1';
const dir = '/tmp/prof';
const cols = ['Part number','Name','Description','Category','Price','Minimum order quantity','Pack size','Stock','OEM numbers','Volume prices','Specifications'];
const p = fs.createWriteStream(`${dir}/p.csv`); const v = fs.createWriteStream(`${dir}/v.csv`);
p.write(cols.join(',') + '\n'); v.write('Part number,Make,Model,Year from,Year to,Position,Note\n');
for (let i = 0; i < N; i++) {
  const pack = 1 + (i % 4), min = pack * (1 + (i % 5)), price = 500 + ((i * 7919) % 50000);
  p.write([`BX-${i}`, `Bench part ${i} kit`, `"Generated part ${i}. ${'Fits many vehicles. '.repeat(6)}"`, 'brakes', (price/100).toFixed(2), min, pack, 50 + i % 500, `OE${i}A|OE${i}B`, `${min+pack*10}:${((price-50)/100).toFixed(2)}|${min+pack*50}:${((price-100)/100).toFixed(2)}`, `Material=Steel|Weight=${i%9} kg`].join(',') + '\n');
  for (let k = 0; k < 4; k++) { const f = 2000 + (i + k) % 15; v.write(`BX-${i},Toyota,Model${k},${f},${f + i % 8},Front,\n`); }
}
await Promise.all([new Promise<void>((r) => p.end(() => r())), new Promise<void>((r) => v.end(() => r()))]);
let database;
if (usePg) {
  const name = `prof_${Date.now()}`;
  const c = new pg.Client('postgres://postgres@127.0.0.1:5432/postgres'); await c.connect(); await c.query(`create database ${name}`); await c.end();
  database = await openPostgres(`postgres://postgres@127.0.0.1:5432/${name}`, 10);
} else database = await openPglite(`${dir}/pgl-${Date.now()}`);
await database.migrate();
const log = { info: (o: any, m: string) => console.log(m, o.step ?? '', o.ms ?? ''), error: (o: any, m: string) => console.log('ERR', m, o.err), warn: (o: any, m: string) => console.log('WARN', m, o) } as any;
const db = database.db;
const files = { parts: { path: `${dir}/p.csv`, name: 'p.csv', format: 'csv' as const, csv: await inspectCsv(`${dir}/p.csv`, 'p') }, fitment: { path: `${dir}/v.csv`, name: 'v.csv', format: 'csv' as const, csv: await inspectCsv(`${dir}/v.csv`, 'v') } };
fs.copyFileSync(`${dir}/p.csv`, `${dir}/p2.csv`); fs.copyFileSync(`${dir}/v.csv`, `${dir}/v2.csv`);
const job = await createImportJob(db, { fileName: 'p.csv', fitmentFileName: 'v.csv', picturesFileName: null, checksum: 'x', archiveMissing: false, createdBy: 'x', createdByEmail: 'x', notes: [] });
let t = performance.now();
await runPreview({ db, log, uploadsDir: '/tmp/prof/u' }, job.id, files as any, { archiveMissing: false });
console.log('PREVIEW', Math.round(performance.now() - t));
const row = await findImport(db, job.id);
console.log(row?.status, row?.failure, JSON.stringify(row?.counts));
const claimed = await moveImport(db, job.id, ['previewed'], 'applying', {});
t = performance.now();
await runApply({ db, log, onCatalogChange: () => {}, betweenSteps: async (s) => { console.log('step', s, Math.round(performance.now() - t)); } }, claimed!, { userId: '00000000-0000-4000-8000-000000000001', email: 'x@x' });
console.log('APPLY', Math.round(performance.now() - t), (await findImport(db, job.id))?.status, (await findImport(db, job.id))?.failure);
// Unchanged again.
const files2 = { parts: { ...files.parts, path: `${dir}/p2.csv` }, fitment: { ...files.fitment, path: `${dir}/v2.csv` } };
const job2 = await createImportJob(db, { fileName: 'p.csv', fitmentFileName: 'v.csv', picturesFileName: null, checksum: 'x', archiveMissing: false, createdBy: 'x', createdByEmail: 'x', notes: [] });
t = performance.now();
await runPreview({ db, log, uploadsDir: '/tmp/prof/u' }, job2.id, files2 as any, { archiveMissing: false });
console.log('PREVIEW AGAIN', Math.round(performance.now() - t), JSON.stringify((await findImport(db, job2.id))?.counts));
await database.close();
