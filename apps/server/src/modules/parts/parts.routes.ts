import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CreatePartBody, endpoints, IdParams, routePath } from '@storefront/contract';
import type { Db } from '../../db/database.js';
import { notFound } from '../../http/errors.js';
import { parseOr400 } from '../../http/validate.js';
import type { Guards } from '../auth/guards.js';
import type { CachedBody, CatalogCache } from './catalog-cache.js';
import { pickEncoding } from './compressed.js';
import { createPart } from './parts.service.js';

export type PartRoutesOptions = { db: Db; guards: Guards; catalog: CatalogCache };

/** Sends cached JSON as it is, or 304 when the browser already has this version. */
function sendCached(request: FastifyRequest, reply: FastifyReply, cached: CachedBody) {
  reply.header('etag', cached.etag).header('cache-control', 'no-cache');
  if (request.headers['if-none-match'] === cached.etag) return reply.status(304).send();
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  const encoding = cached.encoded ? pickEncoding(request.headers['accept-encoding']) : null;
  if (encoding && cached.encoded)
    return reply.header('content-encoding', encoding).send(cached.encoded[encoding]);
  return reply.send(cached.body);
}

export const partRoutes: FastifyPluginAsyncZod<PartRoutesOptions> = async (
  app,
  { db, guards, catalog },
) => {
  app.get(routePath(endpoints.listParts), async (request, reply) =>
    sendCached(request, reply, await catalog.list()),
  );

  app.get(
    routePath(endpoints.getPart),
    { schema: { params: IdParams } },
    async (request, reply) => {
      const cached = await catalog.one(request.params.id);
      if (!cached) throw notFound('Part');
      return sendCached(request, reply, cached);
    },
  );

  app.post(routePath(endpoints.createPart), async (request, reply) => {
    // Who asks comes before what they sent: a non-admin learns nothing from validation.
    await guards.requireAdmin(request);
    const body = parseOr400(CreatePartBody, request.body ?? {});
    const part = await createPart(db, body);
    catalog.invalidate();
    return reply.status(201).send(part);
  });
};
