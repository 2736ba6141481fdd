import type { DbOrTx } from './database.js';

/**
 * A statement built once per database handle and prepared (named, with placeholders) instead of
 * having Drizzle build the same SQL again on every call: for the hot paths. On PostgreSQL each
 * pooled connection prepares it on first use; a transaction handle gets its own.
 */
export function prepared<P>(build: (db: DbOrTx) => P): (db: DbOrTx) => P {
  const built = new WeakMap<DbOrTx, P>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}
