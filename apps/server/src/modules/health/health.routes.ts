import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints, routePath, type HealthResponse } from '@storefront/contract';
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
    const search = searchStatus?.();
    const body: HealthResponse = {
      status: 'ok',
      database: 'up',
      ...(search ? { search: { state: search.state, parts: search.parts } } : {}),
    };
    return body;
  });
};
