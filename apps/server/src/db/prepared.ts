import type { Query, SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './database.js';
import { rowsOf } from './raw-rows.js';

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

const dialect = new PgDialect();

/**
 * A raw statement (one whose pieces come from several modules, which Drizzle's builders cannot
 * prepare) built once with `sql.placeholder`s and prepared by name on each connection. The answer
 * is its rows as the driver gives them (column names, driver values: see `rowOf`).
 */
export function preparedSql(
  name: string,
  build: () => SQL,
): (db: DbOrTx, values: Record<string, unknown>) => Promise<Record<string, unknown>[]> {
  let query: Query | undefined;
  const statements = prepared((db) => {
    query ??= dialect.sqlToQuery(build());
    return db._.session.prepareQuery(query, undefined, name, false);
  });
  return async (db, values) => rowsOf(await statements(db).execute(values));
}
