import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { OrderResponse } from '@storefront/contract';
import type { Db, DbOrTx } from '../../db/database.js';
import { AppError, notFound } from '../../http/errors.js';
import type { Caller } from '../auth/guards.js';
import { transitionOrder } from '../orders/order-status.js';
import type { PaymentGate } from '../orders/cancel-order.js';
import {
  lineGrossCents,
  findOrder,
  findOrderView,
  lockOrder,
  recordPaymentActivity,
  recordRefund,
  toOrderResponse,
  type OrderLineRow,
  type OrderRow,
} from '../orders/orders.service.js';
import { metrics } from '../metrics/metrics.js';
import { enqueue } from '../outbox/outbox.service.js';
import type { OutboxWorker } from '../outbox/outbox-worker.js';
import { paymentEvents, payments, refunds } from './payments.tables.js';
import type { PaymentEvent, PaymentIntent, PaymentProvider } from './provider.js';

export type PaymentRow = typeof payments.$inferSelect;

/** The caller's own order; anyone else's is as good as missing. */
async function ownOrder(db: DbOrTx, caller: Caller, orderId: string): Promise<OrderRow> {
  const order = await findOrder(db, orderId);
  if (!order || order.userId !== caller.sub) throw notFound('Order');
  return order;
}

const alreadyPaid = () => new AppError(409, 'ORDER_ALREADY_PAID', 'This order is already paid');
const notPayable = () =>
  new AppError(409, 'ORDER_NOT_PAYABLE', 'This order was canceled and can no longer be paid');

async function findPayment(db: DbOrTx, orderId: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.orderId, orderId)).limit(1);
  return row;
}

/**
 * The payment intent for an unpaid order, for its total from the database (never an amount from
 * the client). Exactly one live intent per order under any concurrency: the idempotency key names
 * the order and the attempt, so concurrent calls get the same intent from the provider, and it is
 * stored with the order locked and still unpaid. A cancel that won meanwhile gets the new intent
 * canceled at once.
 */
export async function createPaymentIntent(
  db: Db,
  provider: PaymentProvider,
  caller: Caller,
  orderId: string,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<{ clientSecret: string }> {
  const order = await ownOrder(db, caller, orderId);
  if (order.status === 'canceled') throw notPayable();
  if (order.status !== 'unpaid') throw alreadyPaid();
  await recordPaymentActivity(db, order.id);

  const existing = await findPayment(db, order.id);
  const reusable =
    existing &&
    existing.status !== 'canceled' &&
    existing.provider === provider.name &&
    existing.amountCents === order.totalCents;
  if (reusable) return { clientSecret: existing.clientSecret };
  const attempt = existing ? existing.attempt + 1 : 1;
  const intent = await provider.createIntent({
    orderId: order.id,
    amountCents: order.totalCents,
    idempotencyKey: `order-${order.id}-${order.totalCents}-${attempt}`,
  });

  const stored = await db.transaction(async (tx) => {
    const locked = await lockOrder(tx, order.id);
    if (!locked || locked.status !== 'unpaid') return null;
    const current = await findPayment(tx, order.id);
    // A concurrent call with the same key stored this very intent first.
    if (current && current.attempt >= attempt) return current;
    const values = {
      provider: provider.name,
      intentId: intent.id,
      clientSecret: intent.clientSecret,
      amountCents: order.totalCents,
      status: intent.status,
      attempt,
      updatedAt: new Date(),
    };
    const [row] = current
      ? await tx.update(payments).set(values).where(eq(payments.orderId, order.id)).returning()
      : await tx
          .insert(payments)
          .values({ orderId: order.id, ...values })
          .returning();
    return row ?? null;
  });
  if (!stored) {
    // The order was canceled while the intent was being made: it must never be charged.
    await provider
      .cancelIntent(intent.id)
      .catch((err: unknown) => log.warn({ err, intentId: intent.id }, 'could not cancel intent'));
    throw notPayable();
  }
  return { clientSecret: stored.clientSecret };
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
  await db
    .update(payments)
    .set({ status: intent.status, updatedAt: new Date() })
    .where(eq(payments.intentId, intent.id));
  const step = PAYMENT_TRANSITIONS[intent.status];
  if (!step) return undefined;
  return transitionOrder(db, orderId, step.from, step.to, {
    actor: 'provider',
    transactionId: intent.id,
  });
}

/** Does this intent really pay for this order, in full? */
const paysFor = (intent: PaymentIntent, order: OrderRow) =>
  intent.orderId === order.id &&
  intent.amountCents === order.totalCents &&
  intent.currency === 'usd';

/**
 * The app's report of a payment (spec: PATCH /purchase/{id} with the transaction id). Trusted
 * only after asking the provider: succeeded -> paid, processing -> pending, anything else -> 4xx.
 * A canceled order is not payable: its intent was canceled at the provider before the cancel.
 */
export async function confirmOrderPayment(
  db: Db,
  provider: PaymentProvider,
  caller: Caller,
  orderId: string,
  transactionId: string,
): Promise<OrderResponse> {
  const order = await ownOrder(db, caller, orderId);
  if (order.status === 'canceled') throw notPayable();
  if (order.status === 'paid') {
    if (order.transactionId === transactionId) return respond(db, order.id);
    throw alreadyPaid();
  }
  const payment = await findPayment(db, order.id);
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
  await applyIntent(db, order.id, intent);
  return respond(db, order.id);
}

/** The order as the API answers it, with its lines. */
async function respond(db: DbOrTx, orderId: string): Promise<OrderResponse> {
  const view = await findOrderView(db, orderId);
  if (!view) throw notFound('Order');
  return toOrderResponse(view);
}

export const REFUND_JOB = 'refund';

/**
 * Records a refund of the order's payment and the job that carries it out at the provider, in the
 * caller's transaction: of one line (`line`, its total) or of what the order still holds (its
 * total). One refund per line and one for the rest (the table's unique key): asking twice does
 * nothing more. Resolves whether a refund was added.
 */
export async function requestRefund(
  tx: DbOrTx,
  order: Pick<OrderRow, 'id' | 'totalCents' | 'taxCents'>,
  intent: { id: string; provider: PaymentProvider['name'] },
  reason: 'paid-after-cancel' | 'canceled-by-staff' | 'line-canceled-by-staff',
  line?: Pick<OrderLineRow, 'lineNo' | 'totalCents' | 'taxCents' | 'coreCents'>,
): Promise<boolean> {
  // A line's refund is its total with its tax and core deposit; the rest of the order, its total
  // with the tax left on it (decision 063): together, never more tax than was charged.
  const amountCents = line ? lineGrossCents(line) : order.totalCents;
  const taxCents = line ? line.taxCents : order.taxCents;
  if (amountCents <= 0) return false;
  const [refund] = await tx
    .insert(refunds)
    .values({
      orderId: order.id,
      lineNo: line?.lineNo ?? null,
      provider: intent.provider,
      intentId: intent.id,
      amountCents,
      taxCents,
      reason,
    })
    .onConflictDoNothing()
    .returning();
  if (!refund) return false;
  await recordRefund(tx, order.id, await refundTotals(tx, order.id));
  await enqueue(tx, {
    kind: REFUND_JOB,
    payload: { refundId: refund.id },
    dedupeKey: `refund-${refund.id}`,
  });
  return true;
}

/**
 * Records the refund of a settled return (returns module, decision 064) and the job that carries
 * it out at the provider, in the settlement's transaction: a partial refund of `amountCents` of
 * the order's payment, at most one per return (the refund's unique `return_id`). Resolves the
 * refund's id, or undefined when the return already has one.
 */
export async function requestReturnRefund(
  tx: DbOrTx,
  orderId: string,
  returnId: string,
  amountCents: number,
  /** The tax inside the amount: the returned pieces' tax (decision 065). */
  taxCents = 0,
): Promise<string | undefined> {
  const payment = await findPayment(tx, orderId);
  if (!payment) throw new Error(`paid order ${orderId} has no payment to refund`);
  const [refund] = await tx
    .insert(refunds)
    .values({
      orderId,
      lineNo: null,
      provider: payment.provider,
      intentId: payment.intentId,
      amountCents,
      taxCents,
      reason: 'returned',
      returnId,
    })
    .onConflictDoNothing()
    .returning();
  if (!refund) return undefined;
  await recordRefund(tx, orderId, await refundTotals(tx, orderId));
  await enqueue(tx, {
    kind: REFUND_JOB,
    payload: { refundId: refund.id },
    dedupeKey: `refund-${refund.id}`,
  });
  return refund.id;
}

/** The state of some refunds at the provider, by id (a settled return shows its refund's). */
export async function refundStates(
  db: DbOrTx,
  ids: string[],
): Promise<Map<string, 'pending' | 'succeeded' | 'failed'>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: refunds.id, status: refunds.status })
    .from(refunds)
    .where(inArray(refunds.id, ids));
  return new Map(rows.map((r) => [r.id, r.status]));
}

/**
 * What an order's refunds come to, as the order shows them: the money given back so far, and
 * `pending` while any is on its way (`failed` when one failed and none is pending).
 */
async function refundTotals(
  tx: DbOrTx,
  orderId: string,
): Promise<{ status: 'pending' | 'succeeded' | 'failed'; refundedCents: number }> {
  const [row] = await tx
    .select({
      pending: sql<boolean>`bool_or(${refunds.status} = 'pending')`,
      failed: sql<boolean>`bool_or(${refunds.status} = 'failed')`,
      succeeded: sql<string>`coalesce(sum(${refunds.amountCents}) filter (where ${refunds.status} = 'succeeded'), 0)`,
    })
    .from(refunds)
    .where(eq(refunds.orderId, orderId));
  return {
    status: row?.pending ? 'pending' : row?.failed ? 'failed' : 'succeeded',
    refundedCents: Number(row?.succeeded ?? 0),
  };
}

/**
 * Carries out a recorded refund at the provider. Safe to run again: the refund's id is the
 * provider's idempotency key, and a refund the provider reports pending is looked at again later.
 */
export function registerRefundJobs(outbox: OutboxWorker, db: Db, provider: PaymentProvider): void {
  outbox.handle(REFUND_JOB, async (payload) => {
    const { refundId } = payload as { refundId: string };
    const [refund] = await db.select().from(refunds).where(eq(refunds.id, refundId)).limit(1);
    if (!refund || refund.status === 'succeeded') return;
    const result = refund.providerRefundId
      ? await provider.retrieveRefund(refund.providerRefundId)
      : await provider.refund({
          intentId: refund.intentId,
          amountCents: refund.amountCents,
          idempotencyKey: refund.id,
        });
    await db.transaction(async (tx) => {
      await tx
        .update(refunds)
        .set({ status: result.status, providerRefundId: result.id, updatedAt: new Date() })
        .where(eq(refunds.id, refund.id));
      await recordRefund(tx, refund.orderId, await refundTotals(tx, refund.orderId));
    });
    if (result.status === 'pending')
      throw new Error('the provider has not completed the refund yet');
  });
}

/**
 * The provider's word, from Stripe's webhook or the sandbox: applied once per event id, and only
 * when the intent pays the order in full. A success for an order canceled meanwhile is refunded
 * (never merely logged): the customer must not pay for what they will not get.
 */
export async function handlePaymentEvent(
  db: Db,
  event: PaymentEvent,
  onRefundQueued: () => void,
): Promise<'applied' | 'duplicate' | 'ignored' | 'refunding'> {
  const result = await db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(paymentEvents)
      .values({ eventId: event.id, type: event.type })
      .onConflictDoNothing()
      .returning();
    if (!fresh) return 'duplicate' as const;
    const intent = event.intent;
    if (!intent || !intent.orderId) return 'ignored' as const;
    const [payment] = await tx
      .select()
      .from(payments)
      .where(eq(payments.intentId, intent.id))
      .limit(1);
    const order = payment ? await lockOrder(tx, payment.orderId) : undefined;
    if (!order || !payment || !paysFor(intent, order)) return 'ignored' as const;
    if (event.type === 'payment_intent.succeeded' && order.status === 'canceled') {
      await tx
        .update(payments)
        .set({ status: 'succeeded', updatedAt: new Date() })
        .where(eq(payments.intentId, intent.id));
      const added = await requestRefund(
        tx,
        order,
        { id: intent.id, provider: payment.provider },
        'paid-after-cancel',
      );
      return added ? ('refunding' as const) : ('ignored' as const);
    }
    // The event names what happened; the intent it carries is the state that counts.
    const expected = EVENT_STATUS[event.type];
    if (!expected || intent.status !== expected) return 'ignored' as const;
    return (await applyIntent(tx, order.id, intent)) ? ('applied' as const) : ('ignored' as const);
  });
  metrics.paymentEvents.inc({ type: event.type, result });
  if (result === 'refunding') onRefundQueued();
  return result;
}

const EVENT_STATUS: Record<string, PaymentIntent['status']> = {
  'payment_intent.succeeded': 'succeeded',
  'payment_intent.processing': 'processing',
};

/**
 * How cancelling reaches the provider (the orders module's `PaymentGate`): the order's intent is
 * canceled there first; if a payment got there first, the order takes the payment's status and
 * the cancel is refused.
 */
export function paymentGate(db: Db, provider: PaymentProvider): PaymentGate {
  return {
    async void(orderId) {
      const payment = await findPayment(db, orderId);
      if (!payment || payment.status === 'canceled') return 'clear';
      if (payment.provider !== provider.name) {
        // Made under another provider (the shop switched): only that provider could charge it.
        return 'clear';
      }
      const intent = await provider.cancelIntent(payment.intentId);
      if (intent.status === 'succeeded' || intent.status === 'processing') {
        await applyIntent(db, orderId, intent);
        return intent.status === 'succeeded' ? 'paid' : 'processing';
      }
      await db
        .update(payments)
        .set({ status: intent.status, updatedAt: new Date() })
        .where(eq(payments.orderId, orderId));
      return 'clear';
    },
    async refundPaid(tx, order, line) {
      const payment = await findPayment(tx, order.id);
      // A warranty replacement (decision 065) was never paid for: nothing to give back.
      if (!payment && order.replacesReturnId && order.totalCents === 0) return;
      if (!payment) throw new Error(`paid order ${order.id} has no payment to refund`);
      await requestRefund(
        tx,
        order,
        { id: payment.intentId, provider: payment.provider },
        line ? 'line-canceled-by-staff' : 'canceled-by-staff',
        line,
      );
    },
    async hasLiveIntent(tx, orderId) {
      const payment = await findPayment(tx, orderId);
      return Boolean(
        payment && payment.status !== 'canceled' && payment.provider === provider.name,
      );
    },
  };
}

/** The order's payment intent as this shop recorded it, for staff. */
export async function paymentRecordFor(
  db: DbOrTx,
  orderId: string,
): Promise<PaymentRow | undefined> {
  return findPayment(db, orderId);
}

/** The order's refunds (at most one, full), for staff. */
export async function refundsFor(db: DbOrTx, orderId: string) {
  return db.select().from(refunds).where(eq(refunds.orderId, orderId));
}
