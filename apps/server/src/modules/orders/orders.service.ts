import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  formatOrderNumber,
  formatReturnNumber,
  fromCents,
  isUuid,
  taxPerRate,
  type OrderTax,
  type OrderLine,
  type OrderResponse,
  type ShipTo,
} from '@storefront/contract';
import type { DbOrTx } from '../../db/database.js';
import { preparedSql } from '../../db/prepared.js';
import { rowOf } from '../../db/raw-rows.js';
import { notFound } from '../../http/errors.js';
import type { Caller } from '../auth/guards.js';
import { accountJsonSql } from '../companies/account.service.js';
import { roleIn } from '../companies/companies.service.js';
import { emitOrderEvent } from './order-status.js';
import {
  orderEvents,
  orderLines,
  orders,
  type OrderEventRow,
  type OrderLineRow,
  type OrderRow,
} from './orders.tables.js';

export type { OrderEventRow, OrderLineRow, OrderRow };

/**
 * An order with its lines, oldest line first: what every reader outside this module sees of an
 * order (responses, mails, the invoice, the staff console), so an order's lines are read and
 * mapped in one place.
 */
export type OrderView = OrderRow & {
  lines: OrderLineRow[];
  /** Its invoice on account, where the read asked for it (`accountJsonSql`). */
  account?: { dueAt: string; paid: boolean } | null;
};

/** What a line costs the buyer: its goods, their tax and its core deposit (decision 069). */
export const lineGrossCents = (
  line: Pick<OrderLineRow, 'totalCents' | 'taxCents' | 'coreCents'>,
): number => line.totalCents + line.taxCents + line.coreCents;

/** An order's goods before tax: its total less the tax and the core deposits in it. */
export const orderNetCents = (order: Pick<OrderRow, 'totalCents' | 'taxCents' | 'coreCents'>) =>
  order.totalCents - order.taxCents - order.coreCents;

/** The lines that still count: not canceled one by one by staff. */
export const liveLines = (order: OrderView): OrderLineRow[] =>
  order.lines.filter((line) => line.canceledAt === null);

/** The lines an order shows as its own: the live ones, or all of them once none is left. */
const shownLines = (order: OrderView): OrderLineRow[] => {
  const live = liveLines(order);
  return live.length > 0 ? live : order.lines;
};

/** "Brake pads", or "Brake pads and 2 more parts" for an order of several lines. */
export function orderTitle(order: OrderView): string {
  const lines = shownLines(order);
  const first = lines[0]?.partName ?? '';
  const more = lines.length - 1;
  return more === 0 ? first : `${first} and ${more} more ${more === 1 ? 'part' : 'parts'}`;
}

/** Every piece the order's (shown) lines hold together. */
export const orderPieces = (order: OrderView): number =>
  shownLines(order).reduce((sum, line) => sum + line.quantity, 0);

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Whether an order was placed where the shop collects tax (decision 063). */
const isTaxed = (order: Pick<OrderView, 'taxTreatment'>) => order.taxTreatment !== 'none';

/**
 * An order's tax as the API speaks it: net, tax per rate of its live lines and how it was taxed;
 * undefined for an order placed where the shop collects no tax (its answer is as it always was).
 */
export function orderTaxOf(order: OrderView): OrderTax | undefined {
  if (!isTaxed(order)) return undefined;
  const live = liveLines(order).map((l) => ({
    netCents: l.totalCents,
    rateBp: l.taxRateBp,
    taxCents: l.taxCents,
  }));
  return {
    treatment: order.taxTreatment,
    region: order.taxRegion,
    net: fromCents(orderNetCents(order)),
    tax: fromCents(order.taxCents),
    rates: taxPerRate(live).map((r) => ({
      rate: r.rateBp / 100,
      net: fromCents(r.netCents),
      tax: fromCents(r.taxCents),
    })),
    note: order.taxNote,
    certificateNumber: order.taxCertificate,
    buyerVatId: order.buyerVatId,
  };
}

export const toOrderLine = (line: OrderLineRow, taxed = false): OrderLine => ({
  ...(taxed ? { taxRate: line.taxRateBp / 100, tax: fromCents(line.taxCents) } : {}),
  lineNo: line.lineNo,
  partId: line.partId,
  sku: line.sku,
  partName: line.partName,
  quantity: line.quantity,
  unitPrice: fromCents(line.unitPriceCents),
  priceStep: line.priceStep ?? null,
  total: fromCents(line.totalCents),
  reference: line.reference,
  canceledAt: iso(line.canceledAt),
  ...(line.noCharge ? { noCharge: true } : {}),
  ...(line.coreCents > 0
    ? { coreCharge: fromCents(line.coreChargeCents), coreDeposit: fromCents(line.coreCents) }
    : {}),
});

export const toOrderResponse = (order: OrderView): OrderResponse => {
  const shown = shownLines(order);
  return {
    _id: order.id,
    number: formatOrderNumber(order.number),
    name: order.name,
    email: order.email,
    address: order.address,
    shipTo: {
      street: order.shipStreet,
      city: order.shipCity,
      postalCode: order.shipPostalCode,
      country: order.shipCountry,
    },
    company: order.company,
    taxId: order.taxId,
    poNumber: order.poNumber,
    phone: order.phone,
    partId: shown[0]?.partId ?? '',
    partName: orderTitle(order),
    minimum: orderPieces(order),
    unitPrice: shown.length === 1 && shown[0] ? fromCents(shown[0].unitPriceCents) : null,
    partPrice: fromCents(order.totalCents),
    lines: order.lines.map((line) => toOrderLine(line, isTaxed(order))),
    ...(order.coreCents > 0 ? { coreDeposits: fromCents(order.coreCents) } : {}),
    ...(isTaxed(order) ? { tax: orderTaxOf(order) } : {}),
    status: order.status,
    transactionId: order.transactionId ?? '',
    createdAt: order.createdAt.toISOString(),
    refund: order.refundStatus
      ? { status: order.refundStatus, amount: fromCents(order.refundedCents) }
      : null,
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    paidAt: iso(order.paidAt),
    shippedAt: iso(order.shippedAt),
    deliveredAt: iso(order.deliveredAt),
    canceledAt: iso(order.canceledAt),
    companyId: order.companyId,
    paymentMode: order.paymentMode,
    account: order.account
      ? { dueAt: new Date(order.account.dueAt).toISOString(), paid: order.account.paid }
      : null,
    ...(order.replacesReturnId && order.replacesReturnNumber
      ? {
          replacesReturn: {
            id: order.replacesReturnId,
            number: formatReturnNumber(order.replacesReturnNumber),
          },
        }
      : {}),
  };
};

/** The spec's one-line address, from the ship-to parts. */
export const composeAddress = (to: ShipTo): string =>
  `${to.street}, ${to.postalCode} ${to.city}, ${to.country}`;

/**
 * An order's lines as one JSON value of the order's row (`lines`), oldest first: an order and its
 * lines in one read, whatever the number of orders read.
 */
export const linesJsonSql = (order: string) =>
  sql.raw(`(select coalesce(jsonb_agg(to_jsonb(l) order by l.line_no), '[]'::jsonb)
      from order_lines l where l.order_id = ${order}.id) as lines`);

/** A raw row of `orders` with its `lines` (linesJsonSql) as the view every reader gets. */
export function viewOf(raw: Record<string, unknown>): OrderView {
  const lines = (raw.lines ?? []) as Record<string, unknown>[];
  return {
    ...rowOf(orders, raw),
    lines: lines.map((line) => rowOf(orderLines, line)),
    account: (raw.account ?? null) as OrderView['account'],
  };
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
  const rows = await (only === 'canceled' ? canceledOrdersOf : liveOrdersOf)(db, { userId });
  return rows.map((raw) => toOrderResponse(viewOf(raw)));
}

const ordersOf = (canceled: boolean, name: string) =>
  preparedSql(
    name,
    () => sql`
      select o.*, ${linesJsonSql('o')}, ${accountJsonSql('o')} from ${orders} o
       where o.user_id = ${sql.placeholder('userId')}::text
         and ${canceled ? sql`o.status = 'canceled'` : sql`o.status <> 'canceled'`}
       order by o.created_at desc, o.id desc`,
  );
const liveOrdersOf = ordersOf(false, 'live_orders_of');

/**
 * A company's orders, newest first, whoever of its members placed them (each carries its buyer's
 * name and email): every order, canceled ones included, so the company's view misses none.
 */
export async function listCompanyOrders(db: DbOrTx, companyId: string): Promise<OrderResponse[]> {
  if (!isUuid(companyId)) return [];
  const rows = await companyOrdersOf(db, { companyId });
  return rows.map((raw) => toOrderResponse(viewOf(raw)));
}

const companyOrdersOf = preparedSql(
  'company_orders_of',
  () => sql`
    select o.*, ${linesJsonSql('o')}, ${accountJsonSql('o')} from ${orders} o
     where o.company_id = ${sql.placeholder('companyId')}::uuid
     order by o.created_at desc, o.id desc
     limit 1000`,
);
const canceledOrdersOf = ordersOf(true, 'canceled_orders_of');

/** The order's own row (no lines), for checks of status and money; undefined for an unknown id. */
export async function findOrder(db: DbOrTx, id: string): Promise<OrderRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row;
}

/** The order with its lines; undefined for an unknown or malformed id. */
export async function findOrderView(db: DbOrTx, id: string): Promise<OrderView | undefined> {
  if (!isUuid(id)) return undefined;
  const [raw] = await orderViewsByIds(db, { ids: [id] });
  return raw ? viewOf(raw) : undefined;
}

/** The lines of an order row already read, as its view. */
export async function withLines(db: DbOrTx, order: OrderRow): Promise<OrderView> {
  const lines = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.lineNo));
  return { ...order, lines };
}

const orderViewsByIds = preparedSql(
  'order_views_by_ids',
  () => sql`
    select o.*, ${linesJsonSql('o')}, ${accountJsonSql('o')} from ${orders} o
     where o.id = any(${sql.placeholder('ids')}::uuid[])`,
);

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

/** The payments module's record of money given back, as the order shows it (all its refunds). */
export async function recordRefund(
  db: DbOrTx,
  orderId: string,
  refund: { status: 'pending' | 'succeeded' | 'failed'; refundedCents: number },
): Promise<void> {
  const [before] = await db
    .select({ status: orders.refundStatus, cents: orders.refundedCents })
    .from(orders)
    .where(eq(orders.id, orderId));
  const [order] = await db
    .update(orders)
    .set({
      refundStatus: refund.status,
      refundedCents: refund.refundedCents,
      updatedAt: new Date(),
    })
    .where(eq(orders.id, orderId))
    .returning();
  // Money confirmed back (the first time, or more of it): the webhooks hear it once.
  if (
    order &&
    refund.status === 'succeeded' &&
    (before?.status !== 'succeeded' || Number(before.cents) !== refund.refundedCents)
  )
    await emitOrderEvent(db, 'order.refunded', order);
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
  const order = await findOrderView(db, id);
  if (!order) throw notFound('Order');
  // A company's order is read by every member of the company, as its "Company orders" list shows.
  if (
    order.userId !== caller.sub &&
    !(order.companyId && (await roleIn(db, order.companyId, caller.sub))) &&
    !(await callerIsAdmin(caller))
  )
    throw notFound('Order');
  return toOrderResponse(order);
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

/** The orders among `ids` with their lines and timelines (oldest change first), in two statements for all. */
export async function findOrdersWithEvents(
  db: DbOrTx,
  ids: string[],
): Promise<Map<string, { order: OrderView; events: OrderEventRow[] }>> {
  const found = new Map<string, { order: OrderView; events: OrderEventRow[] }>();
  const valid = [...new Set(ids)].filter(isUuid);
  if (valid.length === 0) return found;
  const [rows, events] = await Promise.all([
    orderViewsByIds(db, { ids: valid }),
    eventsOfOrders(db, { ids: valid }),
  ]);
  for (const raw of rows) {
    const order = viewOf(raw);
    found.set(order.id, { order, events: [] });
  }
  for (const raw of events) {
    const event = rowOf(orderEvents, raw);
    found.get(event.orderId)?.events.push(event);
  }
  return found;
}

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

export type OrderContact = { number: string; name: string; email: string };

/** Each order's number and the buyer's name and address as ordered, for lists of returns. */
export async function orderContactsByIds(
  db: DbOrTx,
  ids: string[],
): Promise<Map<string, OrderContact>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: orders.id, number: orders.number, name: orders.name, email: orders.email })
    .from(orders)
    .where(inArray(orders.id, [...new Set(ids)]));
  return new Map(
    rows.map((r) => [r.id, { number: formatOrderNumber(r.number), name: r.name, email: r.email }]),
  );
}

/**
 * The orders and their lines for another module's raw SQL that joins them to rows of its own (the
 * returns' core sweep and overview, decision 069): read only; writers go through this module.
 */
export const ordersRelation: SQL = sql`${orders}`;
export const orderLinesRelation: SQL = sql`${orderLines}`;
