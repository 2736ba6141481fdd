import { and, eq, or, sql } from 'drizzle-orm';
import { verifyPassword } from 'better-auth/crypto';
import type { DbOrTx } from '../../db/database.js';
import { notFound } from '../../http/errors.js';
import { ERASED_NAME, type PrivacyContribution } from '../privacy/contribution.js';
import { accounts, sessions, users, verifications } from './auth.tables.js';

/** The address an erased account keeps: unique (the column is), and nobody's. */
export const erasedEmail = (userId: string) => `erased-${userId}@erased.invalid`;
export const isErasedEmail = (email: string) => email.endsWith('@erased.invalid');

/**
 * The account itself (Better Auth's tables): its sessions end, its sign-in methods and pending
 * links go, and the row stays under a neutral name so orders and invoices keep their owner id.
 */
export const authPrivacy: PrivacyContribution = {
  name: 'account',
  async export({ userId }, db) {
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    const methods = await db
      .select({ providerId: accounts.providerId, createdAt: accounts.createdAt })
      .from(accounts)
      .where(eq(accounts.userId, userId));
    const live = await db
      .select({
        createdAt: sessions.createdAt,
        expiresAt: sessions.expiresAt,
        ipAddress: sessions.ipAddress,
        userAgent: sessions.userAgent,
      })
      .from(sessions)
      .where(eq(sessions.userId, userId));
    return {
      name: user?.name,
      email: user?.email,
      emailVerified: user?.emailVerified,
      image: user?.image,
      createdAt: user?.createdAt,
      signInMethods: methods,
      sessions: live,
    };
  },
  async erase({ userId, email }, tx) {
    // The account row first: a second erasure running at once waits here, then finds the address
    // already gone and stops (one erasure, one audit entry).
    const renamed = await tx
      .update(users)
      .set({
        name: ERASED_NAME,
        email: erasedEmail(userId),
        emailVerified: false,
        image: null,
        updatedAt: new Date(),
      })
      .where(and(eq(users.id, userId), eq(users.email, email)))
      .returning({ id: users.id });
    if (renamed.length === 0) throw notFound('Account');
    // Then its sessions: every access key is bound to one (decision 013) and dies with it.
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(accounts).where(eq(accounts.userId, userId));
    // Pending links: a reset token holds the account's id as its value; OAuth state holds JSON
    // that may name the id or the address as a string of its own. Compared whole, never by
    // "contains", so nobody else's link goes.
    await tx
      .delete(verifications)
      .where(
        or(
          eq(verifications.value, userId),
          eq(verifications.identifier, email),
          sql`strpos(${verifications.value}, ${JSON.stringify(userId)}) > 0`,
          sql`strpos(lower(${verifications.value}), ${JSON.stringify(email.toLowerCase())}) > 0`,
        ),
      );
  },
};

/**
 * Whether `password` is the account's own (its email-and-password sign-in). An account that signs
 * in only with Google has none: it answers null.
 */
export async function checkAccountPassword(
  db: DbOrTx,
  userId: string,
  password: string,
): Promise<boolean | null> {
  const [row] = await db
    .select({ hash: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
  if (!row?.hash) return null;
  return verifyPassword({ hash: row.hash, password });
}
