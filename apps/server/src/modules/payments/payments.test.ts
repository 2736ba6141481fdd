import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { OrderResponse } from '@storefront/contract';
import { customer } from '../../test/accounts.js';
import { insertPart } from '../../test/factories.js';
import { useTestApp } from '../../test/test-app.js';
import { orders } from '../orders/orders.tables.js';
import { sandboxIntents } from './payments.tables.js';

type Customer = Awaited<ReturnType<typeof customer>>;
const card = (number: string) => ({ number, expMonth: 12, expYear: 2099, cvc: '123' });

describe('card payments (sandbox provider)', () => {
  const ctx = useTestApp({ authRateLimit: false });

  async function placeOrder(buyer: Customer, quantity = 10, price = 12.5) {
    const part = await insertPart(ctx.database.db, {
      minOrderQuantity: 10,
      availableQuantity: 1000,
      price,
    });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/purchase/',
      headers: buyer.auth,
      payload: { partId: part.id, minimum: quantity, address: '1 Road', phone: '0123456789' },
    });
    expect(res.statusCode).toBe(201);
    return res.json<OrderResponse>();
  }
  const createIntent = (buyer: Customer, payload: Record<string, unknown>) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: buyer.auth,
      payload,
    });
  const payWith = (clientSecret: string, number: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/sandbox/confirm',
      payload: { clientSecret, card: card(number) },
    });
  const patch = (buyer: Customer, orderId: string, transactionId: string) =>
    ctx.app.inject({
      method: 'PATCH',
      url: `/api/purchase/${orderId}`,
      headers: buyer.auth,
      payload: { purchase: orderId, transactionId },
    });
  const intentIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0]!;
  const statusOf = async (orderId: string) =>
    (
      await ctx.database.db.select({ s: orders.status }).from(orders).where(eq(orders.id, orderId))
    )[0]?.s;

  it('charges the order total from the database, whatever partPrice the client sends', async () => {
    const buyer = await customer(ctx.app);
    const order = await placeOrder(buyer, 12, 7.25);
    const res = await createIntent(buyer, { orderId: order._id, partPrice: 0.01 });
    expect(res.statusCode).toBe(200);
    const { clientSecret } = res.json<{ clientSecret: string }>();
    const [intent] = await ctx.database.db
      .select()
      .from(sandboxIntents)
      .where(eq(sandboxIntents.clientSecret, clientSecret));
    expect(intent?.amountCents).toBe(8700);
    expect(intent?.orderId).toBe(order._id);
  });

  it('reuses the intent when asked twice for one order', async () => {
    const buyer = await customer(ctx.app);
    const order = await placeOrder(buyer);
    const first = (await createIntent(buyer, { orderId: order._id })).json<{
      clientSecret: string;
    }>();
    const second = (await createIntent(buyer, { orderId: order._id })).json<{
      clientSecret: string;
    }>();
    expect(second.clientSecret).toBe(first.clientSecret);
  });

  it("refuses to create an intent for another customer's order", async () => {
    const owner = await customer(ctx.app);
    const other = await customer(ctx.app);
    const order = await placeOrder(owner);
    const res = await createIntent(other, { orderId: order._id });
    expect(res.statusCode).toBe(404);
    expect((await createIntent(other, {})).statusCode).toBe(400);
  });

  it('pays with 4242…: the order is paid with the transaction id, and PATCH confirms it', async () => {
    const buyer = await customer(ctx.app);
    const order = await placeOrder(buyer);
    const { clientSecret } = (await createIntent(buyer, { orderId: order._id })).json<{
      clientSecret: string;
    }>();
    const paid = await payWith(clientSecret, '4242 4242 4242 4242');
    expect(paid.json()).toMatchObject({
      paymentIntent: { id: intentIdOf(clientSecret), status: 'succeeded' },
    });
    const res = await patch(buyer, order._id, intentIdOf(clientSecret));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'paid', transactionId: intentIdOf(clientSecret) });
    // The sandbox's event already marked it paid: the PATCH changed nothing more.
    expect(await statusOf(order._id)).toBe('paid');
  });

  it('a declined card answers the provider’s message and the order stays unpaid, even after PATCH', async () => {
    const buyer = await customer(ctx.app);
    const order = await placeOrder(buyer);
    const { clientSecret } = (await createIntent(buyer, { orderId: order._id })).json<{
      clientSecret: string;
    }>();
    const declined = await payWith(clientSecret, '4000 0000 0000 0002');
    expect(declined.json()).toEqual({
      error: { code: 'card_declined', message: 'Your card was declined.' },
    });
    const res = await patch(buyer, order._id, intentIdOf(clientSecret));
    expect(res.statusCode).toBe(402);
    expect(await statusOf(order._id)).toBe('unpaid');
  });

  it('a forged transaction id or another order’s payment never marks an order paid', async () => {
    const buyer = await customer(ctx.app);
    const cheap = await placeOrder(buyer, 10, 1);
    const dear = await placeOrder(buyer, 10, 500);
    const cheapSecret = (await createIntent(buyer, { orderId: cheap._id })).json<{
      clientSecret: string;
    }>().clientSecret;
    await createIntent(buyer, { orderId: dear._id });
    await payWith(cheapSecret, '4242424242424242');
    for (const transactionId of ['pi_forged_123', intentIdOf(cheapSecret)]) {
      const res = await patch(buyer, dear._id, transactionId);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'PAYMENT_MISMATCH' });
    }
    expect(await statusOf(dear._id)).toBe('unpaid');
  });

  it('someone else cannot confirm my payment on my order', async () => {
    const owner = await customer(ctx.app);
    const thief = await customer(ctx.app);
    const order = await placeOrder(owner);
    const { clientSecret } = (await createIntent(owner, { orderId: order._id })).json<{
      clientSecret: string;
    }>();
    const res = await patch(thief, order._id, intentIdOf(clientSecret));
    expect(res.statusCode).toBe(404);
  });

  it('a paid order can be neither cancelled nor paid again', async () => {
    const buyer = await customer(ctx.app);
    const order = await placeOrder(buyer);
    const { clientSecret } = (await createIntent(buyer, { orderId: order._id })).json<{
      clientSecret: string;
    }>();
    await payWith(clientSecret, '4242424242424242');
    const cancel = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/purchase/${order._id}`,
      headers: buyer.auth,
    });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json()).toMatchObject({ deletedCount: 0 });
    const again = await createIntent(buyer, { orderId: order._id });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'ORDER_ALREADY_PAID' });
    expect(await statusOf(order._id)).toBe('paid');
  });

  it('refuses Stripe webhooks when Stripe is not the provider', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(404);
  });

  it('tells the app which provider takes payments', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json()).toMatchObject({ paymentProvider: 'sandbox', stripePublishableKey: null });
  });
});

describe('the unpaid-order sweep and payments in flight', () => {
  const ctx = useTestApp({ authRateLimit: false });

  it('does not sweep an old order whose customer has just started paying', async () => {
    const buyer = await customer(ctx.app);
    const part = await insertPart(ctx.database.db, { minOrderQuantity: 1, availableQuantity: 10 });
    const placed = await ctx.app.inject({
      method: 'POST',
      url: '/api/purchase/',
      headers: buyer.auth,
      payload: { partId: part.id, minimum: 1, address: 'A', phone: '0123456789' },
    });
    const order = placed.json<OrderResponse>();
    const old = new Date(Date.now() - 72 * 3_600_000);
    await ctx.database.db
      .update(orders)
      .set({ createdAt: old, updatedAt: old })
      .where(eq(orders.id, order._id));
    await ctx.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: buyer.auth,
      payload: { orderId: order._id },
    });
    expect(await ctx.app.storefront.sweepUnpaidOrders(48)).toBe(0);
    const [row] = await ctx.database.db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, order._id));
    expect(row?.status).toBe('unpaid');
  });
});
