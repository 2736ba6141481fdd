import { asc, count, eq, isNull, sql } from 'drizzle-orm';
import {
  fromCents,
  isUuid,
  toCents,
  type CreatePartValues,
  type PartResponse,
} from '@storefront/contract';
import type { DbOrTx } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import { parts, type PartRow } from './parts.tables.js';

export const toPartResponse = (row: PartRow): PartResponse => ({
  _id: row.id,
  name: row.name,
  description: row.description,
  mOrderQuantity: row.minOrderQuantity,
  availableQuantity: row.availableQuantity,
  price: fromCents(row.priceCents),
  url: row.imageUrl,
});

export async function listParts(db: DbOrTx): Promise<PartResponse[]> {
  const rows = await db
    .select()
    .from(parts)
    .where(isNull(parts.archivedAt))
    .orderBy(asc(parts.createdAt), asc(parts.name));
  return rows.map(toPartResponse);
}

/** Undefined for an unknown id and for text that cannot be an id at all. */
export async function findPart(db: DbOrTx, id: string): Promise<PartRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await partById(db).execute({ id });
  return row;
}

const partById = prepared((db) =>
  db
    .select()
    .from(parts)
    .where(eq(parts.id, sql.placeholder('id')))
    .limit(1)
    .prepare('part_by_id'),
);

export async function createPart(db: DbOrTx, values: CreatePartValues): Promise<PartResponse> {
  const [row] = await db
    .insert(parts)
    .values({
      name: values.name,
      description: values.description,
      minOrderQuantity: values.mOrderQuantity,
      availableQuantity: values.availableQuantity,
      priceCents: toCents(values.price),
      imageUrl: values.url,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return toPartResponse(row);
}

export async function countParts(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(parts);
  return row?.n ?? 0;
}

export type NewPartRow = typeof parts.$inferInsert;

/** Inserts catalog rows as they are (the demo seed); shop staff go through `createPart`. */
export async function insertParts(db: DbOrTx, rows: NewPartRow[]): Promise<void> {
  if (rows.length > 0) await db.insert(parts).values(rows);
}
