import fs from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openPostgres, wrapPglite, type Database } from '../db/database.js';
import { PgliteThread } from '../db/pglite-thread.js';

/**
 * On PostgreSQL only: one fresh migrated database (a copy of the migrated template) that several
 * handles may open, as several instances of the shop would. Undefined on the embedded database
 * (one owner per data folder).
 */
export async function createSharedTestDatabase(): Promise<
  { url: string; open(poolSize?: number): Promise<Database>; drop(): Promise<void> } | undefined
> {
  const templateUrl = inject('postgresTemplateUrl');
  if (!templateUrl) return undefined;
  const template = new URL(templateUrl);
  const name = `${template.pathname.slice(1)}_${randomBytes(4).toString('hex')}`;
  const adminUrl = new URL(templateUrl);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  await admin.query(`create database "${name}" template "${template.pathname.slice(1)}"`);
  const url = new URL(templateUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    open: (poolSize = 10) => openPostgres(url.toString(), poolSize),
    async drop() {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

/**
 * A fresh, migrated, empty database for one test file: PGlite by default, a copy of the
 * migrated template on PostgreSQL when the suite runs with TEST_DB=postgres.
 */
export async function createTestDatabase(): Promise<Database> {
  const shared = await createSharedTestDatabase();
  if (shared) {
    const database = await shared.open(20);
    return {
      ...database,
      async close() {
        await database.close();
        await shared.drop();
      },
    };
  }
  if (process.env.TEST_DB === 'postgres')
    throw new Error(
      'TEST_DB=postgres, but no PostgreSQL template was prepared: see global-setup.ts',
    );
  const dump = await fs.readFile(inject('pgliteDumpPath'));
  const client = await PgliteThread.start({ dump });
  return wrapPglite(client);
}
