import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import {
  formatMoney,
  formatOrderNumber,
  fromCents,
  isUuid,
  messages,
  orderQuantityIssue,
  type CreateOrderValues,
  type DeleteOrderResponse,
  type OrderResponse,
  type ShipTo,
} from '@storefront/contract';
import type { Db, DbOrTx } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import { AppError, notFound } from '../../http/errors.js';
import { tooMany } from '../limits/rate-limiter.js';
import type { Caller } from '../auth/guards.js';
import { findPart } from '../parts/parts.service.js';
import { returnStockForOrder, takeStockCtes } from '../parts/stock.service.js';
import { placedMailCtes } from '../mail/mail.service.js';
import { rowOf, rowsOf } from '../../db/raw-rows.js';
import { placedEventCte, transitionOrder, type OrderActor } from './order-status.js';
import { orderEvents, orders, type OrderEventRow, type OrderRow } from './orders.tables.js';

export type { OrderEventRow, OrderRow };

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export const toOrderResponse = (row: OrderRow): OrderResponse => {
  return {
    _id: row.id,
    number: formatOrderNumber(row.number),
    name: row.name,
    email: row.email,
    address: row.address,
    shipTo: {
      street: row.shipStreet,
      city: row.shipCity,
      postalCode: row.shipPostalCode,
      country: row.shipCountry,
    },
    company: row.company,
    taxId: row.taxId,
    poNumber: row.poNumber,
    phone: row.phone,
    partId: row.partId,
    partName: row.partName,
    minimum: row.quantity,
    unitPrice: fromCents(row.unitPriceCents),
    partPrice: fromCents(row.totalCents),
    status: row.status,
    transactionId: row.transactionId ?? '',
    createdAt: row.createdAt.toISOString(),
    refund: row.refundStatus
      ? { status: row.refundStatus, amount: fromCents(row.refundedCents) }
      : null,
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
    paidAt: iso(row.paidAt),
    shippedAt: iso(row.shippedAt),
    deliveredAt: iso(row.deliveredAt),
    canceledAt: iso(row.canceledAt),
  };
};

/** The spec's one-line address, from the ship-to parts. */
export const composeAddress = (to: ShipTo): string =>
  `${to.street}, ${to.postalCode} ${to.city}, ${to.country}`;

async function findByIdempotencyKey(
  db: DbOrTx,
  userId: string,
  key: string,
): Promise<OrderRow | undefined> {
  const [row] = await orderByKey(db).execute({ userId, key });
  return row;
}

const orderByKey = prepared((db) =>
  db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.userId, sql.placeholder('userId')),
        eq(orders.idempotencyKey, sql.placeholder('key')),
      ),
    )
    .limit(1)
    .prepare('order_by_key'),
);

const isUniqueViolation = (err: unknown): boolean => {
  const code = (e: unknown) => (e as { code?: unknown } | null)?.code;
  return code(err) === '23505' || code((err as { cause?: unknown } | null)?.cause) === '23505';
};

const outOfStock = () => new AppError(409, 'OUT_OF_STOCK', messages.quantityAboveAvailable);
const partWithdrawn = () =>
  new AppError(409, 'PART_ARCHIVED', 'This part is no longer sold, so it cannot be ordered');

/** How much one account may hold in unpaid orders: reserving stock costs nothing until paid. */
export type OpenOrderLimits = { count: number; valueCents: number };

/** Orders one account may place in ten minutes (counted from the orders themselves). */
const PLACED_PER_WINDOW = 30;
const WINDOW_SECONDS = 600;

/**
 * The account's unpaid orders and its recent placements, as a CTE of the placing statement: run
 * after a per-account lock (`lockOpenOrders`) held to the end of the transaction, so two orders
 * placed at once cannot both slip under a ceiling. Counting the orders themselves costs no write
 * per attempt (a refused, sold-out attempt never gets here). It also finds an order already placed
 * with the request's key (by a request that held the lock just taken), answered instead.
 */
const openOrdersCte = (
  userId: string,
  addingCents: number,
  limits: OpenOrderLimits,
  key: string | undefined,
): SQL => sql`account as (
    select count(*) filter (where status = 'unpaid') as open_count,
           coalesce(sum(total_cents) filter (where status = 'unpaid'), 0) as open_cents,
           count(*) filter (where created_at > now() - make_interval(secs => ${WINDOW_SECONDS})) as recent,
           ceil(extract(epoch from (min(created_at) filter (where created_at > now() - make_interval(secs => ${WINDOW_SECONDS})) + make_interval(secs => ${WINDOW_SECONDS}) - now())))::int as retry,
           ${key ? sql`(select id from ${orders} where user_id = ${userId} and idempotency_key = ${key} limit 1)` : sql`null::uuid`} as earlier_id
    from ${orders}
    where user_id = ${userId}
      and (status = 'unpaid' or created_at > now() - make_interval(secs => ${WINDOW_SECONDS}))
  ),
  allowed as (
    select earlier_id is null
       and recent < ${PLACED_PER_WINDOW}
       and open_count < ${limits.count}
       and open_cents + ${addingCents}::bigint <= ${limits.valueCents}::bigint as ok
    from account
  )`;

/** Its own statement: the counts read after it must see every order committed before it was ours. */
async function lockOpenOrders(tx: DbOrTx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`open-orders:${userId}`}))`);
}

/** Why the account's checks stopped an order (null when they did not). */
function refusalOf(
  account: Record<string, unknown>,
  addingCents: number,
  limits: OpenOrderLimits,
): AppError | { earlierId: string } | null {
  if (typeof account.earlier_id === 'string') return { earlierId: account.earlier_id };
  if (Number(account.recent ?? 0) >= PLACED_PER_WINDOW)
    return tooMany(Math.max(1, Number(account.retry ?? 60)));
  const openCount = Number(account.open_count ?? 0);
  const openCents = Number(account.open_cents ?? 0);
  if (openCount >= limits.count || openCents + addingCents > limits.valueCents) {
    return new AppError(
      409,
      'TOO_MANY_UNPAID_ORDERS',
      `You have ${openCount} unpaid ${openCount === 1 ? 'order' : 'orders'} worth ${formatMoney(fromCents(openCents))}. ` +
        `An account may hold at most ${limits.count} unpaid orders worth ${formatMoney(fromCents(limits.valueCents))} in all: ` +
        'pay or cancel one in My Orders before placing another.',
    );
  }
  return null;
}

/**
 * One business step, one transaction: the quantity is checked against the part, the account's
 * unpaid orders against their ceiling, the stock is reserved and the order written, or nothing
 * happens. Every amount comes from the database; the name and email from the account.
 */
export async function placeOrder(
  db: Db,
  caller: Caller,
  body: CreateOrderValues,
  limits: OpenOrderLimits,
): Promise<{ order: OrderResponse; replayed: boolean }> {
  const key = body.idempotencyKey;
  // Checked before any transaction, side by side: a repeat of a placed request is answered, and a
  // sold-out part refused without taking a lock (unless the request may repeat one still being
  // placed, which the lock below waits for).
  const [earlier, part] = await Promise.all([
    key ? findByIdempotencyKey(db, caller.sub, key) : undefined,
    findPart(db, body.partId),
  ]);
  if (earlier) return { order: toOrderResponse(earlier), replayed: true };
  if (!part) throw notFound('Part');
  if (part.archivedAt) throw partWithdrawn();
  const issue = orderQuantityIssue(body.minimum, {
    mOrderQuantity: part.minOrderQuantity,
    availableQuantity: part.availableQuantity,
  });
  if (issue === messages.quantityAboveAvailable && !key) throw outOfStock();
  if (issue && issue !== messages.quantityAboveAvailable)
    throw new AppError(400, 'VALIDATION_FAILED', issue, { minimum: issue });
  const totalCents = part.priceCents * body.minimum;
  const shipTo: ShipTo = body.shipTo ?? {
    street: body.address ?? '',
    city: '',
    postalCode: '',
    country: '',
  };

  try {
    return await db.transaction(async (tx) => {
      await lockOpenOrders(tx, caller.sub);
      // One statement does the rest, each piece from the module owning its table: the account's
      // ceilings checked, the stock taken (a conditional decrement: the stock read above may be
      // stale) with its movement, the order at the part's current name and price, its timeline
      // entry, and its "placed" mail with the job that sends it. Nothing is written unless every
      // check passes: each later piece reads from the one before.
      const orderId = randomUUID();
      const result = await tx.execute(sql`
        with ${openOrdersCte(caller.sub, totalCents, limits, key)},
        ${takeStockCtes({ partId: part.id, quantity: body.minimum, orderId, userId: caller.sub, gate: sql`(select ok from allowed)` })},
        inserted as (
          insert into ${orders} (id, user_id, name, email, address, ship_street, ship_city,
            ship_postal_code, ship_country, company, tax_id, po_number, idempotency_key, phone,
            part_id, part_name, quantity, unit_price_cents, total_cents, status)
          select ${orderId}::uuid, ${caller.sub}::text, ${caller.name}::text, ${caller.email}::text,
            ${body.shipTo ? composeAddress(body.shipTo) : (body.address ?? '')}::text,
            ${shipTo.street}::text, ${shipTo.city}::text, ${shipTo.postalCode}::text,
            ${shipTo.country}::text, ${body.company || null}::text, ${body.taxId || null}::text,
            ${body.poNumber || null}::text, ${key ?? null}::text, ${body.phone}::text,
            id, name, ${body.minimum}::int, price_cents, price_cents::bigint * ${body.minimum}::int,
            'unpaid'
          from taken
          returning *
        ),
        ${placedEventCte()},
        ${placedMailCtes()}
        select inserted.*, account.open_count, account.open_cents, account.recent, account.retry,
               account.earlier_id
          from account left join inserted on true`);
      const [raw] = rowsOf(result);
      if (raw && raw.id !== null && raw.id !== undefined)
        return { order: toOrderResponse(rowOf(orders, raw)), replayed: false };
      const refusal = raw ? refusalOf(raw, totalCents, limits) : null;
      if (refusal instanceof AppError) throw refusal;
      if (refusal) {
        const earlier = await findOrder(tx, refusal.earlierId);
        if (earlier) return { order: toOrderResponse(earlier), replayed: true };
      }
      throw outOfStock();
    });
  } catch (err) {
    // Another instance placed the same request between our check and our insert.
    if (key && isUniqueViolation(err)) {
      const earlier = await findByIdempotencyKey(db, caller.sub, key);
      if (earlier) return { order: toOrderResponse(earlier), replayed: true };
    }
    throw err;
  }
}

/**
 * The caller's orders, newest first: the live ones (the spec's list, where a canceled order is
 * gone), or with `canceled` only the canceled ones (refunds included), to read.
 */
export async function listOrders(
  db: DbOrTx,
  userId: string,
  only?: 'canceled',
): Promise<OrderResponse[]> {
  const rows = await (only === 'canceled' ? canceledOrdersOf : liveOrdersOf)(db).execute({
    userId,
  });
  return rows.map(toOrderResponse);
}

const ordersOf = (canceled: boolean, name: string) =>
  prepared((db) =>
    db
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.userId, sql.placeholder('userId')),
          canceled ? eq(orders.status, 'canceled') : ne(orders.status, 'canceled'),
        ),
      )
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .prepare(name),
  );
const liveOrdersOf = ordersOf(false, 'live_orders_of');
const canceledOrdersOf = ordersOf(true, 'canceled_orders_of');

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

/** The order, locked until the caller's transaction ends: payment steps and cancels queue on it. */
export async function lockOrder(tx: DbOrTx, id: string): Promise<OrderRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).limit(1).for('update');
  return row;
}

/** The payments module's record of money given back, as the order shows it. */
export async function recordRefund(
  db: DbOrTx,
  orderId: string,
  refund: { status: 'pending' | 'succeeded' | 'failed'; refundedCents: number },
): Promise<void> {
  await db
    .update(orders)
    .set({
      refundStatus: refund.status,
      refundedCents: refund.refundedCents,
      updatedAt: new Date(),
    })
    .where(eq(orders.id, orderId));
}

/**
 * The caller's own order, or any order for an admin; a 404 otherwise, so ids reveal nothing. A
 * canceled order is readable (with its refund, if any); it only leaves the customer's list.
 */
export async function getOrder(
  db: DbOrTx,
  caller: Caller,
  id: string,
  callerIsAdmin: (caller: Caller) => Promise<boolean>,
): Promise<OrderResponse> {
  const row = await findOrder(db, id);
  if (!row) throw notFound('Order');
  if (row.userId !== caller.sub && !(await callerIsAdmin(caller))) throw notFound('Order');
  return toOrderResponse(row);
}

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
   * Records the full refund of a paid order that staff cancel, with the job that carries it out
   * at the provider, in the cancel's transaction.
   */
  refundPaid(tx: DbOrTx, order: OrderRow): Promise<void>;
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
      await returnStockForOrder(
        tx,
        canceled,
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

/** The customer's cancel: only their own unpaid order; anything else changes nothing. */
export async function cancelOrder(
  db: Db,
  userId: string,
  id: string,
  gate: PaymentGate,
): Promise<DeleteOrderResponse> {
  const row = await findOrder(db, id);
  if (!row || row.userId !== userId || row.status === 'canceled') throw notFound('Order');
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

/** Whether the user has paid for at least one order: what makes a review's author a buyer. */
export async function hasPaidOrder(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'paid')))
    .limit(1);
  return Boolean(row);
}

/** The order's timeline, oldest first. */
export async function findOrderEvents(db: DbOrTx, orderId: string): Promise<OrderEventRow[]> {
  return db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.at));
}

/** The orders among `ids` with their timelines (oldest change first), in two statements for all. */
export async function findOrdersWithEvents(
  db: DbOrTx,
  ids: string[],
): Promise<Map<string, { order: OrderRow; events: OrderEventRow[] }>> {
  const found = new Map<string, { order: OrderRow; events: OrderEventRow[] }>();
  const valid = [...new Set(ids)].filter(isUuid);
  if (valid.length === 0) return found;
  const [rows, events] = await Promise.all([
    db.select().from(orders).where(inArray(orders.id, valid)),
    db
      .select()
      .from(orderEvents)
      .where(inArray(orderEvents.orderId, valid))
      .orderBy(asc(orderEvents.at)),
  ]);
  for (const order of rows) found.set(order.id, { order, events: [] });
  for (const event of events) found.get(event.orderId)?.events.push(event);
  return found;
}

/** The human number of each order among `ids`, for lists that mention orders (stock history). */
export async function orderNumbersByIds(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: orders.id, number: orders.number })
    .from(orders)
    .where(inArray(orders.id, ids));
  return new Map(rows.map((r) => [r.id, formatOrderNumber(r.number)]));
}
