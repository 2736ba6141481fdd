import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Db } from '../../db/database.js';
import type { PgliteThread } from '../../db/pglite-thread.js';
import { databaseSchemaVersion, type SchemaVersion } from '../../db/schema-version.js';
import { appVersion } from './app-version.js';
import { ArchiveWriter, type EntrySummary } from './archive.js';
import { pgDump } from './pg-tools.js';

const gzip = promisify(zlib.gzip);

/** What a backup copies the database from. */
export type BackupSource =
  { kind: 'pglite'; db: Db; client: PgliteThread } | { kind: 'postgres'; db: Db; url: string };

export type Manifest = {
  format: 'storefront-backup';
  formatVersion: 1;
  startedAt: string;
  completedAt: string;
  appVersion: string;
  /** The database's schema when it was copied (its newest migration). */
  schema: SchemaVersion;
  database: { kind: 'pglite' | 'postgres'; entry: string; bytes: number };
  uploads: { files: number; bytes: number };
  /** Return photos (`return-photos/NAME`, decision 064); absent in backups made before them. */
  returnPhotos?: { files: number; bytes: number };
  /** Every other entry of the file, in order, with its size and sha256. */
  entries: EntrySummary[];
};

export const MANIFEST_ENTRY = 'manifest.json';
export const PGLITE_ENTRY = 'database/pglite-datadir.tar.gz';
export const POSTGRES_ENTRY = 'database/postgres.pgdump';
export const UPLOADS_PREFIX = 'uploads/';
/** Buyers' return photos: private, kept apart from the public pictures (decision 064). */
export const RETURN_PHOTOS_PREFIX = 'return-photos/';

const BACKUP_NAME = /^storefront-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.backup$/;
export const STATUS_FILE = 'backup-status.json';

export type BackupResult = { file: string; bytes: number; durationMs: number; manifest: Manifest };

export type BackupOptions = {
  source: BackupSource;
  /** Where backups are written and old ones removed. */
  dir: string;
  /** How many completed backups to keep (the new one included). */
  keep: number;
  uploadsDir: string;
  /** The return photos' folder (`DATA_DIR/return-photos`), copied as `return-photos/NAME`. */
  returnPhotosDir?: string;
};

const stamp = (date: Date) => date.toISOString().replace(/[:.]/g, '-');

/** A folder's files as `PREFIXNAME` entries: regular files, dot-files (half-written) left out. */
async function filesUnder(
  dir: string,
  entryPrefix: string,
): Promise<{ name: string; file: string }[]> {
  const found: { name: string; file: string }[] = [];
  const walk = async (folder: string, prefix: string) => {
    const items = await fs.readdir(folder, { withFileTypes: true }).catch((err: unknown) => {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    });
    for (const item of items.sort((a, b) => a.name.localeCompare(b.name))) {
      if (item.name.startsWith('.')) continue;
      if (item.isDirectory()) await walk(path.join(folder, item.name), `${prefix}${item.name}/`);
      else if (item.isFile())
        found.push({
          name: `${entryPrefix}${prefix}${item.name}`,
          file: path.join(folder, item.name),
        });
    }
  };
  await walk(dir, '');
  return found;
}

/**
 * Takes one backup: the database first (a consistent copy taken while the shop serves), then the
 * pictures, then the manifest; written under a temporary name and renamed once complete. Old
 * backups beyond `keep` are removed only after that.
 */
export async function takeBackup(options: BackupOptions): Promise<BackupResult> {
  const started = new Date();
  await fs.mkdir(options.dir, { recursive: true, mode: 0o700 });
  const name = `storefront-${stamp(started)}.backup`;
  const final = path.join(options.dir, name);
  const partial = path.join(options.dir, `.${name}.${randomBytes(4).toString('hex')}.partial`);
  const writer = await ArchiveWriter.create(partial);
  const scratch: string[] = [];
  try {
    const { source } = options;
    const schema = await databaseSchemaVersion(source.db);
    let database: Manifest['database'];
    if (source.kind === 'pglite') {
      // A checkpoint first keeps the replay at the restored shop's first start short. The copy
      // waits for any open transaction to end and holds PGlite while it is taken (no statement
      // runs in between), so it is the database between two transactions. It is compressed
      // after PGlite is released, by zlib on the thread pool: compressing inside held every
      // request of the shop for seconds (2.4 s for a 30 MB copy; 0.46 s for the copy alone).
      const { client } = source;
      await client.exec('CHECKPOINT');
      const tarball = await client.dumpDataDir('none');
      const entry = await writer.addBytes(
        PGLITE_ENTRY,
        await gzip(new Uint8Array(await tarball.arrayBuffer())),
      );
      database = { kind: 'pglite', entry: PGLITE_ENTRY, bytes: entry.size };
    } else {
      const dump = `${partial}.pgdump`;
      scratch.push(dump);
      await pgDump(source.url, dump);
      const entry = await writer.addFile(POSTGRES_ENTRY, dump);
      database = { kind: 'postgres', entry: POSTGRES_ENTRY, bytes: entry.size };
    }
    const copy = async (files: { name: string; file: string }[]) => {
      let bytes = 0;
      for (const picture of files) {
        try {
          bytes += (await writer.addFile(picture.name, picture.file)).size;
        } catch (err) {
          throw new Error(`could not copy the picture ${picture.file}: ${(err as Error).message}`, {
            cause: err,
          });
        }
      }
      return { files: files.length, bytes };
    };
    const uploads = await copy(await filesUnder(options.uploadsDir, UPLOADS_PREFIX));
    const returnPhotos = options.returnPhotosDir
      ? await copy(await filesUnder(options.returnPhotosDir, RETURN_PHOTOS_PREFIX))
      : undefined;
    const manifest: Manifest = {
      format: 'storefront-backup',
      formatVersion: 1,
      startedAt: started.toISOString(),
      completedAt: new Date().toISOString(),
      appVersion: appVersion(),
      schema,
      database,
      uploads,
      ...(returnPhotos ? { returnPhotos } : {}),
      entries: [...writer.entries],
    };
    await writer.addBytes(MANIFEST_ENTRY, Buffer.from(JSON.stringify(manifest, null, 2)));
    const bytes = await writer.finish();
    await fs.rename(partial, final);
    await syncDir(options.dir);
    await pruneBackups(options.dir, options.keep);
    return { file: final, bytes, durationMs: Date.now() - started.getTime(), manifest };
  } catch (err) {
    await writer.abandon();
    await fs.rm(partial, { force: true });
    throw err;
  } finally {
    for (const file of scratch) await fs.rm(file, { force: true });
  }
}

async function syncDir(dir: string): Promise<void> {
  const handle = await fs.open(dir, 'r');
  try {
    await handle.sync();
  } catch {
    // Some file systems cannot sync a directory; the rename is still atomic.
  } finally {
    await handle.close();
  }
}

/** The completed backups in a folder, oldest first. */
export async function listBackups(dir: string): Promise<string[]> {
  const names = await fs.readdir(dir).catch((err: unknown) => {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [] as string[];
    throw err;
  });
  return names
    .filter((n) => BACKUP_NAME.test(n))
    .sort()
    .map((n) => path.join(dir, n));
}

async function pruneBackups(dir: string, keep: number): Promise<void> {
  const all = await listBackups(dir);
  for (const file of all.slice(0, Math.max(0, all.length - keep)))
    await fs.rm(file, { force: true });
  // A partial file is left only by a process that died while writing it: anything a day old goes.
  const dayAgo = Date.now() - 86_400_000;
  for (const n of await fs.readdir(dir)) {
    if (!n.endsWith('.partial') && !n.endsWith('.pgdump')) continue;
    const stat = await fs.stat(path.join(dir, n)).catch(() => null);
    if (stat && stat.mtimeMs < dayAgo) await fs.rm(path.join(dir, n), { force: true });
  }
}

/** What the staff overview and /metrics read: the last success and the last failure. */
export type BackupStatus = {
  lastSuccess: { at: string; file: string; bytes: number; durationMs: number } | null;
  lastFailure: { at: string; message: string } | null;
};

export async function readStatus(dir: string): Promise<BackupStatus> {
  try {
    const parsed = JSON.parse(
      await fs.readFile(path.join(dir, STATUS_FILE), 'utf8'),
    ) as Partial<BackupStatus> | null;
    return { lastSuccess: parsed?.lastSuccess ?? null, lastFailure: parsed?.lastFailure ?? null };
  } catch {
    return { lastSuccess: null, lastFailure: null };
  }
}

/** Records an outcome in the folder's status file (written whole and renamed). */
export async function recordOutcome(
  dir: string,
  outcome: { ok: BackupResult } | { failed: unknown },
): Promise<BackupStatus> {
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const status = await readStatus(dir);
  if ('ok' in outcome) {
    status.lastSuccess = {
      at: outcome.ok.manifest.completedAt,
      file: path.basename(outcome.ok.file),
      bytes: outcome.ok.bytes,
      durationMs: outcome.ok.durationMs,
    };
  } else {
    const err = outcome.failed;
    status.lastFailure = {
      at: new Date().toISOString(),
      message: (err instanceof Error ? err.message : String(err)).slice(0, 500),
    };
  }
  const temp = path.join(dir, `.${STATUS_FILE}.${randomBytes(4).toString('hex')}`);
  await fs.writeFile(temp, JSON.stringify(status, null, 2), { mode: 0o600 });
  await fs.rename(temp, path.join(dir, STATUS_FILE));
  return status;
}

/** Takes a backup and records its outcome; throws what failed after recording it. */
export async function runBackup(options: BackupOptions): Promise<BackupResult> {
  try {
    const result = await takeBackup(options);
    await recordOutcome(options.dir, { ok: result });
    return result;
  } catch (err) {
    await recordOutcome(options.dir, { failed: err }).catch(() => undefined);
    throw err;
  }
}

/** The backup source for an open database. */
export function backupSource(
  database: { db: Db; kind: 'pglite' | 'postgres'; pglite?: PgliteThread },
  databaseUrl: string | undefined,
): BackupSource {
  if (database.kind === 'pglite') {
    if (!database.pglite) throw new Error('the embedded database does not expose its client');
    return { kind: 'pglite', db: database.db, client: database.pglite };
  }
  if (!databaseUrl) throw new Error('a PostgreSQL backup needs the database URL');
  return { kind: 'postgres', db: database.db, url: databaseUrl };
}
