import { count, desc, eq, sql } from 'drizzle-orm';
import type { CreateReviewValues, ReviewResponse } from '@storefront/contract';
import type { Db, DbOrTx } from '../../db/database.js';
import type { Caller } from '../auth/guards.js';
import { hasPaidOrder } from '../orders/orders.service.js';
import { reviews, type ReviewRow } from './reviews.tables.js';

const toReviewResponse = (row: ReviewRow): ReviewResponse => ({
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

/** A part's reviews for its public page, newest first. */
export async function listPartReviews(db: DbOrTx, partId: string, limit = 20) {
  const rows = await db
    .select()
    .from(reviews)
    .where(eq(reviews.partId, partId))
    .orderBy(desc(reviews.createdAt))
    .limit(limit);
  return rows.map((r) => ({
    _id: r.id,
    name: r.name,
    description: r.description,
    rating: r.rating,
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * Posts the caller's review: one per customer per part, and one of the shop (the spec's form names
 * no part). Posting again replaces the earlier one, so a customer can correct theirs and nobody can
 * flood the page. The author is the signed-in account as the database knows it now (never the
 * body), a verified buyer if they have paid for an order by the time they write.
 */
export async function postReview(
  db: Db,
  caller: Caller,
  body: CreateReviewValues,
): Promise<{ review: ReviewResponse; replaced: boolean }> {
  const verifiedBuyer = await hasPaidOrder(db, caller.sub);
  const result = await db.execute(sql`
    insert into ${reviews} (name, author_email, user_id, part_id, description, rating, verified_buyer)
    values (${caller.name}, ${caller.email}, ${caller.sub}, ${body.partId ?? null},
            ${body.description}, ${Number(body.rating)}, ${verifiedBuyer})
    on conflict (user_id, (coalesce(part_id, '00000000-0000-0000-0000-000000000000'::uuid)))
      where user_id is not null
    do update set name = excluded.name, author_email = excluded.author_email,
      description = excluded.description, rating = excluded.rating,
      verified_buyer = excluded.verified_buyer, updated_at = now()
    returning id, name, description, rating, verified_buyer, (xmax <> 0) as replaced`);
  const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0];
  if (!row) throw new Error('insert returned no row');
  return {
    review: {
      _id: String(row.id),
      name: String(row.name),
      description: String(row.description),
      rating: String(row.rating),
      verifiedBuyer: Boolean(row.verified_buyer),
    },
    replaced: Boolean(row.replaced),
  };
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
