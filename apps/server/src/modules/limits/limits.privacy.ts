import { sql } from 'drizzle-orm';
import type { PrivacyContribution } from '../privacy/contribution.js';
import { ADDRESS_SCOPES } from './limit-keys.js';
import { rateLimits } from './limits.tables.js';

/**
 * Counters keyed by the address (sign-in attempts, sign-up, the contact form): forgotten. The key
 * is parsed, scope and address compared exactly: another account whose address contains this one
 * keeps its counters (a contains-match let anyone reset anyone's sign-in lockout).
 */
export const limitsPrivacy: PrivacyContribution = {
  name: 'rateLimits',
  async erase({ email }, tx) {
    await tx.delete(rateLimits).where(
      sql`split_part(${rateLimits.key}, ':', 1) in ${[...ADDRESS_SCOPES]}
            and split_part(${rateLimits.key}, ':', 2) = ${email.toLowerCase()}`,
    );
  },
};
