import { formatCount } from './money.js';
import { MAX_LINE_REFERENCE, MAX_QUANTITY } from './constants.js';

/**
 * Quick order: what buyers paste (from Excel, an e-mail, their own system) or upload as CSV, read
 * into rows. Pure and total: any text gives either rows, each with its status in words, or one
 * refusal (too large, too many rows). Nothing here throws.
 */

export const QUICK_ORDER_MAX_ROWS = 500;
export const QUICK_ORDER_MAX_BYTES = 256 * 1024;
/** The CSV the quick order imports (and its template, and the download of rows to fix). */
export const QUICK_ORDER_CSV_HEADER = 'sku,quantity,reference';

/** How a row reads before any part is looked up. */
export const PARSE_STATUSES = [
  'OK',
  'NO_PART_NUMBER',
  'BAD_PART_NUMBER',
  'NO_QUANTITY',
  'NOT_A_NUMBER',
  'REFERENCE_TOO_LONG',
] as const;
export type ParseStatus = (typeof PARSE_STATUSES)[number];

export type ParsedQuickRow = {
  /** The row's line in what was pasted (1 = first line). */
  line: number;
  /** The part number as typed, trimmed (may be empty). */
  partNumber: string;
  /** The quantity read, or null when there is none or it is not a whole number of pieces. */
  quantity: number | null;
  /** What was in the quantity's place, as typed. */
  quantityText: string;
  reference: string;
  status: ParseStatus;
  /** The status in words; empty when OK. */
  message: string;
};

export type QuickOrderParse =
  | { ok: true; rows: ParsedQuickRow[] }
  | { ok: false; error: 'TOO_LARGE' | 'TOO_MANY_ROWS' | 'EMPTY'; message: string };

/** One row as a client sends it when it already has cells (the grid, after edits). */
export type QuickOrderCells = { partNumber: string; quantity: string; reference?: string };

/** Part numbers: letters and digits, with the spaces, dots, dashes and slashes printed in them. */
const PART_NUMBER = /^[A-Za-z0-9][A-Za-z0-9 .\-/]{0,59}$/;

/** Byte length in UTF-8 without allocating (lone surrogates count as the 3 bytes of U+FFFD). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i += 1;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/** Control characters (NUL included) and lone surrogates out; they are never part of a value. */
export const cleanPastedText = (value: string): string => clean(value);

function clean(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufeff]/g, '').replace(
    // A high surrogate not followed by a low one, or a low one not preceded by a high one.
    /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
    '\ufffd',
  );
}

/** Splits a line on one separator, honouring double quotes as spreadsheets write them. */
function splitQuoted(line: string, separator: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (ch === separator) {
      cells.push(cell);
      cell = '';
    } else cell += ch;
  }
  cells.push(cell);
  return cells.map((c) => c.trim());
}

const NUMERIC = /^[+-]?[\d.,\s']*\d[\d.,\s']*$/;
const looksNumeric = (value: string) => NUMERIC.test(value.trim());

/**
 * A quantity as buyers write it: `12`, `1,000` and `1 000` (thousands), `12.0` and `12,0` (a
 * spreadsheet's whole number). Anything else is not a whole number of pieces.
 */
export function readQuantity(text: string): { quantity: number | null; problem: string } {
  const value = text.trim().replace(/^\+/, '');
  if (value === '') return { quantity: null, problem: 'No quantity given.' };
  let digits: string | null = null;
  // `1.000`: a thousand in much of Europe, one piece in a spreadsheet. Never guessed.
  if (/^\d{1,3}\.\d{3}$/.test(value))
    return {
      quantity: null,
      problem: `${value} is unclear: write ${value.replace('.', ',')} for thousands.`,
    };
  if (/^\d+$/.test(value)) digits = value;
  else if (/^\d{1,3}([,\s'.]\d{3})+$/.test(value) && !/^\d{1,3}\.\d{3}$/.test(value))
    digits = value.replace(/[,\s'.]/g, '');
  else if (/^\d+[.,]0+$/.test(value)) digits = value.replace(/[.,]0+$/, '');
  const shown = value.length > 24 ? `${cut(value, 24)}…` : value;
  if (digits === null) {
    if (/^-/.test(value)) return { quantity: null, problem: `${shown} is not a quantity.` };
    if (/^\d*[.,]\d+$/.test(value))
      return { quantity: null, problem: `${shown} is not a whole number of pieces.` };
    return { quantity: null, problem: `${shown} is not a number.` };
  }
  const stripped = digits.replace(/^0+(?=\d)/, '');
  if (stripped.length > 7 || Number(stripped) > MAX_QUANTITY)
    return {
      quantity: null,
      problem: `${shown} is more than ${formatCount(MAX_QUANTITY)} pieces, the most a line holds.`,
    };
  const quantity = Number(stripped);
  if (quantity < 1) return { quantity: null, problem: 'The quantity must be at least 1.' };
  return { quantity, problem: '' };
}

/** The cells of one pasted line: part number, quantity, reference. */
function cellsOf(line: string, csvColumns: CsvColumns | null): QuickOrderCells {
  if (csvColumns) return pick(splitQuoted(line, csvColumns.separator), csvColumns.at);
  if (line.includes('\t')) return pick(splitQuoted(line, '\t'), csvColumns);
  if (line.includes(';')) return pick(splitQuoted(line, ';'), csvColumns);
  if (line.includes(',')) {
    const cells = splitQuoted(line, ',');
    // `A123,1,000` pasted without quotes: a thousand, not 1 with the reference "000".
    if (
      !csvColumns &&
      cells.length >= 3 &&
      /^\d{1,3}$/.test(cells[1] ?? '') &&
      /^\d{3}$/.test(cells[2] ?? '')
    ) {
      let end = 2;
      while (end + 1 < cells.length && /^\d{3}$/.test(cells[end + 1] ?? '')) end += 1;
      const quantity = cells.slice(1, end + 1).join('');
      return {
        partNumber: cells[0] ?? '',
        quantity,
        reference: cells.slice(end + 1).join(', '),
      };
    }
    return pick(cells, csvColumns);
  }
  const text = line.trim();
  // `10 x A123`, `10x A123`, `10 × A123`, `10 * A123`
  const times = /^(\S+?)\s*[x×*]\s+(.+)$/i.exec(text) ?? /^(\d[\d,.']*)\s*[x×*](\S.*)$/i.exec(text);
  if (times && looksNumeric(times[1] ?? '')) {
    const [partNumber = '', ...rest] = (times[2] ?? '').trim().split(/\s+/);
    return { partNumber, quantity: times[1] ?? '', reference: rest.join(' ') };
  }
  const words = text.split(/\s+/);
  const last = words.at(-1) ?? '';
  // `04E 115 561 H 10`: the last word is the quantity and the rest the number.
  if (words.length >= 2 && looksNumeric(last))
    return { partNumber: words.slice(0, -1).join(' '), quantity: last, reference: '' };
  // `A123 10 front axle`: number, quantity, then the reference.
  return {
    partNumber: words[0] ?? '',
    quantity: words[1] ?? '',
    reference: words.slice(2).join(' '),
  };
}

function pick(cells: string[], columns: number[] | null): QuickOrderCells {
  const [skuAt, quantityAt, referenceAt] = columns ?? [0, 1, 2];
  // A CSV with our header may be our own export: its formula-safe cells read back as they were.
  const cell = (at: number | undefined) => {
    const value = at === undefined || at < 0 ? '' : (cells[at] ?? '');
    return columns ? unsafeCsvCell(value) : value;
  };
  return {
    partNumber: cell(skuAt ?? 0),
    quantity: cell(quantityAt ?? 1),
    reference: cell(referenceAt),
  };
}

const HEADER_NAMES = {
  sku: ['sku', 'part number', 'part no', 'part', 'partnumber', 'part_number', 'number', 'article'],
  quantity: ['quantity', 'qty', 'amount', 'pieces'],
  reference: ['reference', 'ref', 'note', 'job'],
};

/** A CSV's columns and separator, as its header line names them. */
type CsvColumns = { at: number[]; separator: string };

/**
 * The columns of a header line (`sku,quantity,reference` in any order) and its separator, or null
 * when it is not one. The rows under it are split by that separator only, so a `;` or a tab inside
 * a comma-separated cell stays in the cell.
 */
function headerColumns(line: string): CsvColumns | null {
  const separator = line.includes('\t') ? '\t' : line.includes(';') ? ';' : ',';
  const names = splitQuoted(line, separator).map((c) => c.toLowerCase());
  const at = (list: string[]) => names.findIndex((n) => list.includes(n));
  const sku = at(HEADER_NAMES.sku);
  const quantity = at(HEADER_NAMES.quantity);
  if (sku < 0 || quantity < 0) return null;
  return { at: [sku, quantity, at(HEADER_NAMES.reference)], separator };
}

/** At most `n` characters, never splitting a surrogate pair. */
const cut = (value: string, n: number): string => {
  if (value.length <= n) return value;
  const code = value.charCodeAt(n - 1);
  return value.slice(0, code >= 0xd800 && code <= 0xdbff ? n - 1 : n);
};

/** One row's cells read and judged. */
export function readCells(line: number, cells: QuickOrderCells): ParsedQuickRow {
  const partNumber = clean(cells.partNumber).trim().replace(/\s+/g, ' ');
  const quantityText = clean(cells.quantity).trim();
  const reference = clean(cells.reference ?? '').trim();
  const row = (status: ParseStatus, message: string, quantity: number | null): ParsedQuickRow => ({
    line,
    partNumber: cut(partNumber, 80),
    quantity,
    quantityText: cut(quantityText, 40),
    reference: cut(reference, 200),
    status,
    message,
  });
  const { quantity, problem } = readQuantity(quantityText);
  if (partNumber === '') return row('NO_PART_NUMBER', 'No part number on this line.', quantity);
  if (!PART_NUMBER.test(partNumber))
    return row(
      'BAD_PART_NUMBER',
      'This is not a part number: part numbers hold letters, digits, dashes, dots and slashes.',
      quantity,
    );
  if (quantity === null)
    return row(quantityText === '' ? 'NO_QUANTITY' : 'NOT_A_NUMBER', problem, null);
  if (reference.length > MAX_LINE_REFERENCE)
    return row(
      'REFERENCE_TOO_LONG',
      `The reference is ${reference.length} characters; at most ${MAX_LINE_REFERENCE}.`,
      quantity,
    );
  return row('OK', '', quantity);
}

/**
 * Reads pasted text or an uploaded CSV: one row per non-blank line, in order, with its line
 * number. A header line (`sku,quantity,reference`, in any order, with the usual synonyms) is
 * skipped and names the columns. Refused as a whole past 256 KB or 500 rows.
 */
export function parseQuickOrder(text: string): QuickOrderParse {
  if (utf8Length(text) > QUICK_ORDER_MAX_BYTES)
    return {
      ok: false,
      error: 'TOO_LARGE',
      message: `A quick order takes at most ${QUICK_ORDER_MAX_BYTES / 1024} KB of text: split the list and add it in parts.`,
    };
  const lines = text.replace(/^\ufeff/, '').split(/\r\n|\r|\n/);
  let columns: CsvColumns | null = null;
  const rows: ParsedQuickRow[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const line = clean(lines[i] ?? '');
    if (line.trim() === '' || /^[,;\t\s]*$/.test(line)) continue;
    if (rows.length === 0 && columns === null) {
      const header = headerColumns(line);
      if (header) {
        columns = header;
        continue;
      }
    }
    if (rows.length === QUICK_ORDER_MAX_ROWS)
      return {
        ok: false,
        error: 'TOO_MANY_ROWS',
        message: `A quick order takes at most ${QUICK_ORDER_MAX_ROWS} rows: split the list and add it in parts.`,
      };
    rows.push(readCells(i + 1, cellsOf(line, columns)));
  }
  if (rows.length === 0)
    return { ok: false, error: 'EMPTY', message: 'There are no part numbers in this list.' };
  return { ok: true, rows };
}

/**
 * A cell a spreadsheet would run as a formula, made plain text (OWASP's CSV injection advice): a
 * `'` before it. A cell that already starts with quotes before such a character gets one more, so
 * reading back (`unsafeCsvCell`) takes exactly one off and an export imports as it was.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
export const safeCsvCell = (value: string): string => {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};
const unsafeCsvCell = (value: string): string =>
  value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;

/** Rows as the CSV the quick order imports, with an optional extra column (what needs fixing). */
export function quickOrderCsv(
  rows: readonly { partNumber: string; quantity: string; reference?: string; problem?: string }[],
  withProblems = false,
): string {
  const header = withProblems ? `${QUICK_ORDER_CSV_HEADER},problem` : QUICK_ORDER_CSV_HEADER;
  const body = rows.map((r) =>
    [r.partNumber, r.quantity, r.reference ?? '', ...(withProblems ? [r.problem ?? ''] : [])]
      .map(safeCsvCell)
      .join(','),
  );
  return `${[header, ...body].join('\r\n')}\r\n`;
}

/**
 * Lines of a cart, an order or a quick-order grid as the CSV the quick order imports: importing
 * it gives the same lines. A reference's line breaks become spaces (a reference is one line).
 */
export const linesCsv = (
  lines: readonly { sku: string; quantity: number; reference?: string | null }[],
): string =>
  quickOrderCsv(
    lines.map((l) => ({
      partNumber: l.sku,
      quantity: String(l.quantity),
      reference: (l.reference ?? '').replace(/[\r\n]+/g, ' '),
    })),
  );
