/*
 * How a priced line names its volume price, apart from the ladders' schemas in volume-prices.ts:
 * the cart shows it on every line, and does not load the schema library for it (issue 41).
 */
import { formatCount } from './money.js';

/** How a priced line says which price it got: "volume price from 40", or nothing. */
export const stepLabel = (priceStep: number | null | undefined): string =>
  priceStep ? `volume price from ${formatCount(priceStep)}` : '';
