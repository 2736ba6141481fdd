import { and, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { OrderStatus, WebhookEventType } from '@storefront/contract';
import type { DbOrTx } from '../../db/database.js';
import { queueOrderMail, type OrderMailKind } from '../mail/mail.service.js';
import { emitEvent } from '../webhooks/events.js';
import { toV1Order } from './order-feed.js';
import { withLines } from './orders.service.js';
import { orderEvents, orders, type OrderRow, type ORDER_ACTORS } from './orders.tables.js';

/**
 * Every allowed status change, and nothing else. Payment: `unpaid -> pending -> paid` (a
 * processing payment that fails goes back to `unpaid`); fulfilment after payment: `paid ->
 * shipped -> delivered`; `canceled` from unpaid or pending (nothing charged) or from paid (staff,
 * with a refund). `delivered` and `canceled` are final.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  unpaid: ['pending', 'paid', 'canceled'],
  pending: ['paid', 'unpaid', 'canceled'],
  paid: ['shipped', 'canceled'],
  shipped: ['delivered'],
  delivered: [],
  canceled: [],
};

export const canTransition = (from: OrderStatus, to: OrderStatus): boolean =>
  ORDER_TRANSITIONS[from].includes(to);

/** Who made a change, and why when it is worth saying. */
export type OrderActor = {
  actor: (typeof ORDER_ACTORS)[number];
  actorId?: string | null;
  note?: string;
};

export type TransitionOptions = OrderActor & {
  transactionId?: string;
  /** Shipping: both required by `shipped`. */
  carrier?: string;
  trackingNumber?: string;
};

/** The moment each status is reached, kept on the order. */
const REACHED_AT: Partial<Record<OrderStatus, keyof OrderRow>> = {
  paid: 'paidAt',
  shipped: 'shippedAt',
  delivered: 'deliveredAt',
  canceled: 'canceledAt',
};

/** The mails a status sends, in the transaction that reaches it (sent by the outbox worker). */
const MAILS: Partial<Record<OrderStatus, OrderMailKind[]>> = {
  paid: ['paid', 'staff-paid'],
  canceled: ['canceled'],
  shipped: ['shipped'],
};

/** The webhook event a status sends, in the same transaction (decision 059). */
const EVENTS: Partial<Record<OrderStatus, WebhookEventType>> = {
  paid: 'order.paid',
  canceled: 'order.canceled',
  shipped: 'order.shipped',
  delivered: 'order.delivered',
};

/** An order's event for the webhooks, its body the v1 order as it is now in `tx`. */
export const emitOrderEvent = (tx: DbOrTx, type: WebhookEventType, order: OrderRow) =>
  emitEvent(tx, {
    type,
    companyId: order.companyId,
    data: async () => toV1Order(await withLines(tx, order)),
  });

/**
 * The only writer of `orders.status`. Moves the order to `to` if its current status is one of
 * `from`, in one conditional UPDATE, so of two concurrent transitions at most one wins; in the
 * same transaction it records the change on the order's timeline (who, when, from, to) and queues
 * the mails the new status sends. Returns the updated row, or undefined when the order is not (or
 * no longer) in one of `from`.
 */
export async function transitionOrder(
  tx: DbOrTx,
  orderId: string,
  from: readonly OrderStatus[],
  to: OrderStatus,
  options: TransitionOptions,
): Promise<OrderRow | undefined> {
  const refused = from.filter((status) => !canTransition(status, to));
  if (refused.length > 0) {
    throw new Error(`order status cannot go from ${refused.join(', ')} to ${to}`);
  }
  if (to === 'shipped' && (!options.carrier || !options.trackingNumber)) {
    throw new Error('an order is shipped with a carrier and a tracking number');
  }
  if (from.length === 0) return undefined;
  const reached = REACHED_AT[to];
  // The status before the change, read in the same statement: the timeline's "from".
  const [row] = await tx
    .update(orders)
    .set({
      status: to,
      updatedAt: new Date(),
      ...(reached ? { [reached]: new Date() } : {}),
      ...(options.transactionId ? { transactionId: options.transactionId } : {}),
      ...(to === 'shipped'
        ? { carrier: options.carrier, trackingNumber: options.trackingNumber }
        : {}),
    })
    .where(and(eq(orders.id, orderId), inArray(orders.status, [...from])))
    .returning({
      ...getTableColumns(orders),
      // A subquery in RETURNING reads the statement's snapshot: the status before this update.
      previous: sql<OrderStatus>`(select o.status from orders o where o.id = "orders"."id")`,
    });
  if (!row) return undefined;
  const { previous, ...order } = row as OrderRow & { previous: OrderStatus };
  await tx.insert(orderEvents).values({
    orderId,
    actor: options.actor,
    actorId: options.actorId ?? null,
    fromStatus: previous,
    toStatus: to,
    note:
      options.note ?? (to === 'shipped' ? `${options.carrier} ${options.trackingNumber}` : null),
  });
  for (const kind of MAILS[to] ?? []) {
    await queueOrderMail(tx, {
      orderId,
      kind,
      toAddress: kind === 'staff-paid' ? null : order.email,
      userId: kind === 'staff-paid' ? null : order.userId,
    });
  }
  const event = EVENTS[to];
  if (event) await emitOrderEvent(tx, event, order);
  return order;
}

/**
 * A change to an order that is not a change of status (staff cancelling one line), on its
 * timeline with who did it and what, in the caller's transaction.
 */
export async function recordOrderEvent(
  tx: DbOrTx,
  order: Pick<OrderRow, 'id' | 'status'>,
  by: OrderActor & { note: string },
): Promise<void> {
  await tx.insert(orderEvents).values({
    orderId: order.id,
    actor: by.actor,
    actorId: by.actorId ?? null,
    fromStatus: order.status,
    toStatus: order.status,
    note: by.note,
  });
}

/** The timeline's first entry, as a CTE of the placing statement, from the `inserted` order. */
export const placedEventCte = (): SQL => sql`placed_event as (
    insert into ${orderEvents} (order_id, actor, actor_id, from_status, to_status, note)
    select id, 'customer', user_id, null, status,
           case when payment_mode = 'account' then 'Order placed on account' else 'Order placed' end
      from inserted
  )`;
