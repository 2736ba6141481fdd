import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import {
  priceListAssignments,
  priceListCategories,
  priceListEntries,
  priceLists,
  type PriceListRow,
} from './price-lists.tables.js';

/** A list's own fields, as the service writes them (percentages in basis points). */
export type PriceListValues = {
  name: string;
  validFrom: string | null;
  validUntil: string | null;
  percentOffBp: number | null;
};

export type PriceListFacts = PriceListRow & {
  categories: { category: string; percentOffBp: number }[];
  entryCount: number;
  companyCount: number;
};

/** Every list (or one) with its categories and counts, in one statement. */
async function listFacts(db: DbOrTx, id?: string): Promise<PriceListFacts[]> {
  const rows = await db
    .select({
      list: priceLists,
      categories: sql<{ category: string; percentOffBp: number }[]>`coalesce((
        select json_agg(json_build_object('category', c.category, 'percentOffBp', c.percent_off_bp)
                        order by c.category)
          from ${priceListCategories} c where c.list_id = ${priceLists.id}), '[]'::json)`,
      entryCount: sql<number>`(select count(*)::int from ${priceListEntries} e
                                where e.list_id = ${priceLists.id})`,
      companyCount: sql<number>`(select count(*)::int from ${priceListAssignments} a
                                  where a.list_id = ${priceLists.id})`,
    })
    .from(priceLists)
    .where(id === undefined ? undefined : eq(priceLists.id, id))
    .orderBy(asc(priceLists.name), asc(priceLists.id));
  return rows.map((r) => ({
    ...r.list,
    categories: typeof r.categories === 'string' ? JSON.parse(r.categories) : r.categories,
    entryCount: Number(r.entryCount),
    companyCount: Number(r.companyCount),
  }));
}

export const listPriceLists = (db: DbOrTx) => listFacts(db);

export async function findPriceList(db: DbOrTx, id: string): Promise<PriceListFacts | undefined> {
  return (await listFacts(db, id))[0];
}

export async function createPriceList(tx: DbOrTx, values: PriceListValues): Promise<PriceListRow> {
  const [row] = await tx.insert(priceLists).values(values).returning();
  if (!row) throw new Error('createPriceList: no row');
  return row;
}

export async function updatePriceList(
  tx: DbOrTx,
  id: string,
  values: PriceListValues,
): Promise<PriceListRow | undefined> {
  const [row] = await tx
    .update(priceLists)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(priceLists.id, id))
    .returning();
  return row;
}

export async function deletePriceList(tx: DbOrTx, id: string): Promise<PriceListRow | undefined> {
  const [row] = await tx.delete(priceLists).where(eq(priceLists.id, id)).returning();
  return row;
}

/**
 * Marks a list changed and locks its row until the transaction ends: every writer of a list's
 * categories, entries or assignments goes through here first, so writers of one list take turns
 * (no deadlock between two batches) and a list deleted meanwhile is a clean 404.
 */
export async function lockPriceList(tx: DbOrTx, id: string): Promise<PriceListRow | undefined> {
  const [row] = await tx
    .update(priceLists)
    .set({ updatedAt: new Date() })
    .where(eq(priceLists.id, id))
    .returning();
  return row;
}

/** Replaces a list's category percentages; call it after `lockPriceList`. */
export async function setCategoryPercentages(
  tx: DbOrTx,
  listId: string,
  rows: readonly { category: string; percentOffBp: number }[],
): Promise<void> {
  await tx.delete(priceListCategories).where(eq(priceListCategories.listId, listId));
  if (rows.length > 0)
    await tx.insert(priceListCategories).values(rows.map((r) => ({ listId, ...r })));
}
