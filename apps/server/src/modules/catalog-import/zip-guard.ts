import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { AppError } from '../../http/errors.js';
import { unreadableFile as refuse } from './unreadable.js';

/**
 * ZIP files from outside (an XLSX workbook is one, and so is the pictures archive) are opened
 * here first: the entry count and the sizes the archive declares are capped, and every entry is
 * inflated once with its real size checked against the declared one (yauzl stops an entry that
 * inflates past it), so a bomb is refused before any reader trusts the file.
 */
export type ZipLimits = {
  maxEntries: number;
  /** Uncompressed, all entries together. */
  maxTotalBytes: number;
  /** Uncompressed, one entry. */
  maxEntryBytes: number;
};

export function openZip(file: string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(
      file,
      { lazyEntries: true, validateEntrySizes: true, strictFileNames: false },
      (err, zip) => {
        if (err || !zip) reject(refuse(`The file is not a readable ZIP archive (${name(file)}).`));
        else resolve(zip);
      },
    );
  });
}
const name = (file: string) => file.split('/').at(-1) ?? file;

function openStream(zip: ZipFile, entry: Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream)
        reject(refuse(`An entry of the archive cannot be read (${entry.fileName}).`));
      else resolve(stream);
    });
  });
}

/** What reads one entry: its inflated chunks (it may throw to refuse the archive), then its end. */
export type EntrySink = { feed(chunk: Buffer): void; end?(): Promise<void> };

/**
 * Walks every entry once, one at a time. `onEntry` decides what to do with one: undefined skips
 * it after its size is checked; a sink receives it.
 */
export async function walkZip(
  file: string,
  limits: ZipLimits,
  onEntry: (entry: Entry) => EntrySink | undefined,
): Promise<{ entries: number; bytes: number }> {
  const zip = await openZip(file);
  try {
    if (zip.entryCount > limits.maxEntries)
      throw refuse(
        `The archive holds ${zip.entryCount.toLocaleString('en-US')} entries; at most ${limits.maxEntries.toLocaleString('en-US')} are read.`,
      );
    let declared = 0;
    let inflated = 0;
    let count = 0;
    for await (const entry of entriesOf(zip)) {
      count += 1;
      if (entry.fileName.endsWith('/')) continue;
      declared += entry.uncompressedSize;
      if (entry.uncompressedSize > limits.maxEntryBytes || declared > limits.maxTotalBytes)
        throw refuse(
          `The archive unpacks to more than ${mb(Math.max(limits.maxTotalBytes, limits.maxEntryBytes))} (a ZIP bomb, or far more than a catalog needs).`,
        );
      const sink = onEntry(entry);
      const stream = await openStream(zip, entry);
      try {
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          inflated += chunk.length;
          if (inflated > limits.maxTotalBytes)
            throw refuse(`The archive unpacks to more than ${mb(limits.maxTotalBytes)}.`);
          sink?.feed(chunk);
        }
      } catch (err) {
        stream.destroy();
        if (err instanceof AppError) throw err;
        // yauzl's own checks: an entry larger (or smaller) than it says, a broken stream.
        throw refuse(`The archive is damaged or lies about its sizes (${entry.fileName}).`);
      }
      await sink?.end?.();
    }
    return { entries: count, bytes: inflated };
  } finally {
    zip.close();
  }
}

const mb = (bytes: number) => `${Math.round(bytes / 1_048_576).toLocaleString('en-US')} MB`;

async function* entriesOf(zip: ZipFile): AsyncGenerator<Entry> {
  for (;;) {
    const next = await new Promise<Entry | null>((resolve, reject) => {
      const onEntry = (entry: Entry) => {
        cleanup();
        resolve(entry);
      };
      const onEnd = () => {
        cleanup();
        resolve(null);
      };
      const onError = () => {
        cleanup();
        reject(refuse('The archive is damaged.'));
      };
      const cleanup = () => {
        zip.off('entry', onEntry);
        zip.off('end', onEnd);
        zip.off('error', onError);
      };
      zip.on('entry', onEntry);
      zip.on('end', onEnd);
      zip.on('error', onError);
      zip.readEntry();
    });
    if (!next) return;
    yield next;
  }
}

/**
 * Finds `needle` (ASCII, case-insensitive) in a stream of chunks, across chunk boundaries.
 */
export function watchFor(needles: readonly string[]): {
  feed(chunk: Buffer): string | null;
} {
  const lowered = needles.map((n) => n.toLowerCase());
  const keep = Math.max(...lowered.map((n) => n.length)) - 1;
  let tail = '';
  return {
    feed(chunk) {
      const text = tail + chunk.toString('latin1').toLowerCase();
      const found = lowered.find((n) => text.includes(n)) ?? null;
      tail = text.slice(-keep);
      return found;
    },
  };
}

/** Counts occurrences of `needle` across chunk boundaries (rows of a worksheet: `<row`). */
export function counter(needle: string): { feed(chunk: Buffer): number } {
  let tail = '';
  let count = 0;
  return {
    feed(chunk) {
      const text = tail + chunk.toString('latin1');
      let at = text.indexOf(needle);
      while (at !== -1) {
        // An occurrence wholly inside the kept tail was counted with the previous chunk.
        if (at + needle.length > tail.length) count += 1;
        at = text.indexOf(needle, at + 1);
      }
      tail = text.slice(-(needle.length - 1));
      return count;
    },
  };
}
