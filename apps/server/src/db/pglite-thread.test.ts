import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { hasPgCode } from './pg-errors.js';
import { PgliteThread } from './pglite-thread.js';
import { wrapPglite, type Database } from './database.js';
import { rowsOf } from './raw-rows.js';

/*
 * The embedded database on its own thread (decision 071): what PGlite gave in the server's thread,
 * it gives here, and the server's thread keeps running while a statement does.
 */
describe('the embedded database on its own thread', () => {
  let client: PgliteThread;
  let database: Database;
  beforeAll(async () => {
    client = await PgliteThread.start();
    database = wrapPglite(client);
    await client.exec(`create table thread_rows (id int primary key, label text not null)`);
  });
  afterAll(async () => {
    await database.close();
  });

  it('answers with the types PGlite gives: numbers, text, booleans, json, arrays, bytes', async () => {
    const { rows } = await client.query<Record<string, unknown>>(
      `select 1::int as n, 'a'::text as t, true as b, '{"x":[1]}'::jsonb as j,
              array['p','q'] as a, '\\x0102'::bytea as bytes, $1::text as param`,
      ['given'],
    );
    expect(rows[0]).toEqual({
      n: 1,
      t: 'a',
      b: true,
      j: { x: [1] },
      a: ['p', 'q'],
      bytes: new Uint8Array([1, 2]),
      param: 'given',
    });
  });

  it('keeps timestamps as text through Drizzle, as the in-thread driver did', async () => {
    const rows = rowsOf(
      await database.db.execute(
        sql`select timestamptz '2026-01-02 03:04:05+00' as at, ${'x'}::text as given`,
      ),
    );
    expect(typeof rows[0]!.at).toBe('string');
    expect(rows[0]!.given).toBe('x');
  });

  it('keeps a failed statement’s SQLSTATE and constraint, and the session usable', async () => {
    await client.query(`insert into thread_rows values (1, 'one')`);
    const err = await client
      .query(`insert into thread_rows values (1, 'again')`)
      .catch((e: unknown) => e);
    expect(hasPgCode(err, '23505')).toBe(true);
    expect((err as { constraint?: string }).constraint).toBe('thread_rows_pkey');
    const viaDrizzle = await database.db
      .execute(sql`insert into thread_rows values (1, 'again')`)
      .catch((e: unknown) => e);
    expect(hasPgCode(viaDrizzle, '23505')).toBe(true);
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from thread_rows`,
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('rolls a failed transaction back whole, and commits a good one', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into thread_rows values (2, 'two')`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_rows values (3, 'three')`);
      // A savepoint (Drizzle's nested transaction) rolls back alone.
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into thread_rows values (4, 'four')`);
          throw new Error('inner only');
        })
        .catch(() => undefined);
    });
    const { rows } = await client.query<{ id: number }>(`select id from thread_rows order by id`);
    expect(rows.map((r) => r.id)).toEqual([1, 3]);
  });

  it('never runs another caller’s statement inside an open transaction', async () => {
    let inside!: () => void;
    const opened = new Promise<void>((resolve) => (inside = resolve));
    const rolledBack = database.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into thread_rows values (10, 'rolled back')`);
        inside();
        await new Promise((resolve) => setTimeout(resolve, 50));
        await tx.execute(sql`insert into thread_rows values (11, 'rolled back')`);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await opened;
    // Sent while the transaction is open: many at once, as concurrent requests would.
    const outside = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        database.db.execute(sql`insert into thread_rows values (${100 + i}, 'outside')`),
      ),
    );
    await rolledBack;
    expect(outside).toHaveLength(20);
    const { rows } = await client.query<{ label: string; n: number }>(
      `select label, count(*)::int as n from thread_rows where id >= 10 group by label`,
    );
    expect(rows).toEqual([{ label: 'outside', n: 20 }]);
  });

  it('keeps the server’s thread running while a long statement runs', async () => {
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 5);
    const started = Date.now();
    await client.query(
      `select count(*) from generate_series(1, 3000000) g where md5(g::text) like 'ab%'`,
    );
    const took = Date.now() - started;
    clearInterval(timer);
    // In the server's own thread the timer could not have fired at all while it ran.
    expect(took).toBeGreaterThan(50);
    expect(ticks).toBeGreaterThan(took / 5 / 4);
  });

  it('delivers notifications to listeners until they stop listening', async () => {
    const heard: string[] = [];
    const off = await client.listen('thread_channel', (payload) => heard.push(payload));
    await client.query(`select pg_notify('thread_channel', 'first')`);
    await expect.poll(() => heard).toEqual(['first']);
    await off();
    await client.query(`select pg_notify('thread_channel', 'second')`);
    await client.query(`select 1`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(heard).toEqual(['first']);
  });

  it('copies the data folder between transactions, and a copy starts a database of its own', async () => {
    const tarball = await client.dumpDataDir('none');
    const copy = await PgliteThread.start({ dump: new Uint8Array(await tarball.arrayBuffer()) });
    try {
      const { rows } = await copy.query<{ n: number }>(
        `select count(*)::int as n from thread_rows`,
      );
      const mine = await client.query<{ n: number }>(`select count(*)::int as n from thread_rows`);
      expect(rows[0]!.n).toBe(mine.rows[0]!.n);
    } finally {
      await copy.close();
    }
  });

  it('answers a statement parsed once by name as the plain one does, also inside a transaction', async () => {
    const text = 'select id, label from thread_rows where id = any($1::int[]) order by id';
    client.nameStatement(text, 'thread_test_named');
    const plain = await client.query(text, [[1, 3]]);
    const inTx = await client.transaction((tx) => tx.query(text, [[1, 3]]));
    expect(inTx.rows).toEqual(plain.rows);
    expect(plain.rows).toEqual([
      { id: 1, label: 'one' },
      { id: 3, label: 'three' },
    ]);
    const { rows } = await client.query<{ name: string }>(
      `select name from pg_prepared_statements where name = 'thread_test_named'`,
    );
    expect(rows).toHaveLength(1);
  });

  it('refuses statements once closed', async () => {
    const other = await PgliteThread.start();
    await other.close();
    await expect(other.query('select 1')).rejects.toThrow(/closed/);
  });
});
