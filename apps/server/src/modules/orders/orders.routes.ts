import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CheckoutBody,
  CreateOrderBody,
  endpoints,
  IdParams,
  routePath,
  toCents,
} from '@storefront/contract';
import type { Db } from '../../db/database.js';
import { AppError, forbidden } from '../../http/errors.js';
import { parseOr400 } from '../../http/validate.js';
import { sameEmail, type Guards } from '../auth/guards.js';
import { pricingCompanyOf } from '../companies/buying-for.service.js';
import { companyForOrder } from '../companies/companies.service.js';
import { cancelOrder, type PaymentGate } from './cancel-order.js';
import { orderAgain } from './order-again.js';
import { getOrder, listOrders, composeAddress, toOrderResponse } from './orders.service.js';
import { LinesRefusal, placeLines, placeOrder, type OpenOrderLimits } from './place-order.js';

export type OrderRoutesOptions = {
  db: Db;
  guards: Guards;
  openOrderLimits: OpenOrderLimits;
  /** Cancelling reaches the payment provider through this (payments.service.ts). */
  paymentGate: PaymentGate;
  /** Runs after a committed change to stock (the catalog cache listens). */
  onStockChange: () => void;
  /** Runs after a change that queued outbox work (mail): the worker should look now. */
  onQueued: () => void;
};

// Bodies and queries are parsed after the key check, so a caller without a key always gets 401.
export const orderRoutes: FastifyPluginAsyncZod<OrderRoutesOptions> = async (
  app,
  { db, guards, openOrderLimits, paymentGate, onStockChange, onQueued },
) => {
  app.post(routePath(endpoints.placeOrder), async (request, reply) => {
    const caller = await guards.requireUser(request);
    const body = parseOr400(CreateOrderBody, request.body ?? {});
    // Buying for a company (membership checked now): the order is the company's, at its prices.
    const companyId = await pricingCompanyOf(db, caller.sub);
    const company = companyId ? await companyForOrder(db, caller, companyId) : undefined;
    const { order, replayed } = await placeOrder(db, caller, body, openOrderLimits, company);
    if (replayed) return reply.status(200).send(order);
    onStockChange();
    onQueued();
    return reply.status(201).send(order);
  });

  /**
   * Checkout: the lines as the buyer saw them, placed all or none in one order, or a 409 that
   * names every line that changed (price, stock, rule, archived) so the buyer confirms again.
   */
  app.post(routePath(endpoints.checkout), async (request, reply) => {
    const caller = await guards.requireUser(request);
    const body = parseOr400(CheckoutBody, request.body ?? {});
    if (body.payment === 'account' && !body.companyId)
      throw new AppError(400, 'VALIDATION_FAILED', 'Only a company order can go on account', {
        payment: 'Only a company order can go on account',
      });
    // A company order: the caller's membership is checked; its name and tax id are the company's.
    const company = body.companyId ? await companyForOrder(db, caller, body.companyId) : undefined;
    const { order, replayed } = await placeLines(
      db,
      caller,
      body.lines.map((line) => ({
        partId: line.partId,
        quantity: line.quantity,
        reference: line.reference,
        seenPriceCents: toCents(line.unitPrice),
      })),
      {
        shipTo: body.shipTo,
        address: composeAddress(body.shipTo),
        phone: body.phone,
        company: company?.name ?? body.company,
        taxId: company?.taxId ?? body.taxId,
        poNumber: body.poNumber,
        idempotencyKey: body.idempotencyKey,
        companyId: company?.id,
        onAccount: company !== undefined && body.payment === 'account',
      },
      {
        limits: openOrderLimits,
        fromCart: body.fromCart ?? false,
        refuse: (problems) => new LinesRefusal(problems),
      },
    );
    if (replayed) return reply.status(200).send(toOrderResponse(order));
    onStockChange();
    onQueued();
    return reply.status(201).send(toOrderResponse(order));
  });

  app.get(routePath(endpoints.listMyOrders), async (request) => {
    const caller = await guards.requireUser(request);
    const { email, status } = parseOr400(endpoints.listMyOrders.query, request.query);
    if (email !== undefined && !sameEmail(email, caller.email)) {
      throw forbidden('You can only see your own orders');
    }
    return listOrders(db, caller.sub, status);
  });

  app.get(routePath(endpoints.getOrder), { schema: { params: IdParams } }, async (request) => {
    const caller = await guards.requireUser(request);
    return getOrder(db, caller, request.params.id, guards.isAdmin);
  });

  app.post(routePath(endpoints.orderAgain), { schema: { params: IdParams } }, async (request) => {
    const caller = await guards.requireUser(request);
    return orderAgain(db, caller, request.params.id);
  });

  app.delete(
    routePath(endpoints.cancelOrder),
    { schema: { params: IdParams } },
    async (request, reply) => {
      try {
        const caller = await guards.requireUser(request);
        const answer = await cancelOrder(db, caller.sub, request.params.id, paymentGate);
        onStockChange();
        onQueued();
        return answer;
      } catch (err) {
        // The app reads deletedCount from every answer, refusals included.
        if (!(err instanceof AppError)) throw err;
        if (err.headers) reply.headers(err.headers);
        return reply.status(err.statusCode).send({ ...err.toBody(), deletedCount: 0 });
      }
    },
  );
};
