import type { DbOrTx } from '../../db/database.js';
import { pricingCompanyOf } from '../companies/buying-for.service.js';
import { loadBuyerPricing, type BuyerPricing } from './buyer-prices.js';
import { groupOf } from './customer-groups.service.js';

/**
 * Whose lists price an account's request now (decisions 061 and 062): the company it buys for
 * (membership checked now), or else, buying for itself, its customer group; null: the public
 * price. Both are read on every request, so a removal takes effect at once.
 */
export async function pricingPartyOf(db: DbOrTx, userId: string): Promise<string | null> {
  return (await pricingCompanyOf(db, userId)) ?? (await groupOf(db, userId));
}

/**
 * A request's prices: the account's pricing party and its lists for `partIds`. Visitors, and
 * accounts with no party, get the public price without a list read.
 */
export async function pricingForAccount(
  db: DbOrTx,
  userId: string | null,
  partIds: readonly string[],
): Promise<BuyerPricing & { partyId: string | null }> {
  const partyId = userId === null ? null : await pricingPartyOf(db, userId);
  const pricing = await loadBuyerPricing(db, { partyId, partIds });
  return { ...pricing, partyId };
}
