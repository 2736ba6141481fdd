import type { DbOrTx } from '../../db/database.js';
import { pricingCompanyOf } from '../companies/buying-for.service.js';
import { loadBuyerPricing, type BuyerPricing } from './buyer-prices.js';

/**
 * A request's prices (decision 061, "Whose prices a request sees"): a signed-in account's pricing
 * company (its "buying for", membership checked now) and that company's lists for `partIds`.
 * Visitors, and accounts buying for no company, get the public price without a list read.
 */
export async function pricingForAccount(
  db: DbOrTx,
  userId: string | null,
  partIds: readonly string[],
): Promise<BuyerPricing & { companyId: string | null }> {
  const companyId = userId === null ? null : await pricingCompanyOf(db, userId);
  const pricing = await loadBuyerPricing(db, { companyId, partIds });
  return { ...pricing, companyId };
}
