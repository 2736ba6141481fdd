import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { startPeriodicJob } from '../../periodic-job.js';
import { metrics } from '../metrics/metrics.js';
import { sweepExpiredOrders, type PaymentGate } from './cancel-order.js';

/**
 * Runs the unpaid-order sweep when the app is ready and then every interval, until the app
 * closes. Every instance may run it: each order is canceled by exactly one of them.
 */
export function startOrderSweep(
  app: FastifyInstance,
  db: Db,
  config: Config,
  paymentGate: PaymentGate,
  onStockChange: () => void,
): void {
  startPeriodicJob(app, {
    name: 'unpaid-order sweep',
    intervalMs: config.orderSweepIntervalMinutes * 60_000,
    async work() {
      let canceled: number;
      try {
        canceled = await sweepExpiredOrders(db, config.unpaidOrderTtlHours, paymentGate);
      } catch (err) {
        metrics.sweepRuns.inc({ outcome: 'failed' });
        throw err;
      }
      metrics.sweepRuns.inc({ outcome: 'ok' });
      metrics.sweepCanceled.inc(canceled);
      if (canceled === 0) return;
      onStockChange();
      app.log.info({ canceled }, 'expired unpaid orders canceled');
    },
  });
}
