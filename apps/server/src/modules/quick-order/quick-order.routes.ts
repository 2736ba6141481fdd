import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints, QUICK_ORDER_MAX_BYTES, QuickOrderBody, routePath } from '@storefront/contract';
import type { Db } from '../../db/database.js';
import { parseOr400 } from '../../http/validate.js';
import type { Guards } from '../auth/guards.js';
import { resolveQuickOrder } from './quick-order.service.js';

export type QuickOrderRoutesOptions = { db: Db; guards: Guards };

/**
 * Quick order: a pasted list read and checked, nothing written (adding goes through the cart's
 * merge). Who is asking is checked before the body is read (decision 007).
 */
export const quickOrderRoutes: FastifyPluginAsyncZod<QuickOrderRoutesOptions> = async (
  app,
  { db, guards },
) => {
  // 256 KB of pasted text is up to six times that as JSON (every character escaped); the parser
  // refuses past 256 KB in words. The server's default limit is far lower.
  const bodyLimit = QUICK_ORDER_MAX_BYTES * 6 + 64 * 1024;
  app.post(routePath(endpoints.resolveQuickOrder), { bodyLimit }, async (request) => {
    const caller = await guards.requireUser(request);
    const body = parseOr400(QuickOrderBody, request.body ?? {});
    return resolveQuickOrder(db, caller.sub, body);
  });
};
