import { and, eq, inArray } from 'drizzle-orm';
import type { OrderStatus } from '@storefront/contract';
import type { DbOrTx } from '../../db/database.js';
import { orders, type OrderRow } from './orders.tables.js';

/** Every allowed status change, and nothing else (paid and canceled are final). */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  unpaid: ['pending', 'paid', 'canceled'],
  pending: ['paid'],
  paid: [],
  canceled: [],
};

export const canTransition = (from: OrderStatus, to: OrderStatus): boolean =>
  ORDER_TRANSITIONS[from].includes(to);

/**
 * The only writer of `orders.status`. Moves the order to `to` if its current status is one of
 * `from`, in one conditional UPDATE, so of two concurrent transitions at most one wins. Returns
 * the updated row, or undefined when the order is not (or no longer) in one of `from`.
 */
export async function transitionOrder(
  tx: DbOrTx,
  orderId: string,
  from: readonly OrderStatus[],
  to: OrderStatus,
  extra: { transactionId?: string } = {},
): Promise<OrderRow | undefined> {
  const refused = from.filter((status) => !canTransition(status, to));
  if (refused.length > 0) {
    throw new Error(`order status cannot go from ${refused.join(', ')} to ${to}`);
  }
  if (from.length === 0) return undefined;
  const [row] = await tx
    .update(orders)
    .set({ ...extra, status: to, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), inArray(orders.status, [...from])))
    .returning();
  return row;
}
