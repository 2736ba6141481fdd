import { and, count, eq, notInArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import { findUserByEmail, findUsersByIds, type UserRow } from '../auth/identity.service.js';
import { roleGrants, userRoles, type RoleSource } from './users.tables.js';

export type { RoleSource };

/** Roles are held by user ids: an email, or a claim in a key, never grants anything. */
export async function isAdmin(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await adminRow(db).execute({ userId });
  return Boolean(row);
}

const adminRow = prepared((db) =>
  db
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(eq(userRoles.userId, sql.placeholder('userId')))
    .limit(1)
    .prepare('admin_role'),
);

export type GrantResult = 'granted' | 'already' | 'pending';

/**
 * Makes the owner of `email` an admin: at once when a user has proved that address, otherwise as
 * a grant that applies when its owner proves it (an address nobody has proved grants nothing,
 * whoever registered it).
 */
export async function grantAdmin(
  db: DbOrTx,
  email: string,
  source: RoleSource,
  grantedBy: string | null = null,
): Promise<GrantResult> {
  const address = email.trim().toLowerCase();
  const user = await findUserByEmail(db, address);
  if (user?.emailVerified) {
    const rows = await db
      .insert(userRoles)
      .values({ userId: user.id, source, grantedBy })
      .onConflictDoNothing()
      .returning();
    return rows.length > 0 ? 'granted' : 'already';
  }
  await db
    .insert(roleGrants)
    .values({ email: address, source, grantedBy })
    .onConflictDoUpdate({ target: roleGrants.email, set: { source, grantedBy } });
  return 'pending';
}

/** The owner of `user.email` has just proved it: any role promised to that address is theirs. */
export async function applyRoleGrants(
  db: DbOrTx,
  user: Pick<UserRow, 'id' | 'email' | 'emailVerified'>,
): Promise<boolean> {
  if (!user.emailVerified) return false;
  const [grant] = await db
    .delete(roleGrants)
    .where(eq(roleGrants.email, user.email.toLowerCase()))
    .returning();
  if (!grant) return false;
  await db
    .insert(userRoles)
    .values({ userId: user.id, source: grant.source, grantedBy: grant.grantedBy })
    .onConflictDoNothing();
  return true;
}

export class LastAdminError extends Error {
  constructor() {
    super('The shop must keep at least one admin');
  }
}

/**
 * Takes the role from the owner of `email` (and any grant to the address). Never the last admin:
 * the shop would have nobody left to run it. Run it in a transaction: the count and the delete
 * must see the same admins.
 */
export async function revokeAdmin(
  db: DbOrTx,
  email: string,
): Promise<{ revoked: boolean; grantRemoved: boolean }> {
  const address = email.trim().toLowerCase();
  // Two admins taking the role from each other at once would each see the other still there:
  // revocations queue behind one another (grants, which only add, are not held up).
  await db.execute(sql`lock table ${userRoles} in share row exclusive mode`);
  const grants = await db.delete(roleGrants).where(eq(roleGrants.email, address)).returning();
  const user = await findUserByEmail(db, address);
  if (!user || !(await isAdmin(db, user.id)))
    return { revoked: false, grantRemoved: grants.length > 0 };
  const [admins] = await db.select({ n: count() }).from(userRoles);
  if ((admins?.n ?? 0) <= 1) throw new LastAdminError();
  await db.delete(userRoles).where(eq(userRoles.userId, user.id));
  return { revoked: true, grantRemoved: grants.length > 0 };
}

export type AdminEntry = {
  email: string;
  userId: string | null;
  source: RoleSource;
  grantedBy: string | null;
  grantedAt: Date;
  /** A grant waiting for its address to be proved. */
  pending: boolean;
};

export async function listAdmins(db: DbOrTx): Promise<AdminEntry[]> {
  const roles = await db.select().from(userRoles);
  const owners = new Map(
    (
      await findUsersByIds(
        db,
        roles.map((r) => r.userId),
      )
    ).map((u) => [u.id, u.email]),
  );
  const grants = await db.select().from(roleGrants);
  return [
    ...roles.map((r) => ({
      email: owners.get(r.userId) ?? '(removed account)',
      userId: r.userId,
      source: r.source,
      grantedBy: r.grantedBy,
      grantedAt: r.grantedAt,
      pending: false,
    })),
    ...grants.map((g) => ({
      email: g.email,
      userId: null,
      source: g.source,
      grantedBy: g.grantedBy,
      grantedAt: g.grantedAt,
      pending: true,
    })),
  ].sort((a, b) => a.email.localeCompare(b.email));
}

/**
 * Makes the `env` roles and grants exactly ADMIN_EMAILS (at start); roles from the command, the
 * console or the demo are left alone.
 */
export async function syncEnvAdmins(db: Db, emails: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    const keep = emails.map((e) => e.toLowerCase());
    await tx
      .delete(roleGrants)
      .where(
        keep.length > 0
          ? and(eq(roleGrants.source, 'env'), notInArray(roleGrants.email, keep))
          : eq(roleGrants.source, 'env'),
      );
    const envRoles = await tx.select().from(userRoles).where(eq(userRoles.source, 'env'));
    const owners = await findUsersByIds(
      tx,
      envRoles.map((r) => r.userId),
    );
    for (const owner of owners) {
      if (!keep.includes(owner.email.toLowerCase()))
        await tx.delete(userRoles).where(eq(userRoles.userId, owner.id));
    }
    for (const email of keep) await grantAdmin(tx, email, 'env');
  });
}
