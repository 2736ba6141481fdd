import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { PART_COLUMNS } from '@storefront/contract';
import { rowsOf } from '../../db/raw-rows.js';
import { admin } from '../../test/accounts.js';
import { apply, csvOf, preview } from '../../test/import-kit.js';
import { useTestApp } from '../../test/test-app.js';
import { pgJsonText } from '../parts/part-digest.js';
import { catalogImportParts } from './import.tables.js';

type Person = Awaited<ReturnType<typeof admin>>;
type Key = (typeof PART_COLUMNS)[number]['key'];
const HEADER = PART_COLUMNS.map((c) => c.header);
const col = (key: Key) => PART_COLUMNS.findIndex((c) => c.key === key);
const row = (cells: Partial<Record<Key, string | number>>) =>
  PART_COLUMNS.map((c) => cells[c.key] ?? '');
const VEHICLES = ['Part number', 'Make', 'Model', 'Year from', 'Year to', 'Position', 'Note'];

/** Text PostgreSQL can hold: anything but NUL, whole code points. */
const text = fc
  .oneof(
    fc.string({ unit: fc.constantFrom('a', '"', '\\', '\n', '\t', '\u001f', '\u007f', 'Š', '🚗') }),
    fc.string({ unit: 'grapheme', maxLength: 30 }),
  )
  .filter((t) => !t.includes('\u0000'));
const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    text,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(text, tie('value'), { maxKeys: 4 }),
  ),
})).value;

describe('an unchanged parts row is judged as read (decision 076)', () => {
  const ctx = useTestApp({ authRateLimit: false });
  let staff: Person;
  beforeAll(async () => {
    staff = await admin(ctx.app, ctx.database.db);
  });
  const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: staff.auth });

  it('writes a value as the database writes it as jsonb text, so both digest the same text', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(json, { minLength: 1, maxLength: 10 }), async (values) => {
        const theirs = rowsOf(
          await ctx.database.db.execute(sql`
            select (v::jsonb)::text as t
              from unnest(${sql.param(values.map((v) => JSON.stringify(v)))}::text[])
                   with ordinality as u(v, o) order by o`),
        ).map((r) => String(r.t));
        expect(values.map((v) => pgJsonText(v as never))).toEqual(theirs);
      }),
      { numRuns: 40 },
    );
  });

  it('stages no field of an unchanged row, and stages in full a row the checks across rows fault: its number twice, an older number in use', async () => {
    const parts = csvOf([
      HEADER,
      row({ sku: 'UP-1', name: 'Pad', price: '9.50', minOrderQuantity: 10, stock: 40 }),
      row({
        sku: 'UP-2',
        name: 'Disc',
        price: '20.00',
        minOrderQuantity: 2,
        supersededNumbers: 'UP-OLD',
      }),
      row({ sku: 'UP-3', name: 'Shoe', price: '5.00', minOrderQuantity: 4 }),
      row({ sku: 'UP-4', name: 'Drum', price: '30.00', minOrderQuantity: 1, maxOrderQuantity: 8 }),
    ]);
    const vehicles = csvOf([VEHICLES, ['UP-3', 'Toyota', 'Corolla', 2014, 2019, 'Front', '']]);
    const created = await preview(ctx.app, staff, [
      { field: 'parts', name: 'parts.csv', content: parts },
      { field: 'fitment', name: 'vehicles.csv', content: vehicles },
    ]);
    expect(created.errors).toEqual([]);
    expect((await apply(ctx.app, staff, created.id)).status).toBe('applied');

    const exported = parse((await get('/api/staff/catalog/export?format=csv&q=UP-')).rawPayload, {
      bom: true,
    }) as string[][];
    expect(exported.slice(1).map((r) => r[col('sku')])).toEqual(['UP-1', 'UP-2', 'UP-3', 'UP-4']);
    const [, up1, up2] = exported;
    const job = await preview(ctx.app, staff, [
      {
        field: 'parts',
        name: 'again.csv',
        content: stringify([
          ...exported, // rows 2-5
          row({ sku: 'UP-OLD', name: 'Old disc', price: '19.00', minOrderQuantity: 2 }), // 6
          up1!, // 7
        ]),
      },
      {
        field: 'fitment',
        name: 'vehicles.csv',
        content: csvOf([VEHICLES, ['UP-3', 'Toyota', 'Corolla', 2014, 2020, 'Front', '']]),
      },
    ]);
    expect(job.status, job.failure ?? '').toBe('previewed');
    const messages = (rowNo: number) =>
      job.errors.filter((e) => e.row === rowNo).map((e) => `${e.column}: ${e.message}`);
    expect(messages(2)).toEqual(['Part number: Part number UP-1 appears twice (rows 2 and 7)']);
    expect(messages(7)).toEqual(['Part number: Part number UP-1 appears twice (rows 2 and 7)']);
    expect(messages(3)).toEqual([
      'Superseded numbers: Superseded number UP-OLD is a current part number: only numbers no longer in use can be replaced',
    ]);
    // UP-3's vehicles change: its own row (judged) shows it, by its number in the file.
    expect(job.changes).toEqual([
      expect.objectContaining({ row: 4, partNumber: 'UP-3', kind: 'changed' }),
      expect.objectContaining({ row: 6, partNumber: 'UP-OLD', kind: 'new' }),
    ]);
    expect(job.counts).toMatchObject({ rows: 6, new: 1, changed: 1, unchanged: 1, errors: 3 });

    // The rows to fix hold the faulted rows' cells, read again from the file.
    const fix = parse((await get(`/api/staff/imports/${job.id}/errors.csv`)).rawPayload, {
      bom: true,
    }) as string[][];
    const byRow = new Map(fix.slice(1).map((r) => [r[0], r]));
    expect(byRow.get('2')?.[col('name') + 1]).toBe(up1![col('name')]);
    expect(byRow.get('3')?.[col('name') + 1]).toBe(up2![col('name')]);
    expect(byRow.get('3')?.[col('supersededNumbers') + 1]).toBe('UP-OLD');

    // Judged rows (UP-3, UP-4) were staged by number alone; the others in full.
    const staged = await ctx.database.db
      .select({ rowNo: catalogImportParts.rowNo, name: catalogImportParts.name })
      .from(catalogImportParts)
      .where(eq(catalogImportParts.importId, job.id))
      .orderBy(catalogImportParts.rowNo);
    expect(staged).toEqual([
      { rowNo: 2, name: 'Pad' },
      { rowNo: 3, name: 'Disc' },
      { rowNo: 4, name: null },
      { rowNo: 5, name: null },
      { rowNo: 6, name: 'Old disc' },
      { rowNo: 7, name: 'Pad' },
    ]);

    // Applied with the valid rows only: UP-3's vehicles change, nothing else does.
    const applied = await apply(ctx.app, staff, job.id, true);
    expect(applied.status, applied.failure ?? '').toBe('applied');
    const after = rowsOf(
      await ctx.database.db.execute(sql`
        select p.sku, p.name, p.max_order_quantity, f.year_to
          from parts p left join part_fitments f on f.part_id = p.id
         where p.sku like 'UP-%' order by p.sku`),
    );
    expect(after).toEqual([
      { sku: 'UP-1', name: 'Pad', max_order_quantity: null, year_to: null },
      { sku: 'UP-2', name: 'Disc', max_order_quantity: null, year_to: null },
      { sku: 'UP-3', name: 'Shoe', max_order_quantity: null, year_to: 2020 },
      { sku: 'UP-4', name: 'Drum', max_order_quantity: 8, year_to: null },
      { sku: 'UP-OLD', name: 'Old disc', max_order_quantity: null, year_to: null },
    ]);
  });
});
