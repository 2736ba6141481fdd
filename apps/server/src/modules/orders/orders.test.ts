import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  MAX_QUANTITY,
  OrderListResponse,
  OrderResponse,
  messages,
  type CreateOrderBody,
} from '@storefront/contract';
import { buildApp } from '../../app.js';
import type { Db } from '../../db/database.js';
import { admin, customer } from '../../test/accounts.js';
import { insertPart } from '../../test/factories.js';
import { memoryMailer, testConfig, useTestApp } from '../../test/test-app.js';
import { parts } from '../parts/parts.tables.js';
import { transitionOrder } from './order-status.js';
import { orderLines, orders } from './orders.tables.js';

type Customer = Awaited<ReturnType<typeof customer>>;

const order = (
  app: FastifyInstance,
  who: Customer,
  partId: string,
  body: Partial<CreateOrderBody> & Record<string, unknown> = {},
) =>
  app.inject({
    method: 'POST',
    url: '/api/purchase',
    headers: who.auth,
    payload: { partId, minimum: 10, address: '12 Dock Road', phone: '5550100', ...body },
  });

const placed = async (...args: Parameters<typeof order>) => {
  const res = await order(...args);
  expect(res.statusCode, res.body).toBe(201);
  return OrderResponse.parse(res.json());
};

const stockOf = async (db: Db, partId: string) => {
  const [row] = await db
    .select({ available: parts.availableQuantity })
    .from(parts)
    .where(eq(parts.id, partId));
  return row?.available;
};

const orderCount = async (db: Db, partId: string) => {
  const [row] = await db
    .select({ n: count() })
    .from(orderLines)
    .where(eq(orderLines.partId, partId));
  return row?.n;
};

// These files sign up many customers quickly: the sign-up rate limit has its own tests.
const noAuthLimit = { authRateLimit: false };

const cancel = (app: FastifyInstance, who: Customer, id: string) =>
  app.inject({ method: 'DELETE', url: `/api/purchase/${id}`, headers: who.auth });

describe('placing an order', () => {
  const ctx = useTestApp(noAuthLimit);
  let shopper: Customer;
  beforeAll(async () => {
    shopper = await customer(ctx.app);
  });

  it('takes every amount and name from the database, whatever the client sends', async () => {
    const me = await customer(ctx.app, { name: 'Ada Buyer' });
    const part = await insertPart(ctx.database.db, {
      name: 'Brake pad',
      price: 12.5,
      availableQuantity: 100,
    });
    const res = await order(ctx.app, me, part.id, {
      minimum: '25',
      phone: 5550100,
      name: 'Mallory',
      email: 'mallory@example.com',
      partName: 'Gold ingot',
      partPrice: 0.01,
      unitPrice: 0.01,
      status: 'paid',
      transactionId: 'pi_forged',
    });
    expect(res.statusCode).toBe(201);
    const body = OrderResponse.parse(res.json());
    expect(body).toEqual({
      _id: expect.any(String),
      number: expect.stringMatching(/^A-\d{5,}$/),
      name: 'Ada Buyer',
      email: me.email,
      address: '12 Dock Road',
      // The spec's single address line is the street; the rest is unknown.
      shipTo: { street: '12 Dock Road', city: '', postalCode: '', country: '' },
      company: null,
      taxId: null,
      poNumber: null,
      phone: '5550100',
      partId: part.id,
      partName: 'Brake pad',
      minimum: 25,
      unitPrice: 12.5,
      partPrice: 312.5,
      // A one-part order is an order with one line, at the part's name, number and price.
      lines: [
        {
          lineNo: 1,
          partId: part.id,
          sku: part.sku,
          partName: 'Brake pad',
          quantity: 25,
          unitPrice: 12.5,
          // At the part's own price: it has no volume prices.
          priceStep: null,
          total: 312.5,
          reference: null,
          canceledAt: null,
        },
      ],
      status: 'unpaid',
      transactionId: '',
      createdAt: expect.any(String),
      refund: null,
      carrier: null,
      trackingNumber: null,
      paidAt: null,
      shippedAt: null,
      deliveredAt: null,
      canceledAt: null,
      // A personal order, paid by card (not placed for a company on its account).
      companyId: null,
      paymentMode: 'card',
      // No invoice on account to be due.
      account: null,
    });
    expect(await stockOf(ctx.database.db, part.id)).toBe(75);
    const again = await ctx.app.inject({
      method: 'GET',
      url: `/api/purchase/${body._id}`,
      headers: me.auth,
    });
    expect(again.json()).toEqual(body);
  });

  it('computes totals in whole cents', async () => {
    const me = await customer(ctx.app);
    const part = await insertPart(ctx.database.db, { price: 0.1, minOrderQuantity: 3 });
    expect((await placed(ctx.app, me, part.id, { minimum: 3 })).partPrice).toBe(0.3);
  });

  it.each([
    ['negative', -5, 400, messages.quantityBelowMinimum],
    ['zero', 0, 400, messages.quantityBelowMinimum],
    ['fractional', 10.5, 400, 'Minimum order amount must be a whole number'],
    ['huge', MAX_QUANTITY + 1, 400, messages.quantityAboveAvailable],
    ['non-numeric', 'lots', 400, 'Minimum order amount must be a number'],
    ['empty', '', 400, messages.quantityRequired],
    ['missing', undefined, 400, messages.quantityRequired],
    ['below the minimum', 9, 400, messages.quantityBelowMinimum],
    ['above the stock', 51, 409, messages.quantityAboveAvailable],
  ])('refuses a quantity that is %s and changes nothing', async (_l, minimum, status, message) => {
    const part = await insertPart(ctx.database.db, { minOrderQuantity: 10, availableQuantity: 50 });
    const res = await order(ctx.app, shopper, part.id, { minimum });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ message });
    expect(await stockOf(ctx.database.db, part.id)).toBe(50);
    expect(await orderCount(ctx.database.db, part.id)).toBe(0);
  });

  it('answers a quantity above the stock with a typed OUT_OF_STOCK', async () => {
    const part = await insertPart(ctx.database.db, { minOrderQuantity: 10, availableQuantity: 50 });
    const res = await order(ctx.app, shopper, part.id, { minimum: 60 });
    expect(res.json()).toEqual({ error: 'OUT_OF_STOCK', message: messages.quantityAboveAvailable });
  });

  it.each([
    ['address', { address: '' }, messages.addressRequired],
    ['phone', { phone: '' }, messages.phoneRequired],
    ['part', { partId: '' }, 'Part is required'],
  ])('requires the %s with its message', async (_label, patch, message) => {
    const part = await insertPart(ctx.database.db);
    const res = await order(ctx.app, shopper, part.id, patch);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'VALIDATION_FAILED', message });
    expect(await orderCount(ctx.database.db, part.id)).toBe(0);
  });

  it.each([
    ['an unknown part', '00000000-0000-4000-8000-000000000000'],
    ['a malformed id', 'not-a-uuid'],
  ])('answers 404 for %s', async (_label, partId) => {
    const res = await order(ctx.app, shopper, partId);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'NOT_FOUND', message: 'Part not found' });
  });

  it('needs a key for every order call', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, url] of [
      ['POST', '/api/purchase'],
      ['GET', '/api/purchase?email=a@example.com'],
      ['GET', `/api/purchase/${id}`],
      ['DELETE', `/api/purchase/${id}`],
    ] as const) {
      const res = await ctx.app.inject({
        method,
        url,
        payload: method === 'POST' ? {} : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('never oversells: of 200 concurrent orders for the stock of 50, exactly 50 succeed', async () => {
    // Twenty buyers: one account may hold only ten unpaid orders (MAX_UNPAID_ORDERS).
    const buyers = await Promise.all(Array.from({ length: 20 }, () => customer(ctx.app)));
    const part = await insertPart(ctx.database.db, {
      minOrderQuantity: 10,
      availableQuantity: 500,
    });
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => order(ctx.app, buyers[i % 20]!, part.id)),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(50);
    expect(statuses.filter((s) => s === 409)).toHaveLength(150);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect(r.json()).toMatchObject({ error: 'OUT_OF_STOCK' });
    }
    expect(await stockOf(ctx.database.db, part.id)).toBe(0);
    expect(await orderCount(ctx.database.db, part.id)).toBe(50);
  });
});

describe('my orders', () => {
  const ctx = useTestApp(noAuthLimit);

  it('lists only my live orders, newest first, for my own email in any case', async () => {
    const me = await customer(ctx.app);
    const other = await customer(ctx.app);
    const part = await insertPart(ctx.database.db);
    const first = await placed(ctx.app, me, part.id, { minimum: 10 });
    const second = await placed(ctx.app, me, part.id, { minimum: 11 });
    const third = await placed(ctx.app, me, part.id, { minimum: 12 });
    await placed(ctx.app, other, part.id);
    expect((await cancel(ctx.app, me, second._id)).statusCode).toBe(200);

    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/purchase?email=${encodeURIComponent(me.email.toUpperCase())}`,
      headers: me.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(OrderListResponse.parse(res.json()).map((o) => o._id)).toEqual([third._id, first._id]);
  });

  it("refuses to list, read or cancel another customer's orders", async () => {
    const me = await customer(ctx.app);
    const other = await customer(ctx.app);
    const part = await insertPart(ctx.database.db, { availableQuantity: 100 });
    const mine = await placed(ctx.app, me, part.id);

    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/purchase?email=${encodeURIComponent(me.email)}`,
      headers: other.auth,
    });
    expect(list.statusCode).toBe(403);
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/api/purchase/${mine._id}`,
      headers: other.auth,
    });
    expect(read.statusCode).toBe(404);
    const del = await cancel(ctx.app, other, mine._id);
    expect(del.statusCode).toBe(404);
    expect(del.json()).toMatchObject({ deletedCount: 0 });

    expect(await stockOf(ctx.database.db, part.id)).toBe(90);
    const still = await ctx.app.inject({
      method: 'GET',
      url: `/api/purchase/${mine._id}`,
      headers: me.auth,
    });
    expect(OrderResponse.parse(still.json()).status).toBe('unpaid');
  });

  it('lets an admin read any order', async () => {
    const me = await customer(ctx.app);
    const boss = await admin(ctx.app, ctx.database.db);
    const mine = await placed(ctx.app, me, (await insertPart(ctx.database.db)).id);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/purchase/${mine._id}`,
      headers: boss.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(mine);
  });

  it.each([
    ['an unknown id', '00000000-0000-4000-8000-000000000000'],
    ['a malformed id', 'not-a-uuid'],
    ['an injection attempt', "1' or '1'='1"],
  ])('answers 404 JSON for %s, never 500', async (_label, id) => {
    const me = await customer(ctx.app);
    const url = `/api/purchase/${encodeURIComponent(id)}`;
    const read = await ctx.app.inject({ method: 'GET', url, headers: me.auth });
    expect(read.statusCode).toBe(404);
    expect(read.json()).toEqual({ error: 'NOT_FOUND', message: 'Order not found' });
    const del = await ctx.app.inject({ method: 'DELETE', url, headers: me.auth });
    expect(del.statusCode).toBe(404);
    expect(del.json()).toEqual({ error: 'NOT_FOUND', message: 'Order not found', deletedCount: 0 });
  });
});

describe('canceling an order', () => {
  const ctx = useTestApp(noAuthLimit);

  it('returns the stock exactly once', async () => {
    const me = await customer(ctx.app);
    const part = await insertPart(ctx.database.db, { availableQuantity: 100 });
    const mine = await placed(ctx.app, me, part.id, { minimum: 30 });
    expect(await stockOf(ctx.database.db, part.id)).toBe(70);

    const first = await cancel(ctx.app, me, mine._id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ deletedCount: 1 });
    const second = await cancel(ctx.app, me, mine._id);
    expect(second.statusCode).toBe(404);
    expect(second.json()).toMatchObject({ deletedCount: 0 });
    expect(await stockOf(ctx.database.db, part.id)).toBe(100);

    // Kept, not deleted: readable by its owner as canceled, gone from the list.
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/api/purchase/${mine._id}`,
      headers: me.auth,
    });
    expect(read.json()).toMatchObject({ status: 'canceled', refund: null });
  });

  it('returns the stock once when the same order is canceled twice at the same time', async () => {
    const me = await customer(ctx.app);
    const part = await insertPart(ctx.database.db, { availableQuantity: 100 });
    const mine = await placed(ctx.app, me, part.id, { minimum: 30 });
    const results = await Promise.all([1, 2, 3].map(() => cancel(ctx.app, me, mine._id)));
    expect(results.map((r) => (r.json() as { deletedCount: number }).deletedCount).sort()).toEqual([
      0, 0, 1,
    ]);
    expect(await stockOf(ctx.database.db, part.id)).toBe(100);
  });

  it('refuses to cancel a paid or pending order and changes nothing', async () => {
    const me = await customer(ctx.app);
    const part = await insertPart(ctx.database.db, { availableQuantity: 100 });
    for (const status of ['paid', 'pending'] as const) {
      const mine = await placed(ctx.app, me, part.id);
      await transitionOrder(ctx.database.db, mine._id, ['unpaid'], status, {
        actor: 'system',
        transactionId: `pi_test_${status}`,
      });
      const stock = await stockOf(ctx.database.db, part.id);
      const res = await cancel(ctx.app, me, mine._id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        error: 'ORDER_NOT_CANCELABLE',
        message: 'Only unpaid orders can be canceled',
        deletedCount: 0,
      });
      expect(await stockOf(ctx.database.db, part.id)).toBe(stock);
      const read = await ctx.app.inject({
        method: 'GET',
        url: `/api/purchase/${mine._id}`,
        headers: me.auth,
      });
      expect(read.json()).toMatchObject({ status, transactionId: `pi_test_${status}` });
    }
  });
});

describe('order status changes', () => {
  const ctx = useTestApp(noAuthLimit);

  it('lets only one of two concurrent transitions win', async () => {
    const me = await customer(ctx.app);
    const mine = await placed(ctx.app, me, (await insertPart(ctx.database.db)).id);
    const [paid, canceled] = await Promise.all([
      transitionOrder(ctx.database.db, mine._id, ['unpaid'], 'paid', { actor: 'system' }),
      transitionOrder(ctx.database.db, mine._id, ['unpaid'], 'canceled', { actor: 'system' }),
    ]);
    expect([paid, canceled].filter(Boolean)).toHaveLength(1);
  });

  it('refuses a change the table does not allow before touching the database', async () => {
    const me = await customer(ctx.app);
    const mine = await placed(ctx.app, me, (await insertPart(ctx.database.db)).id);
    await transitionOrder(ctx.database.db, mine._id, ['unpaid'], 'paid', { actor: 'system' });
    await expect(
      transitionOrder(ctx.database.db, mine._id, ['paid'], 'unpaid', { actor: 'system' }),
    ).rejects.toThrow(/cannot go from paid to unpaid/);
    await expect(
      transitionOrder(ctx.database.db, mine._id, ['paid'], 'shipped', { actor: 'staff' }),
    ).rejects.toThrow(/carrier and a tracking number/);
    expect(
      await transitionOrder(ctx.database.db, mine._id, ['unpaid'], 'canceled', { actor: 'system' }),
    ).toBeUndefined();
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, mine._id));
    expect(row?.status).toBe('paid');
  });
});

describe('sweeping expired unpaid orders', () => {
  const ctx = useTestApp(noAuthLimit);

  const backdate = (id: string, hours: number) =>
    ctx.database.db
      .update(orders)
      .set({
        createdAt: new Date(Date.now() - hours * 3_600_000),
        updatedAt: new Date(Date.now() - hours * 3_600_000),
      })
      .where(eq(orders.id, id));

  it('cancels only expired unpaid orders and returns their stock once', async () => {
    const me = await customer(ctx.app);
    const part = await insertPart(ctx.database.db, { availableQuantity: 1000 });
    const expired = await placed(ctx.app, me, part.id, { minimum: 100 });
    const fresh = await placed(ctx.app, me, part.id, { minimum: 50 });
    const expiredPaid = await placed(ctx.app, me, part.id, { minimum: 20 });
    await transitionOrder(ctx.database.db, expiredPaid._id, ['unpaid'], 'paid', {
      actor: 'system',
    });
    await backdate(expired._id, 49);
    await backdate(expiredPaid._id, 49);
    await backdate(fresh._id, 47);
    expect(await stockOf(ctx.database.db, part.id)).toBe(830);

    expect(await ctx.app.storefront.sweepUnpaidOrders(48)).toBe(1);
    expect(await ctx.app.storefront.sweepUnpaidOrders(48)).toBe(0);
    expect(await stockOf(ctx.database.db, part.id)).toBe(930);

    const statuses = await ctx.database.db
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .where(and(eq(orderLines.partId, part.id)));
    expect(Object.fromEntries(statuses.map((s) => [s.id, s.status]))).toEqual({
      [expired._id]: 'canceled',
      [fresh._id]: 'unpaid',
      [expiredPaid._id]: 'paid',
    });
  });

  it('cancels each order once when several instances sweep at the same time', async () => {
    const me = await customer(ctx.app);
    const part = await insertPart(ctx.database.db, { availableQuantity: 100 });
    for (let i = 0; i < 5; i++) await backdate((await placed(ctx.app, me, part.id))._id, 72);
    const counts = await Promise.all([1, 2, 3].map(() => ctx.app.storefront.sweepUnpaidOrders(48)));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(5);
    expect(await stockOf(ctx.database.db, part.id)).toBe(100);
  });

  it('runs by itself when the app starts its jobs, and stops when it closes', async () => {
    const me = await customer(ctx.app);
    const part = await insertPart(ctx.database.db, { availableQuantity: 100 });
    const old = await placed(ctx.app, me, part.id);
    await backdate(old._id, 100);
    const app = await buildApp({
      config: testConfig(),
      database: ctx.database,
      mailer: memoryMailer(),
      startJobs: true,
    });
    await app.ready();
    await vi.waitFor(async () => expect(await stockOf(ctx.database.db, part.id)).toBe(100));
    await app.close();
  });
});
