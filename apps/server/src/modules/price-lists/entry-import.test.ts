import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PriceListDetails, PriceListEntryPage, PriceListImport } from '@storefront/contract';
import { admin, customer } from '../../test/accounts.js';
import { insertPart } from '../../test/factories.js';
import { csvOf, formData } from '../../test/import-kit.js';
import { useTestApp } from '../../test/test-app.js';
import { auditLog } from '../audit/audit.tables.js';

type Who = { auth: Record<string, string> } | null;

describe('price lists: fixed prices imported and exported through preview-then-apply', () => {
  const ctx = useTestApp({ authRateLimit: false, mailRateLimit: false });
  const db = () => ctx.database.db;
  const call = (who: Who, method: string, url: string, payload?: unknown) =>
    ctx.app.inject({
      method: method as 'GET',
      url,
      headers: who ? who.auth : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const upload = (
    who: Who,
    listId: string,
    content: string | Buffer,
    fields: Record<string, string> = {},
    name = 'prices.csv',
  ) => {
    const body = formData([{ field: 'entries', name, content }], fields);
    return ctx.app.inject({
      method: 'POST',
      url: `/api/staff/price-lists/${listId}/imports`,
      headers: { ...(who ? who.auth : {}), ...body.headers },
      payload: body.payload,
    });
  };

  // Seeded once for the file: staff, a customer, and a catalog of 30 parts.
  let seed:
    | {
        staff: Awaited<ReturnType<typeof admin>>;
        plain: Awaited<ReturnType<typeof customer>>;
        parts: { id: string; sku: string }[];
      }
    | undefined;
  async function given() {
    if (seed) return seed;
    const staff = await admin(ctx.app, db());
    const plain = await customer(ctx.app);
    const parts = [];
    for (let i = 0; i < 30; i += 1)
      parts.push(
        await insertPart(db(), {
          sku: `PLI-${String(i).padStart(3, '0')}`,
          price: 50,
          ...(i === 0 ? { name: '=HYPERLINK("http://evil")' } : {}),
        }),
      );
    seed = { staff, plain, parts };
    return seed;
  }
  let lists = 0;
  const newList = async () => {
    const { staff } = await given();
    lists += 1;
    const res = await call(staff, 'POST', '/api/staff/price-lists', { name: `Import ${lists}` });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<PriceListDetails>().id;
  };
  const entriesOf = async (listId: string) => {
    const { staff } = await given();
    const page = (
      await call(staff, 'GET', `/api/staff/price-lists/${listId}/entries`)
    ).json<PriceListEntryPage>();
    return page.entries.map((e) => `${e.partNumber}@${e.minQuantity}=${e.price}`);
  };
  const header = ['Part number', 'From quantity', 'Price'];

  it('previews a file row by row and writes nothing, then applies it in one change, audited', async () => {
    const { staff, parts } = await given();
    const listId = await newList();
    await call(staff, 'POST', `/api/staff/price-lists/${listId}/entries`, {
      entries: [
        { partNumber: parts[1]!.sku, minQuantity: 1, price: 40 },
        { partNumber: parts[2]!.sku, minQuantity: 1, price: 30 },
        { partNumber: parts[3]!.sku, minQuantity: 1, price: 20 },
      ],
    });
    const file = csvOf([
      header,
      [parts[1]!.sku.toLowerCase(), 1, '40.00'], // unchanged, whatever the case
      [parts[2]!.sku, '', '12,50'], // changed (and by more than half); blank from quantity is 1
      [parts[4]!.sku, 10, '1,234.50'], // new, above the public price: the rule caps it, not the file
      [parts[4]!.sku, 1, 44],
    ]);
    const res = await upload(staff, listId, file, { replaceAll: 'true' });
    expect(res.statusCode, res.body).toBe(201);
    const preview = res.json<PriceListImport>();
    expect(preview).toMatchObject({
      status: 'previewed',
      replaceAll: true,
      fileName: 'prices.csv',
      counts: { rows: 4, new: 2, changed: 1, unchanged: 1, removed: 1, errors: 0, priceJumps: 1 },
      errors: [],
    });
    expect(preview.changes).toEqual([
      {
        row: 3,
        partNumber: parts[2]!.sku,
        minQuantity: 1,
        kind: 'changed',
        before: 30,
        after: 12.5,
        flagged: true,
      },
      expect.objectContaining({ row: 4, kind: 'new', minQuantity: 10, after: 1234.5 }),
      expect.objectContaining({ row: 5, kind: 'new', minQuantity: 1, after: 44 }),
      expect.objectContaining({
        row: null,
        partNumber: parts[3]!.sku,
        kind: 'removed',
        before: 20,
      }),
    ]);
    // Nothing written yet; the preview reads back the same.
    expect(await entriesOf(listId)).toHaveLength(3);
    const again = await call(
      staff,
      'GET',
      `/api/staff/price-lists/${listId}/imports/${preview.id}`,
    );
    expect(again.json()).toEqual(preview);

    const applied = await call(
      staff,
      'POST',
      `/api/staff/price-lists/${listId}/imports/${preview.id}/apply`,
      {},
    );
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json<PriceListImport>()).toMatchObject({ status: 'applied' });
    expect((await entriesOf(listId)).sort()).toEqual(
      [
        `${parts[1]!.sku}@1=40`,
        `${parts[2]!.sku}@1=12.5`,
        `${parts[4]!.sku}@1=44`,
        `${parts[4]!.sku}@10=1234.5`,
      ].sort(),
    );
    const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, listId));
    expect(audit.map((a) => a.action)).toContain('price-list.import');
    expect(audit.find((a) => a.action === 'price-list.import')?.summary).toMatch(
      /2 added, 1 changed, 1 removed/,
    );
    // Applied once: a second apply is refused and changes nothing.
    const twice = await call(
      staff,
      'POST',
      `/api/staff/price-lists/${listId}/imports/${preview.id}/apply`,
      {},
    );
    expect(twice.statusCode).toBe(409);
  });

  it('exports what it imports: the export uploaded again changes nothing (CSV and XLSX)', async () => {
    const { staff, parts } = await given();
    const listId = await newList();
    const entries = parts.slice(0, 25).flatMap((p, i) => [
      { partNumber: p.sku, minQuantity: 1, price: 10 + i + 0.05 },
      { partNumber: p.sku, minQuantity: 1000, price: 9 + i },
    ]);
    await call(staff, 'POST', `/api/staff/price-lists/${listId}/entries`, { entries });

    const csv = await call(staff, 'GET', `/api/staff/price-lists/${listId}/export`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/Import-\d+-fixed-prices\.csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Part number,From quantity,Price,Name');
    expect(lines).toHaveLength(51);
    expect(lines[1]).toBe(`${parts[0]!.sku},1,10.05,"'=HYPERLINK(""http://evil"")"`);
    expect(lines[2]).toBe(`${parts[0]!.sku},1000,9.00,"'=HYPERLINK(""http://evil"")"`);

    const fromCsv = (
      await upload(staff, listId, csv.rawPayload, {}, 'back.csv')
    ).json<PriceListImport>();
    expect(fromCsv.counts).toEqual({
      rows: 50,
      new: 0,
      changed: 0,
      unchanged: 50,
      removed: 0,
      errors: 0,
      priceJumps: 0,
    });

    const xlsx = await call(staff, 'GET', `/api/staff/price-lists/${listId}/export?format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(2).getCell(4).value).toBe('=HYPERLINK("http://evil")');
    expect(sheet.getRow(2).getCell(4).type).toBe(ExcelJS.ValueType.String);
    const fromXlsx = (
      await upload(staff, listId, xlsx.rawPayload, { replaceAll: 'true' }, 'back.xlsx')
    ).json<PriceListImport>();
    expect(fromXlsx.counts).toMatchObject({
      rows: 50,
      unchanged: 50,
      new: 0,
      changed: 0,
      removed: 0,
    });
  });

  it('names every wrong row in the catalog import’s words, and applies only when told to leave them out', async () => {
    const { staff, parts } = await given();
    const listId = await newList();
    const file = csvOf([
      ['Part number', 'From quantity', 'Price', 'Colour'],
      [parts[5]!.sku, 1, '10.00', 'red'],
      ['NO-SUCH-PART', 1, '10.00', ''],
      [parts[6]!.sku, '2.5', '10.00', ''],
      [parts[7]!.sku, 1, '0', ''],
      [parts[8]!.sku, 1, '1,234', ''],
      [parts[9]!.sku, 1, '', ''],
      ['', 1, '3.00', ''],
      [parts[10]!.sku, 5, '3.00', ''],
      [parts[10]!.sku.toLowerCase(), 5, '4.00', ''],
    ]);
    const preview = (await upload(staff, listId, file)).json<PriceListImport>();
    expect(preview.counts).toMatchObject({ rows: 9, new: 1, errors: 8 });
    expect(preview.notes).toEqual([
      'prices.csv: a column was not read, as no field has that name: "Colour".',
    ]);
    const words = preview.errors.map((e) => `${e.row} ${e.column}: ${e.message}`);
    expect(words).toEqual([
      '3 Part number: No part has the number "NO-SUCH-PART"',
      '4 From quantity: From quantity must be a whole number',
      '5 Price: Price must be above 0',
      '6 Price: Price "1,234" is ambiguous: write it as 1234 or 1234.00',
      '7 Price: Price is required',
      '8 Part number: Part number is required',
      `9 Part number: Part number ${parts[10]!.sku} from 5 appears twice (rows 9 and 10)`,
      `10 Part number: Part number ${parts[10]!.sku.toLowerCase()} from 5 appears twice (rows 9 and 10)`,
    ]);
    const refused = await call(
      staff,
      'POST',
      `/api/staff/price-lists/${listId}/imports/${preview.id}/apply`,
      {},
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      '8 rows have errors: fix them and upload the file again, or apply the valid rows only.',
    );
    expect(await entriesOf(listId)).toEqual([]);
    const valid = await call(
      staff,
      'POST',
      `/api/staff/price-lists/${listId}/imports/${preview.id}/apply`,
      { validOnly: true },
    );
    expect(valid.statusCode, valid.body).toBe(200);
    expect(await entriesOf(listId)).toEqual([`${parts[5]!.sku}@1=10`]);

    // Replacing everything with rows left out would remove their prices: refused.
    const replacing = (
      await upload(staff, listId, file, { replaceAll: 'true' })
    ).json<PriceListImport>();
    const no = await call(
      staff,
      'POST',
      `/api/staff/price-lists/${listId}/imports/${replacing.id}/apply`,
      { validOnly: true },
    );
    expect(no.statusCode).toBe(409);
    expect(no.json().message).toMatch(/needs every row valid/);
  });

  it('refuses a preview whose list changed since, and applies a preview once under many clicks', async () => {
    const { staff, parts } = await given();
    const listId = await newList();
    const file = csvOf([header, [parts[11]!.sku, 1, '5.00'], [parts[12]!.sku, 1, '6.00']]);
    const stale = (await upload(staff, listId, file)).json<PriceListImport>();
    await call(staff, 'POST', `/api/staff/price-lists/${listId}/entries`, {
      entries: [{ partNumber: parts[13]!.sku, price: 7 }],
    });
    const refused = await call(
      staff,
      'POST',
      `/api/staff/price-lists/${listId}/imports/${stale.id}/apply`,
      {},
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/changed since this preview/);
    expect(await entriesOf(listId)).toEqual([`${parts[13]!.sku}@1=7`]);

    const fresh = (await upload(staff, listId, file)).json<PriceListImport>();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        call(staff, 'POST', `/api/staff/price-lists/${listId}/imports/${fresh.id}/apply`, {}),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array<number>(11).fill(409)]);
    expect(await entriesOf(listId)).toHaveLength(3);
    const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, listId));
    expect(audit.filter((a) => a.action === 'price-list.import')).toHaveLength(1);

    const discarded = (await upload(staff, listId, file)).json<PriceListImport>();
    const url = `/api/staff/price-lists/${listId}/imports/${discarded.id}`;
    expect((await call(staff, 'POST', `${url}/discard`)).json()).toMatchObject({
      status: 'discarded',
    });
    expect((await call(staff, 'POST', `${url}/discard`)).statusCode).toBe(409);
    expect((await call(staff, 'POST', `${url}/apply`, {})).statusCode).toBe(409);
  });

  it('lets only staff in, answers 404 for another list’s import, and refuses hostile files with a 4xx', async () => {
    const { staff, plain, parts } = await given();
    const listId = await newList();
    const otherId = await newList();
    const file = csvOf([header, [parts[14]!.sku, 1, '5.00']]);
    expect((await upload(null, listId, file)).statusCode).toBe(401);
    expect((await upload(plain, listId, file)).statusCode).toBe(403);
    expect((await call(plain, 'GET', `/api/staff/price-lists/${listId}/export`)).statusCode).toBe(
      403,
    );
    const preview = (await upload(staff, listId, file)).json<PriceListImport>();
    for (const [method, suffix] of [
      ['GET', ''],
      ['POST', '/apply'],
      ['POST', '/discard'],
    ] as const) {
      const url = `/api/staff/price-lists/${otherId}/imports/${preview.id}${suffix}`;
      expect((await call(staff, method, url, method === 'POST' ? {} : undefined)).statusCode).toBe(
        404,
      );
      expect((await call(plain, method, url, method === 'POST' ? {} : undefined)).statusCode).toBe(
        403,
      );
    }
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await upload(staff, missing, file)).statusCode).toBe(404);
    expect((await call(staff, 'GET', `/api/staff/price-lists/${missing}/export`)).statusCode).toBe(
      404,
    );
    expect(
      (await call(staff, 'GET', `/api/staff/price-lists/${listId}/export?format=pdf`)).statusCode,
    ).toBe(400);

    const refusals: [string | Buffer, RegExp][] = [
      ['', /is empty/],
      ['Part number,Price\r\nA\u0000B,1\r\n', /NUL|binary/i],
      ['Name,Price\r\nx,1\r\n', /has no "Part number" column/],
      ['Part number,Colour\r\nx,1\r\n', /has no "Price" column/],
      ['Part number,Price,SKU\r\nx,1,y\r\n', /the column "SKU" twice/],
      [Buffer.from([0xff, 0xfe, 0x41, 0x00]), /UTF-16/],
      [Buffer.from('PK\u0003\u0004not really a zip'), /./],
      [`Part number,Price\r\n${'PLI-001,1\r\n'.repeat(20_001)}`, /more than 20,000 rows/],
    ];
    for (const [content, message] of refusals) {
      const res = await upload(staff, listId, content);
      expect(res.statusCode, `${String(content).slice(0, 30)} ${res.body}`).toBeGreaterThanOrEqual(
        400,
      );
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().message).toMatch(message);
    }
    const notMultipart = await call(staff, 'POST', `/api/staff/price-lists/${listId}/imports`, {
      entries: [],
    });
    expect(notMultipart.statusCode).toBe(415);
    const twoFiles = formData([
      { field: 'entries', name: 'a.csv', content: file },
      { field: 'entries', name: 'b.csv', content: file },
    ]);
    const two = await ctx.app.inject({
      method: 'POST',
      url: `/api/staff/price-lists/${listId}/imports`,
      headers: { ...staff.auth, ...twoFiles.headers },
      payload: twoFiles.payload,
    });
    expect(two.statusCode).toBe(400);
    // Nothing of any of that was written.
    expect(await entriesOf(listId)).toEqual([]);
  });
});
