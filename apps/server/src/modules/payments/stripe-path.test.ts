import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderResponse } from '@storefront/contract';
import { buildApp } from '../../app.js';
import type { Database } from '../../db/database.js';
import { customer } from '../../test/accounts.js';
import { insertPart } from '../../test/factories.js';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe.js';
import { memoryMailer, testConfig } from '../../test/test-app.js';
import { createTestDatabase } from '../../test/test-database.js';
import { orders } from '../orders/orders.tables.js';
import { paymentEvents } from './payments.tables.js';
import { createStripeProvider } from './stripe-provider.js';

const WEBHOOK_SECRET = 'whsec_test_secret_for_the_suite';
type App = Awaited<ReturnType<typeof buildApp>>;
type Customer = Awaited<ReturnType<typeof customer>>;

describe('payments through Stripe (SDK against a local Stripe-like server)', () => {
  let fake: FakeStripe;
  let database: Database;
  let app: App;

  beforeAll(async () => {
    fake = await startFakeStripe();
    database = await createTestDatabase();
    const config = testConfig({
      authRateLimit: false,
      payments: {
        provider: 'stripe',
        secretKey: 'sk_test_suite',
        publishableKey: 'pk_test_suite',
        webhookSecret: WEBHOOK_SECRET,
      },
    });
    const provider = createStripeProvider({
      secretKey: 'sk_test_suite',
      webhookSecret: WEBHOOK_SECRET,
      api: { host: fake.host, port: fake.port, protocol: 'http' },
    });
    app = await buildApp({ config, database, mailer: memoryMailer(), paymentProvider: provider });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await fake?.close();
  });

  async function unpaidOrderWithIntent(buyer: Customer) {
    const part = await insertPart(database.db, {
      minOrderQuantity: 5,
      availableQuantity: 100,
      price: 19.99,
    });
    const placed = await app.inject({
      method: 'POST',
      url: '/api/purchase/',
      headers: buyer.auth,
      payload: { partId: part.id, minimum: 7, address: 'A', phone: '0123456789', partPrice: 1 },
    });
    const order = placed.json<OrderResponse>();
    const res = await app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: buyer.auth,
      payload: { orderId: order._id, partPrice: 1 },
    });
    expect(res.statusCode).toBe(200);
    const { clientSecret } = res.json<{ clientSecret: string }>();
    const intent = [...fake.intents.values()].find((i) => i.client_secret === clientSecret)!;
    return { order, intent };
  }

  const signed = (event: object) => {
    const payload = JSON.stringify(event);
    return {
      payload,
      header: Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    };
  };
  const postWebhook = (payload: string, signature?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: {
        'content-type': 'application/json',
        ...(signature ? { 'stripe-signature': signature } : {}),
      },
      payload,
    });
  const eventFor = (id: string, type: string, intent: object) => ({
    id,
    object: 'event',
    type,
    data: { object: intent },
  });
  const statusOf = async (orderId: string) =>
    (await database.db.select({ s: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]
      ?.s;

  it('creates the intent at Stripe for the order total in cents, with the order id and an idempotency key', async () => {
    const buyer = await customer(app);
    const { order, intent } = await unpaidOrderWithIntent(buyer);
    expect(intent.amount).toBe(13993);
    expect(intent.currency).toBe('usd');
    expect(intent.metadata.orderId).toBe(order._id);
    const create = fake.requests
      .filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents')
      .at(-1)!;
    // The order, its amount and the attempt: retries and concurrent calls make one intent.
    expect(create.headers['idempotency-key']).toBe(`order-${order._id}-13993-1`);
    expect(create.headers.authorization).toBe('Bearer sk_test_suite');
  });

  it('marks the order paid only when Stripe says the intent succeeded; processing makes it pending', async () => {
    const buyer = await customer(app);
    const { order, intent } = await unpaidOrderWithIntent(buyer);
    const patch = () =>
      app.inject({
        method: 'PATCH',
        url: `/api/purchase/${order._id}`,
        headers: buyer.auth,
        payload: { purchase: order._id, transactionId: intent.id },
      });
    expect((await patch()).statusCode).toBe(402);
    expect(await statusOf(order._id)).toBe('unpaid');
    fake.setStatus(intent.id, 'processing');
    expect((await patch()).json()).toMatchObject({ status: 'pending', transactionId: intent.id });
    fake.setStatus(intent.id, 'succeeded');
    expect((await patch()).json()).toMatchObject({ status: 'paid', transactionId: intent.id });
  });

  it('refuses a webhook with a bad or missing signature and changes nothing', async () => {
    const buyer = await customer(app);
    const { order, intent } = await unpaidOrderWithIntent(buyer);
    const event = eventFor('evt_bad_sig', 'payment_intent.succeeded', {
      ...intent,
      status: 'succeeded',
    });
    const forged = Stripe.webhooks.generateTestHeaderString({
      payload: JSON.stringify(event),
      secret: 'whsec_wrong',
    });
    expect((await postWebhook(JSON.stringify(event), forged)).statusCode).toBe(400);
    expect((await postWebhook(JSON.stringify(event))).statusCode).toBe(400);
    const { header } = signed(event);
    const tampered = JSON.stringify({ ...event, data: { object: { ...intent, amount: 1 } } });
    expect((await postWebhook(tampered, header)).statusCode).toBe(400);
    expect(await statusOf(order._id)).toBe('unpaid');
    expect(
      await database.db
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.eventId, 'evt_bad_sig')),
    ).toHaveLength(0);
  });

  it('payment_intent.succeeded marks the order paid; the same event twice, or a late processing event, is harmless', async () => {
    const buyer = await customer(app);
    const { order, intent } = await unpaidOrderWithIntent(buyer);
    const succeeded = signed(
      eventFor('evt_ok_1', 'payment_intent.succeeded', { ...intent, status: 'succeeded' }),
    );
    const first = await postWebhook(succeeded.payload, succeeded.header);
    expect(first.statusCode).toBe(200);
    expect(await statusOf(order._id)).toBe('paid');
    const again = await postWebhook(succeeded.payload, succeeded.header);
    expect(again.statusCode).toBe(200);
    const late = signed(
      eventFor('evt_late_2', 'payment_intent.processing', { ...intent, status: 'processing' }),
    );
    expect((await postWebhook(late.payload, late.header)).statusCode).toBe(200);
    expect(await statusOf(order._id)).toBe('paid');
    const [row] = await database.db
      .select({ transactionId: orders.transactionId })
      .from(orders)
      .where(eq(orders.id, order._id));
    expect(row?.transactionId).toBe(intent.id);
  });

  it('ignores a signed event whose intent does not pay the order in full', async () => {
    const buyer = await customer(app);
    const { order, intent } = await unpaidOrderWithIntent(buyer);
    const short = signed(
      eventFor('evt_short', 'payment_intent.succeeded', {
        ...intent,
        amount: intent.amount - 1,
        status: 'succeeded',
      }),
    );
    expect((await postWebhook(short.payload, short.header)).statusCode).toBe(200);
    expect(await statusOf(order._id)).toBe('unpaid');
  });

  it('cancels the intent at Stripe before cancelling the order, so nothing can be charged', async () => {
    const buyer = await customer(app);
    const { order, intent } = await unpaidOrderWithIntent(buyer);
    const cancel = await app.inject({
      method: 'DELETE',
      url: `/api/purchase/${order._id}`,
      headers: buyer.auth,
    });
    expect(cancel.json()).toEqual({ deletedCount: 1 });
    expect(fake.intents.get(intent.id)?.status).toBe('canceled');
    expect(await statusOf(order._id)).toBe('canceled');
  });

  it('refuses to cancel an order Stripe has already charged, and marks it paid', async () => {
    const buyer = await customer(app);
    const { order, intent } = await unpaidOrderWithIntent(buyer);
    fake.setStatus(intent.id, 'succeeded');
    const cancel = await app.inject({
      method: 'DELETE',
      url: `/api/purchase/${order._id}`,
      headers: buyer.auth,
    });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json()).toMatchObject({ error: 'ORDER_BEING_PAID', deletedCount: 0 });
    expect(await statusOf(order._id)).toBe('paid');
  });

  it('refunds a payment that lands on a canceled order, once, and shows it on the order', async () => {
    const buyer = await customer(app);
    const { order, intent } = await unpaidOrderWithIntent(buyer);
    const cancel = await app.inject({
      method: 'DELETE',
      url: `/api/purchase/${order._id}`,
      headers: buyer.auth,
    });
    expect(cancel.json()).toEqual({ deletedCount: 1 });
    // Stripe took the money anyway (a race this shop cannot see): its event must not be lost.
    fake.setStatus(intent.id, 'succeeded');
    for (const id of ['evt_after_cancel', 'evt_after_cancel', 'evt_after_cancel_again']) {
      const late = signed(
        eventFor(id, 'payment_intent.succeeded', { ...intent, status: 'succeeded' }),
      );
      expect((await postWebhook(late.payload, late.header)).statusCode).toBe(200);
    }
    await app.storefront.outbox.runDue();
    const refunded = [...fake.refunds.values()].filter((r) => r.payment_intent === intent.id);
    expect(refunded).toHaveLength(1);
    expect(refunded[0]).toMatchObject({ amount: 13993, status: 'succeeded' });
    expect(await statusOf(order._id)).toBe('canceled');
    const read = await app.inject({
      method: 'GET',
      url: `/api/purchase/${order._id}`,
      headers: buyer.auth,
    });
    expect(read.json()).toMatchObject({
      status: 'canceled',
      refund: { status: 'succeeded', amount: 139.93 },
    });
  });

  it('gives the app the publishable key and allows Stripe.js in the content security policy', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json()).toMatchObject({
      paymentProvider: 'stripe',
      stripePublishableKey: 'pk_test_suite',
    });
    const page = await app.inject({ method: 'GET', url: '/dashboard/payment/x' });
    expect(page.headers['content-security-policy']).toContain(
      "script-src 'self' https://js.stripe.com",
    );
  });
});
