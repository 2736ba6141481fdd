import { sql } from 'drizzle-orm';
import { formatOrderNumber, taxPerRate, type V1Order } from '@storefront/contract';
import type { DbOrTx } from '../../db/database.js';
import { rowsOf } from '../../db/raw-rows.js';
import { linesJsonSql, orderNetCents, viewOf, type OrderView } from './orders.service.js';
import { orders } from './orders.tables.js';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * An order as the v1 API and every webhook show it: the one serializer of both (an event's body
 * is never built by the code that sends it). Money in integer cents.
 */
export const toV1Order = (order: OrderView): V1Order => ({
  id: order.id,
  number: formatOrderNumber(order.number),
  status: order.status,
  paymentMode: order.paymentMode,
  companyId: order.companyId,
  poNumber: order.poNumber,
  customer: { name: order.name, email: order.email, phone: order.phone },
  shipTo: {
    street: order.shipStreet,
    city: order.shipCity,
    postalCode: order.shipPostalCode,
    country: order.shipCountry,
  },
  totalCents: order.totalCents,
  netCents: orderNetCents(order),
  taxCents: order.taxCents,
  coreDepositCents: order.coreCents,
  tax:
    order.taxTreatment === 'none'
      ? null
      : {
          treatment: order.taxTreatment,
          region: order.taxRegion,
          rates: taxPerRate(
            order.lines
              .filter((l) => l.canceledAt === null)
              .map((l) => ({ netCents: l.totalCents, rateBp: l.taxRateBp, taxCents: l.taxCents })),
          ),
          note: order.taxNote,
          certificateNumber: order.taxCertificate,
          buyerVatId: order.buyerVatId,
        },
  refundedCents: order.refundedCents,
  carrier: order.carrier,
  trackingNumber: order.trackingNumber,
  createdAt: order.createdAt.toISOString(),
  updatedAt: order.updatedAt.toISOString(),
  paidAt: iso(order.paidAt),
  shippedAt: iso(order.shippedAt),
  deliveredAt: iso(order.deliveredAt),
  canceledAt: iso(order.canceledAt),
  lines: order.lines.map((l) => ({
    lineNo: l.lineNo,
    partId: l.partId,
    partNumber: l.sku,
    name: l.partName,
    quantity: l.quantity,
    unitCents: l.unitPriceCents,
    totalCents: l.totalCents,
    taxRateBp: l.taxRateBp,
    taxCents: l.taxCents,
    coreChargeCents: l.coreChargeCents,
    coreDepositCents: l.coreCents,
    reference: l.reference,
    canceledAt: iso(l.canceledAt),
  })),
});

/** A place in the feed: the writing transaction's id and the order's id after it. */
export type FeedPosition = { txid: number; id: string };

export const encodeFeedCursor = (p: FeedPosition): string =>
  Buffer.from(`${p.txid}.${p.id}`, 'utf8').toString('base64url');

/** The position a cursor names, or undefined when it is not one this API gave. */
export function decodeFeedCursor(cursor: string): FeedPosition | undefined {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const m = /^(\d{1,18})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/.exec(
    text,
  );
  return m ? { txid: Number(m[1]), id: m[2]! } : undefined;
}

/**
 * Orders whose last write is after `from`, in (transaction id, order id) order. Only writes of
 * transactions older than every one still running are read: a transaction that began earlier
 * but commits later would otherwise land behind a cursor already handed out, and be skipped.
 */
export async function ordersChangedSince(
  db: DbOrTx,
  from: FeedPosition,
  options: { limit: number; companyId: string | null },
): Promise<{ orders: OrderView[]; next: FeedPosition; hasMore: boolean }> {
  const rows = rowsOf(
    await db.execute(sql`
      select o.*, ${linesJsonSql('o')} from ${orders} o
       where o.change_txid < pg_snapshot_xmin(pg_current_snapshot())::text::bigint
         and (o.change_txid, o.id) > (${from.txid}::bigint, ${from.id}::uuid)
         and (${options.companyId}::uuid is null or o.company_id = ${options.companyId}::uuid)
       order by o.change_txid, o.id
       limit ${options.limit + 1}`),
  );
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  return {
    orders: page.map(viewOf),
    next: last ? { txid: Number(last.change_txid), id: String(last.id) } : from,
    hasMore: rows.length > options.limit,
  };
}

export const FEED_START: FeedPosition = { txid: 0, id: '00000000-0000-0000-0000-000000000000' };
