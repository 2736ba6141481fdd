import { sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database.js';
import type { Database } from './database.js';
import { rowsOf } from './raw-rows.js';
import { VacuumQueue } from './vacuum-queue.js';

// A table of this test's own: the queue vacuums whatever tables it is given.
const probe = pgTable('vacuum_probe', { id: integer('id').notNull(), filler: text('filler') });

describe('the vacuum queue', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.execute(
      sql`create table if not exists vacuum_probe (id int not null, filler text)`,
    );
  });
  afterAll(async () => {
    await database.db.execute(sql`drop table if exists vacuum_probe`);
    await database.close();
  });

  const size = async () =>
    Number(
      rowsOf(
        await database.db.execute(sql`select pg_relation_size('vacuum_probe')::bigint as bytes`),
      )[0]?.bytes,
    );
  // 4,000 rows of 400 bytes: a few hundred pages.
  const fill = () =>
    database.db.execute(
      sql`insert into vacuum_probe select n, repeat('x', 400) from generate_series(1, 4000) n`,
    );

  it("makes a table's deleted rows' space reusable: without the round it grows, with it it does not", async () => {
    const queue = new VacuumQueue();
    await fill();
    const first = await size();
    expect(first).toBeGreaterThan(1_000_000);

    // Deleted and written again, nothing vacuumed: the new rows go after the dead ones (the
    // embedded database has no autovacuum; the server's waits for its next look).
    await database.db.delete(probe);
    await fill();
    const unvacuumed = await size();
    expect(unvacuumed).toBeGreaterThan(first * 1.8);

    // Deleted, marked (twice: vacuumed once) and the round run: the next rows reuse the space.
    await database.db.delete(probe);
    queue.mark(probe);
    queue.mark(probe);
    expect(await queue.run(database.db)).toMatchObject({ tables: ['vacuum_probe'] });
    await fill();
    expect(await size()).toBeLessThanOrEqual(unvacuumed);
    await database.db.delete(probe);
    queue.mark(probe);
    await queue.run(database.db);
    await fill();
    await fill();
    // Two fills in a table that held two: no growth at all.
    expect(await size()).toBeLessThanOrEqual(unvacuumed);

    // A round with nothing marked does nothing (and does not fail).
    expect(await queue.run(database.db)).toBeNull();
  });

  it('waits until the tables have been quiet for a while, and keeps them marked meanwhile', async () => {
    const queue = new VacuumQueue(150);
    queue.mark(probe);
    expect(await queue.run(database.db)).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await queue.run(database.db)).toMatchObject({ tables: ['vacuum_probe'] });
    expect(await queue.run(database.db)).toBeNull();
  });

  it('keeps the tables marked when a round fails, for the next round', async () => {
    const queue = new VacuumQueue();
    queue.mark(probe);
    const failing = { execute: () => Promise.reject(new Error('database gone')) };
    await expect(queue.run(failing as never)).rejects.toThrow('database gone');
    expect(await queue.run(database.db)).toMatchObject({ tables: ['vacuum_probe'] });
  });
});
