import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { HealthResponse, PublicConfig } from '@storefront/contract';
import { pingDatabase, type Db } from '../../db/database.js';

export type HealthRoutesOptions = { db: Db; publicConfig: () => PublicConfig };

export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (
  app,
  { db, publicConfig },
) => {
  app.get('/health', async (request, reply) => {
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

  app.get('/config', async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return publicConfig();
  });
};
