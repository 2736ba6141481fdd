import { formatOrderNumber } from '@storefront/contract';
import type { Db } from '../../db/database.js';
import { findOrderEmail, markOrderEmailSent, ORDER_MAIL_JOB } from '../mail/mail.service.js';
import type { Mailer } from '../mail/mailer.js';
import { renderInvoice, type Seller } from '../invoices/invoice.js';
import { findOrder, findOrderEvents } from '../orders/orders.service.js';
import type { OutboxWorker } from '../outbox/outbox-worker.js';
import { listAdmins } from '../users/roles.service.js';
import { renderOrderMail, type MailContext } from './order-mail.js';

/**
 * Sends the order mails the orders module queues: renders each from the order as it is now,
 * attaches the invoice to the payment receipt, and keeps what was sent. A mail already sent is not
 * sent again (the job may run twice after a crash); the job's id names the message.
 */
export function registerOrderMailJobs(
  outbox: OutboxWorker,
  deps: { db: Db; mailer: Mailer; context: MailContext; seller: Seller },
): void {
  const { db, mailer, context, seller } = deps;
  outbox.handle(ORDER_MAIL_JOB, async (payload, job) => {
    const { emailId } = payload as { emailId: string };
    const email = await findOrderEmail(db, emailId);
    if (!email || email.sentAt) return;
    const order = await findOrder(db, email.orderId);
    if (!order) return;
    const kind = email.kind as Parameters<typeof renderOrderMail>[0];
    const mail = renderOrderMail(kind, order, context, await findOrderEvents(db, order.id));
    const to = email.toAddress
      ? [email.toAddress]
      : (await listAdmins(db)).filter((a) => !a.pending).map((a) => a.email);
    if (to.length > 0) {
      await mailer.send(
        {
          to: to.join(', '),
          ...mail,
          ...(kind === 'paid'
            ? {
                attachments: [
                  {
                    filename: `invoice-${formatOrderNumber(order.number)}.pdf`,
                    content: await renderInvoice(order, seller),
                    contentType: 'application/pdf',
                  },
                ],
              }
            : {}),
        },
        { id: job.id },
      );
    }
    await markOrderEmailSent(db, emailId, { toAddress: to.join(', '), ...mail });
  });
}
