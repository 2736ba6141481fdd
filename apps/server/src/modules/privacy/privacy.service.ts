import type { Db } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { erasedEmail } from '../auth/auth.privacy.js';
import type { DataSubject, ErasureContext, PrivacyContribution } from './contribution.js';

/** Everything the shop holds about the subject: one key per contribution that has something. */
export async function exportData(
  db: Db,
  subject: DataSubject,
  contributions: readonly PrivacyContribution[],
): Promise<Record<string, unknown>> {
  const data: Record<string, unknown> = { exportedAt: new Date().toISOString() };
  for (const c of contributions) {
    if (c.export) data[c.name] = await c.export(subject, db);
  }
  return data;
}

export const erasureBlocked = (reasons: string[]) =>
  new AppError(409, 'ERASURE_BLOCKED', `Your account cannot be deleted yet. ${reasons.join(' ')}`);

/**
 * Erases the subject's personal data: every contribution, in one transaction. The account's
 * sessions (and so its access keys) end first; then, inside the same transaction, no contribution
 * may object (an unpaid order, an unpaid invoice, a company's last owner) or nothing happens. The
 * audit log records that an erasure happened, under the account's id, not what was erased.
 */
export async function eraseAccount(
  db: Db,
  subject: DataSubject,
  contributions: readonly PrivacyContribution[],
  context: ErasureContext,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [first, ...rest] = contributions;
    if (first) await first.erase(subject, tx, context);
    const reasons: string[] = [];
    for (const c of contributions) {
      if (c.blockers) reasons.push(...(await c.blockers(subject, tx)));
    }
    if (reasons.length > 0) throw erasureBlocked(reasons);
    for (const c of rest) await c.erase(subject, tx, context);
    await recordAudit(
      tx,
      { userId: subject.userId, email: erasedEmail(subject.userId) },
      {
        action: 'account.erase',
        targetType: 'account',
        targetId: subject.userId,
        summary: 'A customer deleted their account: personal data erased',
      },
    );
  });
}
