import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe.js';
import { WebhookSignatureError, type PaymentProvider } from './provider.js';
import { createStripeProvider } from './stripe-provider.js';

const SECRET_KEY = 'sk_test_fake_0123456789abcdef';
const WEBHOOK_SECRET = 'whsec_test_0123456789abcdef';

describe('Stripe provider against a fake Stripe API', () => {
  let fake: FakeStripe;
  let provider: PaymentProvider;

  beforeAll(async () => {
    fake = await startFakeStripe();
    provider = createStripeProvider({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      api: { host: fake.host, port: fake.port, protocol: 'http' },
    });
  });
  afterAll(async () => {
    await fake?.close();
  });

  it('creates a card intent in US cents, with the idempotency key and the secret key', async () => {
    const before = fake.requests.length;
    const intent = await provider.createIntent({
      orderId: 'order-42',
      amountCents: 1234,
      idempotencyKey: 'order-order-42-1234',
    });

    const sent = fake.requests.slice(before);
    expect(sent).toHaveLength(1);
    const [request] = sent;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/payment_intents' });
    expect(request!.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(request!.headers['idempotency-key']).toBe('order-order-42-1234');
    expect(request!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    // The SDK's own form encoding, brackets unescaped: what Stripe's API parses.
    expect(request!.rawBody).toBe(
      'amount=1234&currency=usd&allowed_payment_method_types[0]=card&metadata[orderId]=order-42',
    );
    expect(request!.body).toEqual({
      amount: '1234',
      currency: 'usd',
      allowed_payment_method_types: ['card'],
      metadata: { orderId: 'order-42' },
    });

    expect(intent).toEqual({
      id: expect.stringMatching(/^pi_/),
      clientSecret: expect.stringMatching(new RegExp(`^${intent.id}_secret_`)),
      amountCents: 1234,
      currency: 'usd',
      status: 'requires_payment_method',
      orderId: 'order-42',
    });
    expect(fake.intents.get(intent.id)).toMatchObject({
      amount: 1234,
      metadata: { orderId: 'order-42' },
    });
  });

  it('gives back the same intent when the same idempotency key is used again', async () => {
    const input = { orderId: 'order-7', amountCents: 5000, idempotencyKey: 'order-order-7-5000' };
    const count = fake.intents.size;
    const first = await provider.createIntent(input);
    const second = await provider.createIntent(input);
    expect(second).toEqual(first);
    expect(fake.intents.size).toBe(count + 1);

    const other = await provider.createIntent({
      ...input,
      idempotencyKey: 'order-order-7-5100',
      amountCents: 5100,
    });
    expect(other.id).not.toBe(first.id);
  });

  it('retrieves an intent with its fields and follows its status', async () => {
    const created = await provider.createIntent({
      orderId: 'order-9',
      amountCents: 999,
      idempotencyKey: 'order-order-9-999',
    });
    const before = fake.requests.length;
    expect(await provider.retrieveIntent(created.id)).toEqual(created);
    const [request] = fake.requests.slice(before);
    expect(request).toMatchObject({
      method: 'GET',
      path: `/v1/payment_intents/${created.id}`,
      rawBody: '',
    });
    expect(request!.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);

    fake.setStatus(created.id, 'processing');
    expect(await provider.retrieveIntent(created.id)).toEqual({ ...created, status: 'processing' });
    fake.setStatus(created.id, 'succeeded');
    expect(await provider.retrieveIntent(created.id)).toEqual({ ...created, status: 'succeeded' });
  });

  it('answers null for an intent Stripe does not have', async () => {
    const before = fake.requests.length;
    expect(await provider.retrieveIntent('pi_doesnotexist123')).toBeNull();
    expect(fake.requests.slice(before)).toHaveLength(1);

    // Ids that cannot be Stripe's are not sent at all: '' would hit the list endpoint.
    for (const forged of ['', 'pi_', 'ch_123', 'pi_../../v1/charges', 'pi_1?expand[]=x']) {
      expect(await provider.retrieveIntent(forged)).toBeNull();
    }
    expect(fake.requests.slice(before)).toHaveLength(1);
  });

  it('passes on other failures instead of calling the intent missing', async () => {
    const gone = await startFakeStripe();
    await gone.close();
    const unreachable = createStripeProvider({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      api: { host: gone.host, port: gone.port, protocol: 'http' },
    });
    const error = await unreachable.retrieveIntent('pi_123').then(
      () => null,
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(Stripe.errors.StripeConnectionError);
    expect(JSON.stringify(error) + String(error)).not.toContain(SECRET_KEY);
  });
});

describe('Stripe webhooks', () => {
  // constructEvent is pure HMAC work: no API server is needed.
  const provider = createStripeProvider({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });

  const intentObject = {
    id: 'pi_webhook123',
    object: 'payment_intent',
    amount: 4200,
    currency: 'usd',
    status: 'succeeded',
    client_secret: 'pi_webhook123_secret_abc',
    metadata: { orderId: 'order-1' },
  };
  const event = (type: string, object: object) =>
    JSON.stringify({ id: 'evt_123', object: 'event', type, data: { object } }, null, 2);
  const sign = (payload: string, secret = WEBHOOK_SECRET) =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret });

  it('accepts a signed payment_intent.succeeded event and maps its intent', () => {
    const payload = event('payment_intent.succeeded', intentObject);
    expect(provider.parseWebhook(payload, sign(payload))).toEqual({
      id: 'evt_123',
      type: 'payment_intent.succeeded',
      intent: {
        id: 'pi_webhook123',
        clientSecret: 'pi_webhook123_secret_abc',
        amountCents: 4200,
        currency: 'usd',
        status: 'succeeded',
        orderId: 'order-1',
      },
    });
  });

  it('maps an intent without an order id, and events about other objects, to null', () => {
    const noOrder = event('payment_intent.created', { ...intentObject, metadata: {} });
    expect(provider.parseWebhook(noOrder, sign(noOrder)).intent?.orderId).toBeNull();

    const charge = event('charge.succeeded', { id: 'ch_1', object: 'charge', amount: 4200 });
    expect(provider.parseWebhook(charge, sign(charge))).toEqual({
      id: 'evt_123',
      type: 'charge.succeeded',
      intent: null,
    });
  });

  it('refuses a wrong secret, a tampered payload and a missing signature', () => {
    const payload = event('payment_intent.succeeded', intentObject);
    const tampered = payload.replace('"amount": 4200', '"amount": 1');
    expect(tampered).not.toBe(payload);
    const attempts: [string, string | undefined][] = [
      [payload, sign(payload, 'whsec_someone_else')],
      [tampered, sign(payload)],
      [payload, undefined],
      [payload, ''],
      [payload, 'garbage'],
      ['', sign(payload)],
    ];
    for (const [body, signature] of attempts) {
      let thrown: unknown;
      try {
        provider.parseWebhook(body, signature);
      } catch (err) {
        thrown = err;
      }
      expect(thrown).toBeInstanceOf(WebhookSignatureError);
      expect((thrown as Error).cause).toBeInstanceOf(
        Stripe.errors.StripeSignatureVerificationError,
      );
    }
  });
});
