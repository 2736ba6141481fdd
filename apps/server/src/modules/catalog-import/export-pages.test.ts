import { beforeAll, describe, expect, it } from 'vitest';
import { FITMENT_COLUMNS, PART_COLUMNS } from '@storefront/contract';
import { admin } from '../../test/accounts.js';
import { apply, csvOf, preview } from '../../test/import-kit.js';
import { useTestApp } from '../../test/test-app.js';

/*
 * The export reads a page of parts at a time, one page ahead, and the vehicles file a page of
 * parts with their vehicles in one statement (decision 074). Across several pages, with parts
 * that have no vehicles at a page's end, each part and each vehicle is written once, in order.
 */

const PARTS = 257;
const sku = (i: number) => `XP-${String(i).padStart(4, '0')}`;
/** Part i's vehicles as the vehicles file's cells: none for every third part. */
const vehiclesOf = (i: number) =>
  Array.from({ length: i % 3 === 0 ? 0 : (i % 5) + 1 }, (_, v) => [
    sku(i),
    'Toyota',
    `Model ${v}`,
    '2010',
    String(2011 + v),
    v % 2 === 0 ? 'Front' : '',
    '',
  ]);
const allVehicles = () => Array.from({ length: PARTS }, (_, i) => vehiclesOf(i)).flat();

describe('catalog export across pages', () => {
  const ctx = useTestApp({ authRateLimit: false });
  let staff: Awaited<ReturnType<typeof admin>>;
  const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: staff.auth });

  beforeAll(async () => {
    staff = await admin(ctx.app, ctx.database.db);
    const partRows = Array.from({ length: PARTS }, (_, i) =>
      PART_COLUMNS.map((c) =>
        c.key === 'sku'
          ? sku(i)
          : c.key === 'name'
            ? `Paged part ${i}`
            : c.key === 'price'
              ? '12.50'
              : c.key === 'minOrderQuantity'
                ? '1'
                : c.key === 'category'
                  ? 'brakes'
                  : '',
      ),
    );
    const job = await preview(ctx.app, staff, [
      {
        field: 'parts',
        name: 'parts.csv',
        content: csvOf([PART_COLUMNS.map((c) => c.header), ...partRows]),
      },
      {
        field: 'fitment',
        name: 'vehicles.csv',
        content: csvOf([FITMENT_COLUMNS.map((c) => c.header), ...allVehicles()]),
      },
    ]);
    expect(job.status, job.failure ?? '').toBe('previewed');
    expect(job.counts.errors).toBe(0);
    expect((await apply(ctx.app, staff, job.id)).status).toBe('applied');
  });

  it('writes every part and every vehicle once, in part-number order, over several pages', async () => {
    const lines = (text: string) =>
      text
        .replace(/^\ufeff/, '')
        .trimEnd()
        .split('\r\n')
        .slice(1);

    const partsFile = await get('/api/staff/catalog/export?format=csv&file=parts&q=XP-');
    expect(partsFile.statusCode).toBe(200);
    const skus = lines(partsFile.body).map((l) => l.split(',')[0]);
    expect(skus).toEqual(Array.from({ length: PARTS }, (_, i) => sku(i)));

    const vehiclesFile = await get('/api/staff/catalog/export?format=csv&file=fitment&q=XP-');
    expect(vehiclesFile.statusCode).toBe(200);
    const vehicles = lines(vehiclesFile.body).map((l) => l.split(','));
    expect(vehicles).toEqual(allVehicles());
  });
});
