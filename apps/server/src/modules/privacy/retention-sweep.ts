import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import { expireRetainedOrders } from '../orders/orders.privacy.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Once a day: invoiced orders of erased customers that are past INVOICE_RETENTION_YEARS lose the
 * invoice's fields too (decision 052). The erasure itself does it at once for orders already past.
 */
export function startRetentionSweep(app: FastifyInstance, db: Db, retentionYears: number): void {
  let timer: NodeJS.Timeout | undefined;
  const run = async () => {
    try {
      const n = await expireRetainedOrders(db, retentionYears);
      if (n > 0) app.log.info({ orders: n }, 'retention: invoice fields erased');
    } catch (err) {
      app.log.error({ err }, 'retention sweep');
    }
  };
  app.addHook('onReady', async () => {
    void run();
    timer = setInterval(() => void run(), DAY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
