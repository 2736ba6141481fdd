import { count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import { users, type UserRow } from './auth.tables.js';

export type { UserRow };

/**
 * The identity provider's `users` table belongs to this module: Better Auth writes it, and the
 * rest of the shop reads or renames a user through these functions.
 */
export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function renameUser(db: DbOrTx, id: string, name: string): Promise<void> {
  await db.update(users).set({ name, updatedAt: new Date() }).where(eq(users.id, id));
}

export async function countUsers(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}
