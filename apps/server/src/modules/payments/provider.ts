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

export type Refund = { id: string; status: 'pending' | 'succeeded' | 'failed' };

export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  /**
   * Creates an intent, or answers the one already created with this idempotency key (as Stripe
   * does), so concurrent calls for one order make one intent.
   */
  createIntent(input: {
    orderId: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<PaymentIntent>;
  /** Null when the provider has no such intent (a forged id). */
  retrieveIntent(id: string): Promise<PaymentIntent | null>;
  /**
   * Cancels an intent so it can never be charged. When a payment got there first it cannot be
   * canceled: the intent is answered as it is (`succeeded`, `processing`), and the caller decides.
   */
  cancelIntent(id: string): Promise<PaymentIntent>;
  /** Gives back what a succeeded intent took; the idempotency key makes a retry the same refund. */
  refund(input: { intentId: string; amountCents: number; idempotencyKey: string }): Promise<Refund>;
  retrieveRefund(id: string): Promise<Refund>;
  /** Verifies the signature over the raw body; throws WebhookSignatureError when it does not hold. */
  parseWebhook(rawBody: string, signature: string | undefined): PaymentEvent;
}
