import { sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { PART_COLUMNS } from '@storefront/contract';
import type { Db } from '../../db/database.js';
import { rowsOf } from '../../db/raw-rows.js';
import { admin, customer } from '../../test/accounts.js';
import { apply, csvOf, formData, preview, settled, upload } from '../../test/import-kit.js';
import { useTestApp } from '../../test/test-app.js';
import { zipOf } from '../../test/zip-kit.js';
import { catalogImports } from './import.tables.js';

type Person = Awaited<ReturnType<typeof admin>>;
type Key = (typeof PART_COLUMNS)[number]['key'];
const HEADER = PART_COLUMNS.map((c) => c.header);
const row = (cells: Partial<Record<Key, string | number>>) =>
  PART_COLUMNS.map((c) => cells[c.key] ?? '');
const good = { name: 'Wiper blade', price: '9.50', minOrderQuantity: 10 };

/** A minimal workbook whose one sheet holds `sheetXml`, with extra entries. */
const workbook = (sheetXml: string, extra: { name: string; data: string }[] = []) =>
  zipOf([
    {
      name: '[Content_Types].xml',
      data: '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>',
    },
    { name: 'xl/worksheets/sheet1.xml', data: sheetXml },
    ...extra,
  ]);

async function counts(db: Db) {
  const [r] = rowsOf(
    await db.execute(sql`select (select count(*)::int from parts) as parts,
      (select count(*)::int from stock_movements) as moves,
      (select count(*)::int from catalog_import_parts) as staged`),
  );
  return r;
}

describe('catalog import: hostile and odd files', () => {
  const ctx = useTestApp({ authRateLimit: false, importMaxBytes: 12 * 1_048_576 });
  let staff: Person;
  beforeAll(async () => {
    staff = await admin(ctx.app, ctx.database.db);
  });

  /** The upload is refused with a 4xx in the error shape, and no import or row exists. */
  async function refused(
    files: Parameters<typeof upload>[2],
    status: number,
    message: RegExp,
  ): Promise<void> {
    const before = await counts(ctx.database.db);
    const jobs = (await ctx.database.db.select().from(catalogImports)).length;
    const res = await upload(ctx.app, staff, files);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ error: expect.any(String) });
    expect(res.json().message).toMatch(message);
    expect(await counts(ctx.database.db)).toEqual(before);
    expect(await ctx.database.db.select().from(catalogImports)).toHaveLength(jobs);
  }

  it('refuses a ZIP bomb: declared sizes over the cap, or an entry inflating past what it declares', async () => {
    const zeros = Buffer.alloc(4 * 1_048_576);
    await refused(
      [
        {
          field: 'parts',
          name: 'bomb.xlsx',
          content: zipOf([
            { name: 'xl/worksheets/sheet1.xml', data: 'x', declaredSize: 2_000_000_000 },
          ]),
        },
      ],
      400,
      /unpacks to more than/,
    );
    await refused(
      [
        {
          field: 'parts',
          name: 'liar.xlsx',
          content: zipOf([{ name: 'xl/worksheets/sheet1.xml', data: zeros, declaredSize: 1000 }]),
        },
      ],
      400,
      /damaged or lies about its sizes/,
    );
    await refused(
      [
        {
          field: 'pictures',
          name: 'many.zip',
          content: zipOf(
            Array.from({ length: 20_001 }, (_, i) => ({ name: `p${i}.jpg`, data: '' })),
          ),
        },
        { field: 'parts', name: 'ok.csv', content: csvOf([HEADER]) },
      ],
      400,
      /20,001 entries/,
    );
  });

  it('refuses XML entities inside a workbook', async () => {
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>' +
      '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>&lol2;</t></is></c></row></sheetData></worksheet>';
    await refused(
      [{ field: 'parts', name: 'entities.xlsx', content: workbook(laughs) }],
      400,
      /DOCTYPE or XML entities/,
    );
  });

  it('refuses NUL bytes, text in no known encoding, UTF-16, ten million empty rows, a 1 MB cell and a file over the limit', async () => {
    const ok = csvOf([HEADER, row({ ...good, sku: 'IH-1' })]);
    await refused(
      [
        {
          field: 'parts',
          name: 'nul.csv',
          content: Buffer.concat([Buffer.from(ok), Buffer.from([0, 1, 2])]),
        },
      ],
      400,
      /NUL bytes/,
    );
    await refused(
      [
        {
          field: 'parts',
          name: 'odd.csv',
          content: Buffer.concat([Buffer.from(ok), Buffer.from([0x81, 0x8d, 0xc3])]),
        },
      ],
      400,
      /not UTF-8 and not Windows-1252/,
    );
    await refused(
      [
        {
          field: 'parts',
          name: 'utf16.csv',
          content: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(ok, 'utf16le')]),
        },
      ],
      400,
      /UTF-16/,
    );
    await refused(
      [
        {
          field: 'parts',
          name: 'empty-rows.csv',
          content: Buffer.concat([Buffer.from(ok), Buffer.alloc(10_000_000, 0x0a)]),
        },
      ],
      400,
      /more than 3,000,000 lines/,
    );
    await refused(
      [
        {
          field: 'parts',
          name: 'big-cell.csv',
          content: csvOf([
            HEADER,
            row({ ...good, sku: 'IH-2', description: 'd'.repeat(1_048_576) }),
          ]),
        },
      ],
      400,
      /characters near line 2: no field takes that much/,
    );
    await refused(
      [{ field: 'parts', name: 'huge.csv', content: Buffer.alloc(13 * 1_048_576, 0x41) }],
      413,
      /over 12 MB/,
    );
    // Not multipart at all.
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/staff/imports',
      headers: staff.auth,
      payload: { parts: 'x' },
    });
    expect(json.statusCode).toBe(415);
  });

  it('keeps formula cells as text, and exports them formula-safe', async () => {
    const formula = '=HYPERLINK("http://evil.example","click")';
    const job = await preview(ctx.app, staff, [
      {
        field: 'parts',
        name: 'formulas.csv',
        content: csvOf([
          HEADER,
          row({ ...good, sku: 'IH-FORMULA', name: formula, description: '+1-2' }),
        ]),
      },
    ]);
    expect(job.status, job.failure ?? '').toBe('previewed');
    expect((await apply(ctx.app, staff, job.id)).status).toBe('applied');
    const [stored] = rowsOf(
      await ctx.database.db.execute(
        sql`select name, description from parts where sku = 'IH-FORMULA'`,
      ),
    );
    expect(stored).toMatchObject({ name: formula, description: '+1-2' });
    const exported = await ctx.app.inject({
      method: 'GET',
      url: '/api/staff/catalog/export?format=csv&q=IH-FORMULA',
      headers: staff.auth,
    });
    const records = parse(exported.rawPayload, { bom: true }) as string[][];
    expect(records[1]?.[HEADER.indexOf('Name')]).toBe(`'${formula}`);
    expect(records[1]?.[HEADER.indexOf('Description')]).toBe("'+1-2");
  });

  it('reads Excel as people save it: Windows-1252, ";" and decimal commas, a byte-order mark, quoted line breaks', async () => {
    const latin = Buffer.from(
      [
        'Part number;Name;Price;Minimum order quantity;Description',
        'IH-LATIN;Bremsbel\xe4ge vorne;1.234,50;10;"Zeile eins',
        'Zeile zwei"',
        '',
      ].join('\r\n'),
      'latin1',
    );
    const job = await preview(ctx.app, staff, [
      { field: 'parts', name: 'excel.csv', content: latin },
    ]);
    expect(job.status, job.failure ?? '').toBe('previewed');
    expect(job.notes.join(' ')).toMatch(/Windows-1252/);
    expect(job.notes.join(' ')).toMatch(/";"/);
    expect(job.errors).toEqual([]);
    const fields = job.changes[0]!.fields;
    expect(fields.find((f) => f.field === 'name')?.after).toBe('Bremsbeläge vorne');
    expect(fields.find((f) => f.field === 'price')?.after).toBe('$1,234.50');
    expect(fields.find((f) => f.field === 'description')?.after).toBe('Zeile eins\nZeile zwei');
    const bom = await preview(ctx.app, staff, [
      {
        field: 'parts',
        name: 'bom.csv',
        content: `\uFEFF${csvOf([HEADER, row({ ...good, sku: 'IH-BOM', name: 'Bremsbeläge' })])}`,
      },
    ]);
    expect(bom.errors).toEqual([]);
    expect(bom.notes.join(' ')).not.toMatch(/Windows-1252/);
    expect(bom.changes[0]?.fields.find((f) => f.field === 'name')?.after).toBe('Bremsbeläge');
  });

  it('reports unknown columns and refuses a file without part numbers', async () => {
    const job = await preview(ctx.app, staff, [
      {
        field: 'parts',
        name: 'extra.csv',
        content: csvOf([
          [...HEADER, 'Colour'],
          [...row({ ...good, sku: 'IH-EXTRA' }), 'red'],
        ]),
      },
    ]);
    expect(job.notes.join(' ')).toMatch(/not read.*"Colour"/);
    const res = await upload(ctx.app, staff, [
      {
        field: 'parts',
        name: 'nokey.csv',
        content: csvOf([
          ['Name', 'Price'],
          ['x', '1'],
        ]),
      },
    ]);
    expect(res.statusCode).toBe(202);
    const failed = await settled(ctx.app, staff, res.json().id);
    expect(failed.status).toBe('failed');
    expect(failed.failure).toMatch(/no "Part number" column/);
  });

  it('refuses every import and export route to the anonymous (401), a customer and a company member (403)', async () => {
    const buyer = await customer(ctx.app);
    const owner = await customer(ctx.app);
    const made = await ctx.app.inject({
      method: 'POST',
      url: '/api/companies',
      headers: owner.auth,
      payload: {
        name: 'Hostile Fleet Ltd',
        taxId: 'GB 1',
        billingAddress: { street: '1 A', city: 'B', postalCode: 'C', country: 'UK' },
        deliveryAddresses: [],
      },
    });
    expect(made.statusCode).toBe(201);
    const job = await preview(ctx.app, staff, [
      { field: 'parts', name: 'x.csv', content: csvOf([HEADER, row({ ...good, sku: 'IH-AUTH' })]) },
    ]);
    const body = formData([{ field: 'parts', name: 'x.csv', content: 'a' }]);
    const routes: [string, string, object?][] = [
      ['POST', '/api/staff/imports'],
      ['GET', '/api/staff/imports'],
      ['GET', `/api/staff/imports/${job.id}`],
      ['GET', `/api/staff/imports/${job.id}/changes`],
      ['GET', `/api/staff/imports/${job.id}/changes.csv`],
      ['GET', `/api/staff/imports/${job.id}/errors.csv`],
      ['POST', `/api/staff/imports/${job.id}/apply`, {}],
      ['POST', `/api/staff/imports/${job.id}/discard`, {}],
      ['GET', '/api/staff/catalog/export'],
      ['GET', '/api/staff/catalog/template'],
    ];
    for (const [method, url, payload] of routes)
      for (const [who, status] of [
        [null, 401],
        [buyer, 403],
        [owner, 403],
      ] as const) {
        const res = await ctx.app.inject({
          method: method as 'GET',
          url,
          headers: {
            ...(who ? who.auth : {}),
            ...(url === '/api/staff/imports' && method === 'POST' ? body.headers : {}),
          },
          ...(url === '/api/staff/imports' && method === 'POST'
            ? { payload: body.payload }
            : payload
              ? { payload }
              : {}),
        });
        expect(res.statusCode, `${method} ${url}`).toBe(status);
      }
    // The preview is untouched.
    const [still] = await ctx.database.db
      .select()
      .from(catalogImports)
      .where(sql`id = ${job.id}`);
    expect(still?.status).toBe('previewed');
  });
});
