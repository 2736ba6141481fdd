import { createHash } from 'node:crypto';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  endpoints,
  FEED_BODY_BYTES,
  formatOrderNumber,
  IDEMPOTENCY_KEY,
  OrdersFeedQuery,
  PriceFeedBody,
  routePath,
  ShipmentBody,
  StockFeedBody,
  V1CatalogQuery,
  V1OrderParams,
  V1PlaceOrderBody,
  type ApiScope,
  type Endpoint,
  type OrdersFeedPage,
  type V1CatalogPage,
} from '@storefront/contract';
import type { Db } from '../../db/database.js';
import { AppError, forbidden, notFound } from '../../http/errors.js';
import { parseOr400 } from '../../http/validate.js';
import type { KeyCaller, KeyGuard } from '../api-keys/api-key-guard.js';
import { holdIdempotencyKey } from '../api-keys/api-keys.service.js';
import { recordAudit, recordAuditOnce } from '../audit/audit.service.js';
import { loadBuyerPricing } from '../price-lists/buyer-prices.js';
import { findUserById } from '../auth/identity.service.js';
import { findCompany, roleIn } from '../companies/companies.service.js';
import {
  decodeFeedCursor,
  encodeFeedCursor,
  FEED_START,
  ordersChangedSince,
  toV1Order,
} from '../orders/order-feed.js';
import { composeAddress, findOrderView } from '../orders/orders.service.js';
import { LinesRefusal, placeLines, type OpenOrderLimits } from '../orders/place-order.js';
import { markDelivered, shipOrder } from '../orders/staff-orders.service.js';
import {
  feedPrices,
  feedStock,
  machineCatalogPage,
  partIdsByNumbers,
} from '../parts/feeds.service.js';

export type V1RoutesOptions = {
  db: Db;
  keyGuard: KeyGuard;
  openOrderLimits: OpenOrderLimits;
  /** Stock or prices changed: the catalog's caches and search index catch up. */
  onCatalogChange: () => void;
  /** Outbox work was queued (mails, webhooks). */
  onQueued: () => void;
};

const badCursor = () =>
  new AppError(400, 'BAD_CURSOR', 'Not a cursor from this API', { cursor: 'Not a cursor' });

/**
 * The versioned machine API. The key is checked when the request arrives, before its body is
 * read (a feed's body may be 2 MB: a stranger's is never parsed), and every route's scopes come
 * from its endpoint in the contract, so the API description and the check cannot disagree.
 */
export const v1Routes: FastifyPluginAsyncZod<V1RoutesOptions> = async (
  app,
  { db, keyGuard, openOrderLimits, onCatalogChange, onQueued },
) => {
  const callers = new WeakMap<FastifyRequest, KeyCaller>();
  const keyFor = (endpoint: Endpoint): onRequestHookHandler => {
    const scopes: readonly ApiScope[] = endpoint.scopes ?? [];
    return async (request) => {
      callers.set(request, await keyGuard.requireKey(request, scopes));
    };
  };
  const keyOf = (request: FastifyRequest): KeyCaller => {
    const key = callers.get(request);
    if (!key) throw new Error('a v1 route ran without its key check');
    return key;
  };

  /** The order, when this key may see it: a company key sees its company's alone. */
  const visibleOrder = async (key: KeyCaller, id: string) => {
    const order = await findOrderView(db, id);
    if (!order || (key.companyId !== null && order.companyId !== key.companyId))
      throw notFound('Order');
    return order;
  };

  app.post(
    routePath(endpoints.v1StockFeed),
    { onRequest: keyFor(endpoints.v1StockFeed), bodyLimit: FEED_BODY_BYTES },
    async (request) => {
      const key = keyOf(request);
      const body = parseOr400(StockFeedBody, request.body ?? {});
      const result = await db.transaction(async (tx) => {
        const fed = await feedStock(tx, body.lines, {
          actorId: key.actor.userId,
          reason: `Stock feed by ${key.actor.email}`,
          countedAt: body.countedAt,
        });
        await recordAudit(tx, key.actor, {
          action: 'stock.feed',
          targetType: 'stock',
          targetId: 'feed',
          summary: `Stock feed of ${body.lines.length} lines: ${fed.changed} parts changed, ${fed.unknownPartNumbers.length} unknown`,
          details: {
            countedAt: body.countedAt ?? null,
            ...fed,
            unknownPartNumbers: fed.unknownPartNumbers.slice(0, 100),
          },
        });
        return fed;
      });
      if (result.changed > 0) onCatalogChange();
      return result;
    },
  );

  app.post(
    routePath(endpoints.v1PriceFeed),
    { onRequest: keyFor(endpoints.v1PriceFeed), bodyLimit: FEED_BODY_BYTES },
    async (request) => {
      const key = keyOf(request);
      const body = parseOr400(PriceFeedBody, request.body ?? {});
      const result = await db.transaction(async (tx) => {
        const fed = await feedPrices(tx, body.lines);
        await recordAudit(tx, key.actor, {
          action: 'price.feed',
          targetType: 'part',
          targetId: 'feed',
          summary: `Price feed of ${body.lines.length} lines: ${fed.changed} parts changed, ${fed.rejected.length} refused, ${fed.unknownPartNumbers.length} unknown`,
          details: { changed: fed.changed, rejected: fed.rejected.slice(0, 100) },
        });
        return fed;
      });
      if (result.changed > 0) onCatalogChange();
      return result;
    },
  );

  app.get(
    routePath(endpoints.v1OrdersFeed),
    { onRequest: keyFor(endpoints.v1OrdersFeed) },
    async (request): Promise<OrdersFeedPage> => {
      const key = keyOf(request);
      const query = parseOr400(OrdersFeedQuery, request.query);
      const from = query.cursor === undefined ? FEED_START : decodeFeedCursor(query.cursor);
      if (!from) throw badCursor();
      const page = await ordersChangedSince(db, from, {
        limit: query.limit,
        companyId: key.companyId,
      });
      return {
        orders: page.orders.map(toV1Order),
        nextCursor: encodeFeedCursor(page.next),
        hasMore: page.hasMore,
      };
    },
  );

  app.get(
    routePath(endpoints.v1GetOrder),
    { onRequest: keyFor(endpoints.v1GetOrder), schema: { params: V1OrderParams } },
    async (request) => toV1Order(await visibleOrder(keyOf(request), request.params.id)),
  );

  app.post(
    routePath(endpoints.v1PlaceOrder),
    { onRequest: keyFor(endpoints.v1PlaceOrder) },
    async (request, reply) => {
      const key = keyOf(request);
      if (!key.companyId) throw forbidden('Only a company key places orders');
      const idempotency = request.headers['idempotency-key'];
      if (typeof idempotency !== 'string' || !IDEMPOTENCY_KEY.test(idempotency))
        throw new AppError(
          400,
          'IDEMPOTENCY_KEY_REQUIRED',
          'Send an Idempotency-Key header of 8 to 100 letters, digits, _ . : or -',
        );
      const body = parseOr400(V1PlaceOrderBody, request.body ?? {});
      const fingerprint = createHash('sha256').update(JSON.stringify(body)).digest('hex');
      if ((await holdIdempotencyKey(db, key.keyId, idempotency, fingerprint)) === 'other')
        throw new AppError(
          422,
          'IDEMPOTENCY_KEY_REUSED',
          'This Idempotency-Key came before with another body: use a new key for a new order',
        );
      // The key orders as the owner who made it, while they still own the company.
      const maker = await findUserById(db, key.createdBy);
      const role = maker ? await roleIn(db, key.companyId, maker.id) : undefined;
      const company = await findCompany(db, key.companyId);
      if (!maker || role !== 'owner' || !company)
        throw new AppError(
          403,
          'KEY_OWNER_LEFT',
          'The owner who made this key no longer owns the company: make a new key',
        );
      const ids = await partIdsByNumbers(
        db,
        body.lines.map((l) => l.partNumber),
      );
      const fields: Record<string, string> = {};
      body.lines.forEach((l, i) => {
        if (!ids.has(l.partNumber.toUpperCase()))
          fields[`lines.${i}.partNumber`] = `The shop has no part number ${l.partNumber}`;
      });
      if (Object.keys(fields).length > 0)
        throw new AppError(400, 'UNKNOWN_PART_NUMBERS', 'Some part numbers are not known', fields);
      const { order, replayed } = await placeLines(
        db,
        { sub: maker.id, sid: key.actor.userId, email: maker.email, name: maker.name },
        body.lines.map((l) => ({
          partId: ids.get(l.partNumber.toUpperCase())!,
          quantity: l.quantity,
          reference: l.reference,
        })),
        {
          shipTo: body.shipTo,
          address: composeAddress(body.shipTo),
          phone: body.phone,
          company: company.name,
          taxId: company.taxId ?? undefined,
          poNumber: body.poNumber,
          // One order per key and Idempotency-Key, whatever the number of concurrent calls.
          idempotencyKey: `api:${key.keyId}:${idempotency}`,
          companyId: company.id,
          onAccount: body.payment === 'account',
        },
        { limits: openOrderLimits, refuse: (problems) => new LinesRefusal(problems) },
      );
      // The order is placed by one statement, its entry just after: written on every answer
      // (once), so an ERP retrying after a crash between the two mends the log.
      await recordAuditOnce(db, key.actor, {
        action: 'order.place',
        targetType: 'order',
        targetId: order.id,
        summary: `Placed order ${toV1Order(order).number} for ${company.name}`,
        details: { idempotencyKey: idempotency },
      });
      if (replayed) return reply.status(200).send(toV1Order(order));
      onCatalogChange();
      onQueued();
      return reply.status(201).send(toV1Order(order));
    },
  );

  app.post(
    routePath(endpoints.v1Ship),
    { onRequest: keyFor(endpoints.v1Ship), schema: { params: V1OrderParams } },
    async (request) => {
      const key = keyOf(request);
      const { parcels } = parseOr400(ShipmentBody, request.body ?? {});
      await visibleOrder(key, request.params.id);
      // The order keeps one carrier and tracking field: several parcels are listed in them.
      const shipment = {
        carrier: [...new Set(parcels.map((p) => p.carrier))].join(', '),
        trackingNumber: parcels.map((p) => p.trackingNumber).join(', '),
      };
      await shipOrder(
        db,
        request.params.id,
        shipment,
        { actor: 'staff', actorId: key.actor.userId },
        (tx, order) =>
          recordAudit(tx, key.actor, {
            action: 'order.ship',
            targetType: 'order',
            targetId: order.id,
            summary: `Shipped ${formatOrderNumber(order.number)} with ${shipment.carrier} ${shipment.trackingNumber}`,
            details: { parcels },
          }),
      );
      onQueued();
      return toV1Order(await visibleOrder(key, request.params.id));
    },
  );

  app.post(
    routePath(endpoints.v1Deliver),
    { onRequest: keyFor(endpoints.v1Deliver), schema: { params: V1OrderParams } },
    async (request) => {
      const key = keyOf(request);
      await visibleOrder(key, request.params.id);
      await markDelivered(
        db,
        request.params.id,
        { actor: 'staff', actorId: key.actor.userId },
        (tx, order) =>
          recordAudit(tx, key.actor, {
            action: 'order.deliver',
            targetType: 'order',
            targetId: order.id,
            summary: `Marked ${formatOrderNumber(order.number)} delivered`,
          }),
      );
      onQueued();
      return toV1Order(await visibleOrder(key, request.params.id));
    },
  );

  app.get(
    routePath(endpoints.v1Catalog),
    { onRequest: keyFor(endpoints.v1Catalog) },
    async (request): Promise<V1CatalogPage> => {
      const key = keyOf(request);
      const query = parseOr400(V1CatalogQuery, request.query);
      let after: string | null = null;
      if (query.cursor !== undefined) {
        after = Buffer.from(query.cursor, 'base64url').toString('utf8');
        if (!/^[0-9a-f-]{36}$/.test(after)) throw badCursor();
      }
      const page = await machineCatalogPage(db, {
        after,
        limit: query.limit,
        partNumbers: query.partNumbers,
      });
      // A company's ERP reads the company's own prices; the public structures never hold them.
      const pricing = key.companyId
        ? await loadBuyerPricing(db, {
            partyId: key.companyId,
            partIds: page.priced.map((p) => p.id),
          })
        : null;
      return {
        parts: page.parts.map((part, i) => ({
          ...part,
          yourPriceCents: pricing
            ? pricing.unitCents(page.priced[i]!, part.minOrderQuantity)
            : null,
        })),
        nextCursor: page.last ? Buffer.from(page.last, 'utf8').toString('base64url') : null,
      };
    },
  );
};
