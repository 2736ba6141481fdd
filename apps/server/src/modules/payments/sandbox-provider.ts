import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { sandboxIntents, sandboxRefunds } from './payments.tables.js';
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

/** Stripe's words when a canceled or paid intent is confirmed again. */
const unexpectedState = (status: string): CardOutcome => ({
  ok: false,
  code: 'payment_intent_unexpected_state',
  message: `You cannot confirm this PaymentIntent because it has a status of ${status}.`,
});

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

/**
 * Payments on this server that behave like Stripe's test mode, down to the rules that make
 * payments safe under concurrency: an idempotency key answers its first intent, and an intent
 * moves out of `requires_payment_method` once, by one conditional UPDATE, so a confirmation and a
 * cancellation racing each other end with exactly one of them.
 */
export function createSandboxProvider(
  db: Db,
  onEvent: (event: PaymentEvent) => Promise<void>,
): SandboxProvider {
  const findIntent = async (id: string) =>
    (await db.select().from(sandboxIntents).where(eq(sandboxIntents.id, id)).limit(1))[0];

  return {
    name: 'sandbox',
    async createIntent({ orderId, amountCents, idempotencyKey }) {
      const id = `pi_sandbox_${token(12)}`;
      await db
        .insert(sandboxIntents)
        .values({
          id,
          clientSecret: `${id}_secret_${token(18)}`,
          idempotencyKey,
          amountCents,
          currency: 'usd',
          orderId,
          status: 'requires_payment_method',
        })
        .onConflictDoNothing({ target: sandboxIntents.idempotencyKey });
      const [row] = await db
        .select()
        .from(sandboxIntents)
        .where(eq(sandboxIntents.idempotencyKey, idempotencyKey))
        .limit(1);
      if (!row) throw new Error('sandbox intent vanished after insert');
      if (row.amountCents !== amountCents || row.orderId !== orderId) {
        throw new Error(
          'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        );
      }
      return toIntent(row);
    },
    async retrieveIntent(id) {
      const row = await findIntent(id);
      return row ? toIntent(row) : null;
    },
    async cancelIntent(id) {
      const [canceled] = await db
        .update(sandboxIntents)
        .set({ status: 'canceled', updatedAt: new Date() })
        .where(and(eq(sandboxIntents.id, id), eq(sandboxIntents.status, 'requires_payment_method')))
        .returning();
      if (canceled) return toIntent(canceled);
      const row = await findIntent(id);
      if (!row) throw new Error(`No such payment_intent: '${id}'`);
      return toIntent(row);
    },
    async refund({ intentId, amountCents, idempotencyKey }) {
      const intent = await findIntent(intentId);
      if (!intent || intent.status !== 'succeeded')
        throw new Error(`PaymentIntent ${intentId} has no successful charge to refund`);
      if (amountCents > intent.amountCents)
        throw new Error('Refund amount is greater than the amount charged');
      await db
        .insert(sandboxRefunds)
        .values({ id: `re_sandbox_${token(12)}`, intentId, amountCents, idempotencyKey })
        .onConflictDoNothing({ target: sandboxRefunds.idempotencyKey });
      const [row] = await db
        .select()
        .from(sandboxRefunds)
        .where(eq(sandboxRefunds.idempotencyKey, idempotencyKey))
        .limit(1);
      if (!row) throw new Error('sandbox refund vanished after insert');
      return { id: row.id, status: 'succeeded' };
    },
    async retrieveRefund(id) {
      const [row] = await db.select().from(sandboxRefunds).where(eq(sandboxRefunds.id, id));
      if (!row) throw new Error(`No such refund: '${id}'`);
      return { id: row.id, status: 'succeeded' };
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
      if (row.status !== 'requires_payment_method')
        return { intent: toIntent(row), outcome: unexpectedState(row.status) };
      const outcome = cardOutcome(card);
      // Only an intent still waiting for a payment method moves; a cancel that came first wins.
      const [updated] = await db
        .update(sandboxIntents)
        .set(
          outcome.ok
            ? { status: 'succeeded', lastError: null, updatedAt: new Date() }
            : { lastError: outcome.code, updatedAt: new Date() },
        )
        .where(
          and(
            eq(sandboxIntents.id, row.id),
            inArray(sandboxIntents.status, ['requires_payment_method']),
          ),
        )
        .returning();
      if (!updated) {
        const now = (await findIntent(row.id))!;
        return now.status === 'succeeded'
          ? { intent: toIntent(now), outcome: { ok: true } }
          : { intent: toIntent(now), outcome: unexpectedState(now.status) };
      }
      const intent = toIntent(updated);
      if (outcome.ok)
        await onEvent({ id: `evt_sandbox_${token(12)}`, type: 'payment_intent.succeeded', intent });
      return { intent, outcome };
    },
  };
}
