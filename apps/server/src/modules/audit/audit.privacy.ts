import { eq, or, sql } from 'drizzle-orm';
import { escapeLike } from '../../db/like.js';
import { erasedEmail } from '../auth/auth.privacy.js';
import type { PrivacyContribution } from '../privacy/contribution.js';
import { auditLog } from './audit.tables.js';

/**
 * The audit log keeps what staff did, not who the customer was: entries by the customer (a staff
 * member leaving) keep their id under the erased address; the address is cut out of summaries.
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
    const pattern = `%${escapeLike(email)}%`;
    await tx
      .update(auditLog)
      .set({ actorEmail: erasedEmail(userId) })
      .where(eq(auditLog.actorId, userId));
    await tx
      .update(auditLog)
      .set({
        summary: sql`regexp_replace(${auditLog.summary}, ${email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, '[erased]', 'gi')`,
        details: null,
      })
      .where(
        or(
          sql`${auditLog.summary} ilike ${pattern}`,
          sql`${auditLog.details}::text ilike ${pattern}`,
        ),
      );
  },
};
