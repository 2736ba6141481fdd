import Stripe from 'stripe';
import {
  WebhookSignatureError,
  type IntentStatus,
  type PaymentEvent,
  type PaymentIntent,
  type PaymentProvider,
  type Refund,
} from './provider.js';

export type StripeProviderOptions = {
  secretKey: string;
  webhookSecret: string;
  /** Another API server (tests' fake Stripe); production talks to api.stripe.com. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
};

const STATUSES: ReadonlySet<string> = new Set<IntentStatus>([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'succeeded',
  'canceled',
]);
const isIntentStatus = (status: string): status is IntentStatus => STATUSES.has(status);

// Stripe's ids are `pi_` and letters, digits or underscores. Anything else cannot exist, and an
// empty id would even turn the retrieve into a list request on `/v1/payment_intents/`.
const INTENT_ID = /^pi_[A-Za-z0-9_]+$/;

function toIntent(intent: Stripe.PaymentIntent): PaymentIntent {
  // Stripe's type admits statuses added after this SDK; mapping one to a known status would
  // mislead the order logic, so it fails loudly instead.
  if (!isIntentStatus(intent.status)) {
    throw new Error(`Stripe PaymentIntent ${intent.id} has an unknown status: ${intent.status}`);
  }
  return {
    id: intent.id,
    // Null only on reads with a publishable key; this server always uses the secret key.
    clientSecret: intent.client_secret ?? '',
    amountCents: intent.amount,
    currency: intent.currency,
    status: intent.status,
    orderId: intent.metadata.orderId ?? null,
  };
}

/** Stripe's refund statuses, as the shop records them. */
function toRefund(refund: Stripe.Refund): Refund {
  const status =
    refund.status === 'succeeded'
      ? 'succeeded'
      : refund.status === 'failed' || refund.status === 'canceled'
        ? 'failed'
        : 'pending';
  return { id: refund.id, status };
}

const isMissing = (err: unknown) =>
  err instanceof Stripe.errors.StripeInvalidRequestError &&
  (err.statusCode === 404 || err.code === 'resource_missing');

export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const { webhookSecret, api } = options;
  const stripe = new Stripe(options.secretKey, {
    // Under the SDK's 80 s default, a stalled Stripe would hold the shopper's checkout request.
    timeout: 20_000,
    // Production keeps the SDK's retries: with idempotency keys they are safe and ride out blips.
    // Tests turn them off so an error from the fake server surfaces at once.
    ...(api
      ? { host: api.host, port: api.port, protocol: api.protocol, maxNetworkRetries: 0 }
      : {}),
  });

  return {
    name: 'stripe',
    async createIntent({ orderId, amountCents, idempotencyKey }) {
      const created = await stripe.paymentIntents.create(
        {
          amount: amountCents,
          currency: 'usd',
          // The pinned API version (endive) refuses `payment_method_types` on create with a 400
          // payment_method_types_no_longer_supported; this is its replacement.
          allowed_payment_method_types: ['card'],
          metadata: { orderId },
        },
        { idempotencyKey },
      );
      const intent = toIntent(created);
      // The browser confirms the payment with it: stored empty, it would strand the order.
      if (!intent.clientSecret)
        throw new Error(`Stripe returned PaymentIntent ${intent.id} without a client secret`);
      return intent;
    },
    async retrieveIntent(id) {
      if (!INTENT_ID.test(id)) return null;
      try {
        return toIntent(await stripe.paymentIntents.retrieve(id));
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async cancelIntent(id) {
      try {
        return toIntent(await stripe.paymentIntents.cancel(id));
      } catch (err) {
        // Already succeeded, processing or canceled: Stripe refuses; answer the intent as it is.
        if (
          err instanceof Stripe.errors.StripeInvalidRequestError &&
          err.code === 'payment_intent_unexpected_state'
        ) {
          return toIntent(await stripe.paymentIntents.retrieve(id));
        }
        throw err;
      }
    },
    async refund({ intentId, amountCents, idempotencyKey }) {
      return toRefund(
        await stripe.refunds.create(
          { payment_intent: intentId, amount: amountCents },
          { idempotencyKey },
        ),
      );
    },
    async retrieveRefund(id) {
      return toRefund(await stripe.refunds.retrieve(id));
    },
    parseWebhook(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', webhookSecret);
      } catch (err) {
        if (err instanceof Stripe.errors.StripeSignatureVerificationError) {
          throw new WebhookSignatureError(err.message, { cause: err });
        }
        throw err;
      }
      const intent = event.type.startsWith('payment_intent.')
        ? toIntent(event.data.object as Stripe.PaymentIntent)
        : null;
      return { id: event.id, type: event.type, intent } satisfies PaymentEvent;
    },
  };
}
