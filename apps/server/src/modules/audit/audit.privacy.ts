import { eq, or } from 'drizzle-orm';
import { mentionsAddress, replaceAddress } from '../../db/address-match.js';
import { erasedEmail } from '../auth/auth.privacy.js';
import type { PrivacyContribution } from '../privacy/contribution.js';
import { auditLog } from './audit.tables.js';

/**
 * The audit log keeps what staff did, not who the customer was: entries by the customer (a staff
 * member leaving) keep their id under the erased address; the address, as a whole address, is cut
 * out of summaries (an entry naming another address that contains it stays as it is).
 */
export const auditPrivacy: PrivacyContribution = {
  name: 'staffActions',
  async export({ userId }, db) {
    return db
      .select({ at: auditLog.at, action: auditLog.action, summary: auditLog.summary })
      .from(auditLog)
      .where(eq(auditLog.actorId, userId));
  },
  async erase({ userId, email }, tx) {
    await tx
      .update(auditLog)
      .set({ actorEmail: erasedEmail(userId) })
      .where(eq(auditLog.actorId, userId));
    await tx
      .update(auditLog)
      .set({ summary: replaceAddress(auditLog.summary, email, '[erased]'), details: null })
      .where(
        or(mentionsAddress(auditLog.summary, email), mentionsAddress(auditLog.details, email)),
      );
  },
};
