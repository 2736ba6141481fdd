import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customer } from '../../test/accounts.js';
import { insertPart } from '../../test/factories.js';
import { useTestApp } from '../../test/test-app.js';
import { parts } from '../parts/parts.tables.js';
import { payInSandbox } from '../../test/pay.js';
import { transitionOrder } from './order-status.js';
import { accountOrderCounts, orders } from './orders.tables.js';

type Customer = Awaited<ReturnType<typeof customer>>;

describe('one account cannot hoard stock with unpaid orders', () => {
  const ctx = useTestApp({ openOrderLimits: { count: 10, valueCents: 500_000 } });
  const order = (buyer: Customer, partId: string, minimum = 10) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/purchase',
      headers: buyer.auth,
      payload: { partId, minimum, address: '1 Road', phone: '0123456789' },
    });

  it('stops at the ceiling of unpaid orders, even when they are placed all at once', async () => {
    const hoarder = await customer(ctx.app);
    const part = await insertPart(ctx.database.db, { price: 1, availableQuantity: 100_000 });
    const results = await Promise.all(Array.from({ length: 25 }, () => order(hoarder, part.id)));
    const placed = results.filter((r) => r.statusCode === 201);
    expect(placed).toHaveLength(10);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(15);
    expect(refused[0]?.json()).toMatchObject({
      error: 'TOO_MANY_UNPAID_ORDERS',
      message: expect.stringMatching(/at most 10 unpaid orders/),
    });
    const [stock] = await ctx.database.db
      .select({ n: parts.availableQuantity })
      .from(parts)
      .where(eq(parts.id, part.id));
    expect(stock?.n).toBe(100_000 - 10 * 10);
    // Cancelling one makes room for one more.
    const first = placed[0]!.json<{ _id: string }>()._id;
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/purchase/${first}`,
      headers: hoarder.auth,
    });
    expect((await order(hoarder, part.id)).statusCode).toBe(201);
  });

  it('stops at the ceiling of reserved value', async () => {
    const buyer = await customer(ctx.app);
    const dear = await insertPart(ctx.database.db, {
      price: 1000,
      availableQuantity: 10_000,
      minOrderQuantity: 1,
    });
    expect((await order(buyer, dear.id, 4)).statusCode).toBe(201); // $4,000 of $5,000
    const over = await order(buyer, dear.id, 2); // $6,000 in all
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ error: 'TOO_MANY_UNPAID_ORDERS' });
    expect((await order(buyer, dear.id, 1)).statusCode).toBe(201); // exactly $5,000
  });

  it('limits how fast one account places orders', async () => {
    const buyer = await customer(ctx.app);
    const part = await insertPart(ctx.database.db, { price: 1, availableQuantity: 100_000 });
    const placedCodes: number[] = [];
    // Place and cancel, so the unpaid ceiling is never the reason.
    for (let i = 0; i < 31; i += 1) {
      const placed = await order(buyer, part.id);
      placedCodes.push(placed.statusCode);
      if (placed.statusCode !== 201) {
        expect(placed.headers['retry-after']).toMatch(/^\d+$/);
        continue;
      }
      await ctx.app.inject({
        method: 'DELETE',
        url: `/api/purchase/${placed.json<{ _id: string }>()._id}`,
        headers: buyer.auth,
      });
    }
    expect(placedCodes.slice(0, 30)).toEqual(Array(30).fill(201));
    expect(placedCodes[30]).toBe(429);
    const mine = await ctx.database.db.select().from(orders).where(eq(orders.userId, buyer.userId));
    expect(mine).toHaveLength(30);
    expect(mine.filter((o) => o.status === 'unpaid')).toHaveLength(0);
  });

  it('keeps the account counts equal to its orders, whoever changes them and however concurrently', async () => {
    const buyer = await customer(ctx.app);
    const part = await insertPart(ctx.database.db, { price: 2, availableQuantity: 100_000 });
    const counted = async () => {
      const [row] = await ctx.database.db
        .select()
        .from(accountOrderCounts)
        .where(eq(accountOrderCounts.userId, buyer.userId));
      return { count: row?.unpaidCount ?? 0, cents: row?.unpaidCents ?? 0 };
    };
    const actual = async () => {
      const mine = await ctx.database.db
        .select()
        .from(orders)
        .where(eq(orders.userId, buyer.userId));
      const unpaid = mine.filter((o) => o.status === 'unpaid');
      return { count: unpaid.length, cents: unpaid.reduce((sum, o) => sum + o.totalCents, 0) };
    };
    const results = await Promise.all(Array.from({ length: 8 }, () => order(buyer, part.id)));
    const ids = results
      .filter((r) => r.statusCode === 201)
      .map((r) => r.json<{ _id: string }>()._id);
    expect(ids).toHaveLength(8);
    expect(await counted()).toEqual({ count: 8, cents: 8 * 10 * 200 });
    // Paid, canceled by the customer (at once, twice), back from pending, swept, and a
    // transition that leaves "unpaid" out altogether: each counts, once.
    await payInSandbox(ctx.app, buyer, ids[0]!);
    await Promise.all(
      [ids[1]!, ids[1]!, ids[2]!].map((id) =>
        ctx.app.inject({ method: 'DELETE', url: `/api/purchase/${id}`, headers: buyer.auth }),
      ),
    );
    await transitionOrder(ctx.database.db, ids[3]!, ['unpaid'], 'pending', { actor: 'system' });
    expect(await counted()).toEqual(await actual());
    await transitionOrder(ctx.database.db, ids[3]!, ['pending'], 'unpaid', { actor: 'system' });
    await transitionOrder(ctx.database.db, ids[0]!, ['paid'], 'canceled', { actor: 'system' });
    await ctx.database.db
      .update(orders)
      .set({
        createdAt: new Date(Date.now() - 72 * 3_600_000),
        updatedAt: new Date(Date.now() - 72 * 3_600_000),
      })
      .where(eq(orders.id, ids[4]!));
    expect(await ctx.app.storefront.sweepUnpaidOrders(48)).toBe(1);
    expect(await counted()).toEqual(await actual());
    expect(await counted()).toEqual({ count: 4, cents: 4 * 10 * 200 });
  });

  it('says what is wrong with a too-long field', async () => {
    const buyer = await customer(ctx.app);
    const part = await insertPart(ctx.database.db);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/purchase',
      headers: buyer.auth,
      payload: { partId: part.id, minimum: 10, address: 'x'.repeat(301), phone: '0123456789' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      fields: { address: 'Address must be at most 300 characters' },
    });
  });
});

describe('reviews', () => {
  const ctx = useTestApp();
  const post = (buyer: Customer, description: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/reviews',
      headers: buyer.auth,
      payload: { description, rating: '5' },
    });

  it('keeps one review of the shop per customer (a new one replaces it) and limits how fast they come', async () => {
    const writer = await customer(ctx.app);
    expect((await post(writer, 'First')).statusCode).toBe(201);
    const codes: number[] = [];
    for (let i = 0; i < 10; i += 1) codes.push((await post(writer, `Again ${i}`)).statusCode);
    expect(codes.slice(0, 9)).toEqual(Array(9).fill(200));
    expect(codes[9]).toBe(429);
    const list = (await ctx.app.inject('/api/reviews')).json<{ description: string }[]>();
    const theirs = list.filter((r) => /^(First|Again)/.test(r.description));
    expect(theirs.map((r) => r.description)).toEqual(['Again 8']);
  });
});
