import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints, formatOrderNumber, IdParams, routePath } from '@storefront/contract';
import type { Db } from '../../db/database.js';
import { AppError, notFound } from '../../http/errors.js';
import type { Guards } from '../auth/guards.js';
import { findOrderView } from '../orders/orders.service.js';
import { renderInvoice, type Seller } from './invoice.js';

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
      // Its customer and staff only; to anyone else an order id names nothing.
      if (!order || (order.userId !== caller.sub && !(await guards.isAdmin(caller))))
        throw notFound('Order');
      if (!order.paidAt)
        throw new AppError(409, 'NOT_PAID', 'An invoice exists once the order is paid');
      const pdf = await renderInvoice(order, seller);
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
