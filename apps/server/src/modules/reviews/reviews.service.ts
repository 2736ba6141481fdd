import { desc } from 'drizzle-orm';
import type { ReviewResponse } from '@storefront/contract';
import type { DbOrTx } from '../../db/database.js';
import { reviews, type ReviewRow } from './reviews.schema.js';

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
