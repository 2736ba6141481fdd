import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { PrivacyContribution } from '../privacy/contribution.js';
import { orderEmails } from './mail.tables.js';

/** The mails about the customer's orders: to them, or to staff about their orders. */
const theirMails = (userId: string, email: string) =>
  or(
    eq(orderEmails.userId, userId),
    eq(orderEmails.toAddress, email),
    sql`${orderEmails.orderId} in (select id from orders where user_id = ${userId})`,
  );

/** The order mails the shop sent: readable in the export, their text gone on erasure. */
export const mailPrivacy: PrivacyContribution = {
  name: 'mailsSent',
  async export({ userId, email }, db) {
    return db
      .select({
        kind: orderEmails.kind,
        to: orderEmails.toAddress,
        subject: orderEmails.subject,
        text: orderEmails.textBody,
        createdAt: orderEmails.createdAt,
        sentAt: orderEmails.sentAt,
      })
      .from(orderEmails)
      .where(or(eq(orderEmails.userId, userId), eq(orderEmails.toAddress, email)))
      .orderBy(desc(orderEmails.createdAt));
  },
  async erase({ userId, email }, tx) {
    // Not sent yet: never sent (the worker skips a mail it cannot find, and would otherwise send a
    // mail without an address to staff).
    await tx.delete(orderEmails).where(and(isNull(orderEmails.sentAt), theirMails(userId, email)));
    await tx
      .update(orderEmails)
      .set({ toAddress: null, subject: null, textBody: null, htmlBody: null })
      .where(theirMails(userId, email));
  },
};
