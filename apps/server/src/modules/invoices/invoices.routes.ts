import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints, formatOrderNumber, IdParams, routePath } from '@storefront/contract';
import type { Db } from '../../db/database.js';
import { AppError, notFound } from '../../http/errors.js';
import { termsNoteOf } from '../policies/policies.service.js';
import type { Guards } from '../auth/guards.js';
import { accountInvoicesOfOrders } from '../companies/account.service.js';
import { roleIn } from '../companies/companies.service.js';
import { findOrderView } from '../orders/orders.service.js';
import { onAccountFrom, renderInvoice, type Seller } from './invoice.js';

export type InvoiceRoutesOptions = { db: Db; guards: Guards; seller: Seller };

export const invoiceRoutes: FastifyPluginAsyncZod<InvoiceRoutesOptions> = async (
  app,
  { db, guards, seller },
) => {
  app.get(
    routePath(endpoints.orderInvoice),
    { schema: { params: IdParams } },
    async (request, reply) => {
      const caller = await guards.requireUser(request);
      const order = await findOrderView(db, request.params.id);
      // Its customer, its company's members and staff; to anyone else an order id names nothing.
      if (
        !order ||
        (order.userId !== caller.sub &&
          !(order.companyId && (await roleIn(db, order.companyId, caller.sub))) &&
          !(await guards.isAdmin(caller)))
      )
        throw notFound('Order');
      const account =
        order.paymentMode === 'account'
          ? (await accountInvoicesOfOrders(db, [order.id])).get(order.id)
          : undefined;
      if (!order.paidAt && !account)
        throw new AppError(409, 'NOT_PAID', 'An invoice exists once the order is paid');
      const terms = await termsNoteOf(db, order.termsVersionId);
      const pdf = await renderInvoice(order, seller, account && onAccountFrom(account), terms);
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header(
          'content-disposition',
          `inline; filename="invoice-${formatOrderNumber(order.number)}.pdf"`,
        )
        .send(pdf);
    },
  );
};
