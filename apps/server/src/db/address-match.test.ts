import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_PATTERN } from '@storefront/contract';
import { createTestDatabase } from '../test/test-database.js';
import { mentionsAddress, replaceAddress } from './address-match.js';
import type { Database } from './database.js';
import { rowsOf } from './raw-rows.js';

const localChar = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789_.+-'.split(''));
const labelChar = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-'.split(''));
const label = fc.string({ unit: labelChar, minLength: 1, maxLength: 6 });
/** Addresses the shop accepts (the contract's pattern, lower-case as it stores them). */
const address = fc
  .record({
    local: fc.string({ unit: localChar, minLength: 1, maxLength: 8 }),
    labels: fc.array(label, { minLength: 1, maxLength: 2 }),
    tld: fc.constantFrom('com', 'co', 'uk', 'test', 'example'),
  })
  .map(({ local, labels, tld }) => `${local}@${[...labels, tld].join('.')}`)
  .filter((a) => EMAIL_PATTERN.test(a));

/** Text around an address as mails, audit summaries and JSON payloads hold it. */
const contexts = [
  (a: string) => a,
  (a: string) => `Made ${a} an admin`,
  (a: string) => `{"to":"${a}","subject":"Hi"}`,
  (a: string) => `Answer it by writing to ${a}.\n`,
  (a: string) => `Name <${a}>, ${a}`,
];

describe('finding an address inside text', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.close());

  const check = async (text: string, email: string) => {
    const [row] = rowsOf(
      await database.db.execute(
        sql`select ${mentionsAddress(sql`${text}::text`, email)} as found,
                   ${replaceAddress(sql`${text}::text`, email, '[erased]')} as replaced`,
      ),
    );
    return { found: row?.found === true || row?.found === 't', replaced: String(row?.replaced) };
  };

  it('finds the address itself, in any of the usual surroundings, and cuts every occurrence', async () => {
    await fc.assert(
      fc.asyncProperty(address, fc.constantFrom(...contexts), async (email, wrap) => {
        const { found, replaced } = await check(wrap(email.toUpperCase()), email);
        expect(found).toBe(true);
        expect(replaced.toLowerCase()).not.toContain(email);
      }),
      { numRuns: 60 },
    );
  });

  it('never finds an address inside a longer one that contains it', async () => {
    await fc.assert(
      fc.asyncProperty(
        address,
        fc.string({ unit: localChar, minLength: 1, maxLength: 3 }),
        fc.constantFrom(...contexts),
        async (longer, cut, wrap) => {
          // Every address made by cutting characters off either end of `longer`.
          const at = longer.indexOf('@');
          const shorter = [longer.slice(Math.min(cut.length, at)), longer.slice(0, -1)].filter(
            (s) => s !== longer && EMAIL_PATTERN.test(s),
          );
          for (const email of shorter) {
            const { found, replaced } = await check(wrap(longer), email);
            expect(found).toBe(false);
            expect(replaced).toBe(wrap(longer));
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('holds for the reported case and for a longer domain', async () => {
    expect((await check('Made alice@example.com an admin', 'lice@example.com')).found).toBe(false);
    expect((await check('bob@example.com', 'bob@example.co')).found).toBe(false);
    expect((await check('bob@example.com.au', 'bob@example.com')).found).toBe(false);
    expect((await check('x.bob@example.com', 'bob@example.com')).found).toBe(false);
    expect((await check('+bob@example.com', 'bob@example.com')).found).toBe(false);
    expect((await check('(bob@example.com)', 'bob@example.com')).found).toBe(true);
  });
});
