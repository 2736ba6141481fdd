import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database.js';
import type { Database } from './database.js';
import { users } from '../modules/auth/auth.tables.js';
import { prepared, preparedSql } from './prepared.js';
import { rowsOf } from './raw-rows.js';

// On PGlite these run through the named-statement protocol path, on PostgreSQL through Drizzle's
// prepared queries: both must give the same rows, and an error must leave the statement usable.
describe('prepared raw statements', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.close());

  const echo = preparedSql(
    'test_echo',
    () => sql`
      select ${sql.placeholder('text')}::text as text, ${sql.placeholder('n')}::int + 1 as next,
             ${sql.placeholder('maybe')}::text as maybe,
             ${sql.placeholder('at')}::timestamptz as at,
             10 / ${sql.placeholder('divisor')}::int as quotient`,
  );

  it('binds text, numbers, nulls and dates, and answers rows by column name', async () => {
    const at = new Date('2026-11-23T10:00:00.000Z');
    const values = { text: "ü'; drop table x; --", n: 41, maybe: null, at };
    const [row] = await echo(database.db, { ...values, divisor: 5 });
    expect(row).toMatchObject({ text: values.text, next: 42, maybe: null, quotient: 2 });
    // Timestamps come back as the driver's text, which the columns' mappings parse.
    expect(new Date(String(row?.at)).toISOString()).toBe(at.toISOString());
  });

  it('binds arrays, whatever their elements hold', async () => {
    const words = preparedSql(
      'test_words',
      () => sql`select ${sql.placeholder('words')}::text[] as words`,
    );
    const odd = ['plain', 'with,comma', 'with "quotes"', 'back\\slash', '{braces}', 'NULL', ' '];
    const [row] = await words(database.db, { words: odd });
    expect(row?.words).toEqual(odd);
  });

  it("runs the builders' prepared statements by name on the embedded database, with their mappings", async () => {
    const byEmail = prepared((db) =>
      db
        .select({ id: users.id, createdAt: users.createdAt })
        .from(users)
        .where(eq(users.email, sql.placeholder('email')))
        .prepare('test_user_by_email'),
    );
    const [user] = await database.db
      .insert(users)
      .values({
        id: `prepared-${Date.now()}`,
        name: 'P',
        email: `prepared-${Date.now()}@example.com`,
      })
      .returning();
    const [found] = await byEmail(database.db).execute({ email: user!.email });
    expect(found).toEqual({ id: user!.id, createdAt: user!.createdAt });
    expect(await byEmail(database.db).execute({ email: 'nobody@example.com' })).toEqual([]);
    if (database.kind === 'pglite') {
      const names = await database.db.execute(sql`select name from pg_prepared_statements`);
      expect(rowsOf(names).map((r) => r.name)).toEqual(
        expect.arrayContaining([expect.stringMatching(/^prepared_\d+$/), 'test_echo']),
      );
    }
  });

  it('never runs inside a transaction another caller has open', async () => {
    await database.db.execute(sql`create table if not exists prepared_test_rows (label text)`);
    const insertRow = preparedSql(
      'test_insert_row',
      () => sql`insert into prepared_test_rows (label) values (${sql.placeholder('label')}::text)`,
    );
    const stamp = `${Date.now()}-${Math.random()}`;
    let inside!: () => void;
    const opened = new Promise<void>((resolve) => (inside = resolve));
    const rolledBack = database.db
      .transaction(async (tx) => {
        await tx.execute(
          sql`insert into prepared_test_rows (label) values (${`rolled back ${stamp}`})`,
        );
        inside();
        await new Promise((resolve) => setTimeout(resolve, 50));
        throw new Error('roll back');
      })
      .catch((err: unknown) => err);
    await opened;
    await insertRow(database.db, { label: `kept ${stamp}` });
    expect(await rolledBack).toBeInstanceOf(Error);
    const rows = await database.db.execute(
      sql`select label from prepared_test_rows where label like ${`% ${stamp}`}`,
    );
    expect(rowsOf(rows).map((r) => r.label)).toEqual([`kept ${stamp}`]);
  });

  it('stays usable after the statement fails', async () => {
    const values = { text: 'a', n: 1, maybe: 'b', at: new Date() };
    const failed = await echo(database.db, { ...values, divisor: 0 }).catch((err: unknown) => err);
    // Division by zero, as the driver reports it (Drizzle wraps PostgreSQL's error as its cause).
    const code = (e: unknown) => (e as { code?: unknown } | null)?.code;
    expect(code(failed) ?? code((failed as { cause?: unknown }).cause)).toBe('22012');
    const rows = await Promise.all(
      [1, 2, 5].map((divisor) => echo(database.db, { ...values, divisor })),
    );
    expect(rows.map(([row]) => row?.quotient)).toEqual([10, 5, 2]);
  });

  it('stays usable when its very first run fails (parsed, then refused while running)', async () => {
    // A cart merged into a full cart was the first merge after a restart: every merge after it
    // failed, as the statement was parsed but not known to be.
    const divide = preparedSql(
      'test_first_run_fails',
      () => sql`select 10 / ${sql.placeholder('divisor')}::int as quotient`,
    );
    await expect(divide(database.db, { divisor: 0 })).rejects.toThrow();
    await expect(divide(database.db, { divisor: 0 })).rejects.toThrow();
    const rows = await Promise.all([1, 2, 5].map((divisor) => divide(database.db, { divisor })));
    expect(rows.map(([row]) => row?.quotient)).toEqual([10, 5, 2]);
  });
});
