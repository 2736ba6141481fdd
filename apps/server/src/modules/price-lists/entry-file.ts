import {
  MAX_PRICE_LIST_ENTRIES,
  PRICE_LIST_ENTRY_COLUMNS,
  PriceListEntriesBody,
  type PriceListEntryColumnKey,
  type PriceListImportError,
} from '@storefront/contract';
import { cellText, cents, isError, wholeNumber, type Cell } from '../catalog-import/cells.js';
import { cellsOf, mapColumns } from '../catalog-import/rows.js';
import {
  blank,
  headerOf,
  sheetsOf,
  unreadColumnsNote,
  type ImportFile,
} from '../catalog-import/sheets.js';
import { unreadableFile as refuse } from '../catalog-import/unreadable.js';

/*
 * A file of fixed prices read as the catalog import reads its files (decision 062): the same
 * readers and refusals, the same cell rules (a price "12,50" or "1,234.50", a quantity "1,000")
 * and the same words, then each row checked by the contract's own rules for an entry.
 */

/** One row of the file: the part's number as written, and what could be read of it. */
export type EntryFileRow = {
  rowNo: number;
  partNumber: string;
  minQuantity: number | null;
  unitCents: number | null;
  errors: PriceListImportError[];
};

const entry = PriceListEntriesBody.shape.entries.element;
const label = (key: PriceListEntryColumnKey) =>
  PRICE_LIST_ENTRY_COLUMNS.find((c) => c.key === key)!.header;

function readRow(rowNo: number, cells: Map<PriceListEntryColumnKey, Cell>): EntryFileRow {
  const partNumber = cellText(cells.get('sku') ?? null) ?? '';
  const errors: PriceListImportError[] = [];
  const fail = (key: PriceListEntryColumnKey, message: string) =>
    errors.push({ row: rowNo, column: label(key), partNumber: partNumber || null, message });

  const priceCell = cells.get('price') ?? null;
  let unitCents: number | null = null;
  if (cellText(priceCell) === null) fail('price', 'Price is required');
  else {
    const r = cents(priceCell, 'Price');
    if (isError(r)) fail('price', r.error);
    else unitCents = r.value;
  }
  const quantityCell = cells.get('minQuantity') ?? null;
  let minQuantity: number | null = 1;
  if (cellText(quantityCell) !== null) {
    const r = wholeNumber(quantityCell, 'From quantity');
    if (isError(r)) {
      fail('minQuantity', r.error);
      minQuantity = null;
    } else minQuantity = r.value;
  }
  // The contract's rules for an entry, with its words: the same as the console's batch.
  const checked = entry.safeParse({
    partNumber,
    minQuantity: minQuantity ?? 1,
    price: (unitCents ?? 1) / 100,
  });
  if (!checked.success)
    for (const issue of checked.error.issues) {
      const key = issue.path[0] === 'partNumber' ? 'sku' : issue.path[0];
      if (key === 'sku' || (key === 'minQuantity' && minQuantity !== null))
        fail(key, issue.message);
      else if (key === 'price' && unitCents !== null) {
        fail('price', issue.message);
        unitCents = null;
      }
    }
  if (errors.some((e) => e.column === label('minQuantity'))) minQuantity = null;
  return { rowNo, partNumber, minQuantity, unitCents, errors };
}

/**
 * Every row of the file (a workbook's first sheet that has rows; its other sheets must be empty).
 * A file without the "Part number" and "Price" columns, or with more rows than one list takes, is
 * refused at once with what to do.
 */
export async function readEntryFile(file: ImportFile, notes: string[]): Promise<EntryFileRow[]> {
  const rows: EntryFileRow[] = [];
  let sheets = 0;
  for await (const sheet of sheetsOf(file)) {
    const first = await headerOf(sheet.rows);
    if (!first) continue;
    if (++sheets > 1) throw refuse(`${sheet.label} is a second sheet: one import takes one.`);
    const columns = mapColumns(first.header, PRICE_LIST_ENTRY_COLUMNS);
    for (const key of ['sku', 'price'] as const)
      if (![...columns.index.values()].includes(key))
        throw refuse(
          `${sheet.label} has no "${label(key)}" column. The first row must hold the column names: export the list to see them.`,
        );
    if (columns.duplicate)
      throw refuse(`${sheet.label} has the column "${columns.duplicate}" twice.`);
    if (columns.unknown.length > 0) notes.push(unreadColumnsNote(sheet.label, columns.unknown));
    let rowNo = first.rowNo;
    for await (const row of sheet.rows) {
      rowNo += 1;
      if (blank(row)) continue;
      if (rows.length >= MAX_PRICE_LIST_ENTRIES)
        throw refuse(
          `${sheet.label} has more than ${MAX_PRICE_LIST_ENTRIES.toLocaleString('en-US')} rows; one price list takes at most that many fixed prices.`,
        );
      rows.push(readRow(rowNo, cellsOf(row, columns).cells));
    }
  }
  if (sheets === 0)
    throw refuse('The file holds no rows: the first row must hold the column names.');
  return rows;
}
