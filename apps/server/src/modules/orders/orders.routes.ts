import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CreateOrderBody, endpoints, IdParams, routePath } from '@storefront/contract';
import type { Db } from '../../db/database.js';
import { AppError, forbidden } from '../../http/errors.js';
import { parseOr400 } from '../../http/validate.js';
import { sameEmail, type Guards } from '../auth/guards.js';
import { cancelOrder, getOrder, listOrders, placeOrder } from './orders.service.js';

/** `onStockChange` runs after a committed change to stock (the catalog cache listens). */
export type OrderRoutesOptions = { db: Db; guards: Guards; onStockChange: () => void };

// Bodies and queries are parsed after the key check, so a caller without a key always gets 401.
export const orderRoutes: FastifyPluginAsyncZod<OrderRoutesOptions> = async (
  app,
  { db, guards, onStockChange },
) => {
  app.post(routePath(endpoints.placeOrder), async (request, reply) => {
    const caller = guards.requireUser(request);
    const body = parseOr400(CreateOrderBody, request.body ?? {});
    const order = await placeOrder(db, caller, body);
    onStockChange();
    return reply.status(201).send(order);
  });

  app.get(routePath(endpoints.listMyOrders), async (request) => {
    const caller = guards.requireUser(request);
    const { email } = parseOr400(endpoints.listMyOrders.query, request.query);
    if (email !== undefined && !sameEmail(email, caller.email)) {
      throw forbidden('You can only see your own orders');
    }
    return listOrders(db, caller.sub);
  });

  app.get(routePath(endpoints.getOrder), { schema: { params: IdParams } }, async (request) => {
    const caller = guards.requireUser(request);
    return getOrder(db, caller, request.params.id);
  });

  app.delete(
    routePath(endpoints.cancelOrder),
    { schema: { params: IdParams } },
    async (request, reply) => {
      try {
        const caller = guards.requireUser(request);
        const answer = await cancelOrder(db, caller.sub, request.params.id);
        onStockChange();
        return answer;
      } catch (err) {
        // The app reads deletedCount from every answer, refusals included.
        if (!(err instanceof AppError)) throw err;
        return reply.status(err.statusCode).send({ ...err.toBody(), deletedCount: 0 });
      }
    },
  );
};
