import { parse } from 'csv-parse/sync';
import { and, eq, gt } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { PART_COLUMNS } from '@storefront/contract';
import { admin } from '../../test/accounts.js';
import { apply, csvOf, preview } from '../../test/import-kit.js';
import { useTestApp } from '../../test/test-app.js';
import { parts } from '../parts/parts.tables.js';
import { cellText, formulaSafe } from './cells.js';
import { partCells } from './export.js';
import { catalogImportParts } from './import.tables.js';
import { mapColumns, cellsOf } from './rows.js';
import { cellsDigest, storedPartDigests, StoredParts, UnchangedParts } from './unchanged-parts.js';

type Person = Awaited<ReturnType<typeof admin>>;
const HEADER = PART_COLUMNS.map((c) => c.header);

/*
 * A parts row that spells exactly what the export writes for its part is staged by its part
 * number alone, never typed (decision 079). These tests hold that shortcut to what the full
 * reading said: the same counts, the same changes, the same errors, the same rows to fix.
 */
describe('catalog import: parts the catalog already holds', () => {
  const ctx = useTestApp({ authRateLimit: false });
  let staff: Person;

  const row = (values: Record<string, string>) =>
    PART_COLUMNS.map((c) => values[c.key as string] ?? '');
  const get = async (url: string) => {
    const res = await ctx.app.inject({ method: 'GET', url, headers: staff.auth });
    expect(res.statusCode).toBe(200);
    return res;
  };
  /** The catalog's UP- parts as the export writes them: header, then a row each. */
  const exported = async () =>
    parse((await get('/api/staff/catalog/export?format=csv&q=UP-')).rawPayload, {
      bom: true,
    }) as string[][];
  const staged = (importId: string) =>
    ctx.database.db
      .select()
      .from(catalogImportParts)
      .where(and(eq(catalogImportParts.importId, importId), gt(catalogImportParts.rowNo, 0)))
      .orderBy(catalogImportParts.rowNo);
  const file = (rows: string[][]) => [{ field: 'parts', name: 'parts.csv', content: csvOf(rows) }];

  beforeAll(async () => {
    staff = await admin(ctx.app, ctx.database.db);
    const job = await preview(
      ctx.app,
      staff,
      file([
        HEADER,
        ...['UP-A', 'UP-B', 'UP-C'].map((sku) =>
          row({
            sku,
            name: `Part ${sku}`,
            description: 'Line one\nline two, "quoted"',
            price: '10.50',
            minOrderQuantity: '4',
            packSize: '2',
            stock: '30',
            oemNumbers: '04465-02220|0 986 494 123',
            specifications: 'Width=120 mm|Colour=black',
            volumePrices: '8:9.80',
            supersededNumbers: sku === 'UP-B' ? 'UP-OLD' : '',
          }),
        ),
      ]),
    );
    expect(job.status, job.failure ?? '').toBe('previewed');
    expect((await apply(ctx.app, staff, job.id)).status).toBe('applied');
  });

  it('stages an unchanged export by part number alone, and types only the rows written otherwise', async () => {
    const [header, ...rows] = await exported();
    expect(rows.map((r) => r[0])).toEqual(['UP-A', 'UP-B', 'UP-C']);
    const job = await preview(ctx.app, staff, file([header!, ...rows]));
    expect(job.status, job.failure ?? '').toBe('previewed');
    expect(job.counts).toMatchObject({ rows: 3, unchanged: 3, changed: 0, new: 0, errors: 0 });
    const judged = await staged(job.id);
    expect(judged.map((r) => [r.sku, r.name, r.priceCents, r.supersededNumbers])).toEqual([
      ['UP-A', null, null, null],
      ['UP-B', null, null, ['UP-OLD']],
      ['UP-C', null, null, null],
    ]);
    expect(judged.every((r) => r.partId !== null)).toBe(true);

    // A price written another way is read in full and still unchanged; an edited cell is a change
    // of that field alone.
    const price = HEADER.indexOf('Price');
    const stock = HEADER.indexOf('Stock');
    const edited = rows.map((r) => [...r]);
    edited[0]![price] = '10.5';
    edited[2]![stock] = '31';
    const next = await preview(ctx.app, staff, file([header!, ...edited]));
    expect(next.counts).toMatchObject({ unchanged: 2, changed: 1, errors: 0 });
    expect(next.changes.map((c) => [c.partNumber, c.fields.map((f) => f.field)])).toEqual([
      ['UP-C', ['stock']],
    ]);
    expect((await staged(next.id)).map((r) => [r.sku, r.name])).toEqual([
      ['UP-A', 'Part UP-A'],
      ['UP-B', null],
      ['UP-C', 'Part UP-C'],
    ]);
    expect((await apply(ctx.app, staff, next.id)).status).toBe('applied');
    const [c] = await ctx.database.db.select().from(parts).where(eq(parts.sku, 'UP-C'));
    expect(c!.availableQuantity).toBe(31);
    expect(c!.name).toBe('Part UP-C');
  });

  it('finds what is wrong across rows with an unchanged row too, and gives its cells back as written', async () => {
    const [header, ...rows] = await exported();
    const newPart = row({
      sku: 'UP-OLD',
      name: 'Older number',
      price: '1.00',
      minOrderQuantity: '1',
    });
    // Rows 2-4 the export, 5 UP-A again, 6 a new part under UP-B's superseded number.
    const job = await preview(ctx.app, staff, file([header!, ...rows, rows[0]!, newPart]));
    expect(job.status, job.failure ?? '').toBe('previewed');
    const messages = (rowNo: number) =>
      job.errors.filter((e) => e.row === rowNo).map((e) => `${e.column}: ${e.message}`);
    expect(messages(2)).toEqual(['Part number: Part number UP-A appears twice (rows 2 and 5)']);
    expect(messages(5)).toEqual(['Part number: Part number UP-A appears twice (rows 2 and 5)']);
    expect(messages(3)).toEqual([
      'Superseded numbers: Superseded number UP-OLD is a current part number: only numbers no longer in use can be replaced',
    ]);
    expect(messages(4)).toEqual([]);

    const fix = parse((await get(`/api/staff/imports/${job.id}/errors.csv`)).rawPayload, {
      bom: true,
    }) as string[][];
    const byRow = new Map(fix.slice(1).map((r) => [r[0], r.slice(1, -1)]));
    expect([...byRow.keys()].sort()).toEqual(['2', '3', '5']);
    for (const rowNo of ['2', '3', '5']) {
      const cells = byRow.get(rowNo)!;
      const original = rows[rowNo === '3' ? 1 : 0]!;
      expect(cells[HEADER.indexOf('Name')]).toBe(original[HEADER.indexOf('Name')]);
      expect(cells[HEADER.indexOf('Description')]).toBe('Line one\nline two, "quoted"');
      expect(cells[HEADER.indexOf('Specifications')]).toBe('Width=120 mm|Colour=black');
    }
  });

  it('reads the catalog a page at a time and judges a row whose page comes later', async () => {
    const [header, ...rows] = await exported();
    const columns = mapColumns(header!, PART_COLUMNS);
    // Pages of one part: each row waits for its page.
    const stored = new StoredParts(ctx.database.db, Promise.resolve(), 1);
    const judge = new UnchangedParts(stored);
    const outcomes: string[] = [];
    for (const [i, row] of rows.entries()) {
      const { cells } = cellsOf(row, columns);
      let judged = judge.take(i + 2, cells);
      if (judged === 'later') {
        await stored.arrival();
        judged = judge.take(i + 2, cells, false);
      }
      outcomes.push(judged === null ? 'typed' : (judged as { sku: string }).sku);
    }
    expect(outcomes).toEqual(['UP-A', 'UP-B', 'UP-C']);
    // Read to the end, page by page: every part once, as one read says.
    await stored.finished;
    const whole = await storedPartDigests(ctx.database.db, null, 1_000_000);
    expect(whole.length).toBeGreaterThanOrEqual(3);
    for (const { key, digest } of whole) expect(stored.get(key)).toBe(digest);
    // An unknown number is typed once the catalog is read, without waiting.
    const unknown = [...rows[0]!];
    unknown[0] = 'UP-NOT-STORED';
    expect(judge.take(9, cellsOf(unknown, columns).cells)).toBeNull();
  });

  it('hashes each stored part as the importer reads its export row back, over random parts', async () => {
    // Text a cell of the export can hold, weighted to what formatting and reading change:
    // formula characters, white space of every kind, line breaks, the list escapes.
    const text = fc
      .oneof(
        fc.string({
          unit: fc.constantFrom(
            'a',
            'Z',
            ' ',
            '\t',
            '\r',
            '\n',
            '\r\n',
            '=',
            '+',
            '-',
            '@',
            "'",
            '|',
            '\\',
            ':',
            '\u00a0',
            '\ufeff',
            '\u2028',
            '\u0085',
            '\u000b',
            '€',
            '🚗',
            '\u001f',
          ),
          maxLength: 12,
        }),
        fc.string({ unit: 'grapheme', maxLength: 20 }),
      )
      // The embedded database's driver drops a text's leading U+FEFF as it reads it (a decoder's
      // byte-order mark), so this thread cannot see such a value as stored; no writer stores one
      // (each trims it, as JavaScript's `trim` does).
      .filter((t) => !t.includes('\u0000') && !t.startsWith('\ufeff'));
    const cents = fc.nat({ max: 10_000_000 });
    const part = fc.record({
      prefix: fc.constantFrom('', '-', '=', "'=", "'", '+', '@'),
      name: text,
      description: text,
      category: text,
      imageUrl: text,
      priceCents: fc.integer({ min: 1, max: 10_000_000 }),
      // The table's own rule: whole packs.
      packSize: fc.integer({ min: 1, max: 100 }),
      packs: fc.integer({ min: 1, max: 1_000 }),
      morePacks: fc.option(fc.nat({ max: 1_000 }), { nil: null }),
      availableQuantity: fc.nat({ max: 1_000_000 }),
      featured: fc.boolean(),
      archived: fc.boolean(),
      // The search index takes each OEM number as a word: never an empty one.
      oemNumbers: fc.array(
        text.filter((t) => t !== ''),
        { maxLength: 3 },
      ),
      supersededNumbers: fc.array(text, { maxLength: 3 }),
      tiers: fc.array(fc.tuple(fc.nat({ max: 100_000 }), cents), { maxLength: 3 }),
      specs: fc.array(fc.record({ name: text, value: text }), { maxLength: 3 }),
      coreChargeCents: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 100_000_000 })),
    });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(part, { minLength: 1, maxLength: 6 }), async (list) => {
        run += 1;
        const rows = await ctx.database.db
          .insert(parts)
          .values(
            list.map(({ prefix, archived, tiers, packs, morePacks, ...p }, i) => ({
              ...p,
              minOrderQuantity: p.packSize * packs,
              maxOrderQuantity: morePacks === null ? null : p.packSize * (packs + morePacks),
              sku: `${prefix}PT${run}X${i}`,
              archivedAt: archived ? new Date() : null,
              tierQuantities: tiers.map(([q]) => q),
              tierCents: tiers.map(([, c]) => c),
            })),
          )
          .returning();
        const digests = new Map(
          (await storedPartDigests(ctx.database.db, null, 1_000_000)).map((r) => [r.key, r.digest]),
        );
        for (const row of rows) {
          const mine = cellsDigest(partCells(row).map((cell) => cellText(formulaSafe(cell))));
          // A row with the separator in a cell is never judged: nothing to compare.
          if (mine === null) continue;
          expect(digests.get(row.sku.toUpperCase()), JSON.stringify(partCells(row))).toBe(mine);
        }
      }),
      {
        numRuns: Number(process.env.RUNS ?? 40),
        // A lone line break, a formula's own `'`, a formula after white space.
        examples: [
          [
            [
              {
                prefix: '',
                name: "'=x",
                description: '\r',
                category: ' -x\u00a0',
                imageUrl: '',
                priceCents: 1,
                packSize: 1,
                packs: 1,
                morePacks: null,
                availableQuantity: 0,
                featured: false,
                archived: false,
                oemNumbers: [],
                supersededNumbers: [],
                tiers: [],
                specs: [],
                coreChargeCents: 0,
              },
            ],
          ],
        ],
      },
    );
  });
});
