/**
 * What the shop needs from a card payment provider. Stripe implements it for real; the sandbox
 * implements it on this server with Stripe's test-mode rules, so tests walk the production path.
 */
export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'succeeded'
  | 'canceled';

export type PaymentIntent = {
  id: string;
  clientSecret: string;
  amountCents: number;
  currency: string;
  status: IntentStatus;
  /** From the intent's metadata: which order it pays for. */
  orderId: string | null;
};

/** A provider notification, already authenticated; `intent` is the object it is about. */
export type PaymentEvent = { id: string; type: string; intent: PaymentIntent | null };

export class WebhookSignatureError extends Error {}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  createIntent(input: {
    orderId: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<PaymentIntent>;
  /** Null when the provider has no such intent (a forged id). */
  retrieveIntent(id: string): Promise<PaymentIntent | null>;
  /** Verifies the signature over the raw body; throws WebhookSignatureError when it does not hold. */
  parseWebhook(rawBody: string, signature: string | undefined): PaymentEvent;
}
