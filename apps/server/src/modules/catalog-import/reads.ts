import type { Readable, Writable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { sql, type SQL } from 'drizzle-orm';
import {
  FITMENT_COLUMNS,
  PART_COLUMNS,
  type ImportChange,
  type ImportError,
} from '@storefront/contract';
import type { DbOrTx } from '../../db/database.js';
import { rowsOf } from '../../db/raw-rows.js';
import { formulaSafe, listCell, moneyCell, pairsCell } from './cells.js';
import { changeOf } from './diff.js';
import {
  catalogImportFitments as stagedFitments,
  catalogImportParts as staged,
  type CellError,
} from './import.tables.js';

type ChangeRow = {
  row_no: number;
  sku: string;
  kind: string;
  changes: Record<string, [unknown, unknown]> | null;
  price_jump: boolean;
  name: string | null;
  description: string | null;
  category: string | null;
  price_cents: number | null;
  min_order_quantity: number | null;
  pack_size: number | null;
  max_order_quantity: number | null;
  stock: number | null;
  featured: boolean | null;
  archived: boolean | null;
  image_url: string | null;
  oem_numbers: string[] | null;
  superseded_numbers: string[] | null;
  tier_quantities: number[] | null;
  tier_cents: number[] | null;
  specs: unknown;
  fitment_count: number | null;
};

const asJson = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

function toChange(r: ChangeRow): ImportChange {
  return changeOf({
    rowNo: Number(r.row_no),
    sku: r.sku,
    kind: r.kind,
    changes: asJson(r.changes),
    priceJump: Boolean(r.price_jump),
    values: {
      name: r.name,
      description: r.description,
      category: r.category,
      price: r.price_cents,
      minOrderQuantity: r.min_order_quantity,
      packSize: r.pack_size,
      maxOrderQuantity: r.max_order_quantity,
      stock: r.stock,
      featured: r.featured,
      archived: r.archived,
      imageUrl: r.image_url,
      oemNumbers: r.oem_numbers,
      supersededNumbers: r.superseded_numbers,
      volumePrices: r.tier_quantities ? [r.tier_quantities, r.tier_cents] : null,
      specifications: asJson(r.specs),
      fitment: r.fitment_count && Number(r.fitment_count) > 0 ? Number(r.fitment_count) : null,
    },
  });
}

/**
 * New, changed and archived parts in file order (rows only in the fitment file or pictures last).
 * Parts archived because the file leaves them out ("archive the missing") are counted, not listed.
 */
export async function listChanges(
  db: DbOrTx,
  importId: string,
  query: {
    kind?: 'new' | 'changed' | 'archived' | undefined;
    after?: number | undefined;
    pageSize: number;
  },
): Promise<{ items: ImportChange[]; next: number | null }> {
  // A page's position: the row number for the file's rows, then the synthetic (negative) rows
  // as 2,000,000,000 minus their number. Each part is read by the primary key's order, and only
  // the page's rows count their vehicles (not every row of a 100,000-row preview).
  const after = query.after ?? 0;
  const kinds = query.kind ? sql`= ${query.kind}` : sql`in ('new', 'changed', 'archived')`;
  const page = (where: SQL, order: SQL, limit: number) =>
    db.execute(sql`
      select s.*, (select count(*)::int from ${stagedFitments} f
                    where f.import_id = s.import_id and f.sku_key = s.sku_key) as fitment_count
        from (select * from ${staged}
               where import_id = ${importId} and kind ${kinds} and ${where}
               order by ${order} limit ${limit}) s
       order by ${order}`);
  const SYNTHETIC = 2_000_000_000;
  let rows: (ChangeRow & { position: number })[] = [];
  if (after < SYNTHETIC)
    rows = rowsOf(
      await page(sql`row_no > ${Math.max(after, 0)}`, sql`row_no`, query.pageSize + 1),
    ).map((r) => ({ ...(r as unknown as ChangeRow), position: Number(r.row_no) }));
  if (rows.length <= query.pageSize)
    rows.push(
      ...rowsOf(
        await page(
          sql`row_no < 0 and ${SYNTHETIC} - row_no > ${after}`,
          sql`row_no desc`,
          query.pageSize + 1 - rows.length,
        ),
      ).map((r) => ({ ...(r as unknown as ChangeRow), position: SYNTHETIC - Number(r.row_no) })),
    );
  const more = rows.length > query.pageSize;
  const items = rows.slice(0, query.pageSize);
  return {
    items: items.map(toChange),
    next: more ? items.at(-1)!.position : null,
  };
}

/** Errors of both files, in file order, the first `limit`. */
export async function listErrors(
  db: DbOrTx,
  importId: string,
  limit: number,
): Promise<ImportError[]> {
  const rows = rowsOf(
    await db.execute(sql`
      (select 'parts' as sheet, row_no, sku, errors from ${staged}
        where import_id = ${importId} and jsonb_array_length(errors) > 0 order by row_no limit ${limit})
      union all
      (select 'fitment', row_no, sku, errors from ${stagedFitments}
        where import_id = ${importId} and jsonb_array_length(errors) > 0 order by row_no limit ${limit})`),
  );
  const errors: ImportError[] = [];
  for (const r of rows)
    for (const e of asJson<CellError[]>(r.errors))
      errors.push({
        sheet: r.sheet as 'parts' | 'fitment',
        row: Number(r.row_no) > 0 ? Number(r.row_no) : null,
        column: e.column,
        partNumber: r.sku ? String(r.sku).toUpperCase() : null,
        message: e.message,
      });
  return errors
    .sort((a, b) =>
      a.sheet === b.sheet ? (a.row ?? 0) - (b.row ?? 0) : a.sheet === 'parts' ? -1 : 1,
    )
    .slice(0, limit);
}

/**
 * A staged row's cells as the file would hold them, from its typed values: a row found wrong only
 * by a check across rows or against the catalog was read without error, so these say what it said.
 */
function stagedCells(
  sheet: 'parts' | 'fitment',
  r: Record<string, unknown>,
): Record<string, string> {
  const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  if (sheet === 'fitment')
    return {
      sku: text(r.sku),
      make: text(r.make),
      model: text(r.model),
      yearFrom: text(r.year_from),
      yearTo: text(r.year_to),
      position: text(r.position),
      note: text(r.note),
    };
  const list = (v: unknown) => (v === null || v === undefined ? '' : listCell(v as string[]));
  const yesNo = (v: unknown) => (v === null || v === undefined ? '' : v ? 'yes' : 'no');
  const quantities = r.tier_quantities as number[] | null;
  const prices = r.tier_cents as number[] | null;
  const specs = asJson<{ name: string; value: string }[] | null>(r.specs);
  return {
    sku: text(r.sku),
    name: text(r.name),
    description: text(r.description),
    category: text(r.category),
    price: r.price_cents === null ? '' : moneyCell(Number(r.price_cents)),
    coreCharge: r.core_charge_cents === null ? '' : moneyCell(Number(r.core_charge_cents)),
    minOrderQuantity: text(r.min_order_quantity),
    packSize: text(r.pack_size),
    maxOrderQuantity: r.clear_max ? 'none' : text(r.max_order_quantity),
    stock: text(r.stock),
    featured: yesNo(r.featured),
    archived: yesNo(r.archived),
    imageUrl: text(r.image_url),
    oemNumbers: list(r.oem_numbers),
    supersededNumbers: list(r.superseded_numbers),
    volumePrices: quantities
      ? pairsCell(
          quantities.map((q, i) => [String(q), moneyCell(Number(prices?.[i] ?? 0))]),
          ':',
        ) || 'none'
      : '',
    specifications: specs
      ? pairsCell(
          specs.map((x) => [x.name, x.value]),
          '=',
        ) || 'none'
      : '',
  };
}

const written = (stream: Writable, chunk: unknown): Promise<void> | undefined =>
  stream.write(chunk) ? undefined : new Promise((resolve) => stream.once('drain', resolve));

/** Streams `produce` into a CSV (UTF-8 with a byte-order mark, every cell formula-safe). */
function csvOf(
  produce: (write: (cells: string[]) => Promise<void> | undefined) => Promise<void>,
): Readable {
  const out = stringify({ bom: true, record_delimiter: '\r\n' });
  void produce((cells) => written(out, cells.map(formulaSafe)))
    .then(() => out.end())
    .catch((err: unknown) => out.destroy(err as Error));
  return out;
}

/** The whole diff, one line per changed field. */
export function changesCsv(db: DbOrTx, importId: string): Readable {
  return csvOf(async (write) => {
    await write([
      'Row',
      'Part number',
      'Change',
      'Field',
      'Before',
      'After',
      'Price moves by more than half',
    ]);
    let after = 0;
    for (;;) {
      const page = await listChanges(db, importId, { after, pageSize: 1000 });
      for (const c of page.items)
        for (const f of c.fields)
          await write([
            c.row === null ? '' : String(c.row),
            c.partNumber,
            c.kind,
            f.label,
            f.before ?? '',
            f.after ?? '',
            f.flagged ? 'yes' : '',
          ]);
      if (page.next === null) return;
      after = page.next;
    }
  });
}

/**
 * The rows with errors as they were written, with an "Errors" column: the file to fix and upload
 * again. One sheet at a time (the parts rows, or the vehicle rows).
 */
export function errorsCsv(db: DbOrTx, importId: string, sheet: 'parts' | 'fitment'): Readable {
  const columns = sheet === 'parts' ? PART_COLUMNS : FITMENT_COLUMNS;
  const table = sheet === 'parts' ? staged : stagedFitments;
  return csvOf(async (write) => {
    await write(['Row', ...columns.map((c) => c.header), 'Errors']);
    // Below every row number (synthetic rows are negative), and within the column's integer:
    // a larger number as the parameter fails the query and cuts the file off after its header.
    let after = -2_147_483_648;
    for (;;) {
      const rows = rowsOf(
        await db.execute(sql`
          select * from ${table}
           where import_id = ${importId} and jsonb_array_length(errors) > 0 and row_no > ${after}
           order by row_no limit 1000`),
      );
      for (const r of rows) {
        const raw = asJson<Record<string, string> | null>(r.raw) ?? stagedCells(sheet, r);
        const errors = asJson<CellError[]>(r.errors);
        await write([
          Number(r.row_no) > 0 ? String(r.row_no) : '',
          ...columns.map((c) => raw[c.key] ?? ''),
          errors.map((e) => (e.column ? `${e.column}: ${e.message}` : e.message)).join('; '),
        ]);
      }
      if (rows.length < 1000) return;
      after = Number(rows.at(-1)!.row_no);
    }
  });
}
