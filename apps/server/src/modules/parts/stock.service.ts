import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import { parts } from './parts.tables.js';

/**
 * A part runs low when its stock is below `factor` times its minimum order quantity: fewer than
 * that many customers could still order it.
 */
export const lowStockSql = (factor: number) =>
  sql`${parts.availableQuantity} < ${factor} * ${parts.minOrderQuantity}`;

export async function countLowStock(db: DbOrTx, factor: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<string>`count(*)` })
    .from(parts)
    .where(lowStockSql(factor));
  return Number(row?.count ?? 0);
}
