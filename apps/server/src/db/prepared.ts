import { PGlite, parse, protocol, type QueryOptions, type Results } from '@electric-sql/pglite';
import type { Query, SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './database.js';
import { rowsOf } from './raw-rows.js';

/**
 * A statement built once per database handle and prepared (named, with placeholders) instead of
 * having Drizzle build the same SQL again on every call: for the hot paths. On PostgreSQL each
 * pooled connection prepares it on first use; a transaction handle gets its own. On the embedded
 * database, where Drizzle's driver would parse and plan it on every call, it is parsed once by
 * name (`nameOnPglite`).
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
      if (embedded && typeof text === 'string') nameOnPglite(embedded, text);
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

/** A parameter as text, or undefined for a value this path does not send (the plain path does). */
const parameterText = (value: unknown): string | null | undefined => {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint')
    return String(value);
  // An array of ids or words: PostgreSQL's array literal, every element quoted.
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number'))
    return `{${value.map((v) => `"${String(v).replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
  return undefined;
};

/** Statements already parsed by name, per embedded database. */
const parsedOn = new WeakMap<PGlite, Set<string>>();

/**
 * On the embedded database a statement sent through `query` is parsed and planned every time,
 * which for the placing statement's dozen CTEs costs more than running it. Here it is parsed once
 * under its name (PGlite is one session) and then only bound and executed, through PGlite's
 * protocol calls, after any open transaction and with no other query interleaving. The answer is
 * what `query` gives for the same options.
 */
async function runNamed(
  client: PGlite,
  name: string,
  text: string,
  parameters: (string | null)[],
  options?: QueryOptions,
): Promise<Results> {
  const { serialize } = protocol;
  // As PGlite's own `query` does: wait for any transaction another caller has open (PGlite is one
  // session, so a statement sent meanwhile would run inside it), then hold the protocol.
  return client._runExclusiveTransaction(() =>
    client.runExclusive(async () => {
      let parsed = parsedOn.get(client);
      if (!parsed) parsedOn.set(client, (parsed = new Set()));
      const steps: Uint8Array[] = [];
      if (!parsed.has(name)) steps.push(serialize.parse({ name, text, types: [] }));
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
      const [result] = parse.parseResults(messages, client.parsers, options);
      return result ?? { rows: [], fields: [] };
    }),
  );
}

/** Statement names by their text, per embedded database, for `prepared` statements. */
const namedTexts = new WeakMap<PGlite, Map<string, string>>();

/**
 * Routes Drizzle's calls of `query` with a `prepared` statement's text to the named path; every
 * other query, and one with a parameter this path does not send, goes the usual way.
 */
function nameOnPglite(client: PGlite, text: string, name?: string): void {
  let names = namedTexts.get(client);
  if (!names) {
    const table = (names = new Map<string, string>());
    namedTexts.set(client, table);
    const plain = client.query.bind(client);
    client.query = (async (query: string, params?: unknown[], options?: QueryOptions) => {
      const name = table.get(query);
      const parameters = name ? (params ?? []).map(parameterText) : [];
      if (!name || parameters.includes(undefined)) return plain(query, params, options);
      return runNamed(client, name, query, parameters as (string | null)[], options);
    }) as PGlite['query'];
  }
  if (!names.has(text)) names.set(text, name ?? `prepared_${names.size + 1}`);
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
  const statements = prepared((db) => {
    // Named as given on the embedded database too (`prepared` keeps the first name of a text).
    const embedded = pgliteOf(db);
    if (embedded) nameOnPglite(embedded, query().sql, name);
    return db._.session.prepareQuery(query(), undefined, name, false);
  });
  return async (db, values) => rowsOf(await statements(db).execute(values));
}
