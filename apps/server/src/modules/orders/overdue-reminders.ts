import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import { startPeriodicJob } from '../../periodic-job.js';
import { claimOverdueInvoices } from '../companies/account.service.js';
import { queueOrderMail } from '../mail/mail.service.js';
import { orders } from './orders.tables.js';

/**
 * Sends the reminder of every invoice on account that has become overdue, once: the invoices are
 * claimed by one conditional UPDATE (`reminder_claimed_at`) and their mails queued in the same
 * transaction, so however many instances run this, and across restarts, each invoice is reminded
 * of once (the mail's own event key says so a second time). Resolves how many were claimed.
 */
export async function remindOverdueInvoices(db: Db, now: Date = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const claimed = await claimOverdueInvoices(tx, now);
    if (claimed.length === 0) return 0;
    const buyers = await tx
      .select({ id: orders.id, email: orders.email, userId: orders.userId })
      .from(orders)
      .where(
        inArray(
          orders.id,
          claimed.map((c) => c.orderId),
        ),
      );
    for (const order of buyers)
      await queueOrderMail(tx, {
        orderId: order.id,
        kind: 'invoice-overdue',
        toAddress: order.email,
        userId: order.userId,
      });
    return claimed.length;
  });
}

/** Looks for overdue invoices when the app is ready and then every interval, until it closes. */
export function startOverdueReminders(
  app: FastifyInstance,
  db: Db,
  intervalMs: number,
  onQueued: () => void,
): void {
  startPeriodicJob(app, {
    name: 'overdue invoice reminders',
    intervalMs,
    async work() {
      const reminded = await remindOverdueInvoices(db);
      if (reminded === 0) return;
      onQueued();
      app.log.info({ reminded }, 'overdue invoice reminders queued');
    },
  });
}
