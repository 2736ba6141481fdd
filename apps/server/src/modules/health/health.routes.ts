import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  endpoints,
  routePath,
  type HealthResponse,
  type SearchHealthResponse,
} from '@storefront/contract';
import { pingDatabase, type Db } from '../../db/database.js';

export type HealthRoutesOptions = {
  db: Db;
  searchStatus?: () => { state: 'loading' | 'ready' | 'off'; parts: number };
};

export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (
  app,
  { db, searchStatus },
) => {
  app.get(routePath(endpoints.health), async (request, reply) => {
    try {
      await pingDatabase(db);
    } catch (err) {
      request.log.error({ err }, 'health check: database unreachable');
      return reply
        .status(503)
        .send({ error: 'DATABASE_DOWN', message: 'The database is not reachable' });
    }
    const body: HealthResponse = { status: 'ok', database: 'up' };
    return body;
  });

  app.get(routePath(endpoints.searchHealth), async (_request, reply) => {
    const status = searchStatus?.() ?? { state: 'off' as const, parts: 0 };
    const body: SearchHealthResponse = { state: status.state, parts: status.parts };
    return reply.status(status.state === 'loading' ? 503 : 200).send(body);
  });
};
