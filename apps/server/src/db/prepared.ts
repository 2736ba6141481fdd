import { PGlite, parse, protocol, types } from '@electric-sql/pglite';
import { fillPlaceholders, type Query, type SQL } from 'drizzle-orm';
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

/** The embedded database's own client behind a Drizzle handle (not a transaction's). */
const pgliteOf = (db: DbOrTx): PGlite | undefined => {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof PGlite ? client : undefined;
};

/** What Drizzle's PGlite driver leaves as text (its column mappings parse them). */
const asText = (value: unknown) => value;
const PGLITE_ROW_PARSERS = {
  [types.TIMESTAMP]: asText,
  [types.TIMESTAMPTZ]: asText,
  [types.INTERVAL]: asText,
  [types.DATE]: asText,
};

const parameterText = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'boolean') return value ? 't' : 'f';
  // An array of ids or words: PostgreSQL's array literal, every element quoted.
  if (Array.isArray(value))
    return `{${value.map((v) => `"${String(v).replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
  return String(value);
};

/** Statements already parsed by name, per embedded database. */
const parsedOn = new WeakMap<PGlite, Set<string>>();

/**
 * On the embedded database a statement sent through `query` is parsed and planned every time,
 * which for the placing statement's dozen CTEs costs more than running it. Here it is parsed once
 * under its name (PGlite is one session) and then only bound and executed, through PGlite's
 * protocol calls, run exclusively so no other query or transaction interleaves.
 */
async function runNamedOnPglite(
  client: PGlite,
  name: string,
  query: Query,
  values: Record<string, unknown>,
): Promise<Record<string, unknown>[]> {
  const { serialize } = protocol;
  const parameters = fillPlaceholders(query.params, values).map(parameterText);
  return client.runExclusive(async () => {
    let parsed = parsedOn.get(client);
    if (!parsed) parsedOn.set(client, (parsed = new Set()));
    const steps: Uint8Array[] = [];
    if (!parsed.has(name)) steps.push(serialize.parse({ name, text: query.sql, types: [] }));
    steps.push(
      serialize.bind({ statement: name, values: parameters }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    );
    const message = new Uint8Array(steps.reduce((n, step) => n + step.length, 0));
    steps.reduce((at, step) => (message.set(step, at), at + step.length), 0);
    const { messages } = await client.execProtocol(message);
    parsed.add(name);
    const [result] = parse.parseResults(messages, client.parsers, { parsers: PGLITE_ROW_PARSERS });
    return (result?.rows ?? []) as Record<string, unknown>[];
  });
}

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
  const statements = prepared((db) => db._.session.prepareQuery(query(), undefined, name, false));
  return async (db, values) => {
    const embedded = pgliteOf(db);
    if (embedded) return runNamedOnPglite(embedded, name, query(), values);
    return rowsOf(await statements(db).execute(values));
  };
}
