import { LIST_SEPARATOR } from '@storefront/contract';

/**
 * One cell of a spreadsheet as a reader hands it over: text from a CSV file, or what an XLSX cell
 * holds (a number stays a number, so a decimal comma in one country is never a thousands
 * separator in another).
 */
export type Cell = string | number | boolean | Date | null;

/** What a cell means, or why it cannot be read. */
export type Read<T> = { value: T } | { error: string };
export const isError = <T>(r: Read<T>): r is { error: string } => 'error' in r;

/** Writing "none" empties a list or removes a maximum (a blank cell leaves the field as it is). */
export const NONE = 'none';

/** Starts a formula in a spreadsheet (OWASP "CSV injection"): an export prefixes it with `'`. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell as text: trimmed, blank as null, the export's formula-safe `'` taken off again. */
export function cellText(cell: Cell): string | null {
  if (cell === null || cell === undefined) return null;
  let text: string;
  if (typeof cell === 'string') text = cell;
  else if (typeof cell === 'number') text = Number.isFinite(cell) ? String(cell) : '';
  else if (typeof cell === 'boolean') text = cell ? 'yes' : 'no';
  else text = cell.toISOString().slice(0, 10);
  // Line breaks inside a cell as one kind (Excel writes LF, some tools CRLF).
  // Most cells hold no carriage return: the replacement's scan is skipped for them.
  text = (text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text).trim();
  if (text === '') return null;
  if (text.startsWith("'") && FORMULA_START.test(text.slice(1))) text = text.slice(1);
  return text;
}

/** Text as it may go into a cell that a spreadsheet program opens: never a formula. */
export const formulaSafe = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

export const isNone = (text: string): boolean => text.toLowerCase() === NONE;

const THOUSANDS = /^\d{1,3}([,.' ]\d{3})+$/;

/**
 * A whole number: digits, optionally grouped in thousands (`1,000`, `1.000`, `1 000`): a quantity
 * has no decimals, so a separator before three digits can only group them.
 */
export function wholeNumber(cell: Cell, label: string): Read<number> {
  if (typeof cell === 'number') {
    return Number.isInteger(cell) ? { value: cell } : { error: `${label} must be a whole number` };
  }
  const text = (cellText(cell) ?? '').replace(/\u00a0/g, ' ');
  if (/^\d+$/.test(text)) return { value: Number(text) };
  if (THOUSANDS.test(text) && new Set(text.replace(/\d/g, '')).size === 1)
    return { value: Number(text.replace(/\D/g, '')) };
  if (/^\d+([.,]\d+)$/.test(text)) return { error: `${label} must be a whole number` };
  return { error: `${label} must be a number` };
}

/** Digits, or digits grouped in thousands by `group` (`1,234,567`). */
const grouped = (text: string, group: string): boolean =>
  /^\d+$/.test(text) || new RegExp(`^\\d{1,3}(\\${group}\\d{3})+$`).test(text);

/**
 * An amount in cents, at most two decimals. `12.50` and `12,50` are read as they look; with both
 * separators the last is the decimal one (`1,234.50`, `1.234,50`); a single separator before
 * exactly three digits (`1,234`) could be either, and is refused.
 */
export function cents(cell: Cell, label: string): Read<number> {
  if (typeof cell === 'number') {
    const value = Math.round(cell * 100);
    return Math.abs(value - cell * 100) < 1e-6 && value >= 0
      ? { value }
      : { error: `${label} can have at most two decimals` };
  }
  const text = (cellText(cell) ?? '').replace(/[\s\u00a0']/g, '');
  // Worded only when needed: every price of a 100,000-part file passes here.
  const unreadable = () => ({
    error: `${label} "${text}" is not a number we can read: write it as 1234.50`,
  });
  if (!/^\d[\d.,]*\d$|^\d$/.test(text)) return { error: `${label} must be a number` };
  const dot = text.lastIndexOf('.');
  const comma = text.lastIndexOf(',');
  let whole = text;
  let fraction = '';
  if (dot >= 0 && comma >= 0) {
    const decimal = dot > comma ? '.' : ',';
    const at = Math.max(dot, comma);
    whole = text.slice(0, at);
    fraction = text.slice(at + 1);
    if (!grouped(whole, decimal === '.' ? ',' : '.')) return unreadable();
  } else if (dot >= 0 || comma >= 0) {
    const separator = dot >= 0 ? '.' : ',';
    const parts = text.split(separator);
    if (parts.length > 2) {
      if (!grouped(text, separator)) return unreadable();
    } else if (parts[1]!.length === 3) {
      const [a, b] = parts as [string, string];
      return { error: `${label} "${text}" is ambiguous: write it as ${a}${b} or ${a}${b}.00` };
    } else {
      whole = parts[0]!;
      fraction = parts[1]!;
    }
  }
  whole = whole.replace(/\D/g, '');
  if (fraction.length > 2) return { error: `${label} can have at most two decimals` };
  if (whole.length > 9) return { error: `${label} is too large` };
  return { value: Number(whole) * 100 + Number(fraction.padEnd(2, '0')) };
}

/** yes or no (also true/false, 1/0, y/n, x for yes). */
export function yesNo(cell: Cell, label: string): Read<boolean> {
  if (typeof cell === 'boolean') return { value: cell };
  const text = (cellText(cell) ?? '').toLowerCase();
  if (['yes', 'y', 'true', '1', 'x'].includes(text)) return { value: true };
  if (['no', 'n', 'false', '0'].includes(text)) return { value: false };
  return { error: `${label} must be yes or no` };
}

/**
 * Items of a list cell, split at `|`; a backslash makes the next character plain (`\|` is a bar
 * inside an item, `\\` a backslash). Empty items are left out.
 */
export const listItems = (text: string): string[] => rawItems(text).map(unescape);

const escapeItem = (item: string, also = '') =>
  item.replace(new RegExp(`[\\\\|${also}]`, 'g'), (c) => `\\${c}`);

/** A list as one cell, each item's bars and backslashes escaped. */
export const listCell = (items: readonly string[]): string =>
  items.map((i) => escapeItem(i)).join(LIST_SEPARATOR);

/** Splits one item at the first unescaped `separator` (`=` for a specification, `:` for a step). */
export function pairOf(item: string, separator: string): [string, string] | null {
  for (let i = 0; i < item.length; i += 1) {
    if (item[i] === '\\') i += 1;
    else if (item[i] === separator)
      return [unescape(item.slice(0, i)).trim(), unescape(item.slice(i + 1)).trim()];
  }
  return null;
}
// Most items hold no backslash: the replacement's scan is skipped for them.
const unescape = (s: string) => (s.includes('\\') ? s.replace(/\\(.)/g, '$1') : s);

/**
 * Items of a list cell, split at the bars that are not escaped, each with its escapes kept: a
 * pair's item (`name=value`, `40:8.20`) is read by `pairOf`, which needs them.
 */
export function rawItems(text: string): string[] {
  // Without a backslash every bar separates: split at once (most cells of a large file).
  if (!text.includes('\\'))
    return text
      .split(LIST_SEPARATOR)
      .map((s) => s.trim())
      .filter((s) => s !== '');
  const items: string[] = [];
  let current = '';
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (c === '\\' && i + 1 < text.length) {
      current += c + text[i + 1];
      i += 1;
    } else if (c === LIST_SEPARATOR) {
      items.push(current);
      current = '';
    } else current += c;
  }
  items.push(current);
  return items.map((s) => s.trim()).filter((s) => s !== '');
}

/** Pairs as one cell: `name=value|name=value`, every separator inside escaped. */
export const pairsCell = (pairs: readonly [string, string][], separator: string): string =>
  pairs
    .map(([a, b]) => `${escapeItem(a, `\\${separator}`)}${separator}${escapeItem(b)}`)
    .join(LIST_SEPARATOR);

/** Cents as the file writes money: `58.90`. */
export const moneyCell = (value: number): string =>
  `${Math.floor(value / 100)}.${String(value % 100).padStart(2, '0')}`;
