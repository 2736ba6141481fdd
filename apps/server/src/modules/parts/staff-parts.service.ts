import { and, asc, count, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { fromCents, isUuid, type StaffPartRow } from '@storefront/contract';
import type { DbOrTx } from '../../db/database.js';
import { escapeLike } from '../../db/like.js';
import { partColumns, parts, type PartRow } from './parts.tables.js';
import { lowStockSql } from './stock.service.js';

/** The staff parts list's filters; the export of "the current filter" takes the same. */
export type StaffPartFilters = {
  q?: string | undefined;
  stock?: 'low' | 'out' | undefined;
  show: 'live' | 'archived' | 'all';
  /** LOW_STOCK_FACTOR, for `stock: 'low'`. */
  lowStockFactor: number;
};

export const toStaffPartRow = (row: PartRow, lowStockFactor: number): StaffPartRow => ({
  _id: row.id,
  sku: row.sku,
  name: row.name,
  price: fromCents(row.priceCents),
  mOrderQuantity: row.minOrderQuantity,
  availableQuantity: row.availableQuantity,
  url: row.imageUrl,
  lowStock: row.availableQuantity < lowStockFactor * row.minOrderQuantity,
  archivedAt: row.archivedAt?.toISOString() ?? null,
  updatedAt: row.updatedAt.toISOString(),
});

export function staffPartsWhere(filters: StaffPartFilters): SQL | undefined {
  return and(
    filters.show === 'live' ? isNull(parts.archivedAt) : undefined,
    filters.show === 'archived' ? isNotNull(parts.archivedAt) : undefined,
    filters.q
      ? or(
          ilike(parts.name, `%${escapeLike(filters.q)}%`),
          ilike(parts.sku, `${escapeLike(filters.q)}%`),
        )
      : undefined,
    filters.stock === 'low' ? lowStockSql(filters.lowStockFactor) : undefined,
    filters.stock === 'out' ? eq(parts.availableQuantity, 0) : undefined,
  );
}

/** Every part staff may see, by name, one numbered page at a time with the filtered total. */
export async function listStaffParts(
  db: DbOrTx,
  query: Omit<StaffPartFilters, 'lowStockFactor'> & { page: number; pageSize: number },
  lowStockFactor: number,
): Promise<{ rows: PartRow[]; total: number }> {
  const condition = staffPartsWhere({ ...query, lowStockFactor });
  const [rows, [totals]] = await Promise.all([
    db
      .select(partColumns)
      .from(parts)
      .where(condition)
      .orderBy(asc(sql`lower(${parts.name})`), asc(parts.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(parts).where(condition),
  ]);
  return { rows, total: totals?.n ?? 0 };
}

/**
 * Archives or restores a part; undefined for an unknown id. Archiving twice keeps the first
 * moment, so the audit trail and the list agree on when it left the catalog.
 */
export async function setArchived(
  tx: DbOrTx,
  id: string,
  archived: boolean,
): Promise<{ row: PartRow; changed: boolean } | undefined> {
  if (!isUuid(id)) return undefined;
  const [changed] = await tx
    .update(parts)
    .set({ archivedAt: archived ? sql`now()` : null, updatedAt: sql`now()` })
    .where(and(eq(parts.id, id), archived ? isNull(parts.archivedAt) : isNotNull(parts.archivedAt)))
    .returning(partColumns);
  if (changed) return { row: changed, changed: true };
  const [row] = await tx.select(partColumns).from(parts).where(eq(parts.id, id)).limit(1);
  return row ? { row, changed: false } : undefined;
}
