import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';

/*
 * A backup is one plain POSIX tar file (ustar), so that `tar -tvf` can read it with no help from
 * the shop. Its last entry is `manifest.json`, which holds every other entry's size and sha256:
 * a file cut short has no manifest, and a changed byte fails its entry's checksum.
 */

const BLOCK = 512;
const CHUNK = 1024 * 1024;

export type EntrySummary = { name: string; size: number; sha256: string };

export class DamagedBackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DamagedBackupError';
  }
}

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

function header(name: string, size: number, mtime: Date): Buffer {
  const nameBytes = Buffer.from(name, 'utf8');
  if (nameBytes.length > 100)
    throw new Error(`A backup entry's name must be at most 100 bytes: ${name}`);
  const block = Buffer.alloc(BLOCK);
  nameBytes.copy(block, 0);
  block.write(octal(0o644, 8), 100, 'ascii'); // mode
  block.write(octal(0, 8), 108, 'ascii'); // uid
  block.write(octal(0, 8), 116, 'ascii'); // gid
  block.write(octal(size, 12), 124, 'ascii');
  block.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii');
  block.fill(' ', 148, 156); // the checksum counts itself as spaces
  block.write('0', 156, 'ascii'); // a regular file
  block.write('ustar\0', 257, 'ascii');
  block.write('00', 263, 'ascii');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(octal(sum, 7) + ' ', 148, 'ascii');
  return block;
}

const padding = (size: number) => (BLOCK - (size % BLOCK)) % BLOCK;

/** Writes a tar file entry by entry, hashing each one as it goes. */
export class ArchiveWriter {
  private position = 0;
  readonly entries: EntrySummary[] = [];

  private constructor(private readonly handle: FileHandle) {}

  static async create(file: string): Promise<ArchiveWriter> {
    return new ArchiveWriter(await fs.open(file, 'wx', 0o600));
  }

  private async write(bytes: Uint8Array): Promise<void> {
    let offset = 0;
    while (offset < bytes.length) {
      const { bytesWritten } = await this.handle.write(bytes, offset, bytes.length - offset);
      offset += bytesWritten;
    }
    this.position += bytes.length;
  }

  /** An entry from bytes in memory. */
  async addBytes(name: string, bytes: Uint8Array, mtime = new Date()): Promise<EntrySummary> {
    await this.write(header(name, bytes.length, mtime));
    await this.write(bytes);
    await this.write(Buffer.alloc(padding(bytes.length)));
    const summary = {
      name,
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    };
    this.entries.push(summary);
    return summary;
  }

  /**
   * An entry from a file on disk, read in chunks. The size is taken when the entry starts: a file
   * that grows meanwhile is cut at that size, one that shrinks fails the backup.
   */
  async addFile(name: string, file: string): Promise<EntrySummary> {
    const source = await fs.open(file, 'r');
    try {
      const stat = await source.stat();
      const size = stat.size;
      await this.write(header(name, size, stat.mtime));
      const hash = createHash('sha256');
      const buffer = Buffer.alloc(Math.min(CHUNK, Math.max(size, 1)));
      let done = 0;
      while (done < size) {
        const { bytesRead } = await source.read(buffer, 0, Math.min(buffer.length, size - done));
        if (bytesRead === 0) throw new Error(`${file} shrank while it was being copied`);
        const chunk = buffer.subarray(0, bytesRead);
        hash.update(chunk);
        await this.write(chunk);
        done += bytesRead;
      }
      await this.write(Buffer.alloc(padding(size)));
      const summary = { name, size, sha256: hash.digest('hex') };
      this.entries.push(summary);
      return summary;
    } finally {
      await source.close();
    }
  }

  /** Ends the archive (two empty blocks), flushes it to disk and closes it; answers its size. */
  async finish(): Promise<number> {
    await this.write(Buffer.alloc(BLOCK * 2));
    await this.handle.sync();
    await this.handle.close();
    return this.position;
  }

  async abandon(): Promise<void> {
    await this.handle.close().catch(() => undefined);
  }
}

function parseOctal(block: Buffer, start: number, width: number): number {
  const text = block
    .subarray(start, start + width)
    .toString('ascii')
    .replace(/[\0 ]+$/g, '')
    .trim();
  if (!/^[0-7]*$/.test(text)) return NaN;
  return text === '' ? 0 : parseInt(text, 8);
}

function headerChecksumOk(block: Buffer): boolean {
  const stored = parseOctal(block, 148, 8);
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i]!;
  return stored === sum;
}

/**
 * Reads every entry of an archive in order. `onEntry` answers where the entry's bytes go (a sink
 * that takes chunks), or null to only hash it. Answers each entry's size and sha256 as read; a
 * malformed header or a file cut short throws `DamagedBackupError`.
 */
export async function readArchive(
  file: string,
  onEntry: (name: string, size: number) => Promise<EntrySink | null>,
): Promise<EntrySummary[]> {
  const handle = await fs.open(file, 'r');
  const summaries: EntrySummary[] = [];
  try {
    const { size: total } = await handle.stat();
    let position = 0;
    const block = Buffer.alloc(BLOCK);
    const buffer = Buffer.alloc(CHUNK);
    const readExactly = async (target: Buffer, length: number) => {
      if (position + length > total)
        throw new DamagedBackupError('the file ends early: it was cut short');
      let done = 0;
      while (done < length) {
        const { bytesRead } = await handle.read(target, done, length - done, position + done);
        if (bytesRead === 0) throw new DamagedBackupError('the file ends early: it was cut short');
        done += bytesRead;
      }
      position += length;
    };
    for (;;) {
      await readExactly(block, BLOCK);
      if (block.every((b) => b === 0)) return summaries;
      if (!headerChecksumOk(block))
        throw new DamagedBackupError(`an entry's header is damaged (at byte ${position - BLOCK})`);
      const nameEnd = block.indexOf(0);
      const name = block.subarray(0, nameEnd === -1 || nameEnd > 100 ? 100 : nameEnd).toString();
      const size = parseOctal(block, 124, 12);
      if (!Number.isSafeInteger(size) || size < 0)
        throw new DamagedBackupError(`the entry ${name} has an unreadable size`);
      const sink = await onEntry(name, size);
      const hash = createHash('sha256');
      let left = size;
      try {
        while (left > 0) {
          const length = Math.min(buffer.length, left);
          await readExactly(buffer, length);
          const chunk = buffer.subarray(0, length);
          hash.update(chunk);
          if (sink) await sink.write(chunk);
          left -= length;
        }
        await readExactly(block, padding(size));
      } finally {
        await sink?.close();
      }
      summaries.push({ name, size, sha256: hash.digest('hex') });
    }
  } finally {
    await handle.close();
  }
}

export type EntrySink = { write(chunk: Buffer): Promise<void>; close(): Promise<void> };

/** A sink that writes an entry to a new file. */
export async function fileSink(file: string): Promise<EntrySink> {
  const handle = await fs.open(file, 'wx', 0o600);
  return {
    async write(chunk) {
      let offset = 0;
      while (offset < chunk.length) {
        const { bytesWritten } = await handle.write(chunk, offset, chunk.length - offset);
        offset += bytesWritten;
      }
    },
    close: () => handle.close(),
  };
}

/** A sink that keeps an entry in memory (the manifest, the embedded database's tarball). */
export function memorySink(): EntrySink & { bytes(): Buffer } {
  const chunks: Buffer[] = [];
  return {
    async write(chunk) {
      chunks.push(Buffer.from(chunk));
    },
    async close() {},
    bytes: () => Buffer.concat(chunks),
  };
}
