import { and, eq, ilike, or, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderStatus } from '@storefront/contract';
import type { Database } from '../../db/database.js';
import { escapeLike } from '../../db/like.js';
import { rowsOf } from '../../db/raw-rows.js';
import { insertPart } from '../../test/factories.js';
import { createTestDatabase } from '../../test/test-database.js';
import { orderTotals, searchOrders } from './staff-orders.service.js';
import { orderCustomerEmails, orderLines, orderPartNames, orders } from './orders.tables.js';

// Emails and part names with what a LIKE pattern or a case fold could get wrong.
const EMAILS = [
  'ada@example.com',
  'ADA.Lovelace@Example.org',
  '100%sure@shop.io',
  'under_score@shop.io',
  'back\\slash@shop.io',
  'jürgen.müller@autohaus.de',
  'past-customer-1234@example.com',
  'past-customer-12345@example.com',
  // More than a search reads one by one (FEW_VALUES): `fleet` takes the other path.
  ...Array.from({ length: 30 }, (_, i) => `driver-${i}@fleet.example`),
];
const PART_NAMES = [
  'Brake disc, vented',
  'BRAKE PAD set',
  'Oil filter_A',
  '100% copper gasket',
  'Zündkerze (spark plug)',
  'Wiper blade 600 mm',
];

/**
 * The staff search finds emails and part names in their own tables, then the orders that have
 * them (TextMatch 'lookup'). Its oracle is the plain definition: ILIKE over every order.
 */
describe('staff order search by part of an email or a part name', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database;
    const part = await insertPart(db, { name: 'Search test part' });
    const second = await insertPart(db, { name: 'Second search test part' });
    await db.execute(sql`
      insert into users (id, name, email, email_verified)
      values ('search-buyer', 'Search Buyer', 'search-buyer@example.com', true)`);
    // Several statements, each many rows: the triggers run once per statement. Every third order
    // has a second line, whose part name finds it as well as its first's.
    for (let batch = 0; batch < 4; batch += 1) {
      const placed = await db
        .insert(orders)
        .values(
          Array.from({ length: 30 }, (_, i) => {
            const n = batch * 30 + i;
            return {
              userId: 'search-buyer',
              name: 'Search Buyer',
              email: EMAILS[(n * 3 + batch) % EMAILS.length]!,
              address: '1 Test Street',
              phone: '0123456789',
              totalCents: 250 * (10 + (n % 7)) + (n % 3 === 0 ? 250 * 5 : 0),
            };
          }),
        )
        .returning({ id: orders.id, number: orders.number });
      await db.insert(orderLines).values(
        placed.flatMap((order, i) => {
          const n = batch * 30 + i;
          const quantity = 10 + (n % 7);
          const line = (lineNo: number, partName: string, qty: number) => ({
            orderId: order.id,
            lineNo,
            orderNumber: order.number,
            partId: lineNo === 1 ? part.id : second.id,
            sku: lineNo === 1 ? part.sku : second.sku,
            partName,
            quantity: qty,
            unitPriceCents: 250,
            totalCents: 250 * qty,
          });
          return n % 3 === 0
            ? [
                line(1, PART_NAMES[(n * 5 + batch) % PART_NAMES.length]!, quantity),
                line(2, PART_NAMES[(n * 7 + batch + 1) % PART_NAMES.length]!, 5),
              ]
            : [line(1, PART_NAMES[(n * 5 + batch) % PART_NAMES.length]!, quantity)];
        }),
      );
    }
    // An order whose email changes later is found by its new one.
    const [first] = await db.select().from(orders).limit(1);
    await db
      .update(orders)
      .set({ email: 'renamed@garage.example' })
      .where(eq(orders.id, first!.id));
    // Some paid, for a search with a status beside its words (the data only; no transition).
    await db.execute(sql`update orders set status = 'paid' where number % 3 = 0`);
  });
  afterAll(() => database?.close());

  const oracle = async (q: string, status?: OrderStatus) => {
    const pattern = `%${escapeLike(q.trim())}%`;
    return database.db
      .select({ id: orders.id, totalCents: orders.totalCents })
      .from(orders)
      .where(
        and(
          or(
            ilike(orders.email, pattern),
            sql`exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.id} and ${orderLines.partName} ilike ${pattern})`,
          ),
          status ? eq(orders.status, status) : undefined,
        ),
      )
      .orderBy(sql`${orders.number} desc`);
  };

  it('records every email and part name orders and their lines have, each once', async () => {
    const { db } = database;
    const emails = await db.select().from(orderCustomerEmails);
    const names = await db.select().from(orderPartNames);
    const [used] = rowsOf(
      await db.execute(sql`
        select (select count(distinct email) from orders) as emails,
               (select count(distinct part_name) from order_lines) as names`),
    );
    // Every value an order has (the renamed one included), and the replaced ones stay harmlessly.
    expect(emails.map((e) => e.email)).toEqual(
      expect.arrayContaining(['renamed@garage.example', ...EMAILS]),
    );
    expect(names.map((n) => n.partName)).toEqual(expect.arrayContaining(PART_NAMES));
    expect(emails.length).toBeGreaterThanOrEqual(Number(used!.emails));
    expect(names.length).toBeGreaterThanOrEqual(Number(used!.names));
  });

  it('finds exactly the orders ILIKE over every order finds, for any text', async () => {
    const values = [...EMAILS, ...PART_NAMES, 'renamed@garage.example', 'fleet'];
    // Part of a known value (any case), or arbitrary text with LIKE's special characters.
    const part = fc
      .tuple(fc.constantFrom(...values), fc.nat(), fc.nat(), fc.boolean())
      .map(([v, a, b, upper]) => {
        const start = a % v.length;
        const text = v.slice(start, start + 1 + (b % (v.length - start)));
        return upper ? text.toUpperCase() : text.toLowerCase();
      });
    const noise = fc.string({
      unit: fc.constantFrom('%', '_', '\\', 'a', 'ü', '@', '-', ' ', '1'),
    });
    await fc.assert(
      fc.asyncProperty(fc.oneof(part, noise), async (q) => {
        // Blank and order-number searches take other paths, tested elsewhere.
        fc.pre(q.trim() !== '' && !/^(?:A-?)?\d{1,15}$/i.test(q.trim()));
        const expected = await oracle(q);
        const page = await searchOrders(database.db, { q, pageSize: 200 });
        expect(page.items.map((i) => i._id)).toEqual(expected.map((o) => o.id));
        const totals = await orderTotals(database.db, { q });
        expect(totals.count).toBe(expected.length);
        expect(Math.round(totals.value * 100)).toBe(
          expected.reduce((sum, o) => sum + o.totalCents, 0),
        );
      }),
      { numRuns: 60 },
    );
  });

  it('pages through any match both ways in number order, newest first', async () => {
    // A few values, many values, and a filter beside the words.
    for (const [q, status] of [
      ['past-customer', undefined],
      ['@', undefined],
      ['fleet', undefined],
      ['BRAKE', 'unpaid'],
    ] as const) {
      const expected = (await oracle(q, status)).map((o) => o.id);
      const pages: string[][] = [];
      let page = await searchOrders(database.db, { q, status, pageSize: 7 });
      expect(page.prevCursor, q).toBeNull();
      pages.push(page.items.map((i) => i._id));
      while (page.nextCursor) {
        page = await searchOrders(database.db, { q, status, pageSize: 7, after: page.nextCursor });
        pages.push(page.items.map((i) => i._id));
      }
      expect(pages.flat(), q).toEqual(expected);
      // Back again from the last page, page by page, to the first.
      for (let i = pages.length - 2; i >= 0; i -= 1) {
        page = await searchOrders(database.db, {
          q,
          status,
          pageSize: 7,
          before: page.prevCursor!,
        });
        expect(
          page.items.map((o) => o._id),
          `${q} page ${i}`,
        ).toEqual(pages[i]);
      }
      expect(page.prevCursor, q).toBeNull();
    }
  });
});
