import { Readable } from 'node:stream';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  endpoints,
  formatOrderNumber,
  fromCents,
  IdParams,
  OrderLineParams,
  routePath,
  ShipOrderBody,
  StaffCancelBody,
  StaffOrderFilterQuery,
  StaffOrderQuery,
  type StaffOrderDetails,
  type StaffOrderPage,
  type StaffOrderTotals,
  type StaffOverview,
} from '@storefront/contract';
import type { Config } from '../../config.js';
import { listPages } from '../policies/policies.service.js';
import { countOverdueCores } from '../returns/core-sweep.js';
import { countOpenReturns } from '../returns/returns.service.js';
import type { Db } from '../../db/database.js';
import { notFound } from '../../http/errors.js';
import { parseOr400 } from '../../http/validate.js';
import { recordAudit, type StaffActor } from '../audit/audit.service.js';
import type { Caller, Guards } from '../auth/guards.js';
import { findUsersByIds } from '../auth/identity.service.js';
import { listSentOrderEmails } from '../mail/mail.service.js';
import { staffCancelLine, staffCancelOrder, type PaymentGate } from '../orders/cancel-order.js';
import {
  findOrderEvents,
  findOrderView,
  orderNetCents,
  toOrderResponse,
  type OrderRow,
} from '../orders/orders.service.js';
import {
  countWaitingToShip,
  fulfilmentState,
  markDelivered,
  anyCoreDeposit,
  anyTaxedOrder,
  orderBatches,
  paidSince,
  paymentState,
  orderTotals,
  searchOrders,
  shipOrder,
} from '../orders/staff-orders.service.js';
import { countLowStock } from '../parts/stock.service.js';
import { paymentRecordFor, refundsFor } from '../payments/payments.service.js';

export type StaffOrderRoutesOptions = {
  db: Db;
  guards: Guards;
  config: Config;
  paymentGate: PaymentGate;
  onStockChange: () => void;
  onQueued: () => void;
};

/** The path as text: who is asking is checked before a bad line number is refused (decision 007). */
const RawLineParams = z.object({ id: z.string(), lineNo: z.string() });

const actorOf = (caller: Caller): StaffActor => ({ userId: caller.sub, email: caller.email });

/** A CSV field: quoted when it holds a comma, a quote or a line break; a formula never starts one. */
const csvField = (value: string | number | null) => {
  const text = value === null ? '' : String(value);
  // A leading =, +, - or @ would run as a formula in a spreadsheet.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/**
 * The staff side of orders: every customer's orders, one order with everything about it,
 * fulfilment, cancelling with a refund, the export and the overview. Admins only, on the server.
 */
export const staffOrderRoutes: FastifyPluginAsyncZod<StaffOrderRoutesOptions> = async (
  app,
  { db, guards, config, paymentGate, onStockChange, onQueued },
) => {
  /** An order just changed, as the API answers it (with its lines). */
  const respond = async (order: OrderRow) => {
    const view = await findOrderView(db, order.id);
    if (!view) throw notFound('Order');
    return toOrderResponse(view);
  };

  app.get(routePath(endpoints.staffOrders), async (request): Promise<StaffOrderPage> => {
    await guards.requireAdmin(request);
    const query = parseOr400(StaffOrderQuery, request.query);
    return searchOrders(db, query);
  });

  app.get(routePath(endpoints.staffOrderTotals), async (request): Promise<StaffOrderTotals> => {
    await guards.requireAdmin(request);
    return orderTotals(db, parseOr400(StaffOrderFilterQuery, request.query));
  });

  app.get(routePath(endpoints.staffOrdersCsv), async (request, reply) => {
    await guards.requireAdmin(request);
    const { status, q, from, to } = parseOr400(StaffOrderQuery, request.query);
    // One row per line, as ERP imports expect; the order's columns repeat on each of its rows.
    // The first twelve are the columns a one-line order always had, so older imports still read.
    const header = [
      'Order',
      'Date',
      'Customer',
      'Email',
      'Part',
      'Quantity',
      'Total',
      'Status',
      'Payment',
      'Fulfilment',
      'Carrier',
      'Tracking number',
      'Line',
      'Part number',
      'Unit price',
      'Line total',
      'Reference',
      'Line status',
    ];
    // Once the shop has taxed an order (decision 063): net, tax and gross after the old columns.
    const taxColumns = await anyTaxedOrder(db);
    if (taxColumns)
      header.push(
        'Net',
        'Tax',
        'Gross',
        'Tax region',
        'Tax treatment',
        'Line tax rate',
        'Line tax',
      );
    // Once any line carried a core deposit (decision 069): the line's and the order's deposits.
    const coreColumns = await anyCoreDeposit(db);
    if (coreColumns) header.push('Line core deposit', 'Order core deposits');
    async function* lines() {
      yield `${header.join(',')}\r\n`;
      for await (const batch of orderBatches(db, { status, q, from, to })) {
        yield batch
          .flatMap((o) =>
            o.lines.map((line) =>
              [
                formatOrderNumber(o.number),
                o.createdAt.toISOString(),
                o.name,
                o.email,
                line.partName,
                line.quantity,
                fromCents(o.totalCents).toFixed(2),
                o.status,
                paymentState(o),
                fulfilmentState(o),
                o.carrier,
                o.trackingNumber,
                line.lineNo,
                line.sku,
                fromCents(line.unitPriceCents).toFixed(2),
                fromCents(line.totalCents).toFixed(2),
                line.reference,
                line.canceledAt ? 'canceled' : 'ordered',
                ...(taxColumns
                  ? [
                      fromCents(orderNetCents(o)).toFixed(2),
                      fromCents(o.taxCents).toFixed(2),
                      fromCents(o.totalCents).toFixed(2),
                      o.taxRegion,
                      o.taxTreatment,
                      (line.taxRateBp / 100).toFixed(2),
                      fromCents(line.taxCents).toFixed(2),
                    ]
                  : []),
                ...(coreColumns
                  ? [fromCents(line.coreCents).toFixed(2), fromCents(o.coreCents).toFixed(2)]
                  : []),
              ]
                .map(csvField)
                .join(','),
            ),
          )
          .join('\r\n')
          .concat('\r\n');
      }
    }
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="orders.csv"')
      .header('cache-control', 'no-store')
      .send(Readable.from(lines()));
  });

  app.get(
    routePath(endpoints.staffOrder),
    { schema: { params: IdParams } },
    async (request): Promise<StaffOrderDetails> => {
      await guards.requireAdmin(request);
      const order = await findOrderView(db, request.params.id);
      if (!order) throw notFound('Order');
      const [events, payment, refunds, emails] = await Promise.all([
        findOrderEvents(db, order.id),
        paymentRecordFor(db, order.id),
        refundsFor(db, order.id),
        listSentOrderEmails(db, order.id),
      ]);
      const people = await findUsersByIds(db, [
        order.userId,
        ...events.map((e) => e.actorId).filter((id): id is string => Boolean(id)),
      ]);
      const emailOf = (id: string | null) => people.find((p) => p.id === id)?.email ?? null;
      return {
        order: toOrderResponse(order),
        payment: paymentState(order),
        fulfilment: fulfilmentState(order),
        customer: {
          userId: order.userId,
          name: order.name,
          email: emailOf(order.userId) ?? order.email,
        },
        paymentRecord: payment
          ? {
              provider: payment.provider,
              intentId: payment.intentId,
              status: payment.status,
              amount: fromCents(payment.amountCents),
              attempt: payment.attempt,
            }
          : null,
        refunds: refunds.map((r) => ({
          amount: fromCents(r.amountCents),
          status: r.status,
          reason: r.reason,
          providerRefundId: r.providerRefundId,
          createdAt: r.createdAt.toISOString(),
        })),
        timeline: events.map((e) => ({
          at: e.at.toISOString(),
          actor: e.actor,
          actorEmail: emailOf(e.actorId),
          from: e.fromStatus,
          to: e.toStatus,
          note: e.note,
        })),
        emails: emails.map((e) => ({
          id: e.id,
          kind: e.kind,
          subject: e.subject ?? '',
          sentAt: e.sentAt ? e.sentAt.toISOString() : null,
          text: e.textBody ?? '',
        })),
      };
    },
  );

  app.post(routePath(endpoints.staffShip), { schema: { params: IdParams } }, async (request) => {
    const caller = await guards.requireAdmin(request);
    const body = parseOr400(ShipOrderBody, request.body ?? {});
    const shipped = await shipOrder(
      db,
      request.params.id,
      body,
      { actor: 'staff', actorId: caller.sub },
      (tx, order) =>
        recordAudit(tx, actorOf(caller), {
          action: 'order.ship',
          targetType: 'order',
          targetId: order.id,
          summary: `Shipped ${formatOrderNumber(order.number)} with ${body.carrier} ${body.trackingNumber}`,
          details: body,
        }),
    );
    onQueued();
    return respond(shipped);
  });

  app.post(routePath(endpoints.staffDeliver), { schema: { params: IdParams } }, async (request) => {
    const caller = await guards.requireAdmin(request);
    const delivered = await markDelivered(
      db,
      request.params.id,
      { actor: 'staff', actorId: caller.sub },
      (tx, order) =>
        recordAudit(tx, actorOf(caller), {
          action: 'order.deliver',
          targetType: 'order',
          targetId: order.id,
          summary: `Marked ${formatOrderNumber(order.number)} delivered`,
        }),
    );
    return respond(delivered);
  });

  app.post(routePath(endpoints.staffCancel), { schema: { params: IdParams } }, async (request) => {
    const caller = await guards.requireAdmin(request);
    const { reason } = parseOr400(StaffCancelBody, request.body ?? {});
    const canceled = await staffCancelOrder(
      db,
      request.params.id,
      paymentGate,
      { actor: 'staff', actorId: caller.sub, ...(reason ? { note: reason } : {}) },
      (tx, order) =>
        recordAudit(tx, actorOf(caller), {
          action: 'order.cancel',
          targetType: 'order',
          targetId: order.id,
          summary: `Canceled ${formatOrderNumber(order.number)}${order.paidAt ? ' and refunded it in full' : ''}${reason ? `: ${reason}` : ''}`,
          details: { reason: reason ?? null, refunded: Boolean(order.paidAt) },
        }),
    );
    onStockChange();
    onQueued();
    return respond(canceled);
  });

  app.post(
    routePath(endpoints.staffCancelLine),
    { schema: { params: RawLineParams } },
    async (request) => {
      const caller = await guards.requireAdmin(request);
      const { id, lineNo } = parseOr400(OrderLineParams, request.params);
      const { reason } = parseOr400(StaffCancelBody, request.body ?? {});
      const order = await staffCancelLine(
        db,
        id,
        lineNo,
        paymentGate,
        { actor: 'staff', actorId: caller.sub, ...(reason ? { note: reason } : {}) },
        (tx, changed) =>
          recordAudit(tx, actorOf(caller), {
            action: changed.status === 'canceled' ? 'order.cancel' : 'order.cancel-line',
            targetType: 'order',
            targetId: changed.id,
            summary:
              `Canceled line ${lineNo} of ${formatOrderNumber(changed.number)}` +
              `${changed.paidAt ? ' and refunded it' : ''}${reason ? `: ${reason}` : ''}`,
            details: { lineNo, reason: reason ?? null, refunded: Boolean(changed.paidAt) },
          }),
      );
      onStockChange();
      onQueued();
      return respond(order);
    },
  );

  app.get(routePath(endpoints.staffOverview), async (request): Promise<StaffOverview> => {
    await guards.requireAdmin(request);
    const now = new Date();
    const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const monthAgo = new Date(today.getTime() - 29 * 86_400_000);
    const [day, month, waiting, low, pages, openReturns, overdueCores] = await Promise.all([
      paidSince(db, today),
      paidSince(db, monthAgo),
      countWaitingToShip(db),
      countLowStock(db, config.lowStockFactor),
      listPages(db),
      countOpenReturns(db),
      countOverdueCores(db, now),
    ]);
    const templates = pages.filter((p) => p.current.isTemplate).map((p) => p.current.title);
    const warnings = [
      ...(config.seller.address
        ? []
        : [
            'SELLER_ADDRESS is not set: the legal notice and the invoices show no seller address. Set it (and SELLER_TAX_ID) before opening the shop.',
          ]),
      ...(templates.length > 0
        ? [
            `Still the starting template, to adapt in Pages before opening the shop: ${templates.join(', ')}.`,
          ]
        : []),
    ];
    return {
      today: { paidOrders: day.count, revenue: day.revenue },
      last30Days: { paidOrders: month.count, revenue: month.revenue },
      waitingToShip: waiting,
      lowStockParts: low,
      openReturns,
      overdueCores,
      warnings,
    };
  });
};
