import { formatOrderNumber } from '@storefront/contract';
import type { Db } from '../../db/database.js';
import {
  findOrderEmails,
  markOrderEmailsSent,
  ORDER_MAIL_JOB,
  type SentOrderEmail,
} from '../mail/mail.service.js';
import type { Mailer } from '../mail/mailer.js';
import { accountInvoicesOfOrders } from '../companies/account.service.js';
import { onAccountFrom, renderInvoice, type Seller } from '../invoices/invoice.js';
import { termsNoteOf } from '../policies/policies.service.js';
import { findOrdersWithEvents } from '../orders/orders.service.js';
import type { OutboxWorker } from '../outbox/outbox-worker.js';
import { listAdmins } from '../users/roles.service.js';
import { renderOrderMail, type MailContext } from './order-mail.js';

/**
 * Sends the order mails the orders module queues, every claimed one together: their rows, orders
 * and timelines read in one go, each rendered from its order as it is now (the payment receipt with
 * its invoice), and what was sent kept in one statement. A mail already sent is not sent again (the
 * job may run twice after a crash); the job's id names the message.
 */
export function registerOrderMailJobs(
  outbox: OutboxWorker,
  deps: { db: Db; mailer: Mailer; context: MailContext; seller: Seller },
): void {
  const { db, mailer, context, seller } = deps;
  outbox.handleBatch(ORDER_MAIL_JOB, async (jobs) => {
    const emailIds = jobs.map((job) => (job.payload as { emailId: string }).emailId);
    const emails = new Map(
      (await findOrderEmails(db, emailIds)).filter((e) => !e.sentAt).map((e) => [e.id, e]),
    );
    const orders = await findOrdersWithEvents(
      db,
      [...emails.values()].map((e) => e.orderId),
    );
    // Orders on account: their invoices, for the due date in the mail and the PDF attached.
    const accounts = await accountInvoicesOfOrders(
      db,
      [...orders.values()].filter((o) => o.order.paymentMode === 'account').map((o) => o.order.id),
    );
    let admins: Promise<string[]> | undefined;
    const staffAddresses = () =>
      (admins ??= listAdmins(db).then((list) =>
        list.filter((a) => !a.pending).map((a) => a.email),
      ));

    const sent: SentOrderEmail[] = [];
    const outcomes = [];
    for (const [i, job] of jobs.entries()) {
      const email = emails.get(emailIds[i] ?? '');
      const found = email ? orders.get(email.orderId) : undefined;
      if (!email || !found) {
        outcomes.push({});
        continue;
      }
      try {
        const { order, events } = found;
        const kind = email.kind as Parameters<typeof renderOrderMail>[0];
        const account = accounts.get(order.id);
        const onAccount = account ? onAccountFrom(account) : undefined;
        const mail = renderOrderMail(
          kind,
          order,
          context,
          events,
          email.lineNo,
          onAccount && {
            dueAt: onAccount.dueAt,
            termsDays: onAccount.termsDays,
            openCents: onAccount.amountCents - onAccount.paidCents - onAccount.creditedCents,
          },
        );
        const attachInvoice =
          kind === 'paid' || (onAccount !== undefined && kind === 'placed-on-account');
        const to = email.toAddress ? [email.toAddress] : await staffAddresses();
        if (to.length > 0) {
          await mailer.send(
            {
              to: to.join(', '),
              ...mail,
              ...(attachInvoice
                ? {
                    attachments: [
                      {
                        filename: `invoice-${formatOrderNumber(order.number)}.pdf`,
                        content: await renderInvoice(
                          order,
                          seller,
                          onAccount,
                          await termsNoteOf(db, order.termsVersionId),
                        ),
                        contentType: 'application/pdf',
                      },
                    ],
                  }
                : {}),
            },
            { id: job.id },
          );
        }
        sent.push({ id: email.id, toAddress: to.join(', '), ...mail });
        outcomes.push({});
      } catch (err) {
        outcomes.push({ failed: err instanceof Error ? err.message : String(err) });
      }
    }
    await markOrderEmailsSent(db, sent);
    return outcomes;
  });
}
