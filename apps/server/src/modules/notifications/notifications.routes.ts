import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints, IdParams, routePath, type OrderEmailResponse } from '@storefront/contract';
import type { Db } from '../../db/database.js';
import { notFound } from '../../http/errors.js';
import type { Guards } from '../auth/guards.js';
import { listSentOrderEmails } from '../mail/mail.service.js';
import { findOrder } from '../orders/orders.service.js';

export type NotificationRoutesOptions = { db: Db; guards: Guards };

/** A customer reads again the mails the shop sent about their order (staff read any order's). */
export const notificationRoutes: FastifyPluginAsyncZod<NotificationRoutesOptions> = async (
  app,
  { db, guards },
) => {
  app.get(routePath(endpoints.orderEmails), { schema: { params: IdParams } }, async (request) => {
    const caller = await guards.requireUser(request);
    const order = await findOrder(db, request.params.id);
    if (!order || (order.userId !== caller.sub && !(await guards.isAdmin(caller))))
      throw notFound('Order');
    const emails = await listSentOrderEmails(db, order.id);
    return emails.map((e): OrderEmailResponse => ({
      id: e.id,
      kind: e.kind,
      subject: e.subject ?? '',
      sentAt: e.sentAt ? e.sentAt.toISOString() : null,
      text: e.textBody ?? '',
    }));
  });
};
