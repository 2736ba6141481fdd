import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PART_COLUMNS } from '@storefront/contract';
import { admin } from '../../test/accounts.js';
import { apply, csvOf, preview } from '../../test/import-kit.js';
import { useTestApp } from '../../test/test-app.js';
import { partFitments, parts } from '../parts/parts.tables.js';
import { catalogImportFitments } from './import.tables.js';

type Person = Awaited<ReturnType<typeof admin>>;
type Vehicle = [string, string, string, number, number, string, string];
const VEHICLE_HEADER = ['Part number', 'Make', 'Model', 'Year from', 'Year to', 'Position', 'Note'];

/*
 * A vehicles file's parts whose rows equal the catalog's are judged as read and never staged
 * (decision 072). These tests hold the judgement to the comparison it replaces: whatever order
 * the file lists rows in, a part is unchanged exactly when its set of vehicles is.
 */
describe('catalog import: vehicles the catalog already holds', () => {
  const ctx = useTestApp({ authRateLimit: false });
  let staff: Person;
  const a: Vehicle[] = [
    ['UV-A', 'Toyota', 'Corolla', 2014, 2019, 'Front', 'Not for sport suspension'],
    ['UV-A', 'Toyota', 'Auris', 2013, 2018, 'Front', ''],
    ['UV-A', 'Škoda', 'Octavia, RS', 2010, 2012, '', 'a|b'],
  ];
  const b: Vehicle[] = [
    ['UV-B', 'Ford', 'Focus', 2011, 2018, 'Rear left', ''],
    ['UV-B', 'Ford', 'Mondeo', 2015, 2015, '', ''],
  ];
  const c: Vehicle[] = [['UV-C', 'Volvo', 'V70', 2008, 2016, '', '']];

  const stagedVehicles = async (importId: string) =>
    ctx.database.db
      .select()
      .from(catalogImportFitments)
      .where(eq(catalogImportFitments.importId, importId));
  const vehiclesOf = async (sku: string) => {
    const [part] = await ctx.database.db.select().from(parts).where(eq(parts.sku, sku));
    const rows = await ctx.database.db
      .select()
      .from(partFitments)
      .where(eq(partFitments.partId, part!.id));
    return rows.map((f) => `${f.make} ${f.model} ${f.yearFrom}-${f.yearTo}`).sort();
  };
  const vehiclesFile = (rows: Vehicle[]) => [
    { field: 'parts', name: 'vehicles.csv', content: csvOf([VEHICLE_HEADER, ...rows]) },
  ];

  beforeAll(async () => {
    staff = await admin(ctx.app, ctx.database.db);
    const header = PART_COLUMNS.map((col) => col.header);
    const row = (sku: string) =>
      PART_COLUMNS.map(
        (col) =>
          ({ sku, name: `Part ${sku}`, price: '10.00', minOrderQuantity: '1', stock: '5' })[
            col.key as string
          ] ?? '',
      );
    const job = await preview(ctx.app, staff, [
      {
        field: 'parts',
        name: 'parts.csv',
        content: csvOf([header, ...['UV-A', 'UV-B', 'UV-C', 'UV-D'].map(row)]),
      },
      {
        field: 'fitment',
        name: 'vehicles.csv',
        content: csvOf([VEHICLE_HEADER, ...a, ...b, ...c]),
      },
    ]);
    expect(job.status, job.failure ?? '').toBe('previewed');
    expect((await apply(ctx.app, staff, job.id)).status).toBe('applied');
  });

  it('stages nothing for a vehicles file the catalog already holds, in any order within a part, and counts its parts and rows', async () => {
    const job = await preview(
      ctx.app,
      staff,
      vehiclesFile([...c, ...[...b].reverse(), a[2]!, a[0]!, a[1]!]),
      { archiveMissing: 'true' },
    );
    expect(job.status, job.failure ?? '').toBe('previewed');
    expect(job.counts).toMatchObject({ changed: 0, unchanged: 3, fitmentRows: 6, errors: 0 });
    expect(await stagedVehicles(job.id)).toEqual([]);
    // The parts the file names are in the file: only UV-D (and the rest of the catalog) would go.
    const live = await ctx.database.db.select().from(parts);
    const notNamed = live.filter(
      (p) => p.archivedAt === null && !['UV-A', 'UV-B', 'UV-C'].includes(p.sku),
    );
    expect(job.counts.archived).toBe(notNamed.length);
  });

  it('stages and compares a part whose cells spell its vehicles another way, and finds it unchanged', async () => {
    const job = await preview(
      ctx.app,
      staff,
      vehiclesFile([...a, ...b, ['UV-C', 'Volvo', 'V70', '02008', '2,016', '', ''] as never]),
    );
    expect(job.status, job.failure ?? '').toBe('previewed');
    expect(job.counts).toMatchObject({ changed: 0, unchanged: 3, fitmentRows: 6, errors: 0 });
    expect((await stagedVehicles(job.id)).map((f) => f.skuKey)).toEqual(['UV-C']);
  });

  it('judges a part listed in two places by all its rows: unchanged, or changed by a row in its second place', async () => {
    const split = await preview(ctx.app, staff, vehiclesFile([a[0]!, ...b, a[1]!, a[2]!, ...c]));
    expect(split.status, split.failure ?? '').toBe('previewed');
    expect(split.counts).toMatchObject({ changed: 0, unchanged: 3, fitmentRows: 6 });

    // UV-A's first place holds all three stored vehicles; a fourth comes later in the file.
    const added: Vehicle = ['UV-A', 'Toyota', 'Yaris', 2020, 2024, '', ''];
    const grown = await preview(ctx.app, staff, vehiclesFile([...a, ...b, added, ...c]));
    expect(grown.status, grown.failure ?? '').toBe('previewed');
    expect(grown.counts).toMatchObject({ changed: 1, unchanged: 2, fitmentRows: 7 });
    expect(grown.changes).toHaveLength(1);
    expect(grown.changes[0]).toMatchObject({
      partNumber: 'UV-A',
      fields: [{ field: 'fitment', before: '3 vehicles', after: '4 vehicles' }],
    });
    // Its first place's rows were read again and staged with the later one.
    const staged = await stagedVehicles(grown.id);
    expect(staged.map((f) => f.skuKey).sort()).toEqual(['UV-A', 'UV-A', 'UV-A', 'UV-A']);
    expect((await apply(ctx.app, staff, grown.id)).status).toBe('applied');
    expect(await vehiclesOf('UV-A')).toEqual(
      [...a, added].map((v) => `${v[1]} ${v[2]} ${v[3]}-${v[4]}`).sort(),
    );
  });

  it('finds a changed vehicle among equal counts, a missing one and a row with an error', async () => {
    const edited: Vehicle = ['UV-B', 'Ford', 'Focus', 2011, 2019, 'Rear left', ''];
    const job = await preview(
      ctx.app,
      staff,
      vehiclesFile([
        ['UV-A', 'Toyota', 'Corolla', 2014, 2019, 'Front', 'Not for sport suspension'],
        ['UV-A', 'Toyota', 'Auris', 2013, 2018, 'Front', ''],
        ['UV-A', 'Škoda', 'Octavia, RS', 2010, 2012, '', 'a|b'],
        edited,
        b[1]!,
        ['UV-C', 'Volvo', 'V70', 2016, 2008, '', ''],
      ]),
    );
    expect(job.status, job.failure ?? '').toBe('previewed');
    // UV-A lost the vehicle added above: 4 stored, 3 in the file.
    expect(job.counts).toMatchObject({ changed: 2, errors: 1, fitmentRows: 6 });
    expect(job.changes.map((change) => change.partNumber).sort()).toEqual(['UV-A', 'UV-B']);
    const staged = await stagedVehicles(job.id);
    expect(staged.map((f) => f.skuKey).sort()).toEqual([
      'UV-A',
      'UV-A',
      'UV-A',
      'UV-B',
      'UV-B',
      'UV-C',
    ]);
    expect(job.errors).toMatchObject([
      { partNumber: 'UV-C', message: 'The last year cannot be before the first year' },
    ]);
    const done = await apply(ctx.app, staff, job.id, true);
    expect(done.status, done.failure ?? '').toBe('applied');
    expect(await vehiclesOf('UV-B')).toEqual(['Ford Focus 2011-2019', 'Ford Mondeo 2015-2015']);
    // The part with a broken row keeps its vehicles.
    expect(await vehiclesOf('UV-C')).toEqual(['Volvo V70 2008-2016']);
    const all = await ctx.database.db
      .select()
      .from(parts)
      .where(inArray(parts.sku, ['UV-A', 'UV-B', 'UV-C']));
    expect(all).toHaveLength(3);
  });
});
