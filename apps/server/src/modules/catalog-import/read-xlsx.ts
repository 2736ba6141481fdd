import ExcelJS from 'exceljs';
import { AppError } from '../../http/errors.js';
import type { Cell } from './cells.js';
import { IMPORT_LIMITS } from './limits.js';
import { counter, walkZip, watchFor } from './zip-guard.js';
import { unreadableFile as refuse } from './unreadable.js';

/**
 * Checks an XLSX workbook before it is read: a ZIP within the limits whose entries inflate to the
 * sizes they declare, no DOCTYPE or entity declaration in any XML part (exceljs's parser would not
 * expand them, but a workbook has no use for one), and no sheet with more rows than an import reads.
 */
export async function inspectXlsx(file: string, label: string): Promise<void> {
  await walkZip(file, IMPORT_LIMITS.zip, (entry) => {
    if (!/\.(xml|rels)$/i.test(entry.fileName)) return undefined;
    const doctype = watchFor(['<!doctype', '<!entity']);
    const isSheet = /^xl\/worksheets\/[^/]+\.xml$/i.test(entry.fileName);
    const rows = [counter('<row '), counter('<row>')];
    return {
      feed(chunk) {
        if (doctype.feed(chunk))
          throw refuse(
            `${label} declares a DOCTYPE or XML entities (${entry.fileName}): a workbook has none. Save it again from your spreadsheet program.`,
          );
        if (isSheet && rows.reduce((n, c) => n + c.feed(chunk), 0) > IMPORT_LIMITS.maxFitmentRows)
          throw refuse(
            `${label} has a sheet of more than ${IMPORT_LIMITS.maxFitmentRows.toLocaleString('en-US')} rows; the import reads at most that many.`,
          );
      },
    };
  });
}

/** What an XLSX cell holds, as a plain value: rich text joined, a formula as its text. */
function plain(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return value;
  if (value instanceof Date) return value;
  const v = value as {
    richText?: { text: string }[];
    formula?: string;
    sharedFormula?: string;
    text?: unknown;
    error?: string;
  };
  if (v.richText) return v.richText.map((r) => r.text).join('');
  // Formulas are never evaluated: the cell is kept as the text of its formula.
  if (v.formula !== undefined || v.sharedFormula !== undefined)
    return `=${v.formula ?? v.sharedFormula ?? ''}`;
  if (v.text !== undefined) return plain(v.text);
  if (v.error !== undefined) return v.error;
  return String(value);
}

export type XlsxSheet = { name: string; rows: AsyncGenerator<Cell[]> };

/**
 * The workbook's sheets in order, each a stream of rows (arrays of cells from the first column),
 * read by exceljs's streaming reader: one row in memory at a time, shared strings cached.
 */
export async function* readXlsxSheets(file: string): AsyncGenerator<XlsxSheet> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  try {
    for await (const sheet of reader) {
      const rows = (async function* () {
        let expected = 1;
        for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
          // Rows are numbered: blank rows between them are not in the XML, and count as blank.
          for (; expected < row.number; expected += 1) yield [];
          expected = row.number + 1;
          const values = row.values as unknown[];
          const cells: Cell[] = [];
          for (let i = 1; i < values.length; i += 1) {
            const cell = plain(values[i]);
            if (typeof cell === 'string' && cell.length > IMPORT_LIMITS.maxCellChars)
              throw refuse(
                `Row ${row.number.toLocaleString('en-US')} has a cell of over ${IMPORT_LIMITS.maxCellChars.toLocaleString('en-US')} characters: no field takes that much.`,
              );
            cells.push(cell);
          }
          yield cells;
        }
      })();
      yield { name: (sheet as unknown as { name: string }).name, rows };
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw refuse(`The workbook cannot be read: ${(err as Error).message}`);
  }
}
