import { eq, or } from 'drizzle-orm';
import type { PrivacyContribution } from '../privacy/contribution.js';
import { reviews } from './reviews.tables.js';

/** The name an erased customer's reviews stay under. */
export const FORMER_CUSTOMER = 'Former customer';

/** Reviews stay (they are about parts), under a neutral name and without the address. */
export const reviewsPrivacy: PrivacyContribution = {
  name: 'reviews',
  async export({ userId, email }, db) {
    return db
      .select({
        name: reviews.name,
        partId: reviews.partId,
        description: reviews.description,
        rating: reviews.rating,
        createdAt: reviews.createdAt,
      })
      .from(reviews)
      .where(or(eq(reviews.userId, userId), eq(reviews.authorEmail, email)));
  },
  async erase({ userId, email }, tx) {
    await tx
      .update(reviews)
      .set({ name: FORMER_CUSTOMER, authorEmail: null })
      .where(or(eq(reviews.userId, userId), eq(reviews.authorEmail, email)));
  },
};
