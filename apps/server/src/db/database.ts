import fs from 'node:fs/promises';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsDir } from '../paths.js';
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
  };
}

export function wrapPglite(client: PGlite): Database {
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: migrationsDir }),
    close: () => client.close(),
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

export async function openPglite(dataDir: string): Promise<Database> {
  await fs.mkdir(dataDir, { recursive: true });
  return wrapPglite(await PGlite.create(pgliteOptions({ dataDir })));
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
