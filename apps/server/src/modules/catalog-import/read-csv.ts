import fs from 'node:fs';
import { Transform, type Readable } from 'node:stream';
import { parse } from 'csv-parse';
import type { Cell } from './cells.js';
import { IMPORT_LIMITS } from './limits.js';
import { unreadableFile as refuse } from './unreadable.js';

export type CsvShape = {
  encoding: 'utf-8' | 'windows-1252';
  delimiter: ',' | ';' | '\t';
  notes: string[];
};

/** Bytes Windows-1252 leaves undefined: a file holding one is in no encoding we can guess. */
const UNDEFINED_1252 = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);

/**
 * Looks at a whole CSV file once before any row is read: its encoding (UTF-8 with or without a
 * byte-order mark; otherwise Windows-1252, as Excel's plain "CSV" saves it; anything else is
 * refused with how to save it), NUL bytes (a binary file), how many lines it has, and its
 * separator (`,`, or `;` as European Excel writes, or a tab), read from the header line.
 */
export async function inspectCsv(file: string, label: string): Promise<CsvShape> {
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  let validUtf8 = true;
  let undefined1252 = false;
  let lines = 0;
  let lineBytes = 0;
  let head = Buffer.alloc(0);
  let first = true;
  for await (const chunk of fs.createReadStream(file) as AsyncIterable<Buffer>) {
    if (first) {
      first = false;
      if ((chunk[0] === 0xff && chunk[1] === 0xfe) || (chunk[0] === 0xfe && chunk[1] === 0xff))
        throw refuse(
          `${label} is saved as UTF-16 ("Unicode text"). In Excel choose File › Save As › "CSV UTF-8 (Comma delimited)" and upload that.`,
        );
      if (chunk.subarray(0, 4).toString('latin1') === 'PK\u0003\u0004')
        throw refuse(`${label} is a ZIP or XLSX file with a .csv name: upload it as .xlsx.`);
    }
    if (chunk.includes(0))
      throw refuse(
        `${label} contains NUL bytes: it is not a text file. Save the sheet as "CSV UTF-8" and upload that.`,
      );
    if (head.length < 65_536) head = Buffer.concat([head, chunk.subarray(0, 65_536)]);
    for (let i = 0; i < chunk.length; i += 1) {
      const b = chunk[i]!;
      if (b === 0x0a) {
        lines += 1;
        lineBytes = 0;
      } else if (++lineBytes > IMPORT_LIMITS.maxCellChars * 4)
        throw refuse(
          `${label} has a line of over ${(IMPORT_LIMITS.maxCellChars * 4).toLocaleString('en-US')} characters near line ${(lines + 1).toLocaleString('en-US')}: no field takes that much.`,
        );
      else if (b >= 0x80 && UNDEFINED_1252.has(b)) undefined1252 = true;
    }
    if (lines > IMPORT_LIMITS.maxLines)
      throw refuse(
        `${label} has more than ${IMPORT_LIMITS.maxLines.toLocaleString('en-US')} lines; the import reads at most that many.`,
      );
    if (validUtf8) {
      try {
        utf8.decode(chunk, { stream: true });
      } catch {
        validUtf8 = false;
      }
    }
  }
  if (validUtf8) {
    try {
      utf8.decode();
    } catch {
      validUtf8 = false;
    }
  }
  const notes: string[] = [];
  let encoding: CsvShape['encoding'] = 'utf-8';
  if (!validUtf8) {
    if (undefined1252)
      throw refuse(
        `${label} is not UTF-8 and not Windows-1252. In Excel choose File › Save As › "CSV UTF-8 (Comma delimited)" and upload that.`,
      );
    encoding = 'windows-1252';
    notes.push(
      `${label} was read as Windows-1252 (Excel's plain "CSV"). Check accented letters in the preview; saving as "CSV UTF-8" avoids the guess.`,
    );
  }
  const headText = new TextDecoder(encoding).decode(head);
  const delimiter = delimiterOf(headText);
  if (delimiter === ';') notes.push(`${label} separates columns with ";" (European Excel).`);
  if (delimiter === '\t') notes.push(`${label} separates columns with tabs.`);
  return { encoding, delimiter, notes };
}

/** The separator the header line uses most, outside quotes. */
function delimiterOf(text: string): CsvShape['delimiter'] {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const c of text) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && c in counts) counts[c as keyof typeof counts] += 1;
  }
  const best = (Object.entries(counts) as [CsvShape['delimiter'], number][]).sort(
    (a, b) => b[1] - a[1],
  )[0]!;
  return best[1] === 0 ? ',' : best[0];
}

/** Windows-1252 bytes to text, chunk by chunk (a character is always one byte). */
const from1252 = () => {
  const decoder = new TextDecoder('windows-1252');
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      done(null, decoder.decode(chunk, { stream: true }));
    },
  });
};

/**
 * The file's rows, a batch at a time (one promise for many rows: a 100,000-part file's reading
 * paid about a second for a promise per row), streamed, never the whole file in memory. Quoted
 * line breaks stay inside their cell; a byte-order mark is dropped; a row longer than the cap is
 * refused with its line.
 */
export async function* readCsvBatches(
  file: string,
  shape: CsvShape,
  label: string,
): AsyncGenerator<Cell[][]> {
  const parser = parse({
    delimiter: shape.delimiter,
    bom: true,
    relax_column_count: true,
    relax_quotes: false,
    skip_empty_lines: false,
    max_record_size: IMPORT_LIMITS.maxCellChars * 4,
  });
  const source = fs.createReadStream(file);
  const stream =
    shape.encoding === 'windows-1252' ? source.pipe(from1252()).pipe(parser) : source.pipe(parser);
  try {
    yield* recordBatches(stream);
  } catch (err) {
    const info = err as { code?: string; lines?: number; message?: string };
    const where = info.lines ? ` near line ${info.lines.toLocaleString('en-US')}` : '';
    if (info.code === 'CSV_MAX_RECORD_SIZE')
      throw refuse(
        `${label} has a row of over ${IMPORT_LIMITS.maxCellChars.toLocaleString('en-US')} characters${where}: no field takes that much.`,
      );
    throw refuse(`${label} cannot be read as CSV${where}: ${info.message ?? 'malformed quotes'}.`);
  } finally {
    source.destroy();
    stream.destroy();
  }
}

/**
 * What an object stream holds, taken a batch at a time: every record already parsed is read at
 * once, and the generator waits only when none is left.
 */
async function* recordBatches(stream: Readable, size = 1_000): AsyncGenerator<string[][]> {
  let ended = false;
  let failure: { error: unknown } | null = null;
  let wake: (() => void) | null = null;
  const signal = () => {
    wake?.();
    wake = null;
  };
  const onEnd = () => {
    ended = true;
    signal();
  };
  const onError = (error: unknown) => {
    failure = { error };
    signal();
  };
  stream.on('readable', signal);
  stream.on('end', onEnd);
  stream.on('error', onError);
  try {
    for (;;) {
      if (failure) throw (failure as { error: unknown }).error;
      const batch: string[][] = [];
      let record: string[] | null;
      while (batch.length < size && (record = stream.read() as string[] | null) !== null)
        batch.push(record);
      if (batch.length > 0) yield batch;
      else if (ended) return;
      else await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    // The error listener stays: a stream destroyed later must not throw an unhandled 'error'.
    stream.off('readable', signal);
    stream.off('end', onEnd);
  }
}
