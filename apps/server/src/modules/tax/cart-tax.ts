import {
  fromCents,
  taxLines,
  taxPerRate,
  taxTotals,
  toCents,
  utcToday,
  type CartTaxResponse,
} from '@storefront/contract';
import type { DbOrTx } from '../../db/database.js';
import { getCart } from '../cart/cart.service.js';
import { pricingCompanyOf } from '../companies/buying-for.service.js';
import { categoriesOf } from '../parts/parts.service.js';
import { planRateBp, regionRatesCalculator } from './tax-calculator.js';
import { listTaxRegions } from './tax.service.js';

/**
 * The tax of the caller's cart if it were placed now for `shipTo` (decision 066): the lines and
 * prices of the cart as the server holds them, the company the caller buys for (membership checked
 * now), and the plan of the same calculator placing asks, each line taxed by the contract's rule.
 * Placing computes it again in its statement; this is what the cart and checkout show before.
 */
export async function cartTaxOf(
  db: DbOrTx,
  userId: string,
  shipTo: { country: string; state?: string | undefined },
): Promise<CartTaxResponse> {
  // No region configured: nothing more to read, nothing to show (the specification's checkout).
  if ((await listTaxRegions(db)).length === 0) return { collects: false, tax: null };
  if (shipTo.country === '') return { collects: true, tax: null };
  const [cart, companyId] = await Promise.all([getCart(db, userId), pricingCompanyOf(db, userId)]);
  const plan = await regionRatesCalculator.plan(db, { shipTo, companyId, today: utcToday() });
  if (plan.region === null) return { collects: true, tax: null };
  const categories = await categoriesOf(
    db,
    cart.lines.map((l) => l.partId),
  );
  const lines = taxLines(
    cart.lines.map((l) => ({
      netCents: toCents(l.lineTotal),
      rateBp: planRateBp(plan, categories.get(l.partId) ?? ''),
    })),
  );
  const totals = taxTotals(lines);
  return {
    collects: true,
    tax: {
      treatment: plan.decision.treatment,
      region: plan.region,
      net: fromCents(totals.netCents),
      tax: fromCents(totals.taxCents),
      rates: taxPerRate(lines).map((r) => ({
        rate: r.rateBp / 100,
        net: fromCents(r.netCents),
        tax: fromCents(r.taxCents),
      })),
      note: plan.decision.note,
      certificateNumber: plan.decision.certificateNumber,
      buyerVatId: plan.decision.buyerVatId,
    },
  };
}
