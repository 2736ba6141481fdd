import type { ReviewResponse } from '@storefront/contract';
import type { DbOrTx } from '../../db/database.js';
import { type ReviewRow } from './reviews.schema.js';
export declare const toReviewResponse: (row: ReviewRow) => ReviewResponse;
/** Newest first; the home page shows a bounded grid, never the whole table. */
export declare function listReviews(db: DbOrTx, limit?: number): Promise<ReviewResponse[]>;
