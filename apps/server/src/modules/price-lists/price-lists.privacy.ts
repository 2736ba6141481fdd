import type { PrivacyContribution } from '../privacy/contribution.js';
import { leaveGroups, membershipOf } from './customer-groups.service.js';

/**
 * A person's customer group (decision 062): in their data export, and left at erasure. The group
 * and its lists are the shop's, not the person's: they stay.
 */
export const priceListsPrivacy: PrivacyContribution = {
  name: 'price-lists',
  async export({ userId }, db) {
    return { customerGroups: await membershipOf(db, userId) };
  },
  async erase({ userId }, tx) {
    await leaveGroups(tx, userId);
  },
};
