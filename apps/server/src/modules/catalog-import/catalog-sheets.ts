import { FITMENT_COLUMNS, PART_COLUMNS } from '@storefront/contract';
import type { Cell } from './cells.js';
import { IMPORT_LIMITS } from './limits.js';
import { isFitmentHeader, mapColumns } from './rows.js';
import {
  blank,
  headerOf,
  sheetsOf,
  unreadColumnsNote,
  type ImportFile,
  type SheetRows,
} from './sheets.js';
import { unreadableFile as refuse } from './unreadable.js';

/*
 * The catalog's sheets as the preview reads them: which kind each is (parts or vehicles), its
 * columns matched, its rows numbered as the file numbers them, and the same sheet read again.
 */

/** What staff upload for one import: the parts (or the whole workbook), vehicles, pictures. */
export type ImportFiles = { parts: ImportFile; fitment?: ImportFile; pictures?: ImportFile };

export type NumberedRow = { rowNo: number; row: Cell[] };

export type SheetToRead = {
  kind: 'parts' | 'fitment';
  label: string;
  columns: ReturnType<typeof mapColumns<string>>;
  /** Read by a reader of its own (an ACES or PIES file), not from a spreadsheet. */
  ownReader: boolean;
  /** The sheet's rows after its header, blank ones left out, each with its number in the file. */
  rows: AsyncGenerator<NumberedRow[]>;
};

/**
 * The files' sheets, each with its columns matched and its rows numbered as the file numbers
 * them; refuses a sheet without part numbers, a column twice, a second sheet of a kind, too many
 * rows. Unknown columns go to `notes`; `sheets` counts the sheets of each kind.
 */
export async function* sheetsToRead(
  files: ImportFiles,
  notes: string[],
  sheets: { parts: number; fitment: number },
): AsyncGenerator<SheetToRead> {
  for (const file of [files.parts, files.fitment]) {
    if (!file) continue;
    for await (const sheet of sheetsOf(file)) {
      const first = await headerOf(sheet.rows);
      if (!first) continue;
      const { header } = first;
      const kind = isFitmentHeader(header) ? 'fitment' : 'parts';
      const columns = (
        kind === 'fitment' ? mapColumns(header, FITMENT_COLUMNS) : mapColumns(header, PART_COLUMNS)
      ) as ReturnType<typeof mapColumns<string>>;
      if (![...columns.index.values()].includes('sku'))
        throw refuse(
          `${sheet.label} has no "Part number" column. The first row must hold the column names: download the template to see them.`,
        );
      if (columns.duplicate)
        throw refuse(`${sheet.label} has the column "${columns.duplicate}" twice.`);
      if (columns.unknown.length > 0) notes.push(unreadColumnsNote(sheet.label, columns.unknown));
      if (kind === 'parts' && ++sheets.parts > 1)
        throw refuse(`${sheet.label} is a second parts sheet: one import takes one.`);
      if (kind === 'fitment' && ++sheets.fitment > 1)
        throw refuse(`${sheet.label} is a second vehicles sheet: one import takes one.`);
      yield {
        kind,
        label: sheet.label,
        columns,
        ownReader: Boolean(file.sheets),
        rows: numbered(sheet.label, sheet.rows, first.rowNo, kind),
      };
    }
  }
}

/**
 * The rows of the files' sheet of one kind, read again, in batches with its columns. A sheet of
 * the other kind before it is read through (a workbook streams its sheets in turn); one after it
 * is not read.
 */
export async function* readAgain(
  files: ImportFiles,
  kind: 'parts' | 'fitment',
): AsyncGenerator<{ rows: NumberedRow[]; columns: SheetToRead['columns'] }> {
  for await (const sheet of sheetsToRead(files, [], { parts: 0, fitment: 0 })) {
    if (sheet.kind !== kind) {
      for await (const _ of sheet.rows) void _;
      continue;
    }
    for await (const rows of sheet.rows) yield { rows, columns: sheet.columns };
    return;
  }
}

/** The sheet's rows in batches as read, each row with its number; blank rows left out. */
async function* numbered(
  label: string,
  rows: SheetRows,
  headerRow: number,
  kind: 'parts' | 'fitment',
): AsyncGenerator<NumberedRow[]> {
  const max = kind === 'parts' ? IMPORT_LIMITS.maxPartRows : IMPORT_LIMITS.maxFitmentRows;
  const tooMany = () =>
    refuse(
      `${label} has more than ${max.toLocaleString('en-US')} rows; one import reads at most that many.`,
    );
  let rowNo = headerRow;
  let count = 0;
  try {
    for (let batch = await rows.batch(); batch; batch = await rows.batch()) {
      const out: NumberedRow[] = [];
      for (const row of batch) {
        rowNo += 1;
        if (rowNo > max + 1 + 100_000) throw tooMany();
        if (blank(row)) continue;
        if (++count > max) throw tooMany();
        out.push({ rowNo, row });
      }
      if (out.length > 0) yield out;
    }
  } finally {
    await rows.close();
  }
}
