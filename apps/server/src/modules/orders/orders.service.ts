import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
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
import { prepared, preparedSql } from '../../db/prepared.js';
import { AppError, notFound } from '../../http/errors.js';
import { tooMany } from '../limits/rate-limiter.js';
import type { Caller } from '../auth/guards.js';
import { orderPartCte, returnStockForOrder, takeStockCtes } from '../parts/stock.service.js';
import { placedMailCtes } from '../mail/mail.service.js';
import { rowOf } from '../../db/raw-rows.js';
import { placedEventCte, transitionOrder, type OrderActor } from './order-status.js';
import {
  accountOrderCounts,
  orderEvents,
  orders,
  type OrderEventRow,
  type OrderRow,
} from './orders.tables.js';

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

/** Orders one account may place in a ten-minute window. */
const PLACED_PER_WINDOW = 30;
const WINDOW_SECONDS = 600;

const value = (name: string) => sql.placeholder(name);
const windowOpen = sql`c.window_started_at > now() - make_interval(secs => ${WINDOW_SECONDS})`;

/**
 * The account's ceilings, as the placing statement's `gate` CTE: an upsert of the account's
 * counts row (`accountOrderCounts`) that only goes through when the part is orderable, no order
 * has the request's key, and the account stays under its ceilings and its placements per window.
 * Going through locks the row until the statement commits; a concurrent placer of the same
 * account waits, and PostgreSQL checks its conditions again against the row this one left (with
 * the new order counted by the trigger on `orders`), so two orders placed at once cannot both slip
 * under a ceiling. The window is counted here, so a placement that then finds the stock gone still
 * counts as an attempt.
 */
const accountGateCte = sql`gate as (
    insert into ${accountOrderCounts} as c (user_id, window_started_at, window_count)
    select ${value('userId')}::text, now(), 1
      from part
     where part.orderable
       and part.adding <= ${value('maxCents')}::bigint
       and ${value('maxCount')}::int > 0
       and not exists (select 1 from earlier)
    on conflict (user_id) do update
       set window_started_at = case when ${windowOpen} then c.window_started_at else now() end,
           window_count = case when ${windowOpen} then c.window_count + 1 else 1 end
     where c.unpaid_count < ${value('maxCount')}::int
       and c.unpaid_cents + (select adding from part) <= ${value('maxCents')}::bigint
       and not (${windowOpen} and c.window_count >= ${PLACED_PER_WINDOW})
    returning user_id
  )`;

/**
 * Placing an order is this one statement (decision 040), each piece from the module owning its
 * table: the part read (parts), an earlier order with the same key, the account's gate (above),
 * the stock taken with its movement (parts), the order at the part's current name and price, its
 * timeline entry (the one transition module) and its "placed" mail with the job that sends it
 * (mail, outbox). Each piece reads from the one before, so nothing is written unless every check
 * passes. The answer row carries the order, or what the refusal needs.
 */
const placeOrderStatement = preparedSql(
  'place_order',
  () => sql`
    with ${orderPartCte({ partId: value('partId'), quantity: value('quantity') })},
    earlier as (
      select id from ${orders}
       where user_id = ${value('userId')}::text and idempotency_key = ${value('key')}::text
       limit 1
    ),
    ${accountGateCte},
    ${takeStockCtes({
      partId: value('partId'),
      quantity: value('quantity'),
      orderId: value('orderId'),
      userId: value('userId'),
      gate: sql`exists (select 1 from gate)`,
    })},
    inserted as (
      insert into ${orders} (id, user_id, name, email, address, ship_street, ship_city,
        ship_postal_code, ship_country, company, tax_id, po_number, idempotency_key, phone,
        part_id, part_name, quantity, unit_price_cents, total_cents, status)
      select ${value('orderId')}::uuid, ${value('userId')}::text, ${value('name')}::text,
        ${value('email')}::text, ${value('address')}::text, ${value('street')}::text,
        ${value('city')}::text, ${value('postalCode')}::text, ${value('country')}::text,
        ${value('company')}::text, ${value('taxId')}::text, ${value('poNumber')}::text,
        ${value('key')}::text, ${value('phone')}::text,
        id, name, ${value('quantity')}::int, price_cents,
        price_cents::bigint * ${value('quantity')}::int, 'unpaid'
      from taken
      returning *
    ),
    ${placedEventCte()},
    ${placedMailCtes()}
    select inserted.*,
           part.id as found_part_id, part.archived as found_archived,
           part.min_order_quantity as found_minimum, part.available_quantity as found_available,
           part.adding as found_adding, (select id from earlier) as earlier_id,
           (select count(*) from gate) > 0 as passed_gate
      from (select 1) as one
      left join part on true
      left join inserted on true`,
);

/**
 * Before the statement, in one read: the part (as the statement's `part` CTE sees it) and an order
 * already placed with the request's key. A repeat is answered and a part that cannot be ordered is
 * refused without running the writes: on the embedded database planning the placing statement
 * costs more than this read, and most attempts at a sold-out part stop here.
 */
const orderPrecheck = preparedSql(
  'order_precheck',
  () => sql`
    with ${orderPartCte({ partId: value('partId'), quantity: value('quantity') })}
    select part.id as found_part_id, part.archived as found_archived,
           part.min_order_quantity as found_minimum, part.available_quantity as found_available,
           (select id from ${orders}
             where user_id = ${value('userId')}::text and idempotency_key = ${value('key')}::text
             limit 1) as earlier_id
      from (select 1) as one
      left join part on true`,
);

/** A repeat of an earlier request answered with its order; undefined when there is none. */
async function replayOf(
  db: Db,
  found: Record<string, unknown>,
): Promise<{ order: OrderResponse; replayed: true } | undefined> {
  if (typeof found.earlier_id !== 'string') return undefined;
  const earlier = await findOrder(db, found.earlier_id);
  return earlier ? { order: toOrderResponse(earlier), replayed: true } : undefined;
}

/** Why the part as read stops the order (null when it may be ordered). */
function partRefusal(found: Record<string, unknown>, quantity: number): AppError | null {
  if (found.found_part_id === null || found.found_part_id === undefined) return notFound('Part');
  if (found.found_archived === true) return partWithdrawn();
  const issue = orderQuantityIssue(quantity, {
    mOrderQuantity: Number(found.found_minimum),
    availableQuantity: Number(found.found_available),
  });
  if (issue === messages.quantityAboveAvailable) return outOfStock();
  if (issue) return new AppError(400, 'VALIDATION_FAILED', issue, { minimum: issue });
  return null;
}

/** The account's counts now, for a refusal's message. */
const accountCounts = preparedSql(
  'account_order_counts',
  () => sql`
    select c.unpaid_count, c.unpaid_cents,
           ${windowOpen} and c.window_count >= ${PLACED_PER_WINDOW} as window_full,
           ceil(extract(epoch from c.window_started_at
             + make_interval(secs => ${WINDOW_SECONDS}) - now()))::int as retry
      from ${accountOrderCounts} as c
     where c.user_id = ${value('userId')}::text`,
);

/** Why the account's ceilings stopped an order (null when they did not). */
async function ceilingRefusal(
  db: Db,
  userId: string,
  addingCents: number,
  limits: OpenOrderLimits,
): Promise<AppError | null> {
  const [account = {}] = await accountCounts(db, { userId });
  if (account.window_full === true) return tooMany(Math.max(1, Number(account.retry ?? 60)));
  const openCount = Number(account.unpaid_count ?? 0);
  const openCents = Number(account.unpaid_cents ?? 0);
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
 * One business step, one statement: the quantity is checked against the part, the account's
 * unpaid orders against their ceiling, the stock is reserved and the order written, or nothing
 * happens. Every amount comes from the database; the name and email from the account. Two round
 * trips: the precheck, then the statement, whose answer row tells a late refusal apart (only a
 * refusal by the ceilings reads once more, for its message).
 */
export async function placeOrder(
  db: Db,
  caller: Caller,
  body: CreateOrderValues,
  limits: OpenOrderLimits,
  attempt = 1,
): Promise<{ order: OrderResponse; replayed: boolean }> {
  const key = body.idempotencyKey ?? null;
  const shipTo: ShipTo = body.shipTo ?? {
    street: body.address ?? '',
    city: '',
    postalCode: '',
    country: '',
  };
  // A malformed id names no part (and would fail its cast in the statement).
  if (!isUuid(body.partId)) throw notFound('Part');
  const [found = {}] = await orderPrecheck(db, {
    partId: body.partId,
    quantity: body.minimum,
    userId: caller.sub,
    key,
  });
  const repeat = await replayOf(db, found);
  if (repeat) return repeat;
  const unorderable = partRefusal(found, body.minimum);
  if (unorderable) throw unorderable;
  let raw: Record<string, unknown> | undefined;
  try {
    [raw] = await placeOrderStatement(db, {
      partId: body.partId,
      quantity: body.minimum,
      userId: caller.sub,
      key,
      orderId: randomUUID(),
      maxCount: limits.count,
      maxCents: limits.valueCents,
      name: caller.name,
      email: caller.email,
      address: body.shipTo ? composeAddress(body.shipTo) : (body.address ?? ''),
      street: shipTo.street,
      city: shipTo.city,
      postalCode: shipTo.postalCode,
      country: shipTo.country,
      company: body.company || null,
      taxId: body.taxId || null,
      poNumber: body.poNumber || null,
      phone: body.phone,
    });
  } catch (err) {
    // The same request placed by a concurrent call between this statement's snapshot and its insert.
    if (key && isUniqueViolation(err)) {
      const earlier = await findByIdempotencyKey(db, caller.sub, key);
      if (earlier) return { order: toOrderResponse(earlier), replayed: true };
    }
    throw err;
  }
  if (!raw) throw outOfStock();
  if (raw.id !== null && raw.id !== undefined)
    return { order: toOrderResponse(rowOf(orders, raw)), replayed: false };
  const repeated = await replayOf(db, raw);
  if (repeated) return repeated;
  const refused = partRefusal(raw, body.minimum);
  if (refused) throw refused;
  // The part was orderable in the statement's snapshot. Past the gate, another order took the
  // stock first; stopped at it, the account's ceilings say why, unless they changed meanwhile (an
  // order paid or canceled), when the order is tried again.
  if (raw.passed_gate === true) throw outOfStock();
  const refusal = await ceilingRefusal(db, caller.sub, Number(raw.found_adding ?? 0), limits);
  if (refusal) throw refusal;
  if (attempt < 3) return placeOrder(db, caller, body, limits, attempt + 1);
  throw outOfStock();
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
    ordersByIds(db, { ids: valid }),
    eventsOfOrders(db, { ids: valid }),
  ]);
  for (const raw of rows) {
    const order = rowOf(orders, raw);
    found.set(order.id, { order, events: [] });
  }
  for (const raw of events) {
    const event = rowOf(orderEvents, raw);
    found.get(event.orderId)?.events.push(event);
  }
  return found;
}

const ordersByIds = preparedSql(
  'orders_by_ids',
  () => sql`select * from ${orders} where id = any(${sql.placeholder('ids')}::uuid[])`,
);
const eventsOfOrders = preparedSql(
  'events_of_orders',
  () => sql`
    select * from ${orderEvents}
     where order_id = any(${sql.placeholder('ids')}::uuid[])
     order by at, id`,
);

/** The human number of each order among `ids`, for lists that mention orders (stock history). */
export async function orderNumbersByIds(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: orders.id, number: orders.number })
    .from(orders)
    .where(inArray(orders.id, ids));
  return new Map(rows.map((r) => [r.id, formatOrderNumber(r.number)]));
}
