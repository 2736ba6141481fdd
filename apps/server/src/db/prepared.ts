import type { Query, SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './database.js';
import { PgliteThread } from './pglite-thread.js';
import { rowsOf } from './raw-rows.js';

/**
 * A statement built once per database handle and prepared (named, with placeholders) instead of
 * having Drizzle build the same SQL again on every call: for the hot paths. On PostgreSQL each
 * pooled connection prepares it on first use; a transaction handle gets its own. On the embedded
 * database, where Drizzle's driver would parse and plan it on every call, it is parsed once by
 * name (`PgliteThread.nameStatement`).
 */
export function prepared<P>(build: (db: DbOrTx) => P): (db: DbOrTx) => P {
  const built = new WeakMap<DbOrTx, P>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) {
      statement = build(db);
      built.set(db, statement);
      const embedded = pgliteOf(db);
      const text = (statement as { queryString?: unknown }).queryString;
      if (embedded && typeof text === 'string') embedded.nameStatement(text);
    }
    return statement;
  };
}

const dialect = new PgDialect();

/** The embedded database's own client behind a Drizzle handle (not a transaction's). */
const pgliteOf = (db: DbOrTx): PgliteThread | undefined => {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof PgliteThread ? client : undefined;
};

/**
 * A raw statement (one whose pieces come from several modules, which Drizzle's builders cannot
 * prepare) built once with `sql.placeholder`s and prepared by name on each connection. The answer
 * is its rows as the driver gives them (column names, driver values: see `rowOf`).
 */
export function preparedSql(
  name: string,
  build: () => SQL,
): (db: DbOrTx, values: Record<string, unknown>) => Promise<Record<string, unknown>[]> {
  let built: Query | undefined;
  const query = () => (built ??= dialect.sqlToQuery(build()));
  const statements = prepared((db) => {
    // Named as given on the embedded database too (`prepared` keeps the first name of a text).
    const embedded = pgliteOf(db);
    if (embedded) embedded.nameStatement(query().sql, name);
    return db._.session.prepareQuery(query(), undefined, name, false);
  });
  return async (db, values) => rowsOf(await statements(db).execute(values));
}
