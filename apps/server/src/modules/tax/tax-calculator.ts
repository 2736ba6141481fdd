import {
  decideTax,
  findTaxRegion,
  regionKey,
  type TaxDecision,
  type TaxRegion,
} from '@storefront/contract';
import type { DbOrTx } from '../../db/database.js';
import { findTaxStatusRow, listTaxRegions, taxStatusOf } from './tax.service.js';

/**
 * What the placing statement needs to tax an order's lines: the rate of each category (and the
 * rate of every other), how the order is taxed and why. Rates are 0 when the order is not taxed.
 */
export type TaxPlan = {
  decision: TaxDecision;
  /** The region's key (`US-CA`), null where the shop collects no tax. */
  region: string | null;
  defaultRateBp: number;
  categoryRates: readonly { category: string; rateBp: number }[];
};

/** Where an order is going and who buys it, at the moment it is placed. */
export type TaxQuestion = {
  shipTo: { country: string; state?: string | null | undefined };
  /** The company the order is for (its tax status); null for a personal order. */
  companyId: string | null;
  /** The day (YYYY-MM-DD, UTC) the status is judged on. */
  today: string;
};

/**
 * The one seam orders see (decision 063): today the shop's own region rates; a tax service can
 * replace it behind the same call without touching orders.
 */
export type TaxCalculator = { plan(db: DbOrTx, question: TaxQuestion): Promise<TaxPlan> };

/** No tax at all: what an order is when no region matches. */
export const NO_TAX: TaxPlan = {
  decision: { treatment: 'none', note: null, certificateNumber: null, buyerVatId: null },
  region: null,
  defaultRateBp: 0,
  categoryRates: [],
};

/** The plan of a region and a decision (pure: also what the tests compare against). */
export function planOf(region: TaxRegion | null, decision: TaxDecision): TaxPlan {
  if (region === null) return NO_TAX;
  const taxed = decision.treatment === 'standard';
  return {
    decision,
    region: regionKey(region),
    defaultRateBp: taxed ? region.rateBp : 0,
    categoryRates: taxed ? region.categoryRates : [],
  };
}

/** The shop's own regions (staff configure them): the contract's rule over the tables. */
export const regionRatesCalculator: TaxCalculator = {
  async plan(db, { shipTo, companyId, today }) {
    const regions = await listTaxRegions(db);
    const region = findTaxRegion(regions, shipTo);
    if (region === null) return NO_TAX;
    const status = taxStatusOf(companyId ? await findTaxStatusRow(db, companyId) : undefined);
    return planOf(region, decideTax(region, status, today));
  },
};

/** A line's rate under a plan: its category's, else the plan's (as the placing statement reads it). */
export const planRateBp = (plan: TaxPlan, category: string): number =>
  plan.categoryRates.find((c) => c.category === category)?.rateBp ?? plan.defaultRateBp;
