import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
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
  let current: Promise<void> | undefined;
  const sweep = () => {
    // A slow run must not overlap the next one.
    current ??= sweepExpiredOrders(db, config.unpaidOrderTtlHours, paymentGate)
      .then((canceled) => {
        metrics.sweepRuns.inc({ outcome: 'ok' });
        metrics.sweepCanceled.inc(canceled);
        if (canceled > 0) {
          onStockChange();
          app.log.info({ canceled }, 'expired unpaid orders canceled');
        }
      })
      .catch((err: unknown) => {
        metrics.sweepRuns.inc({ outcome: 'failed' });
        app.log.error({ err }, 'unpaid-order sweep failed');
      })
      .finally(() => {
        current = undefined;
      });
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    sweep();
    timer = setInterval(sweep, config.orderSweepIntervalMinutes * 60_000);
    // The sweep alone must not keep the process alive.
    timer.unref();
  });
  // The database closes after the app: let a running sweep finish first.
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await current;
  });
}
