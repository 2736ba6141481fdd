import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { OrderResponse } from '@storefront/contract';
import type { Db, DbOrTx } from '../../db/database.js';
import { AppError, notFound } from '../../http/errors.js';
import type { Caller } from '../auth/guards.js';
import { transitionOrder } from '../orders/order-status.js';
import {
  findOrder,
  recordPaymentActivity,
  toOrderResponse,
  type OrderRow,
} from '../orders/orders.service.js';
import { paymentEvents, payments } from './payments.tables.js';
import type { PaymentEvent, PaymentIntent, PaymentProvider } from './provider.js';

/** The caller's own order; anyone else's is as good as missing. */
async function ownOrder(db: DbOrTx, caller: Caller, orderId: string): Promise<OrderRow> {
  const order = await findOrder(db, orderId);
  if (!order || order.userId !== caller.sub || order.status === 'canceled') throw notFound('Order');
  return order;
}

const alreadyPaid = () => new AppError(409, 'ORDER_ALREADY_PAID', 'This order is already paid');

/**
 * The payment intent for an unpaid order, for its total from the database (never an amount from
 * the client). One intent per order: asking again returns the same one.
 */
export async function createPaymentIntent(
  db: Db,
  provider: PaymentProvider,
  caller: Caller,
  orderId: string,
): Promise<{ clientSecret: string }> {
  const order = await ownOrder(db, caller, orderId);
  if (order.status === 'paid' || order.status === 'pending') throw alreadyPaid();
  await recordPaymentActivity(db, order.id);

  const [existing] = await db
    .select()
    .from(payments)
    .where(eq(payments.orderId, order.id))
    .limit(1);
  if (
    existing &&
    existing.amountCents === order.totalCents &&
    existing.provider === provider.name
  ) {
    return { clientSecret: existing.clientSecret };
  }
  const intent = await provider.createIntent({
    orderId: order.id,
    amountCents: order.totalCents,
    // Retries of this call, from any instance, create no second intent.
    idempotencyKey: `order-${order.id}-${order.totalCents}`,
  });
  await db
    .insert(payments)
    .values({
      orderId: order.id,
      provider: provider.name,
      intentId: intent.id,
      clientSecret: intent.clientSecret,
      amountCents: order.totalCents,
    })
    .onConflictDoUpdate({
      target: payments.orderId,
      set: {
        provider: provider.name,
        intentId: intent.id,
        clientSecret: intent.clientSecret,
        amountCents: order.totalCents,
      },
    });
  return { clientSecret: intent.clientSecret };
}

/** What a payment intent's status means for its order; other statuses change nothing. */
const PAYMENT_TRANSITIONS: Partial<
  Record<PaymentIntent['status'], { from: OrderRow['status'][]; to: OrderRow['status'] }>
> = {
  succeeded: { from: ['unpaid', 'pending'], to: 'paid' },
  processing: { from: ['unpaid'], to: 'pending' },
};

/** Moves the order as the intent's status says; undefined when that changes nothing. */
async function applyIntent(
  db: DbOrTx,
  orderId: string,
  intent: PaymentIntent,
): Promise<OrderRow | undefined> {
  const step = PAYMENT_TRANSITIONS[intent.status];
  if (!step) return undefined;
  return transitionOrder(db, orderId, step.from, step.to, { transactionId: intent.id });
}

/** Does this intent really pay for this order, in full? */
const paysFor = (intent: PaymentIntent, order: OrderRow) =>
  intent.orderId === order.id &&
  intent.amountCents === order.totalCents &&
  intent.currency === 'usd';

/**
 * The app's report of a payment (spec: PATCH /purchase/{id} with the transaction id). Trusted
 * only after asking the provider: succeeded -> paid, processing -> pending, anything else -> 4xx.
 */
export async function confirmOrderPayment(
  db: Db,
  provider: PaymentProvider,
  caller: Caller,
  orderId: string,
  transactionId: string,
): Promise<OrderResponse> {
  const order = await ownOrder(db, caller, orderId);
  if (order.status === 'paid') {
    if (order.transactionId === transactionId) return toOrderResponse(order);
    throw alreadyPaid();
  }
  const [payment] = await db.select().from(payments).where(eq(payments.orderId, order.id)).limit(1);
  const mismatch = new AppError(
    400,
    'PAYMENT_MISMATCH',
    'This payment does not belong to this order',
  );
  if (!payment || payment.intentId !== transactionId) throw mismatch;
  const intent = await provider.retrieveIntent(transactionId);
  if (!intent || !paysFor(intent, order)) throw mismatch;

  if (!PAYMENT_TRANSITIONS[intent.status])
    throw new AppError(402, 'PAYMENT_NOT_COMPLETED', 'The payment has not gone through');
  const updated = await applyIntent(db, order.id, intent);
  return toOrderResponse(updated ?? (await findOrder(db, order.id))!);
}

const EVENT_STATUS: Record<string, PaymentIntent['status']> = {
  'payment_intent.succeeded': 'succeeded',
  'payment_intent.processing': 'processing',
};

/**
 * The provider's word, from Stripe's webhook or the sandbox: applied once per event id, and only
 * when the intent pays the order in full. Late or repeated events change nothing.
 */
export async function handlePaymentEvent(
  db: Db,
  event: PaymentEvent,
  log: Pick<FastifyBaseLogger, 'error'>,
): Promise<'applied' | 'duplicate' | 'ignored'> {
  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(paymentEvents)
      .values({ eventId: event.id, type: event.type })
      .onConflictDoNothing()
      .returning();
    if (!fresh) return 'duplicate';
    const intent = event.intent;
    if (!intent || !intent.orderId) return 'ignored';
    const [payment] = await tx
      .select()
      .from(payments)
      .where(eq(payments.intentId, intent.id))
      .limit(1);
    const order = payment ? await findOrder(tx, payment.orderId) : undefined;
    if (!order || !paysFor(intent, order)) return 'ignored';
    if (event.type === 'payment_intent.succeeded' && order.status === 'canceled') {
      // Money taken for an order that no longer holds stock: a person must refund or restore it.
      log.error(
        { orderId: order.id, intentId: intent.id },
        'payment succeeded for a canceled order: refund it or restore the order',
      );
      return 'ignored';
    }
    // The event names what happened; the intent it carries is the state that counts.
    const expected = EVENT_STATUS[event.type];
    if (!expected || intent.status !== expected) return 'ignored';
    return (await applyIntent(tx, order.id, intent)) ? 'applied' : 'ignored';
  });
}
