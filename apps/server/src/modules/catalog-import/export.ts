import { PassThrough, type Readable, type Writable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { stringify as stringifyRows } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { FITMENT_COLUMNS, PART_COLUMNS, type PartColumnKey } from '@storefront/contract';
import type { DbOrTx } from '../../db/database.js';
import {
  exportPartsPage,
  exportVehiclesPage,
  fitmentsOfParts,
  type ExportedFitment,
} from '../parts/bulk-catalog.service.js';
import type { PartRow } from '../parts/bulk-catalog.service.js';
import type { StaffPartFilters } from '../parts/staff-parts.service.js';
import { formulaSafe, listCell, moneyCell, pairsCell } from './cells.js';

/*
 * The catalog as the import reads it: one row per part with every field staff can set, and the
 * vehicles as a second sheet (XLSX) or file (CSV). Streamed a page of parts at a time, so memory
 * stays flat whatever the catalog's size. Every text cell is formula-safe.
 */

/** Parts a page (and rows a chunk of CSV text): see `csvChunks` for why so few. */
const PAGE = 100;
/** Parts a page of the XLSX export, which writes row by row through exceljs (not measured yet). */
const XLSX_PAGE = 1_000;

/** A part's cells in the column order of PART_COLUMNS. */
export function partCells(p: PartRow): string[] {
  const values: Record<PartColumnKey, string> = {
    sku: p.sku,
    name: p.name,
    description: p.description,
    category: p.category,
    price: moneyCell(p.priceCents),
    minOrderQuantity: String(p.minOrderQuantity),
    packSize: String(p.packSize),
    maxOrderQuantity: p.maxOrderQuantity === null ? '' : String(p.maxOrderQuantity),
    stock: String(p.availableQuantity),
    featured: p.featured ? 'yes' : 'no',
    archived: p.archivedAt ? 'yes' : 'no',
    imageUrl: p.imageUrl,
    oemNumbers: listCell(p.oemNumbers),
    supersededNumbers: listCell(p.supersededNumbers),
    volumePrices: pairsCell(
      p.tierQuantities.map((q, i) => [String(q), moneyCell(p.tierCents[i] ?? 0)]),
      ':',
    ),
    specifications: pairsCell(
      p.specs.map((s) => [s.name, s.value]),
      '=',
    ),
    coreCharge: p.coreChargeCents > 0 ? moneyCell(p.coreChargeCents) : '',
  };
  return PART_COLUMNS.map((c) => values[c.key]);
}

export const fitmentCells = (sku: string, f: Omit<ExportedFitment, 'partId'>): string[] => [
  sku,
  f.make,
  f.model,
  String(f.yearFrom),
  String(f.yearTo),
  f.position,
  f.note,
];

/** The page of parts after `after` (a part number, upper-case), with their vehicles if asked. */
async function pageOf(
  db: DbOrTx,
  filters: StaffPartFilters,
  withVehicles: boolean,
  after: string | null,
  size = PAGE,
): Promise<{ parts: PartRow[]; fitments: Map<string, ExportedFitment[]> } | null> {
  const parts = await exportPartsPage(db, filters, after, size);
  if (parts.length === 0) return null;
  const fitments = new Map<string, ExportedFitment[]>();
  const vehicles = withVehicles
    ? await fitmentsOfParts(
        db,
        parts.map((p) => p.id),
      )
    : [];
  for (const f of vehicles) {
    const list = fitments.get(f.partId) ?? [];
    list.push(f);
    fitments.set(f.partId, list);
  }
  return { parts, fitments };
}

/**
 * Every part the filters pick, a page at a time, with its vehicles when the file written needs
 * them (the parts file does not: reading 400,000 vehicles for it cost time and garbage).
 */
async function* pages(
  db: DbOrTx,
  filters: StaffPartFilters,
  withVehicles: boolean,
): AsyncGenerator<{ parts: PartRow[]; fitments: Map<string, ExportedFitment[]> }> {
  let after: string | null = null;
  for (;;) {
    const page = await pageOf(db, filters, withVehicles, after, XLSX_PAGE);
    if (page === null) return;
    yield page;
    after = page.parts.at(-1)!.sku.toUpperCase();
  }
}

/** Waits for a writable stream to drain when it asks to (backpressure: memory stays flat). */
const written = (stream: Writable, chunk: unknown): Promise<void> | undefined =>
  stream.write(chunk) ? undefined : new Promise((resolve) => stream.once('drain', resolve));

/** The next chunk of rows (`next`) as CSV text, csv-stringify's own rules record by record; null at the end. */
async function nextText(next: () => Promise<string[][] | null>): Promise<string | null> {
  const rows = await next();
  if (rows === null) return null;
  return stringifyRows(
    rows.map((row) => row.map(formulaSafe)),
    { record_delimiter: '\r\n' },
  );
}

/**
 * A spreadsheet file as CSV: UTF-8 with a byte-order mark, so Excel reads it as such, lines ended
 * as Excel ends them, every cell formula-safe, written with back-pressure, a chunk of rows (from
 * `next`, null at the end) at a time. Each chunk is small and becomes one string before the
 * socket is waited for, so its rows are young garbage by then. (Rows of 1,000-part pages,
 * buffered row by row in the stream, outlived V8's young collections: about 130 MB per export of
 * 100,000 parts went to the old space, held until the next full collection; 100-part chunks made
 * into text at once leave about 12 MB.)
 */
function csvChunks(header: readonly string[], next: () => Promise<string[][] | null>): Readable {
  const out = new PassThrough();
  void (async () => {
    try {
      // Writing turns the text into bytes: only the stream holds it while the socket drains.
      const writeNext = async () => {
        const text = await nextText(next);
        return text === null ? null : { drained: written(out, text) };
      };
      await written(out, stringifyRows([[...header]], { bom: true, record_delimiter: '\r\n' }));
      for (let step = await writeNext(); step; step = await writeNext()) await step.drained;
      out.end();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}

/** A CSV file of `rows` (see `csvChunks`). */
export function csvFile(header: readonly string[], rows: AsyncIterable<string[]>): Readable {
  const iterator = rows[Symbol.asyncIterator]();
  return csvChunks(header, async () => {
    const chunk: string[][] = [];
    while (chunk.length < PAGE) {
      const row = await iterator.next();
      if (row.done) break;
      chunk.push(row.value);
    }
    return chunk.length > 0 ? chunk : null;
  });
}

/**
 * Pages read one ahead: the next page is asked for as soon as one arrives, and the database (on
 * its own thread, or the server) reads it while this thread writes the one before.
 */
function readAhead<P>(
  read: (after: string | null) => Promise<P | null>,
  lastOf: (page: P) => string,
): () => Promise<P | null> {
  const ask = (after: string | null) => {
    const page = read(after);
    // A failure surfaces where the page is awaited; an export left early drops the page.
    page.catch(() => undefined);
    return page;
  };
  let next: Promise<P | null> | null = ask(null);
  return async () => {
    if (next === null) return null;
    const page = await next;
    next = page === null ? null : ask(lastOf(page));
    return page;
  };
}

/** The parts (or vehicles) file as CSV, a page of parts (or their vehicles) a chunk. */
export function exportCsv(
  db: DbOrTx,
  filters: StaffPartFilters,
  file: 'parts' | 'fitment',
): Readable {
  if (file === 'parts') {
    const next = readAhead(
      async (after) => {
        const page = await exportPartsPage(db, filters, after, PAGE);
        return page.length > 0 ? page : null;
      },
      (page) => page.at(-1)!.sku.toUpperCase(),
    );
    return csvChunks(
      PART_COLUMNS.map((c) => c.header),
      async () => (await next())?.map((p) => partCells(p)) ?? null,
    );
  }
  const next = readAhead(
    async (after) => {
      const page = await exportVehiclesPage(db, filters, after, PAGE);
      return page.last === null ? null : page;
    },
    (page) => page.last!,
  );
  return csvChunks(
    FITMENT_COLUMNS.map((c) => c.header),
    async () => (await next())?.rows.map((r) => fitmentCells(r.sku, r)) ?? null,
  );
}

/**
 * Both sheets in one XLSX workbook, written by exceljs's streaming writer: the parts sheet, then
 * the vehicles sheet (the second pass reads the parts again rather than holding the first's
 * vehicles). Cells are written as text, never formulas.
 */
export function exportXlsx(db: DbOrTx, filters: StaffPartFilters): Readable {
  const out = new PassThrough();
  void (async () => {
    try {
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
        stream: out,
        useSharedStrings: false,
        useStyles: true,
      });
      const partsSheet = workbook.addWorksheet('Parts', {
        views: [{ state: 'frozen', ySplit: 1 }],
      });
      partsSheet.columns = PART_COLUMNS.map((c) => ({ header: c.header, key: c.key, width: 18 }));
      partsSheet.getRow(1).font = { bold: true };
      partsSheet.getRow(1).commit();
      for await (const page of pages(db, filters, false)) {
        for (const p of page.parts) textRow(partsSheet, partCells(p));
        await drained(out);
      }
      partsSheet.commit();
      const vehicles = workbook.addWorksheet('Vehicles', {
        views: [{ state: 'frozen', ySplit: 1 }],
      });
      vehicles.columns = FITMENT_COLUMNS.map((c) => ({ header: c.header, key: c.key, width: 16 }));
      vehicles.getRow(1).font = { bold: true };
      vehicles.getRow(1).commit();
      for await (const page of pages(db, filters, true)) {
        for (const p of page.parts)
          for (const f of page.fitments.get(p.id) ?? []) textRow(vehicles, fitmentCells(p.sku, f));
        await drained(out);
      }
      vehicles.commit();
      await workbook.commit();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}

/** A row of text cells: a leading "=" stays text (the cell type is a string, not a formula). */
export function textRow(sheet: ExcelJS.Worksheet, cells: string[]): void {
  const row = sheet.addRow(cells);
  row.eachCell((cell) => {
    cell.numFmt = '@';
  });
  row.commit();
}

export const drained = (stream: PassThrough) =>
  stream.writableNeedDrain ? new Promise((resolve) => stream.once('drain', resolve)) : undefined;

/** The template: the two sheets with one example row each, and a sheet explaining every column. */
export function templateXlsx(): Readable {
  const out = new PassThrough();
  void (async () => {
    try {
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
      const parts = workbook.addWorksheet('Parts');
      parts.columns = PART_COLUMNS.map((c) => ({ header: c.header, key: c.key, width: 20 }));
      parts.getRow(1).font = { bold: true };
      textRow(
        parts,
        PART_COLUMNS.map((c) => c.example),
      );
      parts.commit();
      const vehicles = workbook.addWorksheet('Vehicles');
      vehicles.columns = FITMENT_COLUMNS.map((c) => ({ header: c.header, key: c.key, width: 18 }));
      vehicles.getRow(1).font = { bold: true };
      textRow(
        vehicles,
        FITMENT_COLUMNS.map((c) => c.example),
      );
      vehicles.commit();
      const help = workbook.addWorksheet('Columns');
      help.columns = [
        { header: 'Sheet', key: 'sheet', width: 10 },
        { header: 'Column', key: 'column', width: 24 },
        { header: 'Needed', key: 'needed', width: 22 },
        { header: 'What it holds', key: 'help', width: 100 },
      ];
      help.getRow(1).font = { bold: true };
      const needed = { always: 'always', new: 'for a new part', no: 'no: blank leaves it' };
      for (const [sheet, columns] of [
        ['Parts', PART_COLUMNS],
        ['Vehicles', FITMENT_COLUMNS],
      ] as const)
        for (const c of columns) textRow(help, [sheet, c.header, needed[c.required], c.help]);
      textRow(help, [
        '',
        'Lists',
        '',
        'Items of a list are separated by |; write \\| for a bar inside an item. A blank cell leaves the field as it is; "none" empties a list.',
      ]);
      help.commit();
      await workbook.commit();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}

/** The template as CSV: the parts file's header and one example row. */
export function templateCsv(): Readable {
  const out = stringify({ bom: true, record_delimiter: '\r\n' });
  out.write(PART_COLUMNS.map((c) => c.header));
  out.write(PART_COLUMNS.map((c) => formulaSafe(c.example)));
  out.end();
  return out;
}
