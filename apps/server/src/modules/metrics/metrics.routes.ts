import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { endpoints, routePath } from '@storefront/contract';
import type { Database } from '../../db/database.js';
import { pingDatabase } from '../../db/database.js';
import { notFound, unauthorized } from '../../http/errors.js';
import type { BackupStatus } from '../backups/backup.service.js';
import { outboxBacklog } from '../outbox/outbox.service.js';
import { metrics, registry } from './metrics.js';

/** Routes whose answers count as orders placed or refused (the cart's checkout joins here). */
const ORDER_PLACING = new Set([
  `POST ${routePath(endpoints.placeOrder)}`,
  `POST ${routePath(endpoints.checkout)}`,
]);
const ERROR_CODE = /"error":"([A-Z][A-Z0-9_]{0,39})"/;

/**
 * Counts every answer by route pattern and status, with its latency, and the order-placing
 * route's outcomes by error code. Register before the routes: hooks reach routes added after them.
 */
export function registerRequestMetrics(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const route = `${request.method} ${request.routeOptions.url ?? ''}`;
    if (!ORDER_PLACING.has(route)) return payload;
    if (reply.statusCode === 201) metrics.ordersPlaced.inc();
    else if (reply.statusCode >= 400 && reply.statusCode < 500) {
      const code = typeof payload === 'string' ? ERROR_CODE.exec(payload)?.[1] : undefined;
      metrics.ordersRefused.inc({ reason: code ?? `HTTP_${reply.statusCode}` });
    }
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    // A pattern, never the address itself: unknown addresses share one label.
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.httpRequests.inc({
      method: request.method,
      route,
      status: String(reply.statusCode),
    });
    metrics.httpDuration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });
}

const digest = (text: string) => createHash('sha256').update(text).digest();

export type MetricsRoutesOptions = {
  token: string | undefined;
  database: Database;
  backupStatus: () => Promise<BackupStatus>;
};

/** `/metrics`, for a bearer of METRICS_TOKEN only; without a token configured it does not exist. */
export const metricsRoutes: FastifyPluginAsync<MetricsRoutesOptions> = async (
  app,
  { token, database, backupStatus },
) => {
  const expected = token ? digest(token) : null;
  app.get('/metrics', async (request, reply) => {
    if (!expected) throw notFound('Page');
    const given = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!given || !timingSafeEqual(digest(given), expected)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw unauthorized('The metrics need the METRICS_TOKEN as a bearer token');
    }
    await refreshGauges(database, backupStatus);
    return reply
      .header('cache-control', 'no-store')
      .type(registry.contentType)
      .send(await registry.metrics());
  });
};

async function refreshGauges(
  database: Database,
  backupStatus: () => Promise<BackupStatus>,
): Promise<void> {
  try {
    await pingDatabase(database.db);
    const backlog = await outboxBacklog(database.db);
    metrics.databaseUp.set(1);
    metrics.outboxJobs.reset();
    let oldest = 0;
    for (const row of backlog) {
      metrics.outboxJobs.set({ kind: row.kind, status: row.status }, row.jobs);
      if (row.status !== 'failed') oldest = Math.max(oldest, row.oldestDueSeconds);
    }
    metrics.outboxOldestDue.set(oldest);
  } catch {
    metrics.databaseUp.set(0);
  }
  const pool = database.poolStats?.();
  if (pool) {
    metrics.poolConnections.set({ state: 'in_use' }, pool.total - pool.idle);
    metrics.poolConnections.set({ state: 'idle' }, pool.idle);
    metrics.poolConnections.set({ state: 'waiting' }, pool.waiting);
    metrics.poolMax.set(pool.max);
  }
  const { lastSuccess, lastFailure } = await backupStatus();
  const seconds = (at: string | undefined) => (at ? Date.parse(at) / 1000 : 0);
  metrics.backupLastSuccess.set(seconds(lastSuccess?.at));
  metrics.backupLastFailure.set(seconds(lastFailure?.at));
  metrics.backupLastSize.set(lastSuccess?.bytes ?? 0);
}
