import fs from 'node:fs/promises';
import path from 'node:path';
import type { DbOrTx } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { cellText, type Cell } from './cells.js';
import { inspectCsv, readCsvBatches, type CsvShape } from './read-csv.js';
import { inspectXlsx, readXlsxSheets } from './read-xlsx.js';

/*
 * Uploaded spreadsheets as the import reads them, whatever they feed: the catalog (decision 058)
 * or a price list's fixed prices (062). One set of checks and one reader, so every file is
 * refused, read and worded the same way.
 */

/** A file as uploaded, already inspected (`inspectSpreadsheet`). */
export type ImportFile = {
  path: string;
  name: string;
  format: 'csv' | 'xlsx' | 'zip' | 'xml';
  csv?: CsvShape;
  /** A reader of its own (an ACES file, decision 067): its rows in a sheet's words. */
  sheets?: () => AsyncGenerator<Sheet>;
  /**
   * The reader's own comparison, once the preview's diff is written: what its rows cannot carry
   * (an ACES application's quantity) added to the staged rows' changes.
   */
  afterDiff?: (db: DbOrTx, importId: string) => Promise<void>;
};

/** A sheet as a reader hands it over: its rows one at a time (or, from a CSV file, in batches). */
export type Sheet = { label: string; rows: AsyncIterable<Cell[]> };

/**
 * A sheet's rows as the import reads them: a row at a time (`row`, or `for await`), or whatever
 * the reader holds at once (`batch`), which a 500,000-row file reads without a promise per row.
 */
export class SheetRows implements AsyncIterable<Cell[]> {
  private held: Cell[][] = [];
  private at = 0;
  private readonly source: AsyncIterator<Cell[][]>;

  constructor(batches: AsyncIterable<Cell[][]>) {
    this.source = batches[Symbol.asyncIterator]();
  }

  /** Rows a reader gives one at a time (a workbook's, an ACES file's), gathered into batches. */
  static ofRows(rows: AsyncIterable<Cell[]>, size = 500): SheetRows {
    return new SheetRows(
      (async function* () {
        let batch: Cell[][] = [];
        for await (const row of rows) {
          batch.push(row);
          if (batch.length >= size) {
            yield batch;
            batch = [];
          }
        }
        if (batch.length > 0) yield batch;
      })(),
    );
  }

  /** The next row; null after the last. */
  async row(): Promise<Cell[] | null> {
    while (this.at >= this.held.length) {
      const next = await this.source.next();
      if (next.done) return null;
      this.held = next.value;
      this.at = 0;
    }
    return this.held[this.at++]!;
  }

  /** The next rows (what is left of the batch a `row` call began first); null after the last. */
  async batch(): Promise<Cell[][] | null> {
    if (this.at < this.held.length) {
      const rest = this.at === 0 ? this.held : this.held.slice(this.at);
      this.held = [];
      this.at = 0;
      return rest;
    }
    const next = await this.source.next();
    return next.done ? null : next.value;
  }

  /** Closes the reader (and its file) before the last row. */
  async close(): Promise<void> {
    await this.source.return?.();
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Cell[]> {
    try {
      for (let rows = await this.batch(); rows; rows = await this.batch()) yield* rows;
    } finally {
      // Left early (or failed): the reader closes its file.
      await this.close();
    }
  }
}

/** A sheet whose rows are ready to read. */
export type ReadableSheet = { label: string; rows: SheetRows };

/** A file name as it may be shown: its base name, printable, short. */
export const displayName = (name: string) =>
  (
    path
      .basename(name.replace(/\\/g, '/'))
      .replace(/[\p{C}]/gu, '')
      .trim() || 'upload'
  ).slice(0, 120);

export const megabytes = (bytes: number) => `${Math.round(bytes / 1_048_576)} MB`;

/** Whether the first bytes are a ZIP's (an XLSX is one). */
export async function isZip(file: string): Promise<boolean> {
  const handle = await fs.open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4), 0, 4, 0);
    return bytesRead === 4 && buffer.toString('latin1') === 'PK\u0003\u0004';
  } finally {
    await handle.close();
  }
}

/**
 * What can be refused at once, before anything is read: an empty file, a workbook that is not
 * one (or declares XML entities, or unpacks too far), a CSV in an encoding we cannot read. The
 * CSV's notes (an encoding guessed) go to the preview.
 */
export async function inspectSpreadsheet(
  file: { path: string; name: string },
  notes: string[],
): Promise<ImportFile> {
  const stat = await fs.stat(file.path);
  if (stat.size === 0) throw new AppError(400, 'UNREADABLE_FILE', `${file.name} is empty`);
  if (await isZip(file.path)) {
    await inspectXlsx(file.path, file.name);
    return { ...file, format: 'xlsx' };
  }
  const csv = await inspectCsv(file.path, file.name);
  notes.push(...csv.notes);
  return { ...file, format: 'csv', csv };
}

/** The file's sheets (a CSV is one), each a stream of rows of cells. */
export async function* sheetsOf(file: ImportFile): AsyncGenerator<ReadableSheet> {
  if (file.sheets) {
    for await (const sheet of file.sheets())
      yield { label: sheet.label, rows: SheetRows.ofRows(sheet.rows) };
    return;
  }
  if (file.format === 'csv') {
    yield {
      label: file.name,
      rows: new SheetRows(readCsvBatches(file.path, file.csv!, file.name)),
    };
    return;
  }
  for await (const sheet of readXlsxSheets(file.path))
    yield { label: `${file.name} (sheet ${sheet.name})`, rows: SheetRows.ofRows(sheet.rows) };
}

export const blank = (row: readonly Cell[]) => row.every((c) => cellText(c) === null);

/**
 * The first row that is not blank (within the first thousand): the column names, with its row
 * number; null for an empty sheet (a workbook's spare "Sheet2"), which is then drained. Uses
 * `row`, not a loop that breaks: leaving a for-await ends the reader and the rows after it.
 */
export async function headerOf(rows: SheetRows): Promise<{ header: Cell[]; rowNo: number } | null> {
  let rowNo = 0;
  while (rowNo <= 1000) {
    const row = await rows.row();
    if (!row) return null;
    rowNo += 1;
    if (!blank(row)) return { header: row, rowNo };
  }
  for await (const _ of rows) void _;
  return null;
}

/** The preview's note on headers no column has (reported, never ignored silently). */
export const unreadColumnsNote = (label: string, unknown: readonly string[]): string =>
  `${label}: ${unknown.length === 1 ? 'a column was' : 'columns were'} not read, as no field has ${unknown.length === 1 ? 'that name' : 'those names'}: ${unknown.map((u) => `"${u}"`).join(', ')}.`;
