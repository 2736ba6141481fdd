import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { sandboxIntents } from './payments.tables.js';
import {
  WebhookSignatureError,
  type PaymentEvent,
  type PaymentIntent,
  type PaymentProvider,
} from './provider.js';
import { cardOutcome, type Card, type CardOutcome } from './test-cards.js';

type Row = typeof sandboxIntents.$inferSelect;
const toIntent = (row: Row): PaymentIntent => ({
  id: row.id,
  clientSecret: row.clientSecret,
  amountCents: row.amountCents,
  currency: row.currency,
  status: row.status,
  orderId: row.orderId,
});
const token = (bytes: number) => randomBytes(bytes).toString('base64url');

export type SandboxProvider = PaymentProvider & {
  /**
   * The browser's card confirmation, as Stripe.js's confirmCardPayment would do it. On success
   * the outcome is delivered like a webhook, through `onEvent`.
   */
  confirmCard(
    clientSecret: string,
    card: Card,
  ): Promise<{ intent: PaymentIntent | null; outcome: CardOutcome }>;
};

export function createSandboxProvider(
  db: Db,
  onEvent: (event: PaymentEvent) => Promise<void>,
): SandboxProvider {
  return {
    name: 'sandbox',
    async createIntent({ orderId, amountCents }) {
      const id = `pi_sandbox_${token(12)}`;
      const [row] = await db
        .insert(sandboxIntents)
        .values({
          id,
          clientSecret: `${id}_secret_${token(18)}`,
          amountCents,
          currency: 'usd',
          orderId,
          status: 'requires_payment_method',
        })
        .returning();
      return toIntent(row!);
    },
    async retrieveIntent(id) {
      const [row] = await db
        .select()
        .from(sandboxIntents)
        .where(eq(sandboxIntents.id, id))
        .limit(1);
      return row ? toIntent(row) : null;
    },
    parseWebhook() {
      // The sandbox delivers its events in-process; nothing outside may post them.
      throw new WebhookSignatureError('The sandbox provider takes no webhooks');
    },
    async confirmCard(clientSecret, card) {
      const [row] = await db
        .select()
        .from(sandboxIntents)
        .where(eq(sandboxIntents.clientSecret, clientSecret))
        .limit(1);
      if (!row)
        return {
          intent: null,
          outcome: { ok: false, code: 'resource_missing', message: 'No such payment.' },
        };
      if (row.status === 'succeeded') return { intent: toIntent(row), outcome: { ok: true } };
      const outcome = cardOutcome(card);
      const [updated] = await db
        .update(sandboxIntents)
        .set(
          outcome.ok
            ? { status: 'succeeded', lastError: null, updatedAt: new Date() }
            : { lastError: outcome.code, updatedAt: new Date() },
        )
        .where(eq(sandboxIntents.id, row.id))
        .returning();
      const intent = toIntent(updated!);
      if (outcome.ok)
        await onEvent({ id: `evt_sandbox_${token(12)}`, type: 'payment_intent.succeeded', intent });
      return { intent, outcome };
    },
  };
}
