import { z } from 'zod';
import { MAX_PRICE, MAX_QUANTITY } from './constants.js';
import { formatCount, formatMoney, fromCents, toCents } from './money.js';
import { allowedByRule, type QuantityRule } from './quantity.js';

/**
 * Volume prices (issue 22): a part's price ladder, "from 40: $8.20, from 100: $7.60". A line is
 * priced at the highest step its quantity reaches, or at the part's price below the first step.
 * One rule for every path: the cart, quick order, checkout, the placing statement (its SQL twin
 * `unitPriceSql` in the parts module, held to this by a test), orders, invoices and mails.
 */
export const MAX_PRICE_STEPS = 10;

/** One step in cents, as the server keeps and computes it. */
export type PriceStepCents = { minQuantity: number; unitCents: number };

/** One step as the API speaks it: money in dollars, like the part's own price. */
export const PriceStep = z.object({
  minQuantity: z.number().int(),
  price: z.number(),
});
export type PriceStep = z.infer<typeof PriceStep>;

const stepQuantity = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v.trim()) : v),
  z
    .number({ error: 'From quantity must be a number' })
    .int('From quantity must be a whole number')
    .positive('From quantity must be at least 1')
    .max(MAX_QUANTITY, 'From quantity is too large'),
);
const stepPrice = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v.trim()) : v),
  z
    .number({ error: 'Step price must be a number' })
    .positive('Step price must be above 0')
    .max(MAX_PRICE, 'Step price is too large')
    .refine(
      (v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6,
      'Step price can have at most two decimals',
    ),
);

/** A ladder as staff send it: each step's own shape; the ladder's order is checked against the part. */
export const PriceLadderInput = z
  .array(z.object({ minQuantity: stepQuantity, price: stepPrice }), {
    error: 'Volume prices must be a list',
  })
  .max(MAX_PRICE_STEPS, `At most ${MAX_PRICE_STEPS} volume prices`);

export const toStepsCents = (steps: readonly PriceStep[]): PriceStepCents[] =>
  steps.map((s) => ({ minQuantity: s.minQuantity, unitCents: toCents(s.price) }));
export const toSteps = (steps: readonly PriceStepCents[]): PriceStep[] =>
  steps.map((s) => ({ minQuantity: s.minQuantity, price: fromCents(s.unitCents) }));

/** The columns the server keeps a ladder in (two arrays of the same length) as steps. */
export const stepsOfColumns = (
  quantities: readonly number[] | null | undefined,
  cents: readonly number[] | null | undefined,
): PriceStepCents[] =>
  (quantities ?? []).map((minQuantity, i) => ({ minQuantity, unitCents: Number(cents?.[i] ?? 0) }));

/**
 * What is wrong with a ladder for a part with this rule and price (cents), field by field
 * (`priceTiers.<i>.minQuantity` / `.price`): a step at or below the minimum (the part's price
 * already applies there), not a whole number of packs, not above the step before it, or not
 * cheaper than every smaller quantity. Empty when it holds.
 */
export function ladderIssues(
  steps: readonly PriceStepCents[],
  rule: QuantityRule,
  baseCents: number,
): Record<string, string> {
  const issues: Record<string, string> = {};
  let previous = { minQuantity: rule.minimum, unitCents: baseCents };
  steps.forEach((step, i) => {
    const at = `priceTiers.${i}`;
    if (step.minQuantity <= rule.minimum)
      issues[`${at}.minQuantity`] =
        `A volume price starts above the minimum order quantity (${formatCount(rule.minimum)}): the part's price applies from there`;
    else if (step.minQuantity % rule.packSize !== 0)
      issues[`${at}.minQuantity`] =
        `A volume price starts at a whole number of packs of ${formatCount(rule.packSize)}`;
    else if (rule.maximum !== null && step.minQuantity > rule.maximum)
      issues[`${at}.minQuantity`] =
        `A volume price cannot start above the maximum per order (${formatCount(rule.maximum)})`;
    else if (i > 0 && step.minQuantity <= previous.minQuantity)
      issues[`${at}.minQuantity`] =
        'Each volume price starts at a larger quantity than the one before';
    if (step.unitCents >= previous.unitCents)
      issues[`${at}.price`] =
        `From ${formatCount(step.minQuantity)} the price must be below ${formatMoney(fromCents(previous.unitCents))}, the price of smaller quantities`;
    previous = step;
  });
  return issues;
}

/** The step a quantity is priced at, or null when the part's own price applies. */
export function stepAt(steps: readonly PriceStepCents[], quantity: number): PriceStepCents | null {
  let found: PriceStepCents | null = null;
  for (const step of steps) if (step.minQuantity <= quantity) found = step;
  return found;
}

/** The unit price (cents) of `quantity` pieces: the step it reaches, or the part's price. */
export const unitCentsAt = (
  baseCents: number,
  steps: readonly PriceStepCents[],
  quantity: number,
): number => stepAt(steps, quantity)?.unitCents ?? baseCents;

/** Buying more that costs less in total: to `quantity` pieces (`add` more), saving `savingCents`. */
export type VolumeNudge = { quantity: number; add: number; savingCents: number; message: string };

/**
 * The nudge a line earns only when buying more costs less in total ("Add 5 more: you pay $12.00
 * less overall"); never when it only lowers the unit price. Of the steps above the quantity that
 * the rule and the stock allow, the one that saves most (the smallest on a tie). Null when the
 * quantity cannot be ordered as it is (its fix comes first) or no step saves.
 */
export function volumeNudge(
  quantity: number,
  baseCents: number,
  steps: readonly PriceStepCents[],
  rule: QuantityRule,
  available: number,
  /**
   * What the buyer pays a piece at a quantity: a company buyer's contract price (decision 061),
   * so the nudge never promises a saving their price does not give. Default: the ladder's.
   */
  unitCentsOf: (quantity: number) => number = (q) => unitCentsAt(baseCents, steps, q),
): VolumeNudge | null {
  if (!allowedByRule(quantity, rule) || quantity > available) return null;
  const now = quantity * unitCentsOf(quantity);
  let best: { quantity: number; savingCents: number } | null = null;
  for (const step of steps) {
    if (step.minQuantity <= quantity) continue;
    if (!allowedByRule(step.minQuantity, rule) || step.minQuantity > available) continue;
    const saving = now - step.minQuantity * unitCentsOf(step.minQuantity);
    if (saving > 0 && (best === null || saving > best.savingCents))
      best = { quantity: step.minQuantity, savingCents: saving };
  }
  if (!best) return null;
  const add = best.quantity - quantity;
  return {
    ...best,
    add,
    message: `Add ${formatCount(add)} more: you pay ${formatMoney(fromCents(best.savingCents))} less overall`,
  };
}
