import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/** Stripe's test card that succeeds, as the sandbox provider takes it. */
export const goodCard = { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' };

/** Pays an order the way the payment page does with the sandbox: an intent, then the card. */
export async function payInSandbox(
  app: FastifyInstance,
  buyer: { auth: Record<string, string> },
  orderId: string,
): Promise<void> {
  const intent = await app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: buyer.auth,
    payload: { orderId },
  });
  const { clientSecret } = intent.json<{ clientSecret: string }>();
  const paid = await app.inject({
    method: 'POST',
    url: '/api/sandbox/confirm',
    payload: { clientSecret, card: goodCard },
  });
  expect(paid.json()).toMatchObject({ paymentIntent: { status: 'succeeded' } });
}
