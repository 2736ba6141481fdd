import { and, asc, desc, eq, lt, ne } from 'drizzle-orm';
import {
  fromCents,
  isUuid,
  messages,
  orderQuantityIssue,
  type CreateOrderValues,
  type DeleteOrderResponse,
  type OrderResponse,
} from '@storefront/contract';
import type { Db, DbOrTx } from '../../db/database.js';
import { AppError, notFound, unauthorized } from '../../http/errors.js';
import type { Caller } from '../auth/guards.js';
import { findPart, releaseStock, reserveStock } from '../parts/parts.service.js';
import { findUserById } from '../auth/identity.service.js';
import { isAdmin } from '../users/users.service.js';
import { transitionOrder } from './order-status.js';
import { orders, type OrderRow } from './orders.tables.js';

export type { OrderRow };

export const toOrderResponse = (row: OrderRow): OrderResponse => {
  if (row.status === 'canceled') throw new Error('a canceled order must never be answered');
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    address: row.address,
    phone: row.phone,
    partId: row.partId,
    partName: row.partName,
    minimum: row.quantity,
    unitPrice: fromCents(row.unitPriceCents),
    partPrice: fromCents(row.totalCents),
    status: row.status,
    transactionId: row.transactionId ?? '',
    createdAt: row.createdAt.toISOString(),
  };
};

const outOfStock = () => new AppError(409, 'OUT_OF_STOCK', messages.quantityAboveAvailable);

/**
 * One business step, one transaction: the quantity is checked against the part, the stock is
 * reserved and the order written, or nothing happens. Every amount comes from the database.
 */
export async function placeOrder(
  db: Db,
  caller: Caller,
  body: CreateOrderValues,
): Promise<OrderResponse> {
  // Checked before any transaction: a sold-out part is refused without taking a lock.
  const part = await findPart(db, body.partId);
  if (!part) throw notFound('Part');
  const issue = orderQuantityIssue(body.minimum, {
    mOrderQuantity: part.minOrderQuantity,
    availableQuantity: part.availableQuantity,
  });
  if (issue === messages.quantityAboveAvailable) throw outOfStock();
  if (issue) throw new AppError(400, 'VALIDATION_FAILED', issue, { minimum: issue });
  const user = await findUserById(db, caller.sub);
  if (!user) throw unauthorized('Your account no longer exists, please sign in again');

  return db.transaction(async (tx) => {
    // The stock read above may be stale under concurrency: this conditional decrement counts.
    if (!(await reserveStock(tx, part.id, body.minimum))) throw outOfStock();

    const [row] = await tx
      .insert(orders)
      .values({
        userId: user.id,
        name: user.name,
        email: user.email,
        address: body.address,
        phone: body.phone,
        partId: part.id,
        partName: part.name,
        quantity: body.minimum,
        unitPriceCents: part.priceCents,
        totalCents: part.priceCents * body.minimum,
        status: 'unpaid',
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    return toOrderResponse(row);
  });
}

/** The caller's live orders, newest first; canceled ones are gone as far as the customer knows. */
export async function listOrders(db: DbOrTx, userId: string): Promise<OrderResponse[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), ne(orders.status, 'canceled')))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return rows.map(toOrderResponse);
}

/** Undefined for an unknown or malformed id. */
export async function findOrder(db: DbOrTx, id: string): Promise<OrderRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row;
}

/**
 * Starting a payment is activity: the unpaid-order sweep counts an order's time to live from its
 * last activity, so an order is never swept while its customer is paying for it.
 */
export async function recordPaymentActivity(db: DbOrTx, orderId: string): Promise<void> {
  await db.update(orders).set({ updatedAt: new Date() }).where(eq(orders.id, orderId));
}

/** The caller's own order, or any order for an admin; a 404 otherwise, so ids reveal nothing. */
export async function getOrder(db: DbOrTx, caller: Caller, id: string): Promise<OrderResponse> {
  const row = await findOrder(db, id);
  if (!row || row.status === 'canceled') throw notFound('Order');
  if (row.userId !== caller.sub && !(await isAdmin(db, caller.email))) throw notFound('Order');
  return toOrderResponse(row);
}

/** Cancels an unpaid order and gives its stock back, in one transaction; false if another won. */
async function cancelUnpaid(tx: DbOrTx, order: OrderRow): Promise<boolean> {
  const canceled = await transitionOrder(tx, order.id, ['unpaid'], 'canceled');
  if (!canceled) return false;
  await releaseStock(tx, canceled.partId, canceled.quantity);
  return true;
}

/** The customer's cancel: only their own unpaid order; anything else changes nothing. */
export async function cancelOrder(
  db: Db,
  userId: string,
  id: string,
): Promise<DeleteOrderResponse> {
  return db.transaction(async (tx) => {
    const row = await findOrder(tx, id);
    if (!row || row.userId !== userId || row.status === 'canceled') throw notFound('Order');
    if (row.status !== 'unpaid' || !(await cancelUnpaid(tx, row))) {
      throw new AppError(409, 'ORDER_NOT_CANCELABLE', 'Only unpaid orders can be canceled');
    }
    return { deletedCount: 1 };
  });
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
  now: Date = new Date(),
): Promise<number> {
  const cutoff = new Date(now.getTime() - olderThanHours * 3_600_000);
  const batchSize = 200;
  let canceled = 0;
  for (;;) {
    const expired = await db
      .select()
      .from(orders)
      .where(and(eq(orders.status, 'unpaid'), lt(orders.updatedAt, cutoff)))
      .orderBy(asc(orders.updatedAt))
      .limit(batchSize);
    for (const order of expired) {
      if (await db.transaction((tx) => cancelUnpaid(tx, order))) canceled += 1;
    }
    if (expired.length < batchSize) return canceled;
  }
}

/** Whether the user has paid for at least one order: what makes a review's author a buyer. */
export async function hasPaidOrder(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'paid')))
    .limit(1);
  return Boolean(row);
}
