import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams } from '@storefront/contract';
import type { Db } from '../../db/database.js';
import { notFound } from '../../http/errors.js';
import { findPart, listParts, toPartResponse } from './parts.service.js';

export type PartRoutesOptions = { db: Db };

export const partRoutes: FastifyPluginAsyncZod<PartRoutesOptions> = async (app, { db }) => {
  app.get('/', async () => listParts(db));

  app.get('/:id', { schema: { params: IdParams } }, async (request) => {
    const row = await findPart(db, request.params.id);
    if (!row) throw notFound('Part');
    return toPartResponse(row);
  });
};
