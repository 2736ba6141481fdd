import { sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { PART_COLUMNS } from '@storefront/contract';
import type { Db } from '../../db/database.js';
import { rowsOf } from '../../db/raw-rows.js';
import { admin } from '../../test/accounts.js';
import { insertPart } from '../../test/factories.js';
import { csvOf, preview } from '../../test/import-kit.js';
import { useTestApp } from '../../test/test-app.js';

type Person = Awaited<ReturnType<typeof admin>>;
type Key = (typeof PART_COLUMNS)[number]['key'];
const HEADER = PART_COLUMNS.map((c) => c.header);
const row = (cells: Partial<Record<Key, string | number>>) =>
  PART_COLUMNS.map((c) => cells[c.key] ?? '');
const good = { name: 'Wiper blade', price: '9.50', minOrderQuantity: 10 };

/** Every row of every table, as text: what "nothing was written" compares. */
async function catalogState(db: Db) {
  const tables = ['parts', 'part_fitments', 'stock_movements', 'vehicle_models'];
  const state: Record<string, string[]> = {};
  for (const t of tables)
    state[t] = rowsOf(
      await db.execute(sql`select t::text as r from ${sql.identifier(t)} t order by 1`),
    ).map((r) => String(r.r));
  return state;
}

describe('catalog import: a file with one of every error', () => {
  const ctx = useTestApp({ authRateLimit: false });
  let staff: Person;
  beforeAll(async () => {
    staff = await admin(ctx.app, ctx.database.db);
    await insertPart(ctx.database.db, { sku: 'IE-IN-USE', minOrderQuantity: 1 });
  });

  it('names every error by row, column and what to do, writes nothing, refuses the apply and gives back the rows to fix', async () => {
    const parts = csvOf([
      HEADER,
      row({ ...good, sku: '' }), // 2
      row({ ...good, sku: 'IE 2001!' }), // 3
      row({ ...good, sku: 'IE-2002' }), // 4
      row({ ...good, sku: 'ie-2002' }), // 5
      row({ ...good, sku: 'IE-2003', name: 'x'.repeat(201) }), // 6
      row({ ...good, sku: 'IE-2004', price: 'cheap' }), // 7
      row({ ...good, sku: 'IE-2005', price: '1,234' }), // 8
      row({ ...good, sku: 'IE-2006', price: '9.5051' }), // 9
      row({ ...good, sku: 'IE-2007', minOrderQuantity: '2.5' }), // 10
      row({ ...good, sku: 'IE-2008', minOrderQuantity: 20, packSize: 7 }), // 11
      row({ ...good, sku: 'IE-2009', maxOrderQuantity: 5 }), // 12
      row({ ...good, sku: 'IE-2010', category: 'wheels' }), // 13
      row({ ...good, sku: 'IE-2011', featured: 'maybe' }), // 14
      row({ ...good, sku: 'IE-2012', imageUrl: 'ftp://pictures/x.jpg' }), // 15
      row({ ...good, sku: 'IE-2013', oemNumbers: 'A1|!bad!' }), // 16
      row({ ...good, sku: 'IE-2014', supersededNumbers: 'IE-2014' }), // 17
      row({ ...good, sku: 'IE-2015', supersededNumbers: 'IE-IN-USE' }), // 18
      row({ ...good, sku: 'IE-2016', volumePrices: '40=8.00' }), // 19
      row({ ...good, sku: 'IE-2017', volumePrices: '5:9.00' }), // 20
      row({ ...good, sku: 'IE-2018', volumePrices: '40:9.90' }), // 21
      row({ ...good, sku: 'IE-2019', specifications: 'Colour' }), // 22
      row({ sku: 'IE-2020' }), // 23
      row({ ...good, sku: 'IE-2021', stock: 'lots' }), // 24
      row({ ...good, sku: 'IE-2022', stock: '-5' }), // 25
    ]);
    const vehicles = csvOf([
      ['Part number', 'Make', 'Model', 'Year from', 'Year to', 'Position', 'Note'],
      ['IE-NOWHERE', 'Toyota', 'Corolla', 2014, 2019, '', ''], // 2
      ['IE-2002', 'Toyota', 'Corolla', 2019, 2014, '', ''], // 3
      ['IE-2002', '', 'Corolla', 2014, 2019, '', ''], // 4
      ['IE-2002', 'Toyota', 'Corolla', 1900, 2019, '', ''], // 5
      ['IE-2002', 'Toyota', 'Corolla', 2014, 2019, 'p'.repeat(41), ''], // 6
    ]);
    const before = await catalogState(ctx.database.db);
    const job = await preview(ctx.app, staff, [
      { field: 'parts', name: 'broken.csv', content: parts },
      { field: 'fitment', name: 'vehicles.csv', content: vehicles },
    ]);
    expect(job.status, job.failure ?? '').toBe('previewed');

    const expected: [string, number, string, string | RegExp][] = [
      ['parts', 2, 'Part number', 'Part number is required'],
      ['parts', 3, 'Part number', 'Part number: letters, digits and dashes only'],
      ['parts', 4, 'Part number', 'Part number IE-2002 appears twice (rows 4 and 5)'],
      ['parts', 5, 'Part number', 'Part number ie-2002 appears twice (rows 4 and 5)'],
      ['parts', 6, 'Name', 'Part name must be at most 200 characters'],
      ['parts', 7, 'Price', 'Price must be a number'],
      ['parts', 8, 'Price', 'Price "1,234" is ambiguous: write it as 1234 or 1234.00'],
      ['parts', 9, 'Price', 'Price can have at most two decimals'],
      ['parts', 10, 'Minimum order quantity', 'Minimum order quantity must be a whole number'],
      [
        'parts',
        11,
        'Minimum order quantity',
        'Pack size 7 does not divide the minimum order quantity 20',
      ],
      [
        'parts',
        12,
        'Maximum per order',
        'The maximum per order cannot be below the minimum order quantity',
      ],
      ['parts', 13, 'Category', 'Unknown category'],
      ['parts', 14, 'Featured', 'Featured must be yes or no'],
      ['parts', 15, 'Image URL', 'Image URL must start with http:// or https://'],
      ['parts', 16, 'OEM numbers', 'OEM number: letters, digits, spaces, dots and dashes only'],
      ['parts', 17, 'Superseded numbers', "Superseded number IE-2014 is this part's own number"],
      [
        'parts',
        18,
        'Superseded numbers',
        'Superseded number IE-IN-USE is a current part number: only numbers no longer in use can be replaced',
      ],
      ['parts', 19, 'Volume prices', 'Volume price "40=8.00" is not from-quantity:price (40:8.20)'],
      ['parts', 20, 'Volume prices', /starts above the minimum order quantity \(10\)/],
      ['parts', 21, 'Volume prices', /From 40 the price must be below \$9\.50/],
      ['parts', 22, 'Specifications', 'Specification "Colour" is not name=value'],
      ['parts', 23, 'Name', 'Name is required for a new part'],
      ['parts', 23, 'Price', 'Price is required for a new part'],
      ['parts', 23, 'Minimum order quantity', 'Minimum order quantity is required for a new part'],
      ['parts', 24, 'Stock', 'Stock must be a number'],
      ['parts', 25, 'Stock', 'Stock must be a number'],
      [
        'fitment',
        2,
        'Part number',
        'Part number IE-NOWHERE is not in the parts file or the catalog',
      ],
      ['fitment', 3, 'Year to', 'The last year cannot be before the first year'],
      ['fitment', 4, 'Make', 'Make is required'],
      ['fitment', 5, 'Year from', 'Year from must be 1950 or later'],
      ['fitment', 6, 'Position', 'Position must be at most 40 characters'],
    ];
    const errors = job.errors;
    for (const [sheet, rowNo, column, message] of expected)
      expect(
        errors.some(
          (e) =>
            e.sheet === sheet &&
            e.row === rowNo &&
            e.column === column &&
            (typeof message === 'string' ? e.message === message : message.test(e.message)),
        ),
        `${sheet} row ${rowNo} ${column}: ${String(message)}\n${JSON.stringify(errors.filter((e) => e.row === rowNo && e.sheet === sheet))}`,
      ).toBe(true);
    expect(job.counts.errors).toBe(24 + 5);

    // Nothing written; the apply is refused while errors remain.
    expect(await catalogState(ctx.database.db)).toEqual(before);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/staff/imports/${job.id}/apply`,
      headers: staff.auth,
      payload: {},
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'IMPORT_HAS_ERRORS' });
    expect(refused.json().message).toContain('29 rows have errors');

    // The rows to fix, as written, with what is wrong with each.
    const file = await ctx.app.inject({
      method: 'GET',
      url: `/api/staff/imports/${job.id}/errors.csv`,
      headers: staff.auth,
    });
    expect(file.statusCode).toBe(200);
    const records = parse(file.rawPayload, { bom: true }) as string[][];
    expect(records[0]).toEqual(['Row', ...HEADER, 'Errors']);
    const byRow = new Map(records.slice(1).map((r) => [r[0], r]));
    expect(byRow.get('11')?.at(-1)).toBe(
      'Minimum order quantity: Pack size 7 does not divide the minimum order quantity 20',
    );
    expect(byRow.get('8')?.[HEADER.indexOf('Price') + 1]).toBe('1,234');
    expect(records).toHaveLength(1 + 24);
  });
  it('checks a stored part by its stored values where the file leaves a cell blank, once, and a new part by its row alone', async () => {
    const db = ctx.database.db;
    await insertPart(db, { sku: 'IE-STORED-1', minOrderQuantity: 20, price: 9.5 });
    const ladder = await insertPart(db, { sku: 'IE-STORED-2', minOrderQuantity: 10, price: 9.5 });
    await db.execute(
      sql`update parts set tier_quantities = '{40}', tier_cents = '{800}' where id = ${ladder.id}`,
    );
    await insertPart(db, { sku: 'IE-STORED-3', minOrderQuantity: 20, price: 9.5 });
    const parts = csvOf([
      HEADER,
      row({ sku: 'IE-STORED-1', packSize: 7 }), // 2: the stored minimum, 20
      row({ sku: 'IE-STORED-2', price: '7.00' }), // 3: the stored ladder's 8.00 from 40
      row({ sku: 'IE-STORED-3', minOrderQuantity: 20, packSize: 7 }), // 4: both cells given
      row({ ...good, sku: 'IE-NEW-1', minOrderQuantity: 21, packSize: 7 }), // 5: fits
      row({ ...good, sku: 'IE-NEW-2', minOrderQuantity: 20, packSize: 7 }), // 6: new, wrong
      row({ ...good, sku: 'IE-NEW-3', price: '7.00' }), // 7: new, no ladder: fits
    ]);
    const job = await preview(ctx.app, staff, [
      { field: 'parts', name: 'stored.csv', content: parts },
    ]);
    expect(job.status, job.failure ?? '').toBe('previewed');
    const messages = (rowNo: number) =>
      job.errors.filter((e) => e.row === rowNo).map((e) => `${e.column}: ${e.message}`);
    const divides =
      'Minimum order quantity: Pack size 7 does not divide the minimum order quantity 20';
    expect(messages(2)).toEqual([divides]);
    expect(messages(3)).toEqual([
      expect.stringMatching(
        /^Volume prices: The volume prices no longer fit: .*\. Change them in the same row\.$/,
      ),
    ]);
    expect(messages(4)).toEqual([divides]);
    expect(messages(5)).toEqual([]);
    expect(messages(6)).toEqual([divides]);
    expect(messages(7)).toEqual([]);
    expect(job.counts.errors).toBe(4);
  });
});
