import type { FastifyPluginAsync } from 'fastify';
import { endpoints, routePath, type ReadyResponse } from '@storefront/contract';
import { pingDatabase, type Db } from '../../db/database.js';
import { codeSchemaVersion, databaseSchemaVersion } from '../../db/schema-version.js';
import { metrics } from '../metrics/metrics.js';

export type ReadyRoutesOptions = { db: Db };

/**
 * `/api/ready`: 200 once the app has started (every route and plugin ready), the database
 * answers and holds at least the schema this code migrates to; 503 before, whenever the
 * database stops answering, and from the moment the server starts shutting down, so a load
 * balancer drains it. `/api/health` stays "the process is alive".
 */
export const readyRoutes: FastifyPluginAsync<ReadyRoutesOptions> = async (app, { db }) => {
  const expected = codeSchemaVersion();
  let started = false;
  let closing = false;
  // A schema once new enough stays so: migrations only move forward.
  let migrated = false;
  app.addHook('onReady', async () => {
    started = true;
  });
  app.addHook('preClose', async () => {
    closing = true;
  });

  app.get(routePath(endpoints.ready), async (request, reply) => {
    const notReady = (error: string, message: string) => {
      metrics.ready.set(0);
      return reply.status(503).header('cache-control', 'no-store').send({ error, message });
    };
    if (closing) return notReady('SHUTTING_DOWN', 'This server is shutting down');
    if (!started) return notReady('STARTING', 'This server is still starting');
    try {
      await pingDatabase(db);
      if (!migrated) migrated = (await databaseSchemaVersion(db)).when >= expected.when;
    } catch (err) {
      request.log.warn({ err }, 'readiness: database unreachable');
      return notReady('DATABASE_DOWN', 'The database is not reachable');
    }
    if (!migrated)
      return notReady(
        'SCHEMA_BEHIND',
        `The database does not hold this version's schema yet (${expected.tag})`,
      );
    metrics.ready.set(1);
    const body: ReadyResponse = { status: 'ready', database: 'up', schema: expected.tag };
    return reply.header('cache-control', 'no-store').send(body);
  });
};
