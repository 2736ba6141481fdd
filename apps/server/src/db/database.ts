import fs from 'node:fs/promises';
import type { PGlite, PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsDir } from '../paths.js';
import { PgliteThread } from './pglite-thread.js';
import * as schema from './tables.js';

/** The one database type the services see; both drivers satisfy it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle, for services that must join a caller's transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** The embedded database's own client, on its thread (backups copy its data folder through it). */
  pglite?: PgliteThread;
  /** PostgreSQL: the pool's connections in use, idle, and callers waiting for one (metrics). */
  poolStats?: () => { total: number; idle: number; waiting: number; max: number };
};

/**
 * The lock every instance takes to change the schema or seed: any fixed number, the same for every
 * instance of this app. Migrations hold it for the session; the seed for its transaction.
 */
export const SETUP_LOCK_ID = 7_340_211;

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client's error (e.g. the server restarting) must not crash the process.
  pool.on('error', () => undefined);
  const db = drizzleNodePg({ client: pool, schema });
  return {
    db,
    kind: 'postgres',
    async migrate() {
      // Several instances may start at once against one server: only one migrates at a time.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [SETUP_LOCK_ID]);
        await migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder: migrationsDir });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [SETUP_LOCK_ID]).catch(() => undefined);
        client.release();
      }
    },
    close: () => pool.end(),
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: poolSize,
    }),
  };
}

export function wrapPglite(client: PgliteThread): Database {
  // Drizzle's driver calls only `query` and `transaction`, which the thread's client answers as
  // PGlite does.
  const db = drizzlePglite({ client: client as unknown as PGlite, schema });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: migrationsDir }),
    close: () => client.close(),
    pglite: client,
  };
}

/**
 * The extensions the migrations create (`pg_trgm` for typo-tolerant search): PGlite loads them
 * at start, the PostgreSQL server has them built in. Every PGlite instance must be made with these.
 */
export const pgliteOptions = (options: PGliteOptions = {}): PGliteOptions => ({
  ...options,
  extensions: { pg_trgm },
});

/**
 * PGlite's start-up parameters (its own defaults) with a smaller buffer pool: PostgreSQL's 128 MB
 * default is resident WebAssembly memory in this process, and the operating system's file cache
 * serves the embedded data folder anyway. See docs/decisions/033.
 */
const PGLITE_START_PARAMS = [
  '--single',
  '-F',
  '-O',
  '-j',
  ...['search_path=public', 'exit_on_error=false', 'log_checkpoints=false']
    .concat(['max_worker_processes=0', 'max_parallel_workers=0'])
    .concat(['max_parallel_workers_per_gather=0', 'max_parallel_maintenance_workers=0'])
    .concat(['io_method=sync', 'shared_buffers=32MB'])
    .flatMap((setting) => ['-c', setting]),
];

export async function openPglite(dataDir: string): Promise<Database> {
  await fs.mkdir(dataDir, { recursive: true });
  const client = await PgliteThread.start({
    dataDir,
    startParams: PGLITE_START_PARAMS,
    collectStartupGarbage: true,
  });
  return wrapPglite(client);
}

export async function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
  poolSize: number;
}): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize)
    : openPglite(`${options.dataDir}/pglite`);
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
