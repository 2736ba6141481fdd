import { MAX_QUANTITY } from './constants.js';
import { formatCount, formatMoney } from './money.js';

/**
 * How a part may be ordered: from its minimum order quantity, in whole packs (the minimum is a
 * whole number of packs), and at most its maximum per order when it has one. One rule for every
 * path (part page, cart, purchase form, checkout, staff forms, the API); the server's placing
 * statement checks the same conditions in SQL (`orderableSql` in the parts module), and a test
 * holds the two to each other.
 */
export type QuantityRule = { minimum: number; packSize: number; maximum: number | null };

/** The rule of a part as the API speaks it. */
export const ruleOf = (part: {
  mOrderQuantity: number;
  packSize?: number;
  maxOrderQuantity?: number | null;
}): QuantityRule => ({
  minimum: part.mOrderQuantity,
  packSize: part.packSize ?? 1,
  maximum: part.maxOrderQuantity ?? null,
});

/** Whether the rule alone (stock aside) allows this quantity. */
export const allowedByRule = (quantity: number, rule: QuantityRule): boolean =>
  Number.isInteger(quantity) &&
  quantity >= rule.minimum &&
  quantity % rule.packSize === 0 &&
  (rule.maximum === null || quantity <= rule.maximum);

/** The largest quantity the rule allows, never above MAX_QUANTITY. */
const ruleCeiling = (rule: QuantityRule): number => {
  const top = Math.min(rule.maximum ?? MAX_QUANTITY, MAX_QUANTITY);
  return top - (top % rule.packSize);
};

/**
 * The allowed quantities nearest to `quantity` (the one below and the one above, when the rule
 * has them): what a refusal offers instead of rounding silently.
 */
export function validNeighbours(quantity: number, rule: QuantityRule): number[] {
  const ceiling = ruleCeiling(rule);
  if (ceiling < rule.minimum) return [];
  if (quantity <= rule.minimum) return [rule.minimum];
  if (quantity >= ceiling) return [ceiling];
  const below = Math.floor(quantity / rule.packSize) * rule.packSize;
  const above = Math.ceil(quantity / rule.packSize) * rule.packSize;
  return below === above ? [below] : [below, above];
}

/** The largest quantity the rule allows within `available`, or null when none fits. */
export function bestWithinStock(rule: QuantityRule, available: number): number | null {
  const top = Math.min(ruleCeiling(rule), available);
  const best = top - (top % rule.packSize);
  return best >= rule.minimum ? best : null;
}

/** Every reason a line cannot be ordered as it is, one closed list for every path. */
export const LINE_PROBLEM_CODES = [
  'BELOW_MINIMUM',
  'NOT_PACK_MULTIPLE',
  'ABOVE_MAXIMUM',
  'ABOVE_STOCK',
  'ARCHIVED',
  'UNKNOWN_PART',
  'PRICE_CHANGED',
] as const;
export type LineProblemCode = (typeof LINE_PROBLEM_CODES)[number];

/**
 * What is wrong with a quantity, what to do about it (`message`), the quantity the one-click fix
 * sets (`suggested`, null when the fix is removing the line) and every valid choice nearby
 * (`options`). The fix never rounds by itself: the buyer presses it.
 */
export type QuantityProblem = {
  code: Extract<
    LineProblemCode,
    'BELOW_MINIMUM' | 'NOT_PACK_MULTIPLE' | 'ABOVE_MAXIMUM' | 'ABOVE_STOCK'
  >;
  message: string;
  suggested: number | null;
  options: number[];
  /** The fix's button, e.g. "Use 50" or "Reduce to 30, all in stock". */
  action: string;
};

const pieces = (n: number) => `${formatCount(n)} ${n === 1 ? 'piece' : 'pieces'}`;
const or = (values: number[]) => values.map((v) => formatCount(v)).join(' or ');

/**
 * The first problem of a quantity against the rule, then against the stock (`available`); null
 * when it can be ordered. Checked in the order a buyer fixes them: minimum, packs, maximum, stock.
 */
export function quantityProblem(
  quantity: number,
  rule: QuantityRule,
  available: number,
): QuantityProblem | null {
  if (quantity < rule.minimum) {
    return {
      code: 'BELOW_MINIMUM',
      message: `Sold from ${pieces(rule.minimum)}: the minimum order is ${formatCount(rule.minimum)}.`,
      suggested: rule.minimum,
      options: [rule.minimum],
      action: `Use ${formatCount(rule.minimum)}`,
    };
  }
  if (quantity % rule.packSize !== 0) {
    const options = validNeighbours(quantity, rule);
    const suggested = options.at(-1) ?? null;
    return {
      code: 'NOT_PACK_MULTIPLE',
      message: `Sold in packs of ${formatCount(rule.packSize)}: ${or(options)}?`,
      suggested,
      options,
      action: suggested === null ? 'Remove' : `Use ${formatCount(suggested)}`,
    };
  }
  if (rule.maximum !== null && quantity > rule.maximum) {
    const options = validNeighbours(quantity, rule);
    const suggested = options[0] ?? null;
    return {
      code: 'ABOVE_MAXIMUM',
      message: `At most ${pieces(rule.maximum)} per order.`,
      suggested,
      options,
      action: suggested === null ? 'Remove' : `Use ${formatCount(suggested)}`,
    };
  }
  if (quantity > available) {
    const best = bestWithinStock(rule, available);
    return {
      code: 'ABOVE_STOCK',
      message:
        best === null
          ? `Only ${pieces(Math.max(available, 0))} in stock, fewer than one order of ${formatCount(rule.minimum)}.`
          : `Only ${pieces(available)} in stock.`,
      suggested: best,
      options: best === null ? [] : [best],
      action: best === null ? 'Remove' : `Reduce to ${formatCount(best)}, all in stock`,
    };
  }
  return null;
}

/**
 * One line's problem, in the one shape the cart, quick order and checkout refusals all use:
 * which line (its index in what was sent), which part, what is wrong and its fix, and the figures
 * behind it.
 */
export type LineProblem = {
  line: number;
  partId: string;
  code: LineProblemCode;
  message: string;
  action: string;
  /** What the line asked for. */
  requested: number;
  /** What the fix sets; null when the fix is removing the line (or, for a price, keeping it). */
  suggested: number | null;
  options: number[];
  available?: number;
  /** A price change: the unit price the buyer saw, and the price now. */
  seenUnitPrice?: number;
  unitPrice?: number;
};

/** The problem of a part no longer sold, or of an id that names no part. */
export const goneProblem = (
  line: number,
  partId: string,
  requested: number,
  archived: boolean,
): LineProblem => ({
  line,
  partId,
  code: archived ? 'ARCHIVED' : 'UNKNOWN_PART',
  message: archived ? 'This part is no longer sold.' : 'There is no such part.',
  action: 'Remove',
  requested,
  suggested: null,
  options: [],
});

/** A unit price that moved since the buyer saw it (dollars). */
export const priceProblem = (
  line: number,
  partId: string,
  requested: number,
  seenUnitPrice: number,
  unitPrice: number,
): LineProblem => ({
  line,
  partId,
  code: 'PRICE_CHANGED',
  message: `The price changed from ${formatMoney(seenUnitPrice)} to ${formatMoney(unitPrice)} a piece.`,
  action: 'Accept the new price',
  requested,
  suggested: null,
  options: [],
  seenUnitPrice,
  unitPrice,
});

/** A quantity problem as a line's problem. */
export const quantityLineProblem = (
  line: number,
  partId: string,
  requested: number,
  problem: QuantityProblem,
  available: number,
): LineProblem => ({
  line,
  partId,
  requested,
  available,
  code: problem.code,
  message: problem.message,
  action: problem.action,
  suggested: problem.suggested,
  options: problem.options,
});

/** A part as a line's problems need it (money in dollars). */
export type LinePart = {
  archived: boolean;
  rule: QuantityRule;
  available: number;
  unitPrice: number;
};

/**
 * Every problem of one line: the part gone (no such part, or no longer sold), its quantity against
 * the rule and the stock, and its price against the one the buyer saw. The one check behind the
 * cart's rows and every refusal that names lines.
 */
export function lineProblems(
  line: number,
  partId: string,
  quantity: number,
  part: LinePart | null,
  seenUnitPrice?: number,
): LineProblem[] {
  if (!part || part.archived) return [goneProblem(line, partId, quantity, part !== null)];
  const problems: LineProblem[] = [];
  const problem = quantityProblem(quantity, part.rule, part.available);
  if (problem) problems.push(quantityLineProblem(line, partId, quantity, problem, part.available));
  if (
    seenUnitPrice !== undefined &&
    Math.round(seenUnitPrice * 100) !== Math.round(part.unitPrice * 100)
  )
    problems.push(priceProblem(line, partId, quantity, seenUnitPrice, part.unitPrice));
  return problems;
}
