import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  lt,
  lte,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import {
  formatOrderNumber,
  fromCents,
  type OrderStatus,
  type StaffOrderRow,
} from '@storefront/contract';
import type { Db, DbOrTx } from '../../db/database.js';
import { escapeLike } from '../../db/like.js';
import { preparedSql } from '../../db/prepared.js';
import { rowOf, rowsOf } from '../../db/raw-rows.js';
import { AppError, notFound } from '../../http/errors.js';
import type { AuditHook } from './cancel-order.js';
import { transitionOrder, type OrderActor } from './order-status.js';
import {
  lockOrder,
  orderPieces,
  orderTitle,
  type OrderLineRow,
  type OrderView,
} from './orders.service.js';
import {
  orderCustomerEmails,
  orderLines,
  orderPartNames,
  orders,
  type OrderRow,
} from './orders.tables.js';

/** How an order stands with its money, from its status and refund. */
export function paymentState(
  row: Pick<OrderRow, 'status' | 'refundStatus' | 'paidAt' | 'paymentMode'>,
) {
  if (row.status === 'unpaid' || row.status === 'pending') return row.status;
  if (row.status !== 'canceled') return row.paymentMode === 'account' ? 'on account' : 'paid';
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

/** What the staff list and its CSV export both show of an order. */
const orderSummaryColumns = {
  number: orders.number,
  createdAt: orders.createdAt,
  name: orders.name,
  email: orders.email,
  totalCents: orders.totalCents,
  status: orders.status,
  refundStatus: orders.refundStatus,
  paidAt: orders.paidAt,
  paymentMode: orders.paymentMode,
};

/** What a row of the staff list shows of an order (its lines beside it): nothing else is read. */
const listedColumns = { id: orders.id, ...orderSummaryColumns };
type ListedOrder = Pick<OrderRow, keyof typeof listedColumns>;

export const toStaffOrderRow = (row: ListedOrder, lines: OrderLineRow[]): StaffOrderRow => {
  const view = { ...row, lines } as OrderView;
  return {
    _id: row.id,
    number: formatOrderNumber(row.number),
    createdAt: row.createdAt.toISOString(),
    customerName: row.name,
    customerEmail: row.email,
    partName: orderTitle(view),
    quantity: orderPieces(view),
    lineCount: lines.length,
    total: fromCents(row.totalCents),
    status: row.status,
    payment: paymentState(row),
    fulfilment: fulfilmentState(row),
  };
};

/** The lines of the orders among `ids`, by order, oldest line first. */
async function linesByOrder(db: DbOrTx, ids: string[]): Promise<Map<string, OrderLineRow[]>> {
  const byOrder = new Map<string, OrderLineRow[]>();
  if (ids.length === 0) return byOrder;
  for (const raw of await linesOfOrders(db, { ids })) {
    const line = rowOf(orderLines, raw);
    const list = byOrder.get(line.orderId);
    if (list) list.push(line);
    else byOrder.set(line.orderId, [line]);
  }
  return byOrder;
}

const linesOfOrders = preparedSql(
  'lines_of_orders',
  () => sql`
    select * from ${orderLines}
     where order_id = any(${sql.placeholder('ids')}::uuid[])
     order by order_id, line_no`,
);

export type OrderFilters = {
  status?: OrderStatus;
  q?: string;
  /** Inclusive UTC days, YYYY-MM-DD. */
  from?: string;
  to?: string;
};

const ORDER_NUMBER = /^(?:A-?)?(\d{1,15})$/i;

/**
 * `column ILIKE pattern` as PostgreSQL computes it in a UTF-8 database (both sides through
 * `lower()`, then LIKE), written out: a third of ILIKE's time on the embedded database, where
 * the lookup tables are read row by row.
 */
const foldedLike = (column: AnyColumn, pattern: string) =>
  sql`lower(${column}) like lower(${pattern})`;

/**
 * How the search box's text (not an order number) is matched: part of the customer's email or of
 * the part's name, case-insensitively. `scan` tests each order read, for reads that walk orders
 * in number order anyway (the first window of a search, the CSV export). `lookup` finds the
 * matching emails and part names in their own small tables (orderCustomerEmails, orderPartNames,
 * trigram-indexed) and then their orders by equality: the same orders, through indexes, whatever
 * the number of orders.
 */
type TextMatch = 'scan' | 'lookup';

function textCondition(pattern: string, match: TextMatch): SQL | undefined {
  if (match === 'scan')
    return or(
      foldedLike(orders.email, pattern),
      sql`exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.id} and ${foldedLike(orderLines.partName, pattern)})`,
    );
  // array(select …) is computed once, before the orders are read, so `= any(…)` is an index
  // condition (a bitmap OR of the email index and the primary key) rather than a test of every
  // order: the matching part names' lines give their orders' ids.
  return sql`(${orders.email} = any(array(select ${orderCustomerEmails.email} from ${orderCustomerEmails} where ${foldedLike(orderCustomerEmails.email, pattern)}))
    or ${orders.id} = any(array(select ${orderLines.orderId} from ${orderLines} where ${orderLines.partName} = any(array(select ${orderPartNames.partName} from ${orderPartNames} where ${foldedLike(orderPartNames.partName, pattern)})))))`;
}

/**
 * The filters as SQL. One search box: an order number (`A-10042` or `10042`) matches exactly;
 * anything else matches part of the customer's email or of the part's name (see TextMatch).
 */
function filterSql(filters: OrderFilters, match: TextMatch = 'lookup'): SQL | undefined {
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
    else conditions.push(textCondition(`%${escapeLike(q)}%`, match));
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
 * The emails and part names a search's words are in decide how its orders are read. Up to
 * READ_BY_VALUE_FIRST of them: each one's newest orders straight away (at most that many pages of
 * index entries, however many orders match). Up to FEW_VALUES of each: the same, after the
 * newest orders failed to fill the page. More: every match through the indexes, sorted.
 */
const READ_BY_VALUE_FIRST = 4;
const FEW_VALUES = 20;

/** The emails and part names containing the pattern, up to FEW_VALUES + 1 of each. */
async function matchingValues(
  db: DbOrTx,
  pattern: string,
): Promise<{ emails: string[]; partNames: string[] }> {
  const [row] = rowsOf(
    await db.execute(sql`select
      array(select ${orderCustomerEmails.email} from ${orderCustomerEmails}
            where ${foldedLike(orderCustomerEmails.email, pattern)} limit ${FEW_VALUES + 1}) as emails,
      array(select ${orderPartNames.partName} from ${orderPartNames}
            where ${foldedLike(orderPartNames.partName, pattern)} limit ${FEW_VALUES + 1}) as part_names`),
  );
  return {
    emails: (row?.emails ?? []) as string[],
    partNames: (row?.part_names ?? []) as string[],
  };
}

const textArray = (values: string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/**
 * Every customer's orders, newest first, one page at a time. Pages are keyset pages
 * (`number < cursor`): the same cost on page 1 and page 2,000.
 */
export async function searchOrders(
  db: DbOrTx,
  filters: OrderFilters & { after?: string; before?: string; pageSize: number },
) {
  const after = fromCursor(filters.after);
  const before = after === null ? fromCursor(filters.before) : null;
  // Going back (`before`) reads upwards from the cursor and turns the page round afterwards.
  const upwards = before !== null;
  const order = (key: SQL | AnyColumn) => (upwards ? asc(key) : desc(key));
  const fromCursorOn =
    before !== null
      ? gt(orders.number, before)
      : after !== null
        ? lt(orders.number, after)
        : undefined;
  const limit = filters.pageSize + 1;
  const fetchPage = async (where: SQL | undefined, byIndex: boolean) => {
    // `number + 0` keeps the planner off the number index: it then reads the matches through the
    // search's own indexes and sorts them, which is what a rare match wants.
    const key = byIndex ? orders.number : sql`${orders.number} + 0`;
    return db
      .select(listedColumns)
      .from(orders)
      .where(and(where, fromCursorOn))
      .orderBy(order(key))
      .limit(limit);
  };
  /**
   * The page among the orders of a few emails and part names: each value's next orders from its
   * (value, number) index, at most a page each, merged: at most a page of index entries per
   * value, however many orders the values have.
   */
  const fetchByValues = async (values: { emails: string[]; partNames: string[] }) => {
    const rest = and(filterSql({ ...filters, q: undefined }), fromCursorOn);
    const byEmail = (list: string[]) =>
      sql`select o.number from unnest(${textArray(list)}) as v(value) cross join lateral (
            select ${orders.number} from ${orders} where ${orders.email} = v.value ${rest ? sql`and ${rest}` : sql``}
            order by ${order(orders.number)} limit ${limit}) as o`;
    // A part name's lines carry their order's number: read newest first from their index.
    const byPartName = (list: string[]) =>
      sql`select o.number from unnest(${textArray(list)}) as v(value) cross join lateral (
            select ${orderLines.orderNumber} as number from ${orderLines}
              join ${orders} on ${orders.id} = ${orderLines.orderId}
             where ${orderLines.partName} = v.value ${rest ? sql`and ${rest}` : sql``}
             order by ${order(orderLines.orderNumber)} limit ${limit}) as o`;
    const parts = [
      values.emails.length > 0 ? byEmail(values.emails) : undefined,
      values.partNames.length > 0 ? byPartName(values.partNames) : undefined,
    ].filter((part): part is SQL => part !== undefined);
    if (parts.length === 0) return [];
    // An order with two matching lines comes once.
    const numbers = sql`select distinct m.number from (${sql.join(parts, sql` union `)}) as m
      order by ${upwards ? sql`m.number asc` : sql`m.number desc`} limit ${limit}`;
    return db
      .select(listedColumns)
      .from(orders)
      .where(sql`${orders.number} in (${numbers})`)
      .orderBy(order(orders.number));
  };
  let page: ListedOrder[];
  const q = filters.q?.trim();
  if (q && isTextSearch(q)) {
    const values = await matchingValues(db, `%${escapeLike(q)}%`);
    const found = values.emails.length + values.partNames.length;
    const few = values.emails.length <= FEW_VALUES && values.partNames.length <= FEW_VALUES;
    if (found <= READ_BY_VALUE_FIRST) page = await fetchByValues(values);
    else {
      // Walking the number index and testing each order finds a page among the first few hundred
      // orders when the words are common, and reads every order when they are rare. So: the next
      // SEARCH_WINDOW orders first, and only if they do not fill the page, the matches through
      // the indexes: value by value when there are few values, else all of them, sorted.
      const window =
        before !== null
          ? lte(orders.number, before + SEARCH_WINDOW)
          : after !== null
            ? gte(orders.number, after - SEARCH_WINDOW)
            : sql`${orders.number} > (select max(${orders.number}) from ${orders}) - ${SEARCH_WINDOW}`;
      page = await fetchPage(and(filterSql(filters, 'scan'), window), true);
      if (page.length <= filters.pageSize)
        page = few ? await fetchByValues(values) : await fetchPage(filterSql(filters), false);
    }
  } else page = await fetchPage(filterSql(filters), true);
  if (upwards) page.reverse();
  // One row more than a page says whether there is more in the direction we went.
  const more = page.length > filters.pageSize;
  const items = before !== null ? page.slice(more ? 1 : 0) : page.slice(0, filters.pageSize);
  const first = items[0];
  const last = items.at(-1);
  const hasNewer = before !== null ? more : after !== null;
  const hasOlder = before !== null ? true : more;
  const lines = await linesByOrder(
    db,
    items.map((item) => item.id),
  );
  return {
    items: items.map((item) => toStaffOrderRow(item, lines.get(item.id) ?? [])),
    nextCursor: hasOlder && last ? cursor(last.number) : null,
    prevCursor: hasNewer && first ? cursor(first.number) : null,
  };
}

/** What a row of the CSV export shows of an order, beside each of its lines. */
const exportColumns = {
  id: orders.id,
  ...orderSummaryColumns,
  carrier: orders.carrier,
  trackingNumber: orders.trackingNumber,
  taxCents: orders.taxCents,
  coreCents: orders.coreCents,
  taxRegion: orders.taxRegion,
  taxTreatment: orders.taxTreatment,
};
export type ExportedOrder = Pick<OrderRow, keyof typeof exportColumns> & {
  lines: OrderLineRow[];
};

/**
 * Whether any order was taxed (decision 063): the staff CSV carries its net, tax and gross
 * columns once the shop has ever taxed an order, and is exactly as before until then.
 */
export async function anyTaxedOrder(db: DbOrTx): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(sql`${orders.taxTreatment} <> 'none'`)
    .limit(1);
  return row !== undefined;
}

/** Whether any order line ever carried a core deposit (decision 069): the CSV's deposit columns. */
export async function anyCoreDeposit(db: DbOrTx): Promise<boolean> {
  const [row] = await db
    .select({ id: orderLines.orderId })
    .from(orderLines)
    .where(sql`${orderLines.coreCents} > 0`)
    .limit(1);
  return row !== undefined;
}

/**
 * The filtered orders with their lines in batches, newest first, for the CSV export: each batch is
 * one keyset query of the exported columns only and one of their lines, so 100,000 orders never
 * sit in memory at once.
 */
export async function* orderBatches(
  db: DbOrTx,
  filters: OrderFilters,
  batchSize = 500,
): AsyncGenerator<ExportedOrder[]> {
  // The export walks every order in number order: testing each is cheaper than a lookup here.
  const where = filterSql(filters, 'scan');
  let after: number | null = null;
  for (;;) {
    const batch = await db
      .select(exportColumns)
      .from(orders)
      .where(after !== null ? and(where, lt(orders.number, after)) : where)
      .orderBy(desc(orders.number))
      .limit(batchSize);
    if (batch.length === 0) return;
    const lines = await linesByOrder(
      db,
      batch.map((o) => o.id),
    );
    yield batch.map((o) => ({ ...o, lines: lines.get(o.id) ?? [] }));
    if (batch.length < batchSize) return;
    after = batch.at(-1)!.number;
  }
}

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
