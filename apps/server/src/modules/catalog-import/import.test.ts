import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { PART_COLUMNS } from '@storefront/contract';
import { admin } from '../../test/accounts.js';
import { apply, csvOf, preview } from '../../test/import-kit.js';
import { useTestApp } from '../../test/test-app.js';
import { VacuumQueue } from '../../db/vacuum-queue.js';
import { zipOf } from '../../test/zip-kit.js';
import { auditLog } from '../audit/audit.tables.js';
import { partFitments, parts } from '../parts/parts.tables.js';
import { stockMovements } from '../parts/stock.tables.js';
import { catalogImportParts, catalogImports } from './import.tables.js';
import { pruneImports } from './jobs.js';

type Person = Awaited<ReturnType<typeof admin>>;
const HEADER = PART_COLUMNS.map((c) => c.header);

/** A parts row by column key, blanks for the rest. */
const row = (cells: Partial<Record<(typeof PART_COLUMNS)[number]['key'], string | number>>) =>
  PART_COLUMNS.map((c) => cells[c.key] ?? '');

describe('catalog import: preview, then apply', () => {
  // The tables left with dead rows: read (and emptied) by the tests' own rounds.
  const vacuum = new VacuumQueue();
  const ctx = useTestApp({ authRateLimit: false }, { vacuum });
  let staff: Person;
  const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: staff.auth });
  beforeAll(async () => {
    staff = await admin(ctx.app, ctx.database.db);
  });

  it('previews new parts without writing, applies them with stock, vehicles and an audit entry, and re-imports its own export as unchanged', async () => {
    const csv = csvOf([
      HEADER,
      row({
        sku: 'ik-1002',
        name: 'Ceramic brake pads, front',
        description: 'Low-dust pads.\nFits most saloons.',
        category: 'Brakes',
        price: '58.90',
        minOrderQuantity: 10,
        packSize: 2,
        stock: 140,
        oemNumbers: '0986 494 525|8K0698151',
        volumePrices: '40:55.00|100:52.50',
        specifications: 'Material=Ceramic|Width=155 mm',
        imageUrl: 'https://cdn.example.com/ik-1002.jpg',
        coreCharge: '25.00',
      }),
      row({ sku: 'IK-1003', name: 'Oil filter', price: '6,50', minOrderQuantity: 12, stock: 0 }),
    ]);
    const vehicles = csvOf([
      ['Part number', 'Make', 'Model', 'Year from', 'Year to', 'Position', 'Note'],
      ['IK-1002', 'Toyota', 'Corolla', 2014, 2019, 'Front', 'Not for sport suspension'],
      ['IK-1002', 'Toyota', 'Auris', 2013, 2018, 'Front', ''],
    ]);
    const before = await ctx.database.db.select().from(parts);
    const job = await preview(ctx.app, staff, [
      { field: 'parts', name: 'catalog.csv', content: csv },
      { field: 'fitment', name: 'vehicles.csv', content: vehicles },
    ]);
    expect(job.status, job.failure ?? '').toBe('previewed');
    expect(job.counts).toMatchObject({ rows: 2, new: 2, changed: 0, errors: 0, fitmentRows: 2 });
    expect(job.changes.map((c) => c.partNumber)).toEqual(['IK-1002', 'IK-1003']);
    expect(job.changes[0]!.fields.find((f) => f.field === 'price')).toMatchObject({
      after: '$58.90',
    });
    // Nothing written yet.
    expect(await ctx.database.db.select().from(parts)).toHaveLength(before.length);

    const done = await apply(ctx.app, staff, job.id);
    expect(done.status, done.failure ?? '').toBe('applied');
    // The apply rewrote the catalog's tables: they are vacuumed on a later round (decision 078).
    await vi.waitFor(async () =>
      expect(await vacuum.run(ctx.database.db)).toMatchObject({
        tables: ['parts', 'part_fitments'],
      }),
    );
    const [pads] = await ctx.database.db.select().from(parts).where(eq(parts.sku, 'IK-1002'));
    expect(pads).toMatchObject({
      name: 'Ceramic brake pads, front',
      description: 'Low-dust pads.\nFits most saloons.',
      category: 'brakes',
      priceCents: 5890,
      minOrderQuantity: 10,
      packSize: 2,
      availableQuantity: 140,
      oemNumbers: ['0986494525', '8K0698151'],
      tierQuantities: [40, 100],
      tierCents: [5500, 5250],
      specs: [
        { name: 'Material', value: 'Ceramic' },
        { name: 'Width', value: '155 mm' },
      ],
      featured: false,
      fitMakes: ['Toyota'],
      coreChargeCents: 2500,
    });
    const fitment = await ctx.database.db
      .select()
      .from(partFitments)
      .where(eq(partFitments.partId, pads!.id));
    expect(fitment.map((f) => [f.model, f.position, f.note]).sort()).toEqual([
      ['Auris', 'Front', ''],
      ['Corolla', 'Front', 'Not for sport suspension'],
    ]);
    const ledger = await ctx.database.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.partId, pads!.id));
    expect(ledger).toMatchObject([{ kind: 'opening', delta: 140, levelAfter: 140 }]);
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, job.id));
    expect(entry).toMatchObject({ action: 'catalog.import' });
    expect(entry?.details).toMatchObject({ file: 'catalog.csv', checksum: job.checksum });

    // The export, imported again, changes nothing.
    const exported = await get('/api/staff/catalog/export?format=csv&file=parts&q=IK-10');
    expect(exported.statusCode).toBe(200);
    const exportedVehicles = await get('/api/staff/catalog/export?format=csv&file=fitment&q=IK-10');
    const again = await preview(ctx.app, staff, [
      { field: 'parts', name: 'catalog-export.csv', content: exported.rawPayload },
      { field: 'fitment', name: 'vehicles-export.csv', content: exportedVehicles.rawPayload },
    ]);
    expect(again.status, again.failure ?? '').toBe('previewed');
    expect(again.counts).toMatchObject({ rows: 2, new: 0, changed: 0, unchanged: 2, errors: 0 });
    expect(again.changes).toEqual([]);
  });

  it('sets, changes and removes a part’s core charge (decision 069), and names a bad one’s cell', async () => {
    const first = await preview(ctx.app, staff, [
      {
        field: 'parts',
        name: 'cores.csv',
        content: csvOf([
          HEADER,
          row({
            sku: 'IK-CORE-1',
            name: 'Alternator, remanufactured',
            price: '180',
            minOrderQuantity: 1,
            coreCharge: '45,50',
          }),
          row({
            sku: 'IK-CORE-2',
            name: 'Starter, remanufactured',
            price: '150',
            minOrderQuantity: 1,
            coreCharge: '30',
          }),
        ]),
      },
    ]);
    expect((await apply(ctx.app, staff, first.id)).status).toBe('applied');
    const again = await preview(ctx.app, staff, [
      {
        field: 'parts',
        name: 'cores-2.csv',
        content: csvOf([
          HEADER,
          row({ sku: 'IK-CORE-1', coreCharge: '50.00' }),
          row({ sku: 'IK-CORE-2', coreCharge: 'none' }),
          row({
            sku: 'IK-CORE-3',
            name: 'Caliper',
            price: '80',
            minOrderQuantity: 1,
            coreCharge: 'abc',
          }),
        ]),
      },
    ]);
    expect(again.counts).toMatchObject({ changed: 2, errors: 1 });
    const shown = Object.fromEntries(
      again.changes.map((c) => [c.partNumber, c.fields.find((f) => f.field === 'coreCharge')]),
    );
    expect(shown['IK-CORE-1']).toMatchObject({ before: '$45.50', after: '$50.00' });
    expect(shown['IK-CORE-2']).toMatchObject({ before: '$30.00', after: '$0.00' });
    expect(again.errors).toEqual([
      expect.objectContaining({
        row: 4,
        column: 'Core charge',
        message: 'Core charge must be a number',
      }),
    ]);
    expect((await apply(ctx.app, staff, again.id, true)).status).toBe('applied');
    const stored = await ctx.database.db
      .select({ sku: parts.sku, cents: parts.coreChargeCents })
      .from(parts)
      .where(inArray(parts.sku, ['IK-CORE-1', 'IK-CORE-2']));
    expect(Object.fromEntries(stored.map((p) => [p.sku, p.cents]))).toEqual({
      'IK-CORE-1': 5000,
      'IK-CORE-2': 0,
    });
  });

  it('hands back the rows with errors as written, with an Errors column, for each file', async () => {
    const job = await preview(ctx.app, staff, [
      {
        field: 'parts',
        name: 'with-errors.csv',
        content: csvOf([
          HEADER,
          row({ sku: 'IK-2001', name: 'Good part', price: '5.00', minOrderQuantity: 10 }),
          row({
            sku: 'IK-2002',
            name: 'Bad pack',
            price: '5.00',
            minOrderQuantity: 20,
            packSize: 7,
          }),
        ]),
      },
      {
        field: 'fitment',
        name: 'vehicles.csv',
        content: csvOf([
          ['Part number', 'Make', 'Model', 'Year from', 'Year to'],
          ['IK-2001', 'Toyota', 'Corolla', 2019, 2014],
        ]),
      },
    ]);
    expect(job.status, job.failure ?? '').toBe('previewed');
    expect(job.counts.errors).toBe(2);
    const parts = await get(`/api/staff/imports/${job.id}/errors.csv?sheet=parts`);
    expect(parts.statusCode).toBe(200);
    const lines = parts.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(['Row', ...HEADER, 'Errors'].join(','));
    expect(lines[1]).toMatch(
      /^3,IK-2002,Bad pack,.*Pack size 7 does not divide the minimum order quantity 20/,
    );
    const vehicles = await get(`/api/staff/imports/${job.id}/errors.csv?sheet=fitment`);
    expect(vehicles.statusCode).toBe(200);
    const vehicleLines = vehicles.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(vehicleLines).toHaveLength(2);
    expect(vehicleLines[1]).toMatch(/^2,IK-2001,Toyota,Corolla,2019,2014,/);
  });

  it('discards a preview left alone for a week and drops the rows of imports finished a week ago, keeping their record', async () => {
    const make = (sku: string) =>
      preview(ctx.app, staff, [
        {
          field: 'parts',
          name: `${sku}.csv`,
          content: csvOf([HEADER, row({ sku, name: 'Old', price: '1.00', minOrderQuantity: 1 })]),
        },
      ]);
    const left = await make('IK-OLD-1');
    const finished = await make('IK-OLD-2');
    const recent = await make('IK-NEW-3');
    const db = ctx.database.db;
    await db
      .update(catalogImports)
      .set({ createdAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(catalogImports.id, left.id));
    await db
      .update(catalogImports)
      .set({ status: 'discarded', finishedAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(catalogImports.id, finished.id));
    // The finished import's one row goes (the round then has the staging tables vacuumed); the
    // preview discarded by this round keeps its rows a week, as any finished import does.
    expect(await pruneImports(db)).toBe(1);
    expect(await pruneImports(db)).toBe(0);
    const staged = async (id: string) =>
      (await db.select().from(catalogImportParts).where(eq(catalogImportParts.importId, id)))
        .length;
    const status = async (id: string) =>
      (await db.select().from(catalogImports).where(eq(catalogImports.id, id)))[0]?.status;
    expect(await status(left.id)).toBe('discarded');
    expect(await staged(finished.id)).toBe(0);
    expect(await status(finished.id)).toBe('discarded');
    expect([await status(recent.id), await staged(recent.id)]).toEqual(['previewed', 1]);
    // Discarding drops the rows at once, and has their tables vacuumed on a later round.
    await vacuum.run(db);
    const discarded = await ctx.app.inject({
      method: 'POST',
      url: `/api/staff/imports/${recent.id}/discard`,
      headers: staff.auth,
    });
    expect(discarded.statusCode).toBe(200);
    expect(await staged(recent.id)).toBe(0);
    expect(await vacuum.run(db)).toMatchObject({
      tables: ['catalog_import_parts', 'catalog_import_fitments'],
    });
  });
});

describe('catalog import: pictures and the valid rows only', () => {
  const ctx = useTestApp({
    authRateLimit: false,
    uploadsDir: `/tmp/storefront-import-pictures-${process.pid}`,
  });
  let staff: Person;
  beforeAll(async () => {
    staff = await admin(ctx.app, ctx.database.db);
  });

  it('takes a picture named by part number through the upload pipeline, and says which it did not take', async () => {
    const png = await sharp({
      create: { width: 400, height: 300, channels: 3, background: '#c00' },
    })
      .png()
      .toBuffer();
    const pictures = zipOf([
      { name: 'IK-PIC-1.png', data: png },
      { name: 'IK-PIC-1-2.png', data: png },
      { name: 'IK-NOBODY.png', data: png },
      { name: 'IK-PIC-2.jpg', data: 'not a picture at all' },
    ]);
    const job = await preview(ctx.app, staff, [
      {
        field: 'parts',
        name: 'with-pictures.csv',
        content: csvOf([
          HEADER,
          row({ sku: 'IK-PIC-1', name: 'Pictured', price: '5.00', minOrderQuantity: 1 }),
          row({ sku: 'IK-PIC-2', name: 'Not pictured', price: '5.00', minOrderQuantity: 1 }),
        ]),
      },
      { field: 'pictures', name: 'pictures.zip', content: pictures },
    ]);
    expect(job.status, job.failure ?? '').toBe('previewed');
    expect(job.counts.pictures, JSON.stringify(job.notes)).toBe(1);
    const notes = job.notes.join(' ');
    expect(notes).toMatch(/IK-PIC-1-2\.png: a part shows one picture/);
    expect(notes).toMatch(/IK-NOBODY\.png: no part has the number IK-NOBODY/);
    expect(notes).toMatch(/IK-PIC-2\.jpg: The file must be a JPEG, PNG or WebP picture/);
    expect((await apply(ctx.app, staff, job.id)).status).toBe('applied');
    const [pictured] = await ctx.database.db.select().from(parts).where(eq(parts.sku, 'IK-PIC-1'));
    expect(pictured?.imageUrl).toMatch(/^\/uploads\/[a-f0-9]{20}-640\.webp$/);
    const served = await ctx.app.inject({ method: 'GET', url: pictured!.imageUrl });
    expect(served.statusCode).toBe(200);
    const [plain] = await ctx.database.db.select().from(parts).where(eq(parts.sku, 'IK-PIC-2'));
    expect(plain?.imageUrl).toBe('/images/parts/no-picture.svg');
  });

  it('applies only the valid rows when asked, and says how many it left out', async () => {
    const job = await preview(ctx.app, staff, [
      {
        field: 'parts',
        name: 'mixed.csv',
        content: csvOf([
          HEADER,
          row({ sku: 'IK-OK-1', name: 'Good one', price: '5.00', minOrderQuantity: 1 }),
          row({ sku: 'IK-BAD-1', name: 'Bad one', price: 'free', minOrderQuantity: 1 }),
          row({ sku: 'IK-OK-2', name: 'Good two', price: '6.00', minOrderQuantity: 2 }),
        ]),
      },
    ]);
    expect(job.counts).toMatchObject({ new: 2, errors: 1 });
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/staff/imports/${job.id}/apply`,
      headers: staff.auth,
      payload: {},
    });
    expect(refused.statusCode).toBe(409);
    const done = await apply(ctx.app, staff, job.id, true);
    expect(done).toMatchObject({ status: 'applied', validOnly: true });
    const made = await ctx.database.db
      .select()
      .from(parts)
      .where(inArray(parts.sku, ['IK-OK-1', 'IK-BAD-1', 'IK-OK-2']));
    expect(made.map((p) => p.sku).sort()).toEqual(['IK-OK-1', 'IK-OK-2']);
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, job.id));
    expect(entry?.summary).toMatch(/\(1 row with errors left out\)/);
  });
});
