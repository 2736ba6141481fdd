import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';

/*
 * The embedded database on its own thread (`pglite-worker.mjs`, decision 071), with the part of
 * PGlite's interface this server uses: Drizzle's `query` and `transaction`, `exec`, `listen`,
 * a copy of the data folder for backups, and statements parsed once by name. PGlite is one
 * session: as in PGlite itself, a transaction holds it, and a statement sent meanwhile by
 * anyone else waits for the transaction to end instead of running inside it.
 */

type Reply = { id: number; result?: unknown; error?: Record<string, unknown> };

/** What a transaction's callback gets: statements that run inside it. */
export type PgliteTransaction = {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string): Promise<Results[]>;
};

export type PgliteThreadOptions = {
  /** The data folder; none keeps the database in memory. */
  dataDir?: string;
  /** A data folder's copy (`dumpDataDir`) to start from. */
  dump?: Uint8Array;
  startParams?: string[];
  /** A full collection after start-up gives back PGlite's start-up buffers (decision 033). */
  collectStartupGarbage?: boolean;
};

export class PgliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve(v: unknown): void; reject(e: unknown): void }>();
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();
  #nextId = 1;
  /** The end of the last transaction begun (or of a copy being taken): later ones queue on it. */
  #held: Promise<void> = Promise.resolve();
  /** A transaction (or a copy of the folder) has the session now. */
  #holding = false;
  #closed = false;
  #closing = false;
  readonly #onStopped: ((reason: string) => void)[] = [];

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (m: Reply & { notify?: string; payload?: string }) => {
      if (m.notify !== undefined) {
        for (const listener of this.#listeners.get(m.notify) ?? []) listener(m.payload ?? '');
        return;
      }
      const waiting = this.#pending.get(m.id);
      if (!waiting) return;
      this.#pending.delete(m.id);
      if (m.error) waiting.reject(rebuildError(m.error));
      else waiting.resolve(m.result);
    });
    worker.on('error', (err) => this.#failAll(err));
    worker.on('exit', (code) => {
      this.#closed = true;
      const reason = `the embedded database's thread stopped (exit code ${code})`;
      this.#failAll(new Error(reason));
      if (!this.#closing) for (const listener of this.#onStopped) listener(reason);
    });
  }

  /** Starts the thread and waits until its database is open. */
  static async start(options: PgliteThreadOptions = {}): Promise<PgliteThread> {
    const dump = options.dump ? Uint8Array.from(options.dump).buffer : undefined;
    const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
      workerData: {
        dataDir: options.dataDir,
        dump,
        startParams: options.startParams,
        collect: options.collectStartupGarbage ?? false,
      },
      transferList: dump ? [dump] : [],
    });
    await new Promise<void>((resolve, reject) => {
      const onMessage = (m: { ready?: boolean }) => {
        if (!m.ready) return;
        worker.off('error', reject);
        worker.off('message', onMessage);
        resolve();
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
      worker.once('exit', (code) =>
        reject(new Error(`the embedded database did not start (exit code ${code})`)),
      );
    });
    return new PgliteThread(worker);
  }

  #failAll(err: unknown) {
    for (const waiting of this.#pending.values()) waiting.reject(err);
    this.#pending.clear();
  }

  #send<T>(message: Record<string, unknown>): Promise<T> {
    if (this.#closed) return Promise.reject(new Error('the embedded database is closed'));
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.#worker.postMessage({ ...message, id });
    });
  }

  /** Runs `work` with the session to itself: after every transaction begun before it. */
  async #hold<T>(work: () => Promise<T>): Promise<T> {
    const before = this.#held;
    let release!: () => void;
    this.#held = new Promise<void>((resolve) => (release = resolve));
    await before;
    this.#holding = true;
    try {
      return await work();
    } finally {
      this.#holding = false;
      release();
    }
  }

  #query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#send<Results<T>>({
      op: 'query',
      text,
      params,
      rowMode: options?.rowMode,
      // Drizzle's parsers all keep a type's text as it is: sent as the types they apply to.
      keepText: options?.parsers ? Object.keys(options.parsers).map(Number) : undefined,
    });
  }

  #exec(text: string): Promise<Results[]> {
    return this.#send<Results[]>({ op: 'exec', text });
  }

  /*
   * While a transaction holds the session, a statement waits for it to end. Otherwise it is sent
   * in the same turn as the check: the thread runs messages in order, so it runs before any
   * transaction begun after it, never inside one.
   */
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    if (!this.#holding) return this.#query<T>(text, params, options);
    return this.#held.then(() => this.query<T>(text, params, options));
  }

  exec(text: string): Promise<Results[]> {
    if (!this.#holding) return this.#exec(text);
    return this.#held.then(() => this.exec(text));
  }

  /** Commits what `callback` did, or rolls it back if it throws; nobody else's statement runs meanwhile. */
  async transaction<T>(callback: (tx: PgliteTransaction) => Promise<T>): Promise<T> {
    return this.#hold(async () => {
      await this.#exec('begin');
      let done = false;
      const tx: PgliteTransaction = {
        query: (text, params, options) =>
          done
            ? Promise.reject(new Error('the transaction has ended'))
            : this.#query(text, params, options),
        exec: (text) =>
          done ? Promise.reject(new Error('the transaction has ended')) : this.#exec(text),
      };
      try {
        const result = await callback(tx);
        done = true;
        await this.#exec('commit');
        return result;
      } catch (err) {
        done = true;
        await this.#exec('rollback').catch(() => undefined);
        throw err;
      }
    });
  }

  /** A statement's text sent later by `query` runs as a statement parsed once under a name. */
  nameStatement(text: string, name?: string): void {
    void this.#send({ op: 'name', text, name }).catch(() => undefined);
  }

  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let set = this.#listeners.get(channel);
    if (!set) {
      this.#listeners.set(channel, (set = new Set()));
      await this.#send({ op: 'listen', channel });
    }
    set.add(callback);
    return async () => {
      set.delete(callback);
      if (set.size === 0 && this.#listeners.get(channel) === set) {
        this.#listeners.delete(channel);
        if (!this.#closed) await this.#send({ op: 'unlisten', channel });
      }
    };
  }

  /**
   * A copy of the data folder as a tar file, taken between two transactions: nothing else runs
   * while it is taken.
   */
  async dumpDataDir(compression: 'none' | 'gzip' | 'auto' = 'none'): Promise<Blob> {
    return this.#hold(
      async () => new Blob([await this.#send<ArrayBuffer>({ op: 'dump', compression })]),
    );
  }

  /** `listener` hears of the thread stopping other than by `close` (a crash inside PGlite). */
  onStopped(listener: (reason: string) => void): void {
    this.#onStopped.push(listener);
  }

  /** Flushes the database to its folder and stops the thread. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closing = true;
    await this.#hold(() => this.#send({ op: 'close' }));
    this.#closed = true;
    await this.#worker.terminate();
  }
}

/** The database error as the driver gave it: its message, SQLSTATE and the rest of its fields. */
function rebuildError(fields: Record<string, unknown>): Error {
  const err = new Error(String(fields.message ?? 'database error'));
  for (const [key, value] of Object.entries(fields))
    if (key !== 'message' && key !== 'stack')
      (err as unknown as Record<string, unknown>)[key] = value;
  if (typeof fields.name === 'string') err.name = fields.name;
  return err;
}
