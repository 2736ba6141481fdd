import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AddCartLineBody,
  CartLineParams,
  endpoints,
  LocalCartBody,
  MergeCartBody,
  routePath,
  SetCartLineBody,
} from '@storefront/contract';
import type { Db } from '../../db/database.js';
import { parseOr400 } from '../../http/validate.js';
import type { Guards } from '../auth/guards.js';
import {
  addCartLine,
  checkLines,
  clearCart,
  getCart,
  mergeCartLines,
  removeCartLine,
  setCartLine,
} from './cart.service.js';

export type CartRoutesOptions = { db: Db; guards: Guards };

/**
 * The account's cart (one per account, kept on the server) and the check of a visitor's cart.
 * Every change answers the whole cart, checked again, so the page shows what the server holds.
 * Who is asking is checked before the body is read (decision 007).
 */
/**
 * Every cart answer is the whole cart, built per request: a 50-line cart is about 16 KiB of JSON
 * that a phone waits for on each change (issue 41). Compressed above the app's 1 KiB threshold.
 */
const compressed = { compress: {} };

export const cartRoutes: FastifyPluginAsyncZod<CartRoutesOptions> = async (app, { db, guards }) => {
  app.get(routePath(endpoints.getCart), compressed, async (request) => {
    const caller = await guards.requireUser(request);
    return getCart(db, caller.sub);
  });

  app.post(routePath(endpoints.addCartLine), compressed, async (request) => {
    const caller = await guards.requireUser(request);
    const line = parseOr400(AddCartLineBody, request.body ?? {});
    await addCartLine(db, caller.sub, line);
    return getCart(db, caller.sub);
  });

  app.put(
    routePath(endpoints.setCartLine),
    { ...compressed, schema: { params: CartLineParams } },
    async (request) => {
      const caller = await guards.requireUser(request);
      const line = parseOr400(SetCartLineBody, request.body ?? {});
      await setCartLine(db, caller.sub, request.params.partId, line);
      return getCart(db, caller.sub);
    },
  );

  app.delete(
    routePath(endpoints.removeCartLine),
    { ...compressed, schema: { params: CartLineParams } },
    async (request) => {
      const caller = await guards.requireUser(request);
      await removeCartLine(db, caller.sub, request.params.partId);
      return getCart(db, caller.sub);
    },
  );

  app.delete(routePath(endpoints.clearCart), compressed, async (request) => {
    const caller = await guards.requireUser(request);
    await clearCart(db, caller.sub);
    return getCart(db, caller.sub);
  });

  app.post(routePath(endpoints.mergeCart), compressed, async (request) => {
    const caller = await guards.requireUser(request);
    const { lines, mergeId } = parseOr400(MergeCartBody, request.body ?? {});
    await mergeCartLines(db, caller.sub, lines, mergeId);
    return getCart(db, caller.sub);
  });

  app.post(routePath(endpoints.checkCart), compressed, async (request) => {
    const { lines } = parseOr400(LocalCartBody, request.body ?? {});
    return checkLines(db, lines);
  });
};
