import { createReadStream } from 'node:fs';
import { AppError } from '../../http/errors.js';
import { headerKey } from '../catalog-import/rows.js';
import { unreadableFile as refuse } from '../catalog-import/unreadable.js';

/** What one VCdb table file may hold: the largest (BaseVehicle) has under 200,000 rows. */
export const PIPE_LIMITS = { maxRows: 2_000_000, maxLineChars: 4_096 } as const;

/**
 * The rows of a pipe-delimited text table (the VCdb's text edition), as its header names them:
 * each row a record by header key (letters and digits, lower-case). Strict UTF-8 (a BOM is
 * skipped), no NUL bytes, lines and rows capped: a file that breaks a rule is refused naming it.
 */
export async function* pipeRecords(
  file: { path: string; name: string },
  required: readonly string[],
): AsyncGenerator<Record<string, string>> {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  let header: string[] | null = null;
  let rest = '';
  let lineNo = 0;
  const lineOf = function* (text: string): Generator<Record<string, string>> {
    const parts = text.split(/\r?\n/);
    rest = parts.pop() ?? '';
    if (rest.length > PIPE_LIMITS.maxLineChars)
      throw refuse(
        `${file.name}: line ${lineNo + 1} is longer than ${PIPE_LIMITS.maxLineChars} characters`,
      );
    for (const line of parts) yield* record(line);
  };
  const record = function* (line: string): Generator<Record<string, string>> {
    lineNo += 1;
    if (line.length > PIPE_LIMITS.maxLineChars)
      throw refuse(
        `${file.name}: line ${lineNo} is longer than ${PIPE_LIMITS.maxLineChars} characters`,
      );
    if (line.includes('\u0000')) throw refuse(`${file.name}: line ${lineNo} holds a NUL byte`);
    if (line.trim() === '') return;
    const cells = line.split('|').map((c) => c.trim());
    if (!header) {
      header = cells.map(headerKey);
      const missing = required.filter((r) => !header!.includes(r));
      if (missing.length > 0)
        throw refuse(
          `${file.name} is not the expected VCdb table: its first line must name the columns, with ${missing.map((m) => `"${m}"`).join(', ')}`,
        );
      return;
    }
    if (lineNo > PIPE_LIMITS.maxRows + 1)
      throw refuse(
        `${file.name} has more than ${PIPE_LIMITS.maxRows.toLocaleString('en-US')} rows`,
      );
    const row: Record<string, string> = {};
    header.forEach((key, i) => (row[key] = cells[i] ?? ''));
    yield row;
  };
  try {
    for await (const chunk of createReadStream(file.path, { highWaterMark: 64 * 1024 }))
      yield* lineOf(rest + decoder.decode(chunk as Buffer, { stream: true }));
    const last = rest + decoder.decode();
    if (last) yield* record(last);
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof TypeError)
      throw refuse(`${file.name} is not UTF-8 text: export the table again as UTF-8`);
    throw err;
  }
  if (!header) throw refuse(`${file.name} is empty`);
}

/** A positive whole number written in a cell, or null. */
export const idOf = (text: string | undefined): number | null =>
  text && /^\d{1,9}$/.test(text) ? Number(text) : null;

/** A version date as the VCdb writes it (2026-10-31, 2026-10-31 00:00:00, 10/31/2026), or null. */
export function versionDateOf(text: string | undefined): string | null {
  const value = (text ?? '').trim();
  let m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T].*)?$/.exec(value);
  let ymd: [string, string, string] | null = m ? [m[1]!, m[2]!, m[3]!] : null;
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  if (m) ymd = [m[3]!, m[1]!.padStart(2, '0'), m[2]!.padStart(2, '0')];
  if (!ymd) return null;
  const iso = ymd.join('-');
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso ? null : iso;
}
