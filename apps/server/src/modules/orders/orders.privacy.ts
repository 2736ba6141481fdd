import { and, asc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { formatOrderNumber } from '@storefront/contract';
import type { DbOrTx } from '../../db/database.js';
import { ERASED_NAME, type PrivacyContribution } from '../privacy/contribution.js';
import { orderCustomerEmails, orderEvents, orderLines, orders } from './orders.tables.js';

/**
 * An order is invoiced when it was paid, or confirmed on account: its invoice must be kept. Until
 * `retentionYears` after that, an erased customer's invoiced order keeps the invoice's fields
 * (name, the address on the invoice, company, tax id, lines and amounts) and nothing else
 * (decision 052).
 */
const invoiced = sql`(${orders.paidAt} is not null or ${orders.paymentMode} = 'account')`;
const retainedSince = sql`coalesce(${orders.paidAt}, ${orders.createdAt})`;

/** Everything personal on an order, including the invoice's fields. */
const fullyErased = {
  name: ERASED_NAME,
  email: '',
  address: '',
  shipStreet: '',
  shipCity: '',
  shipPostalCode: '',
  shipCountry: '',
  phone: '',
  company: null,
  taxId: null,
  poNumber: null,
};

/** What an invoiced order keeps while it must: only the invoice's fields. */
const { name: _n, address: _a, company: _c, taxId: _t, ...beyondTheInvoice } = fullyErased;

/**
 * Invoiced orders of erased customers past retention lose the invoice's fields too. Run at every
 * erasure (orders already past it) and once a day by the retention sweep. Resolves how many.
 */
export async function expireRetainedOrders(db: DbOrTx, retentionYears: number, now = new Date()) {
  const rows = await db
    .update(orders)
    .set(fullyErased)
    .where(
      and(
        isNotNull(orders.personalDataErasedAt),
        ne(orders.name, ERASED_NAME),
        sql`${retainedSince} < ${now.toISOString()}::timestamptz - make_interval(years => ${retentionYears})`,
      ),
    )
    .returning({ id: orders.id });
  return rows.length;
}

export const ordersPrivacy: PrivacyContribution = {
  name: 'orders',
  async export({ userId }, db) {
    const rows = await db
      .select()
      .from(orders)
      .where(eq(orders.userId, userId))
      .orderBy(asc(orders.number));
    const ids = rows.map((o) => o.id);
    const lines = ids.length
      ? await db.select().from(orderLines).where(inArray(orderLines.orderId, ids))
      : [];
    const events = ids.length
      ? await db
          .select({
            orderId: orderEvents.orderId,
            at: orderEvents.at,
            from: orderEvents.fromStatus,
            to: orderEvents.toStatus,
            note: orderEvents.note,
          })
          .from(orderEvents)
          .where(inArray(orderEvents.orderId, ids))
      : [];
    return rows.map((o) => ({
      number: formatOrderNumber(o.number),
      placedAt: o.createdAt,
      status: o.status,
      name: o.name,
      email: o.email,
      address: o.address,
      shipTo: {
        street: o.shipStreet,
        city: o.shipCity,
        postalCode: o.shipPostalCode,
        country: o.shipCountry,
      },
      phone: o.phone,
      company: o.company,
      taxId: o.taxId,
      poNumber: o.poNumber,
      paymentMode: o.paymentMode,
      totalCents: o.totalCents,
      refundedCents: o.refundedCents,
      transactionId: o.transactionId,
      carrier: o.carrier,
      trackingNumber: o.trackingNumber,
      paidAt: o.paidAt,
      shippedAt: o.shippedAt,
      deliveredAt: o.deliveredAt,
      canceledAt: o.canceledAt,
      lines: lines
        .filter((l) => l.orderId === o.id)
        .sort((a, b) => a.lineNo - b.lineNo)
        .map((l) => ({
          sku: l.sku,
          partName: l.partName,
          quantity: l.quantity,
          unitPriceCents: l.unitPriceCents,
          totalCents: l.totalCents,
          reference: l.reference,
          canceledAt: l.canceledAt,
        })),
      timeline: events.filter((e) => e.orderId === o.id).map(({ orderId: _, ...e }) => e),
    }));
  },
  async blockers({ userId }, db) {
    const open = await db
      .select({ number: orders.number })
      .from(orders)
      .where(and(eq(orders.userId, userId), inArray(orders.status, ['unpaid', 'pending'])))
      .orderBy(asc(orders.number));
    if (open.length === 0) return [];
    const numbers = open.map((o) => formatOrderNumber(o.number)).join(', ');
    return [
      `You have ${open.length === 1 ? 'an unpaid order' : 'unpaid orders'} (${numbers}): pay or cancel ${open.length === 1 ? 'it' : 'them'} first.`,
    ];
  },
  async erase({ userId, email }, tx, { now, retentionYears }) {
    const mine = eq(orders.userId, userId);
    await tx
      .update(orders)
      .set({ ...beyondTheInvoice, personalDataErasedAt: now })
      .where(and(mine, invoiced));
    await tx
      .update(orders)
      .set({ ...fullyErased, personalDataErasedAt: now })
      .where(and(mine, sql`not (${invoiced})`));
    await expireRetainedOrders(tx, retentionYears, now);
    const theirs = sql`(select id from orders where user_id = ${userId})`;
    await tx
      .update(orderLines)
      .set({ reference: null })
      .where(sql`${orderLines.orderId} in ${theirs}`);
    await tx
      .update(orderEvents)
      .set({ note: null })
      .where(sql`${orderEvents.orderId} in ${theirs}`);
    await tx.delete(orderCustomerEmails).where(eq(orderCustomerEmails.email, email));
  },
};
