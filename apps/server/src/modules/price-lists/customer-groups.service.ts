import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { CustomerGroupDetails, CustomerGroupSummary } from '@storefront/contract';
import type { DbOrTx } from '../../db/database.js';
import { AppError, notFound } from '../../http/errors.js';
import { findUsersByIds } from '../auth/identity.service.js';
import {
  customerGroupMembers,
  customerGroups,
  priceListGroupAssignments,
  priceLists,
  type CustomerGroupRow,
} from './price-lists.tables.js';
import { isUniqueViolation } from '../../db/pg-errors.js';

/*
 * Customer groups (decision 062): named groups of people who buy for themselves and share price
 * lists. A person is in one group at most: the membership's key is the person, so their price
 * has one source, and moving them to another group is one write.
 */

export const groupNotFound = () => notFound('Customer group');

async function summaries(db: DbOrTx, id?: string): Promise<CustomerGroupSummary[]> {
  const rows = await db
    .select({
      group: customerGroups,
      memberCount: sql<number>`(select count(*)::int from ${customerGroupMembers} m
                                 where m.group_id = ${customerGroups.id})`,
      lists: sql<{ listId: string; listName: string; priority: number }[]>`coalesce((
        select json_agg(json_build_object('listId', l.id, 'listName', l.name, 'priority', a.priority)
                        order by a.priority desc, l.name, l.id)
          from ${priceListGroupAssignments} a join ${priceLists} l on l.id = a.list_id
         where a.group_id = ${customerGroups.id}), '[]'::json)`,
    })
    .from(customerGroups)
    .where(id === undefined ? undefined : eq(customerGroups.id, id))
    .orderBy(asc(customerGroups.name), asc(customerGroups.id));
  return rows.map((r) => ({
    id: r.group.id,
    name: r.group.name,
    memberCount: Number(r.memberCount),
    lists: typeof r.lists === 'string' ? JSON.parse(r.lists) : r.lists,
    createdAt: r.group.createdAt.toISOString(),
  }));
}

export const listCustomerGroups = (db: DbOrTx) => summaries(db);

/**
 * A group; with `lock`, its row is held to the transaction's end: 'key share' keeps it from being
 * deleted under a write that refers to it (a member added, a list assigned), so a concurrent
 * deletion is a clean 404 before or after, never a foreign-key error.
 */
export async function findCustomerGroup(
  db: DbOrTx,
  id: string,
  lock?: 'key share' | 'update',
): Promise<CustomerGroupRow | undefined> {
  const query = db.select().from(customerGroups).where(eq(customerGroups.id, id));
  const [row] = await (lock ? query.for(lock) : query);
  return row;
}

/** A group with its members (name and email, as staff know them), newest member first. */
export async function customerGroupDetails(db: DbOrTx, id: string): Promise<CustomerGroupDetails> {
  const [summary] = await summaries(db, id);
  if (!summary) throw groupNotFound();
  const members = await db
    .select()
    .from(customerGroupMembers)
    .where(eq(customerGroupMembers.groupId, id))
    .orderBy(desc(customerGroupMembers.addedAt), asc(customerGroupMembers.userId))
    .limit(1000);
  const users = new Map(
    (
      await findUsersByIds(
        db,
        members.map((m) => m.userId),
      )
    ).map((u) => [u.id, u]),
  );
  return {
    ...summary,
    members: members.map((m) => ({
      userId: m.userId,
      name: users.get(m.userId)?.name ?? '',
      email: users.get(m.userId)?.email ?? '',
      addedAt: m.addedAt.toISOString(),
    })),
  };
}

const nameTaken = (name: string) =>
  new AppError(409, 'NAME_TAKEN', `A customer group is already called "${name}"`, {
    name: 'Another group has this name',
  });

/** Names are unique whatever their case; two staff making the same name at once: one wins. */
export async function saveCustomerGroup(
  tx: DbOrTx,
  name: string,
  id?: string,
): Promise<CustomerGroupRow> {
  try {
    const [row] =
      id === undefined
        ? await tx.insert(customerGroups).values({ name }).returning()
        : await tx
            .update(customerGroups)
            .set({ name })
            .where(eq(customerGroups.id, id))
            .returning();
    if (!row) throw groupNotFound();
    return row;
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken(name);
    throw err;
  }
}

export async function deleteCustomerGroup(tx: DbOrTx, id: string): Promise<CustomerGroupRow> {
  const [row] = await tx.delete(customerGroups).where(eq(customerGroups.id, id)).returning();
  if (!row) throw groupNotFound();
  return row;
}

/** Puts a person in a group, moving them from any other (one group each). */
export async function putInGroup(tx: DbOrTx, groupId: string, userId: string): Promise<void> {
  await tx
    .insert(customerGroupMembers)
    .values({ userId, groupId })
    .onConflictDoUpdate({
      target: customerGroupMembers.userId,
      set: { groupId, addedAt: sql`now()` },
    });
}

export async function takeOutOfGroup(tx: DbOrTx, groupId: string, userId: string) {
  const gone = await tx
    .delete(customerGroupMembers)
    .where(and(eq(customerGroupMembers.groupId, groupId), eq(customerGroupMembers.userId, userId)))
    .returning({ userId: customerGroupMembers.userId });
  return gone.length > 0;
}

/** Gives a list to a group, or changes its priority there. */
export async function assignToGroup(
  tx: DbOrTx,
  listId: string,
  groupId: string,
  priority: number,
): Promise<void> {
  await tx
    .insert(priceListGroupAssignments)
    .values({ listId, groupId, priority })
    .onConflictDoUpdate({
      target: [priceListGroupAssignments.listId, priceListGroupAssignments.groupId],
      set: { priority: sql`excluded.priority` },
    });
}

export async function unassignFromGroup(tx: DbOrTx, listId: string, groupId: string) {
  const gone = await tx
    .delete(priceListGroupAssignments)
    .where(
      and(
        eq(priceListGroupAssignments.listId, listId),
        eq(priceListGroupAssignments.groupId, groupId),
      ),
    )
    .returning({ listId: priceListGroupAssignments.listId });
  return gone.length > 0;
}

/** The groups a list is assigned to, highest priority first. */
export async function listGroupAssignments(db: DbOrTx, listId: string) {
  return db
    .select({
      groupId: priceListGroupAssignments.groupId,
      groupName: customerGroups.name,
      priority: priceListGroupAssignments.priority,
    })
    .from(priceListGroupAssignments)
    .innerJoin(customerGroups, eq(customerGroups.id, priceListGroupAssignments.groupId))
    .where(eq(priceListGroupAssignments.listId, listId))
    .orderBy(desc(priceListGroupAssignments.priority), asc(customerGroups.name));
}

/** A person's membership, for their data export; erased with their account. */
export async function membershipOf(db: DbOrTx, userId: string) {
  return db
    .select({ group: customerGroups.name, addedAt: customerGroupMembers.addedAt })
    .from(customerGroupMembers)
    .innerJoin(customerGroups, eq(customerGroups.id, customerGroupMembers.groupId))
    .where(eq(customerGroupMembers.userId, userId));
}

export async function leaveGroups(tx: DbOrTx, userId: string): Promise<void> {
  await tx.delete(customerGroupMembers).where(eq(customerGroupMembers.userId, userId));
}
