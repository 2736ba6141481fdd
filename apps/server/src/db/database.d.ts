import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.js';
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
export declare function openPostgres(url: string, poolSize?: number): Promise<Database>;
export declare function wrapPglite(client: PGlite): Database;
export declare function openPglite(dataDir: string): Promise<Database>;
export declare function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
  poolSize: number;
}): Promise<Database>;
export declare function pingDatabase(db: Db): Promise<void>;
