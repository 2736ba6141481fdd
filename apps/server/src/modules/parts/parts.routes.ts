import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CreatePartBody, IdParams } from '@storefront/contract';
import type { Db } from '../../db/database.js';
import { notFound } from '../../http/errors.js';
import { parseOr400 } from '../../http/validate.js';
import type { Guards } from '../auth/guards.js';
import { createPart, findPart, listParts, toPartResponse } from './parts.service.js';

export type PartRoutesOptions = { db: Db; guards: Guards };

export const partRoutes: FastifyPluginAsyncZod<PartRoutesOptions> = async (app, { db, guards }) => {
  app.get('/', async () => listParts(db));

  app.get('/:id', { schema: { params: IdParams } }, async (request) => {
    const row = await findPart(db, request.params.id);
    if (!row) throw notFound('Part');
    return toPartResponse(row);
  });

  app.post('/', async (request, reply) => {
    // Who asks comes before what they sent: a non-admin learns nothing from validation.
    await guards.requireAdmin(request);
    const body = parseOr400(CreatePartBody, request.body ?? {});
    return reply.status(201).send(await createPart(db, body));
  });
};
