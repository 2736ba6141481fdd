import type { Db } from './database.js';
/**
 * Fills an empty catalog with the demo parts and reviews. Never touches a catalog that already
 * has parts, so it is safe on every start.
 */
export declare function seedCatalog(db: Db): Promise<{
  seeded: boolean;
}>;
