import type { DbOrTx } from '../../db/database.js';
import type { OutboxWorker } from '../outbox/outbox-worker.js';
import { enqueue } from '../outbox/outbox.service.js';
import type { Mail, Mailer } from './mailer.js';

const MAIL_JOB = 'mail';

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
