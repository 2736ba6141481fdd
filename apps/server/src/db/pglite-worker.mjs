// @ts-check
/*
 * The embedded database (PGlite) on a thread of its own (decision 071). PGlite runs PostgreSQL
 * as WebAssembly inside the thread that calls it, so on the server's own thread a 30-second
 * import held every request for 30 seconds and a 2-second statement stopped the event loop for
 * 2 seconds. Here it answers messages from `pglite-thread.ts`, which owns the transactions: this
 * side runs what it is sent, in the order it arrives.
 *
 * Plain JavaScript, so that the tests (TypeScript through Vitest) and the built server (dist/)
 * start the same file without a loader.
 */
import v8 from 'node:v8';
import vm from 'node:vm';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, parse, protocol } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

if (!parentPort) throw new Error('pglite-worker.mjs runs as a worker thread');
const port = parentPort;

/** @type {{ dataDir?: string; dump?: ArrayBuffer; startParams?: string[]; collect?: boolean }} */
const options = workerData ?? {};

const pg = await PGlite.create({
  extensions: { pg_trgm },
  ...(options.dataDir ? { dataDir: options.dataDir } : {}),
  ...(options.dump ? { loadDataDir: new Blob([options.dump]) } : {}),
  ...(options.startParams ? { startParams: options.startParams } : {}),
});

if (options.collect) {
  // Starting PGlite unpacks its file system bundle into a few hundred MB of short-lived buffers;
  // V8 frees them only at a full collection, which a quiet server may not run for hours
  // (decision 033: resident memory 807 → 435 MB bare).
  v8.setFlagsFromString('--expose-gc');
  /** @type {() => void} */ (vm.runInNewContext('gc'))();
}

/** Parsers that keep a type's text as it is (what Drizzle asks for dates, times and intervals). */
const keepText = (/** @type {number[] | undefined} */ oids) => {
  if (!oids || oids.length === 0) return undefined;
  /** @type {Record<number, (value: string) => string>} */
  const parsers = {};
  for (const oid of oids) parsers[oid] = (value) => value;
  return parsers;
};

/** Statement names by their text: parsed once, then only bound and executed. */
const names = new Map();
const parsed = new Set();

/** A parameter as text, or undefined for a value the named path does not send. */
const parameterText = (/** @type {unknown} */ value) => {
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

/** Protocol messages as one buffer, for one `execProtocol` call. */
const concat = (/** @type {Uint8Array[]} */ steps) => {
  const message = new Uint8Array(steps.reduce((n, step) => n + step.length, 0));
  steps.reduce((at, step) => (message.set(step, at), at + step.length), 0);
  return message;
};

/**
 * A named statement through PGlite's protocol calls: for the placing statement's dozen CTEs,
 * parsing and planning on every call cost more than running it. The answer is what `query`
 * gives for the same options.
 */
async function runNamed(
  /** @type {string} */ name,
  /** @type {string} */ text,
  /** @type {(string | null)[]} */ values,
  /** @type {import('@electric-sql/pglite').QueryOptions | undefined} */ queryOptions,
) {
  const { serialize } = protocol;
  return pg._runExclusiveTransaction(() =>
    pg.runExclusive(async () => {
      /** @type {Uint8Array[]} */
      const steps = [];
      if (!parsed.has(name)) steps.push(serialize.parse({ name, text, types: [] }));
      steps.push(
        serialize.bind({ statement: name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      );
      let messages;
      try {
        ({ messages } = await pg.execProtocol(concat(steps)));
      } catch (err) {
        // Parsed, then refused while running (a constraint, a division by zero): the statement
        // exists, and parsing it again on the next call would fail for good. Close it, so the
        // next call parses it anew (closing one that does not exist is no error).
        if (!parsed.has(name))
          await pg
            .execProtocol(concat([serialize.close({ type: 'S', name }), serialize.sync()]))
            .catch(() => undefined);
        throw err;
      }
      parsed.add(name);
      const [result] = parse.parseResults(messages, pg.parsers, queryOptions);
      return result ?? { rows: [], fields: [] };
    }),
  );
}

/** @type {Map<string, () => Promise<void>>} */
const listening = new Map();

/** @param {any} m */
async function run(m) {
  switch (m.op) {
    case 'query': {
      const queryOptions = { rowMode: m.rowMode ?? 'object', parsers: keepText(m.keepText) };
      const name = names.get(m.text);
      const values = name ? (m.params ?? []).map(parameterText) : [];
      const result =
        name && !values.includes(undefined)
          ? await runNamed(name, m.text, values, queryOptions)
          : await pg.query(m.text, m.params ?? [], queryOptions);
      return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
    }
    case 'exec': {
      const results = await pg.exec(m.text);
      return results.map((r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows }));
    }
    case 'name':
      if (!names.has(m.text)) names.set(m.text, m.name ?? `prepared_${names.size + 1}`);
      return null;
    case 'listen': {
      if (!listening.has(m.channel))
        listening.set(
          m.channel,
          await pg.listen(m.channel, (payload) => port.postMessage({ notify: m.channel, payload })),
        );
      return null;
    }
    case 'unlisten': {
      const off = listening.get(m.channel);
      listening.delete(m.channel);
      await off?.();
      return null;
    }
    case 'dump': {
      const tarball = await pg.dumpDataDir(m.compression ?? 'none');
      return await tarball.arrayBuffer();
    }
    case 'close':
      await pg.close();
      return null;
    default:
      throw new Error(`unknown operation ${String(m.op)}`);
  }
}

/** A database error's fields (code, detail, constraint…) survive the trip; a clone drops them. */
const describeError = (/** @type {unknown} */ err) => {
  if (!(err instanceof Error)) return { message: String(err) };
  /** @type {Record<string, unknown>} */
  const fields = { message: err.message, name: err.name, stack: err.stack };
  for (const [key, value] of Object.entries(err))
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value))
      fields[key] = value;
  return fields;
};

port.on('message', (m) => {
  run(m).then(
    (result) => {
      const transfer = result instanceof ArrayBuffer ? [result] : [];
      port.postMessage({ id: m.id, result }, transfer);
      if (m.op === 'close') port.close();
    },
    (err) => port.postMessage({ id: m.id, error: describeError(err) }),
  );
});
port.postMessage({ ready: true });
