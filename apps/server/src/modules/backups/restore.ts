import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { pgliteOptions } from '../../db/database.js';
import { codeSchemaVersion, schemaTag } from '../../db/schema-version.js';
import {
  DamagedBackupError,
  fileSink,
  memorySink,
  readArchive,
  type EntrySink,
  type EntrySummary,
} from './archive.js';
import {
  MANIFEST_ENTRY,
  PGLITE_ENTRY,
  POSTGRES_ENTRY,
  RETURN_PHOTOS_PREFIX,
  UPLOADS_PREFIX,
  type Manifest,
} from './backup.service.js';
import { pgRestore } from './pg-tools.js';

/** A restore that must not go ahead; the message says why and what to do. */
export class RestoreRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefusedError';
  }
}

export type RestoreTarget =
  /** The embedded database: its folder is `DATA_DIR/pglite`. */
  { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

export type RestoreOptions = {
  file: string;
  target: RestoreTarget;
  uploadsDir: string;
  /** The return photos' folder: restored from the `return-photos/` entries (decision 064). */
  returnPhotosDir?: string;
  /** Restore over a database and pictures that hold data (kept aside, for the embedded one). */
  replace: boolean;
};

const damaged = (why: string) =>
  new RestoreRefusedError(`The backup file is damaged or incomplete: ${why}. Use another backup.`);

/** An entry's path inside the folder of `prefix`, or null when it is not one or could escape. */
function entryPath(name: string, prefix: string): string | null {
  if (!name.startsWith(prefix)) return null;
  const rel = name.slice(prefix.length);
  const parts = rel.split('/');
  if (rel === '' || rel.includes('\\') || parts.some((p) => p === '' || p === '.' || p === '..'))
    return null;
  return rel;
}

const sameEntry = (a: EntrySummary | undefined, b: EntrySummary | undefined) =>
  !!a && !!b && a.name === b.name && a.size === b.size && a.sha256 === b.sha256;

/**
 * Reads the whole file and checks it against its manifest: every entry's size and sha256, the
 * manifest last, nothing missing or extra. Answers the manifest; refuses a damaged file.
 */
export async function verifyBackup(file: string): Promise<Manifest> {
  const stat = await fs.stat(file).catch(() => null);
  if (!stat?.isFile()) throw new RestoreRefusedError(`There is no backup file at ${file}.`);
  let manifestBytes: Buffer | null = null;
  let summaries: EntrySummary[];
  try {
    summaries = await readArchive(file, async (name, size) => {
      if (name !== MANIFEST_ENTRY || size > 10 * 1024 * 1024) return null;
      const sink = memorySink();
      return {
        write: sink.write,
        close: async () => {
          manifestBytes = sink.bytes();
        },
      };
    });
  } catch (err) {
    if (err instanceof DamagedBackupError) throw damaged(err.message);
    throw err;
  }
  const last = summaries[summaries.length - 1];
  if (!last || last.name !== MANIFEST_ENTRY || !manifestBytes)
    throw damaged('it has no manifest at its end (it was cut short, or it is not a shop backup)');
  let manifest: Manifest;
  try {
    manifest = JSON.parse((manifestBytes as Buffer).toString('utf8')) as Manifest;
  } catch {
    throw damaged('its manifest is not readable');
  }
  if (manifest?.format !== 'storefront-backup' || manifest.formatVersion !== 1)
    throw damaged('its manifest is not a shop backup manifest of a known format');
  const body = summaries.slice(0, -1);
  if (!Array.isArray(manifest.entries) || manifest.entries.length !== body.length)
    throw damaged(
      `it holds ${body.length} entries where its manifest lists ${manifest.entries?.length ?? 0}`,
    );
  body.forEach((entry, i) => {
    if (!sameEntry(entry, manifest.entries[i]))
      throw damaged(`the entry ${entry.name} does not match its checksum in the manifest`);
    if (
      entry.name !== manifest.database?.entry &&
      !entryPath(entry.name, UPLOADS_PREFIX) &&
      !entryPath(entry.name, RETURN_PHOTOS_PREFIX)
    )
      throw damaged(`it holds an entry it should not: ${entry.name}`);
  });
  const expected = manifest.database?.kind === 'pglite' ? PGLITE_ENTRY : POSTGRES_ENTRY;
  if (manifest.database?.entry !== expected || !body.some((e) => e.name === expected))
    throw damaged('it holds no copy of the database');
  return manifest;
}

async function holdsFiles(dir: string): Promise<boolean> {
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  return names.some((n) => !n.startsWith('.'));
}

async function postgresHoldsData(url: string): Promise<{ tables: number; others: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_tables where schemaname in ('public', 'drizzle')`,
    );
    const others = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()`,
    );
    return { tables: tables.rows[0]?.n ?? 0, others: others.rows[0]?.n ?? 0 };
  } finally {
    await client.end();
  }
}

async function emptyPostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    await client.query('drop schema if exists drizzle cascade');
    await client.query('drop schema if exists public cascade');
    await client.query('create schema public');
    await client.query('commit');
  } finally {
    await client.end();
  }
}

const asideName = (dir: string) =>
  `${dir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;

/**
 * Restores a backup: checks the whole file first, then refuses a newer schema, another kind of
 * database, and a target that holds data (unless `replace`); then writes the database and the
 * pictures beside their places and moves them in. The server migrates the restored schema forward
 * when it starts.
 */
export async function restoreBackup(
  options: RestoreOptions,
): Promise<{ manifest: Manifest; keptAside: string[] }> {
  const { file, target, uploadsDir, replace } = options;
  // The folders of files a backup holds: the public pictures and the private return photos.
  const folders = [
    { prefix: UPLOADS_PREFIX, dir: uploadsDir, label: 'the pictures folder' },
    ...(options.returnPhotosDir
      ? [
          {
            prefix: RETURN_PHOTOS_PREFIX,
            dir: options.returnPhotosDir,
            label: 'the return photos folder',
          },
        ]
      : []),
  ];
  const manifest = await verifyBackup(file);

  const code = codeSchemaVersion();
  if (manifest.schema.when > code.when)
    throw new RestoreRefusedError(
      `The backup comes from a newer version of the shop (its schema is ${schemaTag(manifest.schema.when)}, made by version ${manifest.appVersion}; this version knows up to ${code.tag}). Upgrade the shop first, then restore.`,
    );
  if (manifest.database.kind !== target.kind)
    throw new RestoreRefusedError(
      manifest.database.kind === 'pglite'
        ? 'The backup holds an embedded database, but DATABASE_URL names a PostgreSQL server: unset DATABASE_URL to restore it into DATA_DIR.'
        : 'The backup holds a PostgreSQL database, but DATABASE_URL is not set: set it to the (empty) database to restore into.',
    );

  const pgliteDir = target.kind === 'pglite' ? path.join(target.dataDir, 'pglite') : null;
  const full: string[] = [];
  if (pgliteDir && (await holdsFiles(pgliteDir))) full.push(`the database folder ${pgliteDir}`);
  if (target.kind === 'postgres') {
    const { tables, others } = await postgresHoldsData(target.url);
    if (others > 0)
      throw new RestoreRefusedError(
        `${others} other connection(s) are open to the database: stop every shop server first.`,
      );
    if (tables > 0) full.push(`the database (${tables} tables)`);
  }
  for (const folder of folders)
    if (await holdsFiles(folder.dir)) full.push(`${folder.label} ${folder.dir}`);
  if (full.length > 0 && !replace)
    throw new RestoreRefusedError(
      `Refusing to restore over data: ${full.join(' and ')} already ${full.length > 1 ? 'hold' : 'holds'} data. Restore into an empty DATA_DIR, or add --replace to put the current data aside${target.kind === 'postgres' ? ' (on PostgreSQL it is dropped: take a backup of it first)' : ''}.`,
    );

  // Everything is written beside its place first, then moved in.
  const tag = randomBytes(4).toString('hex');
  const staged = folders.map((f) => ({ ...f, staging: `${f.dir}.restoring-${tag}` }));
  const uploadsStaging = staged[0]!.staging;
  const pgliteStaging = pgliteDir ? `${pgliteDir}.restoring-${tag}` : null;
  const dumpFile = target.kind === 'postgres' ? `${uploadsStaging}.pgdump` : null;
  let databaseBytes: (EntrySink & { bytes(): Buffer }) | null = null;
  const keptAside: string[] = [];
  try {
    for (const f of staged) await fs.mkdir(f.staging, { recursive: true });
    const second = await readArchive(file, async (name) => {
      if (name === manifest.database.entry) {
        if (dumpFile) return fileSink(dumpFile);
        databaseBytes = memorySink();
        return databaseBytes;
      }
      const folder = staged.find((f) => entryPath(name, f.prefix) !== null);
      const rel = folder ? entryPath(name, folder.prefix) : null;
      if (!folder || !rel) return null;
      const destination = path.join(folder.staging, rel);
      await fs.mkdir(path.dirname(destination), { recursive: true });
      return fileSink(destination);
    });
    // The file was checked a moment ago; it must not have changed since.
    if (!manifest.entries.every((entry, i) => sameEntry(entry, second[i])))
      throw damaged('it changed while it was being restored');

    if (target.kind === 'pglite' && pgliteDir && pgliteStaging) {
      const bytes = (databaseBytes as (EntrySink & { bytes(): Buffer }) | null)?.bytes();
      if (!bytes) throw damaged('it holds no copy of the database');
      const client = await PGlite.create(
        pgliteOptions({ dataDir: pgliteStaging, loadDataDir: new Blob([bytes]) }),
      );
      try {
        await client.query('select 1');
      } finally {
        await client.close();
      }
      if (await exists(pgliteDir)) {
        const aside = asideName(pgliteDir);
        await fs.rename(pgliteDir, aside);
        keptAside.push(aside);
      }
      await fs.rename(pgliteStaging, pgliteDir);
    } else if (target.kind === 'postgres' && dumpFile) {
      if (full.length > 0) await emptyPostgres(target.url);
      await pgRestore(target.url, dumpFile);
    }

    for (const f of staged) {
      if (await exists(f.dir)) {
        if (await holdsFiles(f.dir)) {
          const aside = asideName(f.dir);
          await fs.rename(f.dir, aside);
          keptAside.push(aside);
        } else {
          await fs.rm(f.dir, { recursive: true, force: true });
        }
      }
      await fs.rename(f.staging, f.dir);
    }
    return { manifest, keptAside };
  } finally {
    for (const f of staged) await fs.rm(f.staging, { recursive: true, force: true });
    if (pgliteStaging) await fs.rm(pgliteStaging, { recursive: true, force: true });
    if (dumpFile) await fs.rm(dumpFile, { force: true });
  }
}

const exists = (p: string) =>
  fs.stat(p).then(
    () => true,
    () => false,
  );
