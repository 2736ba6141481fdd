import { and, count, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import { sessions, users, type UserRow } from './auth.tables.js';

export type { UserRow };

/**
 * The identity provider's `users` and `sessions` tables belong to this module: Better Auth writes
 * them, and the rest of the shop reads or renames a user through these functions.
 */
export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Better Auth stores addresses lower-cased; so does every caller here. */
export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1);
  return row;
}

export async function findUsersByIds(db: DbOrTx, ids: string[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(users).where(inArray(users.id, ids));
}

export async function renameUser(db: DbOrTx, id: string, name: string): Promise<void> {
  await db.update(users).set({ name, updatedAt: new Date() }).where(eq(users.id, id));
}

/** The owner proved the address another way than the verification link (a password reset). */
export async function markEmailVerified(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ emailVerified: true, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function countUsers(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

export type LiveSession = { userId: string; email: string; name: string; expiresAt: Date };

/** A session that has not ended (logout, password change or reset, removal) or expired. */
export async function findLiveSession(db: DbOrTx, sessionId: string): Promise<LiveSession | null> {
  const [row] = await liveSession(db).execute({ sessionId });
  return row ?? null;
}

/** Every authenticated request asks this (or its short cache): built and prepared once. */
const liveSession = prepared((db) =>
  db
    .select({
      userId: users.id,
      email: users.email,
      name: users.name,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder('sessionId')), gt(sessions.expiresAt, sql`now()`)))
    .limit(1)
    .prepare('live_session'),
);
