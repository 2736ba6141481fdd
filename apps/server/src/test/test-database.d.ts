import { type Database } from '../db/database.js';
/**
 * A fresh, migrated, empty database for one test file: PGlite by default, a copy of the
 * migrated template on PostgreSQL when the suite runs with TEST_DB=postgres.
 */
export declare function createTestDatabase(): Promise<Database>;
