import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import { startPeriodicJob } from '../../periodic-job.js';
import { expireRetainedOrders } from '../orders/orders.privacy.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Once a day: invoiced orders of erased customers that are past INVOICE_RETENTION_YEARS lose the
 * invoice's fields too (decision 052). The erasure itself does it at once for orders already past.
 */
export function startRetentionSweep(app: FastifyInstance, db: Db, retentionYears: number): void {
  startPeriodicJob(app, {
    name: 'retention sweep',
    intervalMs: DAY_MS,
    async work() {
      const n = await expireRetainedOrders(db, retentionYears);
      if (n > 0) app.log.info({ orders: n }, 'retention: invoice fields erased');
    },
  });
}
