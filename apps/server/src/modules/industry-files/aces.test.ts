import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  AcesUnmappedReport,
  CatalogImportDetails,
  CatalogImportSummary,
  ImportChangesPage,
} from '@storefront/contract';
import { admin } from '../../test/accounts.js';
import { insertPart } from '../../test/factories.js';
import { apply, settled } from '../../test/import-kit.js';
import { currentVcdb, uploadAces, VCDB_SEPTEMBER } from '../../test/industry-kit.js';
import { useTestApp } from '../../test/test-app.js';
import { partFitments } from '../parts/parts.tables.js';
import { acesApplications, acesStagedApps } from './industry.tables.js';

type Person = Awaited<ReturnType<typeof admin>>;
const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

describe('ACES import through the catalog import’s preview', () => {
  const ctx = useTestApp({ authRateLimit: false });
  let staff: Person;
  let pads: string;
  let filter: string;
  const vehiclesOf = async (partId: string) =>
    (await ctx.database.db.select().from(partFitments).where(eq(partFitments.partId, partId)))
      .map((f) => `${f.make} ${f.model} ${f.yearFrom}-${f.yearTo} ${f.position} | ${f.note}`)
      .sort();
  const preview = async (content: string, name?: string) => {
    const res = await uploadAces(ctx.app, staff, content, name);
    expect(res.statusCode, res.body).toBe(202);
    return settled(ctx.app, staff, res.json<CatalogImportSummary>().id);
  };
  const unmapped = async (id: string) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/staff/imports/${id}/aces-unmapped`,
      headers: staff.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AcesUnmappedReport>();
  };

  beforeAll(async () => {
    staff = await admin(ctx.app, ctx.database.db);
    pads = (await insertPart(ctx.database.db, { sku: 'VC-200' })).id;
    filter = (await insertPart(ctx.database.db, { sku: 'VC-201' })).id;
    await ctx.database.db.insert(partFitments).values({
      partId: pads,
      make: 'Honda',
      model: 'Civic',
      yearFrom: 2010,
      yearTo: 2012,
      position: 'Rear',
    });
  });

  it('asks for the VCdb first', async () => {
    const res = await uploadAces(ctx.app, staff, fixture('aces-full.xml'));
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toMatch(/VCdb tables first/);
    await currentVcdb(ctx.app, staff, VCDB_SEPTEMBER);
  });

  it('previews a FULL file: maps each App, joins consecutive years, groups what did not map by reason, and applies with quantities and VCdb ids kept', async () => {
    const job = await preview(fixture('aces-full.xml'), 'iron-coast-full.xml');
    expect(job.status, job.failure ?? '').toBe('previewed');
    expect(job.counts).toMatchObject({ changed: 2, errors: 0, fitmentRows: 3 });
    expect(job.notes.join('\n')).toMatch(/ACES 4\.2, FULL from Iron Coast Parts: 8 applications/);
    expect(job.notes.join('\n')).toMatch(/4 applications were not mapped/);
    const report = await unmapped(job.id);
    expect(report.total).toBe(4);
    expect(report.reasons.map((r) => [r.reason, r.count]).sort()).toEqual(
      [
        ['Unknown VCdb base vehicle id', 1],
        ['Unknown part number', 1],
        ["Year outside the vehicle's years", 1],
        ['The same application twice', 1],
      ].sort(),
    );
    expect(report.items.find((i) => i.reason === 'Unknown part number')).toMatchObject({
      appId: '5',
      part: 'NOPE-1',
      vehicle: 'BaseVehicle 5001',
    });
    const csv = await ctx.app.inject({
      method: 'GET',
      url: `/api/staff/imports/${job.id}/aces-unmapped.csv`,
      headers: staff.auth,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\r\n').filter(Boolean)).toHaveLength(5);
    expect(csv.body).toContain('Unknown VCdb base vehicle id,4,VC-200,BaseVehicle 9999');
    // The preview changed nothing.
    expect(await vehiclesOf(pads)).toEqual(['Honda Civic 2010-2012 Rear | ']);

    const done = await apply(ctx.app, staff, job.id);
    expect(done.status, done.failure ?? '').toBe('applied');
    expect(await vehiclesOf(pads)).toEqual([
      'Toyota Auris 2013-2014 Front | ',
      'Toyota Corolla 2014-2015 Front | With hardware',
    ]);
    expect(await vehiclesOf(filter)).toEqual([
      'Honda Civic 2018-2018  | SubModel 20; Without ABS; Check the sensor ring',
    ]);
    const apps = await ctx.database.db
      .select()
      .from(acesApplications)
      .where(eq(acesApplications.partId, pads));
    expect(apps.map((a) => [a.baseVehicleId, a.quantity, a.appId]).sort()).toEqual(
      [
        [5001, 2, '1'],
        [5002, 2, '2'],
        [5101, 1, '3'],
        [5102, 1, '3'],
      ].sort(),
    );
    expect(await ctx.database.db.select().from(acesStagedApps)).toHaveLength(0);
  });

  it('shows a quantity that alone changed in the diff (old → new) and stores it; the same file again is unchanged', async () => {
    const changes = async (id: string) =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/staff/imports/${id}/changes`,
          headers: staff.auth,
        })
      ).json<ImportChangesPage>().items;
    const quantities = async () =>
      (
        await ctx.database.db
          .select()
          .from(acesApplications)
          .where(eq(acesApplications.partId, pads))
      )
        .map((a) => [a.baseVehicleId, a.quantity])
        .sort();
    const stored = await quantities();

    const same = await preview(fixture('aces-full.xml'));
    expect(same.status, same.failure ?? '').toBe('previewed');
    expect(same.counts).toMatchObject({
      new: 0,
      changed: 0,
      unchanged: 2,
      fitmentParts: 0,
      errors: 0,
    });
    expect(await changes(same.id)).toEqual([]);
    const discarded = await ctx.app.inject({
      method: 'POST',
      url: `/api/staff/imports/${same.id}/discard`,
      headers: staff.auth,
    });
    expect(discarded.statusCode, discarded.body).toBe(200);

    // Apps 1 and 2 (Corolla 2014 and 2015, front, with hardware) and 3 (Auris 2013–2014) now
    // say 4 and 2: the same vehicles, so only the quantities tell.
    const more = fixture('aces-full.xml')
      .replace(/(<App action="A" id="[12]">[\s\S]*?<Qty>)2(<\/Qty>)/g, '$14$2')
      .replace(/(<App action="A" id="3">[\s\S]*?<Qty>)1(<\/Qty>)/, '$12$2');
    const job = await preview(more);
    expect(job.status, job.failure ?? '').toBe('previewed');
    expect(job.counts).toMatchObject({ changed: 1, unchanged: 1, fitmentParts: 0, errors: 0 });
    expect(await changes(job.id)).toEqual([
      {
        row: null,
        partNumber: 'VC-200',
        kind: 'changed',
        fields: [
          {
            field: 'quantities',
            label: 'Quantity per vehicle',
            before:
              'Toyota Auris 2013–2014, Front: 1; Toyota Corolla 2014–2015, Front (With hardware): 2',
            after:
              'Toyota Auris 2013–2014, Front: 2; Toyota Corolla 2014–2015, Front (With hardware): 4',
            flagged: false,
          },
        ],
      },
    ]);
    const vehicles = await vehiclesOf(pads);
    expect((await apply(ctx.app, staff, job.id)).status).toBe('applied');
    expect(await quantities()).toEqual(
      [
        [5001, 4],
        [5002, 4],
        [5101, 2],
        [5102, 2],
      ].sort(),
    );
    expect(await vehiclesOf(pads)).toEqual(vehicles);

    // And back: the file as it was shows the way back, and restores it.
    const back = await preview(fixture('aces-full.xml'));
    expect((await changes(back.id)).map((c) => c.fields.map((f) => [f.before, f.after]))).toEqual([
      [
        [
          'Toyota Auris 2013–2014, Front: 2; Toyota Corolla 2014–2015, Front (With hardware): 4',
          'Toyota Auris 2013–2014, Front: 1; Toyota Corolla 2014–2015, Front (With hardware): 2',
        ],
      ],
    ]);
    expect((await apply(ctx.app, staff, back.id)).status).toBe('applied');
    expect(await quantities()).toEqual(stored);
  });

  it('applies an INCREMENTAL file: action D removes, action A adds, the rest stays; a D naming nothing is reported', async () => {
    const job = await preview(fixture('aces-incremental.xml'));
    expect(job.status, job.failure ?? '').toBe('previewed');
    const report = await unmapped(job.id);
    expect(report.reasons).toEqual([
      { reason: 'Deleted application not in the catalog', count: 1 },
    ]);
    const done = await apply(ctx.app, staff, job.id);
    expect(done.status, done.failure ?? '').toBe('applied');
    expect(await vehiclesOf(pads)).toEqual([
      'Toyota Auris 2013-2014 Front | ',
      'Toyota Corolla 2014-2014 Front | With hardware',
      'Toyota Corolla 2016-2016 Front | With hardware',
    ]);
    const apps = await ctx.database.db
      .select()
      .from(acesApplications)
      .where(eq(acesApplications.partId, pads));
    expect(apps.map((a) => [a.baseVehicleId, a.quantity]).sort()).toEqual(
      [
        [5001, 2],
        [5003, 3],
        [5101, 1],
        [5102, 1],
      ].sort(),
    );
  });

  it('fails a file whose footer counts another number of applications, and changes nothing', async () => {
    const before = await vehiclesOf(pads);
    const job: CatalogImportDetails = await preview(fixture('aces-wrong-count.xml'));
    expect(job.status).toBe('failed');
    expect(job.failure).toMatch(/RecordCount is 5 but it holds 1 applications/);
    expect(await vehiclesOf(pads)).toEqual(before);
    expect(await ctx.database.db.select().from(acesStagedApps)).toHaveLength(0);
  });
});
