import { and, desc, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import { priceListAssignments, priceLists } from './price-lists.tables.js';

/** Gives a list to a company, or changes the priority it has there (one row per list and company). */
export async function assignPriceList(
  tx: DbOrTx,
  listId: string,
  companyId: string,
  priority: number,
): Promise<void> {
  await tx
    .insert(priceListAssignments)
    .values({ listId, companyId, priority })
    .onConflictDoUpdate({
      target: [priceListAssignments.listId, priceListAssignments.companyId],
      set: { priority: sql`excluded.priority` },
    });
}

/** Takes a list away from a company; false when it did not have it. */
export async function unassignPriceList(
  tx: DbOrTx,
  listId: string,
  companyId: string,
): Promise<boolean> {
  const gone = await tx
    .delete(priceListAssignments)
    .where(
      and(eq(priceListAssignments.listId, listId), eq(priceListAssignments.companyId, companyId)),
    )
    .returning({ listId: priceListAssignments.listId });
  return gone.length > 0;
}

/** A company's lists, highest priority first (then by name). */
export async function companyAssignments(db: DbOrTx, companyId: string) {
  return db
    .select({
      listId: priceLists.id,
      listName: priceLists.name,
      priority: priceListAssignments.priority,
      validFrom: priceLists.validFrom,
      validUntil: priceLists.validUntil,
    })
    .from(priceListAssignments)
    .innerJoin(priceLists, eq(priceLists.id, priceListAssignments.listId))
    .where(eq(priceListAssignments.companyId, companyId))
    .orderBy(desc(priceListAssignments.priority), asc(priceLists.name), asc(priceLists.id));
}

/** The companies a list is assigned to, highest priority first. */
export async function listAssignments(db: DbOrTx, listId: string) {
  return db
    .select({ companyId: priceListAssignments.companyId, priority: priceListAssignments.priority })
    .from(priceListAssignments)
    .where(eq(priceListAssignments.listId, listId))
    .orderBy(desc(priceListAssignments.priority), asc(priceListAssignments.companyId));
}
