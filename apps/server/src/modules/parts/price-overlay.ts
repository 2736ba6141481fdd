import { inArray, type SQL } from 'drizzle-orm';
import type { PriceStep, UnitCentsOf } from '@storefront/contract';
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

/**
 * A company buyer's prices for the catalog search (decision 061, "Search by the buyer's price"):
 * the search sorts, filters and counts its candidates by them. The price lists module's, handed
 * in by app.ts, like the overlay.
 */
export type BuyerSearchPrices = {
  /**
   * Names the company, today's date and its active lists as they are now (ids, priorities and
   * row versions: every change of a list, its entries or its assignments rewrites its row). Two
   * requests with one key get the same prices; the company's id is part of it, so prices kept
   * under it can never answer another company.
   */
  key: string;
  /**
   * The same price in SQL, of the part row `p` at its minimum (the price lists' SQL twin), for
   * the database's answer when the index cannot give one (loading, or a text it cannot run).
   */
  priceSql: SQL;
  /** The contract's rule compiled for the company's active lists (their fixed entries read once). */
  load(): Promise<UnitCentsOf>;
};

/** The search prices of an account, or null when they are the public ones (no list today). */
export type BuyerSearchPricesFor = (
  db: DbOrTx,
  userId: string,
  /** Tests: the day (ISO date, UTC) whose lists apply; default today. */
  today?: string,
) => Promise<BuyerSearchPrices | null>;
