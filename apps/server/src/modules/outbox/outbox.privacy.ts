import { sql } from 'drizzle-orm';
import { escapeLike } from '../../db/like.js';
import type { PrivacyContribution } from '../privacy/contribution.js';
import { outboxJobs } from './outbox.tables.js';

/**
 * Jobs whose payload names the customer's address (mails to them, the contact form's messages):
 * gone, sent or not. Their text for the customer is in the mail module's export.
 */
export const outboxPrivacy: PrivacyContribution = {
  name: 'queuedMessages',
  async export({ email }, db) {
    return db
      .select({ kind: outboxJobs.kind, status: outboxJobs.status, createdAt: outboxJobs.createdAt })
      .from(outboxJobs)
      .where(sql`${outboxJobs.payload}::text ilike ${`%${escapeLike(email)}%`}`);
  },
  async erase({ email }, tx) {
    await tx
      .delete(outboxJobs)
      .where(sql`${outboxJobs.payload}::text ilike ${`%${escapeLike(email)}%`}`);
  },
};
