import { fromCents, stepsOfColumns, unitCentsAt, type PriceStep } from '@storefront/contract';
import { pricingColumns, type PriceOverlayFor } from '../parts/price-overlay.js';
import { loadBuyerPricing, type PricedPart } from './buyer-prices.js';
import { pricingPartyOf } from './caller-pricing.js';

/*
 * A company buyer's prices over the shared catalog answers (decision 061, "Whose prices a request
 * sees"). The catalog cache, the search index, the sitemap and the server-drawn pages hold public
 * prices only; a signed-in buyer's request reads them as everyone does, then this overlays the
 * buyer's prices on the page's parts alone. A visitor, or a buyer without a list valid today,
 * gets the shared answer untouched (null: nothing to overlay). The parts routes receive it from
 * app.ts (`PartRoutesOptions.priceOverlay`): the parts module does not import the price lists,
 * which build on it.
 */

/**
 * The overlay for `userId`'s pricing party (the company it buys for, or its customer group) over
 * `partIds` (the page's parts: their pricing columns and the party's entries for them, nothing
 * else), or null when every price is public.
 */
export const buyerOverlay: PriceOverlayFor = async (db, userId, partIds) => {
  if (partIds.length === 0) return null;
  const partyId = await pricingPartyOf(db, userId);
  if (partyId === null) return null;
  // The party's lists and the page's pricing columns at once (two connections on PostgreSQL).
  const [pricing, rows] = await Promise.all([
    loadBuyerPricing(db, { partyId, partIds }),
    pricingColumns(db, partIds),
  ]);
  if (!pricing.contract) return null;
  const byId = new Map(rows.map((r) => [r.id, r]));

  /** The buyer's and the public unit cents at `quantity`. */
  const at = (part: PricedPart, quantity: number) => ({
    mine: pricing.unitCents(part, quantity),
    public: unitCentsAt(
      part.priceCents,
      stepsOfColumns(part.tierQuantities, part.tierCents),
      quantity,
    ),
  });

  /**
   * The buyer's ladder: their price from every quantity above the minimum where it can change (a
   * public step or a list's quantity break), where it differs from the price just below. Read
   * with `unitCentsAt` from the buyer's `price`, it gives their price at every quantity.
   */
  const ladderOf = (part: PricedPart, minimum: number, base: number): PriceStep[] => {
    const breaks = [...(part.tierQuantities ?? []), ...pricing.fixedBreaks(part.id)]
      .filter((q) => q > minimum)
      .sort((a, b) => a - b);
    const steps: PriceStep[] = [];
    let last = base;
    for (const q of new Set(breaks)) {
      const cents = pricing.unitCents(part, q);
      if (cents !== last) steps.push({ minQuantity: q, price: fromCents(cents) });
      last = cents;
    }
    return steps;
  };

  const priced = (id: string) => {
    const row = byId.get(id);
    if (!row) return null;
    const prices = at(row, row.minOrderQuantity);
    return { row, ...prices };
  };

  return {
    part(item) {
      const found = priced(item._id);
      if (!found) return item;
      const { row, mine } = found;
      return {
        ...item,
        price: fromCents(mine),
        ...(mine < found.public ? { listPrice: fromCents(found.public) } : {}),
        ...(item.priceTiers ? { priceTiers: ladderOf(row, row.minOrderQuantity, mine) } : {}),
      };
    },
    suggestion(item) {
      const found = priced(item.id);
      if (!found) return item;
      return {
        ...item,
        price: fromCents(found.mine),
        ...(found.mine < found.public ? { listPrice: fromCents(found.public) } : {}),
      };
    },
  };
};
