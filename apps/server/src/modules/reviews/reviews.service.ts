import { count, desc } from 'drizzle-orm';
import type { CreateReviewValues, ReviewResponse } from '@storefront/contract';
import type { Db, DbOrTx } from '../../db/database.js';
import { unauthorized } from '../../http/errors.js';
import { hasPaidOrder } from '../orders/orders.service.js';
import { findUserById } from '../auth/identity.service.js';
import { reviews, type ReviewRow } from './reviews.tables.js';

export const toReviewResponse = (row: ReviewRow): ReviewResponse => ({
  _id: row.id,
  name: row.name,
  description: row.description,
  rating: String(row.rating),
  verifiedBuyer: row.verifiedBuyer,
});

/** Newest first; the home page shows a bounded grid, never the whole table. */
export async function listReviews(db: DbOrTx, limit = 24): Promise<ReviewResponse[]> {
  const rows = await db.select().from(reviews).orderBy(desc(reviews.createdAt)).limit(limit);
  return rows.map(toReviewResponse);
}

/**
 * The author is the signed-in account as the database knows it now (not the key's copy, not the
 * body), and is a verified buyer if they have paid for an order by the time they write.
 */
export async function createReview(
  db: Db,
  userId: string,
  body: CreateReviewValues,
): Promise<ReviewResponse> {
  const user = await findUserById(db, userId);
  if (!user) throw unauthorized('Your account no longer exists, please sign in again');
  const [row] = await db
    .insert(reviews)
    .values({
      name: user.name,
      authorEmail: user.email,
      userId: user.id,
      description: body.description,
      rating: Number(body.rating),
      verifiedBuyer: await hasPaidOrder(db, user.id),
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return toReviewResponse(row);
}

export async function countReviews(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(reviews);
  return row?.n ?? 0;
}

export type NewReviewRow = typeof reviews.$inferInsert;

/** Inserts reviews as they are (the demo seed); customers go through `createReview`. */
export async function insertReviews(db: DbOrTx, rows: NewReviewRow[]): Promise<void> {
  if (rows.length > 0) await db.insert(reviews).values(rows);
}
