import { inArray } from 'drizzle-orm';
import type { PriceStep } from '@storefront/contract';
import type { DbOrTx } from '../../db/database.js';
import { parts } from './parts.tables.js';

/** The fields of a part answer that carry prices (PartResponse, CatalogPart, CatalogCard). */
type Priced = { _id: string; price: number; mOrderQuantity: number; priceTiers?: PriceStep[] };

/** A company buyer's prices laid over the shared (public) catalog answers (decision 061). */
export type PriceOverlay = {
  /** The part answer with the buyer's price at its minimum, and the public one when higher. */
  part<T extends Priced>(item: T): T;
  /** A suggestion's price (the part's own price, at its minimum). */
  suggestion<T extends { id: string; price: number }>(item: T): T;
};

/**
 * The overlay for an account over some parts, or null when their prices are the public ones: the
 * price lists module's, handed in by app.ts (the parts module does not import the price lists).
 */
export type PriceOverlayFor = (
  db: DbOrTx,
  userId: string,
  partIds: readonly string[],
) => Promise<PriceOverlay | null>;

/** What a buyer's pricer reads of some parts (price-lists `PricedPart`), with their minimums. */
export function pricingColumns(db: DbOrTx, partIds: readonly string[]) {
  return db
    .select({
      id: parts.id,
      category: parts.category,
      priceCents: parts.priceCents,
      tierQuantities: parts.tierQuantities,
      tierCents: parts.tierCents,
      minOrderQuantity: parts.minOrderQuantity,
    })
    .from(parts)
    .where(inArray(parts.id, [...new Set(partIds)]));
}
