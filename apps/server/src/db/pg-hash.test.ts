import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database.js';
import type { Database } from './database.js';
import { hashTextExtended, sumText } from './pg-hash.js';
import { rowsOf } from './raw-rows.js';

/** Text PostgreSQL can hold: anything but NUL, and whole code points (no lone surrogate). */
const text = fc
  .oneof(
    fc.string({ unit: fc.constantFrom('a', 'Š', '€', '🚗', '\u001f', ' ') }),
    fc.string({ unit: 'grapheme', maxLength: 60 }),
  )
  .filter((t) => !t.includes('\u0000'));

describe('hashTextExtended: PostgreSQL’s hashtextextended(text, 0), computed here', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.close());

  const inDatabase = async (texts: string[]) =>
    rowsOf(
      await database.db.execute(sql`
        select hashtextextended(t, 0)::text as h, o
          from unnest(${sql.param(texts)}::text[]) with ordinality as u(t, o) order by o`),
    ).map((r) => String(r.h));

  it('gives the database’s value for every length from 0 to 40 and for random text', async () => {
    const lengths = Array.from({ length: 41 }, (_, n) => 'xyzÄ'.repeat(11).slice(0, n));
    await fc.assert(
      fc.asyncProperty(fc.array(text, { maxLength: 30 }), async (random) => {
        const texts = [...lengths, ...random];
        const mine = texts.map((t) => {
          const { high, low } = hashTextExtended(t);
          return sumText(high, low);
        });
        expect(mine).toEqual(await inDatabase(texts));
      }),
      { numRuns: 20 },
    );
  });

  it('sums as the database sums', async () => {
    const texts = ['Toyota\u001fCorolla\u001f2014\u001f2019', 'Škoda\u001fOctavia', '', '🚗'];
    let highs = 0;
    let lows = 0;
    for (const t of texts) {
      const { high, low } = hashTextExtended(t);
      highs += high;
      lows += low;
    }
    const [row] = rowsOf(
      await database.db.execute(sql`
        select sum(hashtextextended(t, 0))::text as s from unnest(${sql.param(texts)}::text[]) t`),
    );
    expect(sumText(highs, lows)).toBe(String(row?.s));
  });
});
