import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES, PART_COLUMNS } from '@storefront/contract';
import { admin } from '../../test/accounts.js';
import { apply, csvOf, preview } from '../../test/import-kit.js';
import { useTestApp } from '../../test/test-app.js';
import { catalogImportFitments } from './import.tables.js';

type Person = Awaited<ReturnType<typeof admin>>;
type Key = (typeof PART_COLUMNS)[number]['key'];
const HEADER = PART_COLUMNS.map((c) => c.header);
const col = (key: Key) => PART_COLUMNS.findIndex((c) => c.key === key);

/** Text people type into a catalog: commas, quotes, bars, equals signs, accents, a line break. */
const words = fc
  .array(
    fc.constantFrom(
      'Brake',
      'pad',
      'Bremsbeläge',
      'disc,',
      '"vented"',
      'a|b',
      'x=y',
      '12.5',
      '=SUM(A1)',
      '-front',
      "O'Neil",
      'ÆØÅ',
      '\\',
      '\n',
    ),
    { minLength: 1, maxLength: 6 },
  )
  .map((w) =>
    w
      .join(' ')
      .replace(/\s*\n\s*/g, '\n')
      .trim(),
  )
  .filter((t) => t.replace(/\s/g, '').length > 0);

/** A part that keeps every rule of the add-part form. */
const part = fc
  .record({
    name: words.map((w) => w.slice(0, 200)),
    description: words,
    category: fc.constantFrom(...CATEGORIES),
    priceCents: fc.integer({ min: 2_000, max: 500_000 }),
    pack: fc.integer({ min: 1, max: 6 }),
    packs: fc.integer({ min: 1, max: 5 }),
    maxPacks: fc.option(fc.integer({ min: 5, max: 40 }), { nil: null }),
    steps: fc.integer({ min: 0, max: 3 }),
    stock: fc.integer({ min: 0, max: 5_000 }),
    featured: fc.boolean(),
    oem: fc.array(fc.stringMatching(/^[A-Z0-9]{3,10}$/), { maxLength: 3 }),
    specs: fc.array(
      fc.record({
        name: words.map((w) => w.slice(0, 60)),
        value: words.map((w) => w.slice(0, 200)),
      }),
      {
        maxLength: 3,
      },
    ),
    vehicles: fc.array(
      fc.record({
        make: fc.constantFrom('Toyota', 'Ford', 'Škoda'),
        model: fc.constantFrom('Corolla', 'Focus', 'Octavia, RS', 'Mégane “RS” 🚗'),
        from: fc.integer({ min: 1990, max: 2020 }),
        span: fc.integer({ min: 0, max: 8 }),
        position: fc.constantFrom('', 'Front', 'Rear left'),
        note: fc.constantFrom('', 'Not for sport suspension', 'a|b'),
      }),
      { maxLength: 3 },
    ),
  })
  .map((p) => {
    const min = p.pack * p.packs;
    const max = p.maxPacks === null ? null : p.pack * Math.max(p.maxPacks, p.packs);
    const ladder: string[] = [];
    let price = p.priceCents;
    for (let i = 1; i <= p.steps; i += 1) {
      const quantity = min + p.pack * i * 3;
      if (max !== null && quantity > max) break;
      price -= 100;
      ladder.push(`${quantity}:${(price / 100).toFixed(2)}`);
    }
    return { ...p, min, max, ladder };
  });

describe('catalog import and export go both ways', () => {
  const ctx = useTestApp({ authRateLimit: false });
  let staff: Person;
  let run = 0;
  beforeAll(async () => {
    staff = await admin(ctx.app, ctx.database.db);
  });
  const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: staff.auth });

  it('exports a random catalog and imports it again (CSV or XLSX) with nothing changed; an edited export changes exactly the edited fields', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(part, { minLength: 1, maxLength: 5 }),
        fc.constantFrom('csv', 'xlsx'),
        fc.nat(),
        fc.constantFrom<Key>(
          'name',
          'description',
          'price',
          'stock',
          'featured',
          'category',
          'oemNumbers',
          'specifications',
        ),
        async (catalog, format, pick, field) => {
          run += 1;
          const prefix = `RT${run}X`;
          const rows = catalog.map((p, i) => {
            const cells: Partial<Record<Key, string>> = {
              sku: `${prefix}-${i}`,
              name: p.name,
              description: p.description,
              category: p.category,
              price: (p.priceCents / 100).toFixed(2),
              minOrderQuantity: String(p.min),
              packSize: String(p.pack),
              maxOrderQuantity: p.max === null ? '' : String(p.max),
              stock: String(p.stock),
              featured: p.featured ? 'yes' : 'no',
              oemNumbers: p.oem.join('|'),
              volumePrices: p.ladder.join('|'),
              specifications: p.specs
                .map(
                  (s) =>
                    `${s.name.replace(/[\\|=]/g, (c) => `\\${c}`)}=${s.value.replace(/[\\|]/g, (c) => `\\${c}`)}`,
                )
                .join('|'),
            };
            return PART_COLUMNS.map((c) => cells[c.key] ?? '');
          });
          const vehicles = catalog.flatMap((p, i) =>
            p.vehicles.map((v) => [
              `${prefix}-${i}`,
              v.make,
              v.model,
              v.from,
              v.from + v.span,
              v.position,
              v.note,
            ]),
          );
          const created = await preview(ctx.app, staff, [
            { field: 'parts', name: 'random.csv', content: csvOf([HEADER, ...rows]) },
            {
              field: 'fitment',
              name: 'vehicles.csv',
              content: csvOf([
                ['Part number', 'Make', 'Model', 'Year from', 'Year to', 'Position', 'Note'],
                ...vehicles,
              ]),
            },
          ]);
          expect(created.errors, JSON.stringify(created.errors)).toEqual([]);
          expect(created.counts.new).toBe(catalog.length);
          expect((await apply(ctx.app, staff, created.id)).status).toBe('applied');

          // Unchanged: the export, as it is.
          const files =
            format === 'xlsx'
              ? [
                  {
                    field: 'parts',
                    name: 'export.xlsx',
                    content: (await get(`/api/staff/catalog/export?format=xlsx&q=${prefix}`))
                      .rawPayload,
                  },
                ]
              : [
                  {
                    field: 'parts',
                    name: 'export.csv',
                    content: (await get(`/api/staff/catalog/export?format=csv&q=${prefix}`))
                      .rawPayload,
                  },
                  {
                    field: 'fitment',
                    name: 'vehicles.csv',
                    content: (
                      await get(`/api/staff/catalog/export?format=csv&file=fitment&q=${prefix}`)
                    ).rawPayload,
                  },
                ];
          const again = await preview(ctx.app, staff, files);
          expect(again.status, again.failure ?? '').toBe('previewed');
          expect(again.errors).toEqual([]);
          expect(again.counts).toMatchObject({ new: 0, changed: 0, unchanged: catalog.length });
          // The vehicles were judged unchanged as read (their digests equal the catalog's), and
          // none were staged to be compared (decision 072).
          expect(again.counts.fitmentRows).toBe(vehicles.length);
          const staged = await ctx.database.db
            .select()
            .from(catalogImportFitments)
            .where(eq(catalogImportFitments.importId, again.id));
          expect(staged).toEqual([]);

          // Edited: one field of one part, in the CSV export.
          const exported = parse(
            (await get(`/api/staff/catalog/export?format=csv&q=${prefix}`)).rawPayload,
            {
              bom: true,
            },
          ) as string[][];
          const target = 1 + (pick % catalog.length);
          const record = exported[target]!;
          const old = record[col(field)]!;
          const edits: Record<string, string> = {
            name: `${old.replace(/^'/, '')} (new)`.slice(-200),
            description: `${old.replace(/^'/, '')} More.`,
            price: ((Number(old) * 100 + 5_000) / 100).toFixed(2),
            stock: String(Number(old) + 7),
            featured: old === 'yes' ? 'no' : 'yes',
            category: old === 'fuel' ? 'brakes' : 'fuel',
            oemNumbers: 'NEW123|NEW456',
            specifications: 'Edited=yes',
          };
          record[col(field)] = edits[field]!;
          const edited = await preview(ctx.app, staff, [
            { field: 'parts', name: 'edited.csv', content: stringify(exported) },
          ]);
          expect(edited.errors, JSON.stringify(edited.errors)).toEqual([]);
          expect(edited.counts).toMatchObject({
            new: 0,
            changed: 1,
            unchanged: catalog.length - 1,
          });
          expect(edited.changes).toHaveLength(1);
          expect(edited.changes[0]!.partNumber).toBe(record[col('sku')]);
          expect(edited.changes[0]!.fields.map((f) => f.field)).toEqual([field]);
          await ctx.app.inject({
            method: 'POST',
            url: `/api/staff/imports/${edited.id}/discard`,
            headers: staff.auth,
          });
        },
      ),
      { numRuns: 8 },
    );
  });
});
