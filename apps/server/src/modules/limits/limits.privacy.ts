import { sql } from 'drizzle-orm';
import { escapeLike } from '../../db/like.js';
import type { PrivacyContribution } from '../privacy/contribution.js';
import { rateLimits } from './limits.tables.js';

/** Counters keyed by the address (sign-in attempts, the contact form): forgotten. */
export const limitsPrivacy: PrivacyContribution = {
  name: 'rateLimits',
  async erase({ email }, tx) {
    await tx.delete(rateLimits).where(sql`${rateLimits.key} ilike ${`%${escapeLike(email)}%`}`);
  },
};
