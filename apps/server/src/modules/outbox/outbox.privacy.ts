import { mentionsAddress } from '../../db/address-match.js';
import type { PrivacyContribution } from '../privacy/contribution.js';
import { outboxJobs } from './outbox.tables.js';

/**
 * Jobs whose payload names the customer's address as a whole address (mails to them, the contact
 * form's messages): gone, sent or not. Their text for the customer is in the mail module's export.
 */
export const outboxPrivacy: PrivacyContribution = {
  name: 'queuedMessages',
  async export({ email }, db) {
    return db
      .select({ kind: outboxJobs.kind, status: outboxJobs.status, createdAt: outboxJobs.createdAt })
      .from(outboxJobs)
      .where(mentionsAddress(outboxJobs.payload, email));
  },
  async erase({ email }, tx) {
    await tx.delete(outboxJobs).where(mentionsAddress(outboxJobs.payload, email));
  },
};
