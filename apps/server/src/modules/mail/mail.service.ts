import { and, asc, eq, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import { preparedSql } from '../../db/prepared.js';
import { rowOf } from '../../db/raw-rows.js';
import type { OutboxWorker } from '../outbox/outbox-worker.js';
import { enqueue, enqueueCte } from '../outbox/outbox.service.js';
import { orderEmails, type OrderEmailRow } from './mail.tables.js';
import type { Mail, Mailer } from './mailer.js';

const MAIL_JOB = 'mail';
export const ORDER_MAIL_JOB = 'order-mail';

/**
 * Queues a message in the caller's transaction: it leaves only if the change that causes it
 * commits, and once per `dedupeKey`.
 */
export async function queueMail(db: DbOrTx, mail: Mail, dedupeKey?: string): Promise<void> {
  await enqueue(db, { kind: MAIL_JOB, payload: mail, ...(dedupeKey ? { dedupeKey } : {}) });
}

/** The outbox's mail jobs go through the configured mailer; a secret is forgotten once sent. */
export function registerMailJobs(outbox: OutboxWorker, mailer: Mailer): void {
  outbox.handle(MAIL_JOB, async (payload, job) => {
    const mail = payload as Mail;
    await mailer.send(mail, { id: job.id });
    return mail.sensitive
      ? { keepPayload: { to: mail.to, subject: mail.subject, sent: true } }
      : {};
  });
}

/** What an order's mail tells of. `staff-paid` goes to the shop's admins. */
export const ORDER_MAIL_KINDS = [
  'placed',
  'placed-on-account',
  'invoice-overdue',
  'paid',
  'canceled',
  'shipped',
  'staff-paid',
  'line-canceled',
] as const;
export type OrderMailKind = (typeof ORDER_MAIL_KINDS)[number];

/**
 * Queues an order's mail of one kind, in the transaction of the change it tells of: once per order
 * and kind, however often the change is reported. The text is written when it is sent.
 */
export async function queueOrderMail(
  tx: DbOrTx,
  mail: {
    orderId: string;
    kind: OrderMailKind;
    toAddress: string | null;
    userId: string | null;
    /** The line the mail is about (a line canceled): one mail per line. */
    lineNo?: number;
  },
): Promise<void> {
  const [row] = await tx
    .insert(orderEmails)
    .values({
      orderId: mail.orderId,
      kind: mail.kind,
      lineNo: mail.lineNo ?? null,
      eventKey: `${mail.orderId}:${mail.kind}${mail.lineNo === undefined ? '' : `:${mail.lineNo}`}`,
      toAddress: mail.toAddress,
      userId: mail.userId,
    })
    .onConflictDoNothing({ target: orderEmails.eventKey })
    .returning({ id: orderEmails.id });
  if (row) {
    await enqueue(tx, {
      kind: ORDER_MAIL_JOB,
      payload: { emailId: row.id },
      dedupeKey: `order-mail:${row.id}`,
    });
  }
}

/**
 * The "order placed" mail of the `inserted` order, as CTEs of the placing statement: its row and
 * the job that sends it, as `queueOrderMail` writes them.
 */
export const placedMailCtes = (): SQL => sql`placed_mail as (
    insert into ${orderEmails} (order_id, kind, event_key, to_address, user_id)
    select id, k.kind, id::text || ':' || k.kind, email, user_id
      from inserted,
           lateral (select case when payment_mode = 'account' then 'placed-on-account'
                                else 'placed' end as kind) k
    on conflict (event_key) do nothing
    returning id
  ),
  ${enqueueCte('placed_job', {
    kind: ORDER_MAIL_JOB,
    from: 'placed_mail',
    payload: sql`jsonb_build_object('emailId', id)`,
    dedupe: sql`'order-mail:' || id::text`,
  })}`;

/** The order mails among `ids` (unknown ids are left out). */
export async function findOrderEmails(db: DbOrTx, ids: string[]): Promise<OrderEmailRow[]> {
  if (ids.length === 0) return [];
  const rows = await orderEmailsByIds(db, { ids });
  return rows.map((row) => rowOf(orderEmails, row));
}

const orderEmailsByIds = preparedSql(
  'order_emails_by_ids',
  () => sql`select * from ${orderEmails} where id = any(${sql.placeholder('ids')}::uuid[])`,
);

export type SentOrderEmail = {
  id: string;
  toAddress: string;
  subject: string;
  text: string;
  html: string;
};

/** Keeps what was sent, so the customer can read it again: every mail of a batch in one statement. */
export async function markOrderEmailsSent(db: DbOrTx, sent: SentOrderEmail[]): Promise<void> {
  if (sent.length === 0) return;
  await markSentStatement(db, {
    sent: JSON.stringify(
      sent.map((m) => ({
        id: m.id,
        to_address: m.toAddress,
        subject: m.subject,
        text: m.text,
        html: m.html,
      })),
    ),
  });
}

const markSentStatement = preparedSql(
  'order_emails_sent',
  () => sql`
    update ${orderEmails} as m
    set to_address = s.to_address, subject = s.subject, text_body = s.text, html_body = s.html,
        sent_at = now()
    from jsonb_to_recordset(${sql.placeholder('sent')}::jsonb)
      as s(id uuid, to_address text, subject text, text text, html text)
    where m.id = s.id`,
);

/** An order's mails to its customer that have gone out, oldest first. */
export async function listSentOrderEmails(db: DbOrTx, orderId: string): Promise<OrderEmailRow[]> {
  return db
    .select()
    .from(orderEmails)
    .where(
      and(
        eq(orderEmails.orderId, orderId),
        isNotNull(orderEmails.sentAt),
        ne(orderEmails.kind, 'staff-paid'),
      ),
    )
    .orderBy(asc(orderEmails.createdAt));
}
