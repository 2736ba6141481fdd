import { and, asc, eq, lt, sql } from 'drizzle-orm';
import { formatMoney, fromCents, type DeleteOrderResponse } from '@storefront/contract';
import type { Db, DbOrTx } from '../../db/database.js';
import { AppError, forbidden, notFound } from '../../http/errors.js';
import { roleIn } from '../companies/companies.service.js';
import {
  lockCompany,
  lowerInvoiceOfOrder,
  voidInvoiceOfOrder,
} from '../companies/account.service.js';
import { queueOrderMail } from '../mail/mail.service.js';
import { returnStock } from '../parts/stock.service.js';
import {
  emitOrderEvent,
  recordOrderEvent,
  transitionOrder,
  type OrderActor,
} from './order-status.js';
import {
  findOrder,
  lineGrossCents,
  liveLines,
  lockOrder,
  withLines,
  type OrderLineRow,
  type OrderRow,
} from './orders.service.js';
import { orderLines, orders } from './orders.tables.js';

/**
 * What cancelling needs from the payments module, handed in (payments depends on orders, not the
 * other way round).
 */
export type PaymentGate = {
  /**
   * Cancels the order's intent at the provider, so nothing can be charged after the cancel.
   * `paid` or `processing` when a payment got there first: the order must not be canceled.
   */
  void(orderId: string): Promise<'clear' | 'paid' | 'processing'>;
  /** Whether the order has an intent not yet canceled (read inside the cancel's transaction). */
  hasLiveIntent(tx: DbOrTx, orderId: string): Promise<boolean>;
  /**
   * Records the refund of what a paid order still holds when staff cancel it (or of one line they
   * cancel), with the job that carries it out at the provider, in the cancel's transaction.
   */
  refundPaid(tx: DbOrTx, order: OrderRow, line?: OrderLineRow): Promise<void>;
};

const notCancelable = () =>
  new AppError(409, 'ORDER_NOT_CANCELABLE', 'Only unpaid orders can be canceled');
const beingPaid = () =>
  new AppError(
    409,
    'ORDER_BEING_PAID',
    'This order has just been paid (or its payment is being processed), so it can no longer be canceled',
  );

/**
 * Cancels an unpaid order and gives its stock back. The provider's intent is canceled first, so a
 * payment and a cancel racing each other end with exactly one of: paid, or canceled with nothing
 * charged. The transaction then checks, with the order locked, that no new intent appeared
 * meanwhile (a payment being started); if one did, it is canceled too and the cancel tried again.
 */
async function cancelUnpaid(
  db: Db,
  orderId: string,
  gate: PaymentGate,
  by: OrderActor,
  within?: (tx: DbOrTx, canceled: OrderRow) => Promise<void>,
): Promise<'canceled' | 'not-unpaid' | 'being-paid'> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const outcome = await gate.void(orderId);
    if (outcome !== 'clear') return 'being-paid';
    const result = await db.transaction(async (tx) => {
      const order = await lockOrder(tx, orderId);
      if (!order || (order.status !== 'unpaid' && order.status !== 'pending'))
        return 'not-unpaid' as const;
      if (await gate.hasLiveIntent(tx, orderId)) return 'retry' as const;
      const canceled = await transitionOrder(tx, orderId, ['unpaid', 'pending'], 'canceled', by);
      if (!canceled) return 'not-unpaid' as const;
      const view = await withLines(tx, canceled);
      await returnStock(
        tx,
        { id: view.id, lines: liveLines(view) },
        by.actor === 'system' ? 'sweep' : 'cancel',
        by.actorId ?? null,
      );
      await within?.(tx, canceled);
      return 'canceled' as const;
    });
    if (result !== 'retry') return result;
  }
  return 'being-paid';
}

/**
 * Staff cancel an unpaid or pending order as the customer would (the provider's intent first),
 * with their audit entry in the cancel's transaction.
 */
export async function cancelUnpaidByStaff(
  db: Db,
  orderId: string,
  gate: PaymentGate,
  by: OrderActor,
  audit: (tx: DbOrTx, order: OrderRow) => Promise<void>,
): Promise<OrderRow> {
  let done: OrderRow | undefined;
  const result = await cancelUnpaid(db, orderId, gate, by, async (tx, canceled) => {
    await audit(tx, canceled);
    done = canceled;
  });
  if (result === 'being-paid') throw beingPaid();
  if (result === 'not-unpaid' || !done) throw notCancelable();
  return done;
}

/**
 * An order on account canceled before it ships (by its buyer or staff): its stock returns and its
 * invoice is void, which releases the company's credit, in one transaction. The company's row is
 * locked first (the lock order of every writer of a company's credit: company, order, parts).
 */
async function cancelOnAccount(
  db: Db,
  order: OrderRow,
  by: OrderActor,
  within?: (tx: DbOrTx, canceled: OrderRow) => Promise<void>,
): Promise<OrderRow> {
  if (order.status !== 'paid')
    throw new AppError(
      409,
      'ORDER_NOT_CANCELABLE',
      order.status === 'canceled'
        ? 'This order is already canceled'
        : 'A shipped order on account cannot be canceled: staff issue a credit note instead',
    );
  return db.transaction(async (tx) => {
    if (order.companyId) await lockCompany(tx, order.companyId);
    const canceled = await transitionOrder(tx, order.id, ['paid'], 'canceled', by);
    if (!canceled) throw new AppError(409, 'ORDER_NOT_CANCELABLE', 'The order changed meanwhile');
    const view = await withLines(tx, canceled);
    await returnStock(tx, { id: view.id, lines: liveLines(view) }, 'cancel', by.actorId ?? null);
    await voidInvoiceOfOrder(tx, order.id);
    await within?.(tx, canceled);
    return canceled;
  });
}

/** The customer's cancel: only their own unpaid order; anything else changes nothing. */
export async function cancelOrder(
  db: Db,
  userId: string,
  id: string,
  gate: PaymentGate,
): Promise<DeleteOrderResponse> {
  const row = await findOrder(db, id);
  if (!row || row.userId !== userId || row.status === 'canceled') throw notFound('Order');
  // A company's order is the company's: its buyer cancels it only while still a member
  // (decision 057). They keep reading it, as their own purchase.
  if (row.companyId && !(await roleIn(db, row.companyId, userId)))
    throw forbidden(
      'You are no longer a member of the company this order was placed for: ask us to cancel it',
    );
  if (row.paymentMode === 'account') {
    await cancelOnAccount(db, row, { actor: 'customer', actorId: userId });
    return { deletedCount: 1 };
  }
  if (row.status !== 'unpaid') throw notCancelable();
  const result = await cancelUnpaid(db, id, gate, { actor: 'customer', actorId: userId });
  if (result === 'being-paid') throw beingPaid();
  if (result === 'not-unpaid') throw notCancelable();
  return { deletedCount: 1 };
}

/**
 * Cancels unpaid orders left alone for longer than the time to live and returns their stock.
 * "Left alone" counts from the last activity (`updated_at`): starting a payment is activity, so
 * an order is never swept while its customer is paying for it. Each order is its
 * own conditional transition, so several instances sweeping at once cancel each order once.
 */
export async function sweepExpiredOrders(
  db: Db,
  olderThanHours: number,
  gate: PaymentGate,
  now: Date = new Date(),
): Promise<number> {
  const cutoff = new Date(now.getTime() - olderThanHours * 3_600_000);
  const batchSize = 200;
  let canceled = 0;
  // Walks the expired orders once, in (updated_at, id) order: one whose payment won the race
  // stays behind without being visited again.
  let after: { at: Date; id: string } | null = null;
  for (;;) {
    const expired: { id: string; updatedAt: Date }[] = await db
      .select({ id: orders.id, updatedAt: orders.updatedAt })
      .from(orders)
      .where(
        and(
          eq(orders.status, 'unpaid'),
          lt(orders.updatedAt, cutoff),
          after ? sql`(${orders.updatedAt}, ${orders.id}) > (${after.at}, ${after.id})` : undefined,
        ),
      )
      .orderBy(asc(orders.updatedAt), asc(orders.id))
      .limit(batchSize);
    for (const order of expired) {
      const by: OrderActor = { actor: 'system', note: 'Unpaid for too long' };
      if ((await cancelUnpaid(db, order.id, gate, by)) === 'canceled') canceled += 1;
    }
    const last = expired.at(-1);
    if (!last || expired.length < batchSize) return canceled;
    after = { at: last.updatedAt, id: last.id };
  }
}

/** Runs inside the staff action's transaction: its audit entry. */
export type AuditHook = (tx: DbOrTx, order: OrderRow) => Promise<void>;

/**
 * Staff cancel any order not yet shipped. An unpaid (or pending) one is canceled as the customer's
 * would be (its intent canceled at the provider first); a paid one, in one transaction, is
 * canceled, its live lines' stock returned and what it still holds refunded, with the job that
 * carries it out at the provider: it cannot half-happen.
 */
export async function staffCancelOrder(
  db: Db,
  orderId: string,
  gate: PaymentGate,
  by: OrderActor,
  audit: AuditHook,
): Promise<OrderRow> {
  const order = await findOrder(db, orderId);
  if (!order) throw notFound('Order');
  if (order.status === 'unpaid' || order.status === 'pending') {
    return cancelUnpaidByStaff(db, orderId, gate, by, audit);
  }
  if (order.paymentMode === 'account') return cancelOnAccount(db, order, by, audit);
  if (order.status !== 'paid') throw notCancelableByStaff(order);
  return db.transaction(async (tx) => {
    const canceled = await transitionOrder(tx, orderId, ['paid'], 'canceled', by);
    if (!canceled) throw new AppError(409, 'ORDER_NOT_CANCELABLE', 'The order changed meanwhile');
    const view = await withLines(tx, canceled);
    await returnStock(tx, { id: view.id, lines: liveLines(view) }, 'refund', by.actorId ?? null);
    await gate.refundPaid(tx, canceled);
    await audit(tx, canceled);
    return canceled;
  });
}

const notCancelableByStaff = (order: OrderRow) =>
  new AppError(
    409,
    'ORDER_NOT_CANCELABLE',
    order.status === 'canceled'
      ? 'This order is already canceled'
      : 'A shipped order cannot be canceled: arrange a return instead',
  );

/**
 * Staff cancel one line of an order not yet shipped: its stock returns, it leaves the order's total
 * and, on a paid order, its amount is refunded. An unpaid order's intent is canceled at the
 * provider first (it was for the old total; paying makes a new one). The order's last live line
 * cancels the whole order instead. Everything in one transaction with the order locked, so two
 * staff cancelling the same line at once cancel it once.
 */
export async function staffCancelLine(
  db: Db,
  orderId: string,
  lineNo: number,
  gate: PaymentGate,
  by: OrderActor,
  audit: AuditHook,
  attempt = 1,
): Promise<OrderRow> {
  const order = await findOrder(db, orderId);
  if (!order) throw notFound('Order');
  if (!['unpaid', 'pending', 'paid'].includes(order.status)) throw notCancelableByStaff(order);
  const view = await withLines(db, order);
  const line = view.lines.find((l) => l.lineNo === lineNo);
  if (!line) throw notFound('Line');
  if (line.canceledAt) throw new AppError(409, 'LINE_CANCELED', 'This line is already canceled');
  if (liveLines(view).length === 1) return staffCancelOrder(db, orderId, gate, by, audit);
  if (order.status !== 'paid') {
    const outcome = await gate.void(orderId);
    if (outcome === 'processing') throw beingPaid();
  }
  const done = await db.transaction(async (tx) => {
    if (order.paymentMode === 'account' && order.companyId) await lockCompany(tx, order.companyId);
    const locked = await lockOrder(tx, orderId);
    if (!locked || !['unpaid', 'pending', 'paid'].includes(locked.status)) return undefined;
    const paid = locked.status === 'paid';
    // Unpaid: a payment started since the intent was canceled must be canceled too (retry).
    if (!paid && (await gate.hasLiveIntent(tx, orderId))) return 'retry' as const;
    const [canceledLine] = await tx
      .update(orderLines)
      .set({ canceledAt: new Date() })
      .where(
        and(
          eq(orderLines.orderId, orderId),
          eq(orderLines.lineNo, lineNo),
          sql`${orderLines.canceledAt} is null`,
        ),
      )
      .returning();
    if (!canceledLine) return undefined;
    const [updated] = await tx
      .update(orders)
      .set({
        // The line leaves the order with exactly its tax (decision 063) and its core deposit (069).
        totalCents: sql`${orders.totalCents} - ${lineGrossCents(canceledLine)}`,
        taxCents: sql`${orders.taxCents} - ${canceledLine.taxCents}`,
        coreCents: sql`${orders.coreCents} - ${canceledLine.coreCents}`,
        updatedAt: new Date(),
      })
      .where(eq(orders.id, orderId))
      .returning();
    if (!updated) return undefined;
    await returnStock(
      tx,
      { id: orderId, lines: [canceledLine] },
      paid ? 'refund' : 'cancel',
      by.actorId ?? null,
    );
    // On account nothing was charged: the invoice asks less instead (and the company's credit).
    if (updated.paymentMode === 'account')
      await lowerInvoiceOfOrder(tx, orderId, lineGrossCents(canceledLine));
    else if (paid) await gate.refundPaid(tx, updated, canceledLine);
    await recordOrderEvent(tx, updated, {
      ...by,
      note:
        `Line ${lineNo} canceled: ${canceledLine.partName} (${canceledLine.quantity}), ` +
        `${formatMoney(fromCents(lineGrossCents(canceledLine)))}` +
        (canceledLine.taxCents > 0
          ? ` (tax ${formatMoney(fromCents(canceledLine.taxCents))})`
          : '') +
        (canceledLine.coreCents > 0
          ? ` (core deposit ${formatMoney(fromCents(canceledLine.coreCents))})`
          : '') +
        `${updated.paymentMode === 'account' ? ' taken off the invoice' : paid ? ' refunded' : ''}` +
        (by.note ? `. ${by.note}` : ''),
    });
    await emitOrderEvent(tx, 'order.line_canceled', updated);
    await queueOrderMail(tx, {
      orderId,
      kind: 'line-canceled',
      lineNo,
      toAddress: updated.email,
      userId: updated.userId,
    });
    await audit(tx, updated);
    return updated;
  });
  if (done === 'retry') {
    if (attempt >= 5) throw beingPaid();
    return staffCancelLine(db, orderId, lineNo, gate, by, audit, attempt + 1);
  }
  if (!done) throw new AppError(409, 'ORDER_NOT_CANCELABLE', 'The order changed meanwhile');
  return done;
}
