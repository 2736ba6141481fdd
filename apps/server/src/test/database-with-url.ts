import type { Database } from '../db/database.js';
import { createSharedTestDatabase, createTestDatabase } from './test-database.js';

/**
 * A fresh migrated database with, on PostgreSQL, its URL (what pg_dump and the app's
 * `config.databaseUrl` need); on the embedded database the URL is undefined, as in production.
 */
export async function testDatabaseWithUrl(): Promise<{ database: Database; url?: string }> {
  const shared = await createSharedTestDatabase();
  if (!shared) return { database: await createTestDatabase() };
  const database = await shared.open(20);
  return {
    url: shared.url,
    database: {
      ...database,
      async close() {
        await database.close();
        await shared.drop();
      },
    },
  };
}
