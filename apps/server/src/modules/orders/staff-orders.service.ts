import { and, desc, asc, eq, gte, gt, ilike, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  formatOrderNumber,
  fromCents,
  type OrderStatus,
  type StaffOrderRow,
} from '@storefront/contract';
import type { Db, DbOrTx } from '../../db/database.js';
import { escapeLike } from '../../db/like.js';
import { AppError, notFound } from '../../http/errors.js';
import { returnStockForOrder } from '../parts/stock.service.js';
import { transitionOrder, type OrderActor } from './order-status.js';
import { cancelUnpaidByStaff, findOrder, lockOrder, type PaymentGate } from './orders.service.js';
import { orders, type OrderRow } from './orders.tables.js';

/** How an order stands with its money, from its status and refund. */
export function paymentState(row: Pick<OrderRow, 'status' | 'refundStatus' | 'paidAt'>) {
  if (row.status === 'unpaid' || row.status === 'pending') return row.status;
  if (row.status !== 'canceled') return 'paid' as const;
  if (row.refundStatus === 'succeeded') return 'refunded' as const;
  if (row.refundStatus) return 'refund pending' as const;
  return 'voided' as const;
}

/** How an order stands with its goods. */
export function fulfilmentState(row: Pick<OrderRow, 'status'>) {
  if (row.status === 'shipped' || row.status === 'delivered' || row.status === 'canceled')
    return row.status;
  return 'not shipped' as const;
}

export const toStaffOrderRow = (row: OrderRow): StaffOrderRow => ({
  _id: row.id,
  number: formatOrderNumber(row.number),
  createdAt: row.createdAt.toISOString(),
  customerName: row.name,
  customerEmail: row.email,
  partName: row.partName,
  quantity: row.quantity,
  total: fromCents(row.totalCents),
  status: row.status,
  payment: paymentState(row),
  fulfilment: fulfilmentState(row),
});

export type OrderFilters = {
  status?: OrderStatus;
  q?: string;
  /** Inclusive UTC days, YYYY-MM-DD. */
  from?: string;
  to?: string;
};

const ORDER_NUMBER = /^(?:A-?)?(\d{1,15})$/i;

/**
 * The filters as SQL. One search box: an order number (`A-10042` or `10042`) matches exactly;
 * anything else matches part of the customer's email or of the part's name (trigram indexes keep
 * those fast).
 */
function filterSql(filters: OrderFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filters.status) conditions.push(eq(orders.status, filters.status));
  if (filters.from) conditions.push(gte(orders.createdAt, new Date(`${filters.from}T00:00:00Z`)));
  if (filters.to) {
    const end = new Date(`${filters.to}T00:00:00Z`);
    end.setUTCDate(end.getUTCDate() + 1);
    conditions.push(lt(orders.createdAt, end));
  }
  const q = filters.q?.trim();
  if (q) {
    const number = ORDER_NUMBER.exec(q);
    if (number) conditions.push(eq(orders.number, Number(number[1])));
    else {
      const pattern = `%${escapeLike(q)}%`;
      conditions.push(or(ilike(orders.email, pattern), ilike(orders.partName, pattern)));
    }
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** How many orders, by number, a text search tests one by one before it reads its own index. */
const SEARCH_WINDOW = 1000;

/** Part of an email or a part name (not an order number): the search that may match rarely. */
const isTextSearch = (q: string | undefined): boolean => {
  const text = q?.trim();
  return Boolean(text) && !ORDER_NUMBER.test(text ?? '');
};

/** A page cursor is an order number: newest first is number order, and numbers are unique. */
const cursor = (n: number) => Buffer.from(String(n)).toString('base64url');
const fromCursor = (c: string | undefined): number | null => {
  if (!c) return null;
  const n = Number(Buffer.from(c, 'base64url').toString());
  return Number.isSafeInteger(n) ? n : null;
};

/**
 * How many orders the filter matches and their value. Its own query and its own call: counting a
 * broad filter over 100,000 orders reads every match, while a page reads one page's worth, so the
 * list shows its page at once and the totals when they are counted.
 */
export async function orderTotals(
  db: DbOrTx,
  filters: OrderFilters,
): Promise<{ count: number; value: number }> {
  return countAndValue(db, filterSql(filters));
}

/** How many orders match and what they add up to, in one query. */
async function countAndValue(
  db: DbOrTx,
  where: SQL | undefined,
): Promise<{ count: number; value: number }> {
  const [row] = await db
    .select({
      count: sql<string>`count(*)`,
      cents: sql<string | null>`sum(${orders.totalCents})`,
    })
    .from(orders)
    .where(where);
  return { count: Number(row?.count ?? 0), value: fromCents(Number(row?.cents ?? 0)) };
}

/**
 * Every customer's orders, newest first, one page at a time. Pages are keyset pages
 * (`number < cursor`): the same cost on page 1 and page 2,000.
 */
export async function searchOrders(
  db: DbOrTx,
  filters: OrderFilters & { after?: string; before?: string; pageSize: number },
) {
  const where = filterSql(filters);
  const after = fromCursor(filters.after);
  const before = after === null ? fromCursor(filters.before) : null;
  const fetchPage = async (extra: SQL | undefined, byIndex: boolean) => {
    // `number + 0` keeps the planner off the number index: it then reads the search's own
    // (trigram) index and sorts what matched, which is what a rare match wants.
    const key = byIndex ? orders.number : sql`${orders.number} + 0`;
    if (before !== null) {
      const rows = await db
        .select()
        .from(orders)
        .where(and(where, gt(orders.number, before), extra))
        .orderBy(asc(key))
        .limit(filters.pageSize + 1);
      return rows.reverse();
    }
    return db
      .select()
      .from(orders)
      .where(and(where, after !== null ? lt(orders.number, after) : undefined, extra))
      .orderBy(desc(key))
      .limit(filters.pageSize + 1);
  };
  let page: OrderRow[];
  if (isTextSearch(filters.q)) {
    // Walking the number index and testing each order is fast when the words are common (a page
    // is found among the first few hundred orders) and slow when they are rare (every order is
    // read). So: the next SEARCH_WINDOW orders first, and only if they do not fill the page, the
    // search's own index over every order.
    const window =
      before !== null
        ? lte(orders.number, before + SEARCH_WINDOW)
        : after !== null
          ? gte(orders.number, after - SEARCH_WINDOW)
          : sql`${orders.number} > (select max(${orders.number}) from ${orders}) - ${SEARCH_WINDOW}`;
    page = await fetchPage(window, true);
    if (page.length <= filters.pageSize) page = await fetchPage(undefined, false);
  } else page = await fetchPage(undefined, true);
  // One row more than a page says whether there is more in the direction we went.
  const more = page.length > filters.pageSize;
  const items = before !== null ? page.slice(more ? 1 : 0) : page.slice(0, filters.pageSize);
  const first = items[0];
  const last = items.at(-1);
  const hasNewer = before !== null ? more : after !== null;
  const hasOlder = before !== null ? true : more;
  return {
    items: items.map(toStaffOrderRow),
    nextCursor: hasOlder && last ? cursor(last.number) : null,
    prevCursor: hasNewer && first ? cursor(first.number) : null,
  };
}

/** What a line of the CSV export shows of an order: nothing else is read. */
const exportColumns = {
  number: orders.number,
  createdAt: orders.createdAt,
  name: orders.name,
  email: orders.email,
  partName: orders.partName,
  quantity: orders.quantity,
  totalCents: orders.totalCents,
  status: orders.status,
  refundStatus: orders.refundStatus,
  paidAt: orders.paidAt,
  carrier: orders.carrier,
  trackingNumber: orders.trackingNumber,
};
export type ExportedOrder = Pick<OrderRow, keyof typeof exportColumns>;

/**
 * The filtered orders in batches, newest first, for the CSV export: each batch is one keyset
 * query of the exported columns only, so 100,000 rows never sit in memory at once.
 */
export async function* orderBatches(
  db: DbOrTx,
  filters: OrderFilters,
  batchSize = 500,
): AsyncGenerator<ExportedOrder[]> {
  const where = filterSql(filters);
  let after: number | null = null;
  for (;;) {
    const batch: ExportedOrder[] = await db
      .select(exportColumns)
      .from(orders)
      .where(after !== null ? and(where, lt(orders.number, after)) : where)
      .orderBy(desc(orders.number))
      .limit(batchSize);
    if (batch.length === 0) return;
    yield batch;
    if (batch.length < batchSize) return;
    after = batch.at(-1)!.number;
  }
}

/** Runs inside the staff action's transaction: its audit entry. */
export type AuditHook = (tx: DbOrTx, order: OrderRow) => Promise<void>;

/** Paid, then shipped with a carrier and tracking number (the customer is mailed both). */
export async function shipOrder(
  db: Db,
  orderId: string,
  shipment: { carrier: string; trackingNumber: string },
  by: OrderActor,
  audit: AuditHook,
): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw notFound('Order');
    if (order.status !== 'paid')
      throw new AppError(
        409,
        'ORDER_NOT_SHIPPABLE',
        'Only a paid order that has not shipped can ship',
      );
    const shipped = await transitionOrder(tx, orderId, ['paid'], 'shipped', { ...by, ...shipment });
    if (!shipped) throw new AppError(409, 'ORDER_NOT_SHIPPABLE', 'The order changed meanwhile');
    await audit(tx, shipped);
    return shipped;
  });
}

export async function markDelivered(
  db: Db,
  orderId: string,
  by: OrderActor,
  audit: AuditHook,
): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw notFound('Order');
    const delivered = await transitionOrder(tx, orderId, ['shipped'], 'delivered', by);
    if (!delivered)
      throw new AppError(409, 'ORDER_NOT_SHIPPED', 'Only a shipped order can be marked delivered');
    await audit(tx, delivered);
    return delivered;
  });
}

/**
 * Staff cancel any order not yet shipped. An unpaid (or pending) one is canceled as the customer's
 * would be (its intent canceled at the provider first); a paid one, in one transaction, is
 * canceled, its stock returned and its full refund recorded with the job that carries it out at
 * the provider: it cannot half-happen.
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
  if (order.status !== 'paid') {
    throw new AppError(
      409,
      'ORDER_NOT_CANCELABLE',
      order.status === 'canceled'
        ? 'This order is already canceled'
        : 'A shipped order cannot be canceled: arrange a return instead',
    );
  }
  return db.transaction(async (tx) => {
    const canceled = await transitionOrder(tx, orderId, ['paid'], 'canceled', by);
    if (!canceled) throw new AppError(409, 'ORDER_NOT_CANCELABLE', 'The order changed meanwhile');
    await returnStockForOrder(tx, canceled, 'refund', by.actorId ?? null);
    await gate.refundPaid(tx, canceled);
    await audit(tx, canceled);
    return canceled;
  });
}

/** Paid orders and revenue since a moment (refunded ones excluded). */
export async function paidSince(
  db: DbOrTx,
  since: Date,
): Promise<{ count: number; revenue: number }> {
  const { count, value } = await countAndValue(
    db,
    and(gte(orders.paidAt, since), sql`${orders.status} in ('paid', 'shipped', 'delivered')`),
  );
  return { count, revenue: value };
}

export async function countWaitingToShip(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ count: sql<string>`count(*)` })
    .from(orders)
    .where(eq(orders.status, 'paid'));
  return Number(row?.count ?? 0);
}
