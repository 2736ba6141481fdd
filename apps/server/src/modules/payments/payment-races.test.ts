import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { OrderResponse } from '@storefront/contract';
import { customer } from '../../test/accounts.js';
import { insertPart } from '../../test/factories.js';
import { useTestApp } from '../../test/test-app.js';
import { orders } from '../orders/orders.tables.js';
import { parts } from '../parts/parts.tables.js';
import { handlePaymentEvent } from './payments.service.js';
import { refunds, sandboxIntents, sandboxRefunds } from './payments.tables.js';

type Customer = Awaited<ReturnType<typeof customer>>;
const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' };

/**
 * Paying and cancelling at the same moment, many times over: every race must end with exactly
 * one of "paid" or "canceled with nothing charged", and no order may hold two live intents.
 * These run on PGlite and on PostgreSQL (the api-postgres project), where the races are real.
 */
describe('payments under concurrency', () => {
  const ctx = useTestApp({
    authRateLimit: false,
    openOrderLimits: { count: 1000, valueCents: 1e12 },
  });

  async function placeOrder(buyer: Customer, partId: string, quantity = 2) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/purchase',
      headers: buyer.auth,
      payload: { partId, minimum: quantity, address: '1 Road', phone: '0123456789' },
    });
    expect(res.statusCode).toBe(201);
    return res.json<OrderResponse>();
  }
  const createIntent = (buyer: Customer, orderId: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: buyer.auth,
      payload: { orderId },
    });
  const pay = (clientSecret: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/sandbox/confirm',
      payload: { clientSecret, card },
    });
  const cancel = (buyer: Customer, orderId: string) =>
    ctx.app.inject({ method: 'DELETE', url: `/api/purchase/${orderId}`, headers: buyer.auth });

  it('makes exactly one intent for one order, however many ask at once', async () => {
    const buyer = await customer(ctx.app);
    const part = await insertPart(ctx.database.db, { minOrderQuantity: 1, availableQuantity: 100 });
    const order = await placeOrder(buyer, part.id);
    const answers = await Promise.all(
      Array.from({ length: 25 }, () => createIntent(buyer, order._id)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(25).fill(200));
    const secrets = new Set(answers.map((a) => a.json<{ clientSecret: string }>().clientSecret));
    expect(secrets.size).toBe(1);
    const made = await ctx.database.db
      .select()
      .from(sandboxIntents)
      .where(eq(sandboxIntents.orderId, order._id));
    expect(made).toHaveLength(1);
  });

  it('ends every cancel-versus-pay race with paid, or canceled with nothing charged', async () => {
    const buyers = await Promise.all(Array.from({ length: 4 }, () => customer(ctx.app)));
    const part = await insertPart(ctx.database.db, {
      minOrderQuantity: 1,
      availableQuantity: 10_000,
    });
    const races = 40;
    const placed = await Promise.all(
      Array.from({ length: races }, (_, i) => placeOrder(buyers[i % 4]!, part.id, 3)),
    );
    const secrets = await Promise.all(
      placed.map(
        async (o, i) =>
          (await createIntent(buyers[i % 4]!, o._id)).json<{ clientSecret: string }>().clientSecret,
      ),
    );
    // Both at once, for every order; half of them with the cancel sent first.
    const outcomes = await Promise.all(
      placed.map(async (o, i) => {
        const buyer = buyers[i % 4]!;
        const [paid, canceled] =
          i % 2 === 0
            ? await Promise.all([pay(secrets[i]!), cancel(buyer, o._id)])
            : await Promise.all([cancel(buyer, o._id), pay(secrets[i]!)]).then(([c, p]) => [p, c]);
        return { order: o, paid: paid!, canceled: canceled! };
      }),
    );

    const rows = await ctx.database.db
      .select()
      .from(orders)
      .where(
        inArray(
          orders.id,
          placed.map((o) => o._id),
        ),
      );
    const intents = await ctx.database.db
      .select()
      .from(sandboxIntents)
      .where(
        inArray(
          sandboxIntents.orderId,
          placed.map((o) => o._id),
        ),
      );
    let paidCount = 0;
    let canceledCount = 0;
    for (const { order, paid, canceled } of outcomes) {
      const row = rows.find((r) => r.id === order._id)!;
      const charged = intents.filter((t) => t.orderId === order._id && t.status === 'succeeded');
      expect(charged.length, 'never two charges').toBeLessThanOrEqual(1);
      if (row.status === 'paid') {
        paidCount += 1;
        expect(charged).toHaveLength(1);
        expect(paid.json()).toMatchObject({ paymentIntent: { status: 'succeeded' } });
        expect(canceled.statusCode).toBe(409);
        expect(canceled.json()).toMatchObject({ deletedCount: 0 });
      } else {
        canceledCount += 1;
        expect(row.status).toBe('canceled');
        expect(charged, 'a canceled order was charged').toHaveLength(0);
        expect(paid.json()).toMatchObject({ error: { code: 'payment_intent_unexpected_state' } });
        expect(canceled.json()).toEqual({ deletedCount: 1 });
      }
    }
    expect(paidCount + canceledCount).toBe(races);
    // The stock holds exactly what the paid orders took.
    const [stock] = await ctx.database.db
      .select({ n: parts.availableQuantity })
      .from(parts)
      .where(eq(parts.id, part.id));
    expect(stock?.n).toBe(10_000 - paidCount * 3);
    // Nothing needed refunding: no race charged a canceled order.
    const made = await ctx.database.db
      .select()
      .from(refunds)
      .where(
        inArray(
          refunds.orderId,
          placed.map((o) => o._id),
        ),
      );
    expect(made).toHaveLength(0);
  });

  it('ends every sweep-versus-pay race the same way', async () => {
    const buyer = await customer(ctx.app);
    const part = await insertPart(ctx.database.db, {
      minOrderQuantity: 1,
      availableQuantity: 1000,
    });
    const placed = await Promise.all(Array.from({ length: 10 }, () => placeOrder(buyer, part.id)));
    const secrets = await Promise.all(
      placed.map(
        async (o) =>
          (await createIntent(buyer, o._id)).json<{ clientSecret: string }>().clientSecret,
      ),
    );
    const old = new Date(Date.now() - 72 * 3_600_000);
    await ctx.database.db
      .update(orders)
      .set({ updatedAt: old })
      .where(
        inArray(
          orders.id,
          placed.map((o) => o._id),
        ),
      );
    await Promise.all([ctx.app.storefront.sweepUnpaidOrders(48), ...secrets.map((s) => pay(s))]);
    const rows = await ctx.database.db
      .select()
      .from(orders)
      .where(
        inArray(
          orders.id,
          placed.map((o) => o._id),
        ),
      );
    const intents = await ctx.database.db
      .select()
      .from(sandboxIntents)
      .where(
        inArray(
          sandboxIntents.orderId,
          placed.map((o) => o._id),
        ),
      );
    for (const row of rows) {
      const charged = intents.filter((t) => t.orderId === row.id && t.status === 'succeeded');
      expect(['paid', 'canceled']).toContain(row.status);
      expect(charged).toHaveLength(row.status === 'paid' ? 1 : 0);
    }
  });

  it('refuses to pay or confirm an order that was canceled', async () => {
    const buyer = await customer(ctx.app);
    const part = await insertPart(ctx.database.db, { minOrderQuantity: 1, availableQuantity: 100 });
    const order = await placeOrder(buyer, part.id);
    const { clientSecret } = (await createIntent(buyer, order._id)).json<{
      clientSecret: string;
    }>();
    expect((await cancel(buyer, order._id)).json()).toEqual({ deletedCount: 1 });
    expect((await pay(clientSecret)).json()).toMatchObject({
      error: { code: 'payment_intent_unexpected_state' },
    });
    const again = await createIntent(buyer, order._id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'ORDER_NOT_PAYABLE' });
    const confirm = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/purchase/${order._id}`,
      headers: buyer.auth,
      payload: { transactionId: clientSecret.split('_secret_')[0] },
    });
    expect(confirm.statusCode).toBe(409);
  });

  it('refunds a success that still lands on a canceled order, once, and shows it on the order', async () => {
    const buyer = await customer(ctx.app);
    const part = await insertPart(ctx.database.db, { minOrderQuantity: 1, availableQuantity: 100 });
    const order = await placeOrder(buyer, part.id);
    const { clientSecret } = (await createIntent(buyer, order._id)).json<{
      clientSecret: string;
    }>();
    expect((await cancel(buyer, order._id)).json()).toEqual({ deletedCount: 1 });
    // A provider event from a charge that got through anyway (the sandbox cannot produce one).
    const intentId = clientSecret.split('_secret_')[0]!;
    await ctx.database.db
      .update(sandboxIntents)
      .set({ status: 'succeeded' })
      .where(eq(sandboxIntents.id, intentId));
    const [intentRow] = await ctx.database.db
      .select()
      .from(sandboxIntents)
      .where(eq(sandboxIntents.id, intentId));
    const intent = {
      id: intentId,
      clientSecret,
      amountCents: intentRow!.amountCents,
      currency: 'usd',
      status: 'succeeded' as const,
      orderId: order._id,
    };
    const results = await Promise.all(
      ['evt_1', 'evt_2', 'evt_1', 'evt_3'].map((id) =>
        handlePaymentEvent(
          ctx.database.db,
          { id, type: 'payment_intent.succeeded', intent },
          () => {},
        ),
      ),
    );
    expect(results.filter((r) => r === 'refunding')).toHaveLength(1);
    await ctx.app.storefront.outbox.runDue();
    const given = await ctx.database.db
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.intentId, intentId));
    expect(given).toHaveLength(1);
    expect(given[0]?.amountCents).toBe(intentRow!.amountCents);
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/api/purchase/${order._id}`,
      headers: buyer.auth,
    });
    expect(read.json()).toMatchObject({
      status: 'canceled',
      refund: { status: 'succeeded', amount: order.partPrice },
    });
  });
});
