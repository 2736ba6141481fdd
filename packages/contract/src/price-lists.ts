import { formatCount, formatMoney, fromCents } from './money.js';
import { stepAt, unitCentsAt, type PriceStepCents } from './volume-prices.js';

/**
 * Contract price lists (issue 36, decision 061): the one rule that gives a company buyer's unit
 * price. Pure and deterministic; the server's pricer calls it, and its SQL twin
 * (`buyerUnitPriceSql` in the price-lists module) is held equal to it by a property test.
 */

/** A fixed unit price for a part in a list, from `minQuantity` pieces (a quantity break). */
export type FixedPriceCents = { partId: string; minQuantity: number; unitCents: number };

/** A price list as the rule reads it, with the priority of the buyer's assignment of it. */
export type AssignedPriceList = {
  id: string;
  name: string;
  priority: number;
  /** ISO dates (`YYYY-MM-DD`), both inclusive, compared with today's UTC date; null: open. */
  validFrom: string | null;
  validUntil: string | null;
  /**
   * Off the public price of every part, unless its category has its own percentage; in basis
   * points, 1 to 9999 (3500 is 35% off: zero and 100% off are not discounts).
   */
  percentOffBp: number | null;
  categoryPercentOffBp: readonly { category: string; percentOffBp: number }[];
  /** Entries for any parts: the rule reads the ones of the part it prices. */
  fixed: readonly FixedPriceCents[];
};

/** What the rule needs of a part: its price and volume ladder (contract volume-prices.ts). */
export type PartPricing = {
  id: string;
  category: string;
  priceCents: number;
  steps: readonly PriceStepCents[];
};

/** Where a list's price comes from. */
export type PriceSource =
  | { kind: 'fixed'; minQuantity: number }
  | { kind: 'category'; category: string; percentOffBp: number }
  | { kind: 'list-wide'; percentOffBp: number };

/** One assigned list, as the rule saw it for this part and quantity. */
export type PriceCandidate = {
  listId: string;
  listName: string;
  priority: number;
  /** `inactive`: not valid today; `no-price`: no entry or percentage for this part here. */
  status: 'inactive' | 'no-price' | 'priced';
  unitCents: number | null;
  source: PriceSource | null;
};

export type PriceDecision = {
  /** What the buyer pays per piece. */
  unitCents: number;
  /** The part's own price, and the public price at this quantity (its ladder step, if any). */
  listCents: number;
  publicCents: number;
  ladderStep: number | null;
  /** The list the rule picked (highest priority among those that price the part), if any. */
  decidedBy: { listId: string; listName: string; unitCents: number; source: PriceSource } | null;
  /** `public` also when the picked list's price is above the public price. */
  paid: 'list' | 'public';
  /** Every assigned list, highest priority first (then as the rule breaks ties). */
  candidates: PriceCandidate[];
};

/** Today's date in UTC as `YYYY-MM-DD`: the day validity dates are compared with. */
export const utcToday = (now: Date = new Date()): string => now.toISOString().slice(0, 10);

/** Whether a list is valid on `today` (ISO dates compare as text). */
export const isActiveOn = (
  list: Pick<AssignedPriceList, 'validFrom' | 'validUntil'>,
  today: string,
): boolean =>
  (list.validFrom === null || list.validFrom <= today) &&
  (list.validUntil === null || list.validUntil >= today);

/**
 * A percentage off a price, rounded once, half up, to whole cents; never below one cent (an
 * order line is never free). Exact in doubles: cents times 10,000 stays far below 2^53.
 */
export const percentOffCents = (publicCents: number, percentOffBp: number): number =>
  Math.max(1, Math.floor((publicCents * (10_000 - percentOffBp) + 5_000) / 10_000));

/** A list's price for `quantity` pieces of a part, or null when the list does not price it. */
function listPrice(
  list: AssignedPriceList,
  part: PartPricing,
  quantity: number,
  publicCents: number,
): { unitCents: number; source: PriceSource } | null {
  let fixed: FixedPriceCents | null = null;
  for (const entry of list.fixed)
    if (
      entry.partId === part.id &&
      entry.minQuantity <= quantity &&
      (fixed === null || entry.minQuantity > fixed.minQuantity)
    )
      fixed = entry;
  if (fixed)
    return {
      unitCents: fixed.unitCents,
      source: { kind: 'fixed', minQuantity: fixed.minQuantity },
    };
  const category = list.categoryPercentOffBp.find((c) => c.category === part.category);
  if (category)
    return {
      unitCents: percentOffCents(publicCents, category.percentOffBp),
      source: { kind: 'category', category: part.category, percentOffBp: category.percentOffBp },
    };
  if (list.percentOffBp !== null)
    return {
      unitCents: percentOffCents(publicCents, list.percentOffBp),
      source: { kind: 'list-wide', percentOffBp: list.percentOffBp },
    };
  return null;
}

const rank: Record<PriceCandidate['status'], number> = { priced: 0, 'no-price': 1, inactive: 2 };

/** Priced lists first, by the rule's order (priority, then price, then id); the rest by priority. */
function byRule(a: PriceCandidate, b: PriceCandidate): number {
  if (a.status !== b.status) return rank[a.status] - rank[b.status];
  if (a.priority !== b.priority) return b.priority - a.priority;
  if (a.unitCents !== null && b.unitCents !== null && a.unitCents !== b.unitCents)
    return a.unitCents - b.unitCents;
  return a.listId < b.listId ? -1 : a.listId > b.listId ? 1 : 0;
}

/**
 * The unit price of `quantity` pieces of a part for a buyer with these assigned lists, on `today`.
 * Of the active lists that price the part at this quantity, the highest priority decides (ties:
 * the lower price, then the smaller list id); the buyer pays the lower of its price and the
 * public price. No such list: the public price.
 */
export function buyerPrice(
  part: PartPricing,
  quantity: number,
  lists: readonly AssignedPriceList[],
  today: string,
): PriceDecision {
  const publicCents = unitCentsAt(part.priceCents, part.steps, quantity);
  const candidates = lists
    .map((list): PriceCandidate => {
      const base = { listId: list.id, listName: list.name, priority: list.priority };
      if (!isActiveOn(list, today))
        return { ...base, status: 'inactive', unitCents: null, source: null };
      const price = listPrice(list, part, quantity, publicCents);
      return price
        ? { ...base, status: 'priced', ...price }
        : { ...base, status: 'no-price', unitCents: null, source: null };
    })
    .sort(byRule);
  const best = candidates[0];
  const decidedBy =
    best?.status === 'priced' && best.unitCents !== null && best.source !== null
      ? {
          listId: best.listId,
          listName: best.listName,
          unitCents: best.unitCents,
          source: best.source,
        }
      : null;
  const paid = decidedBy !== null && decidedBy.unitCents < publicCents ? 'list' : 'public';
  return {
    unitCents: paid === 'list' && decidedBy ? decidedBy.unitCents : publicCents,
    listCents: part.priceCents,
    publicCents,
    ladderStep: stepAt(part.steps, quantity)?.minQuantity ?? null,
    decidedBy,
    paid,
    candidates,
  };
}

const money = (cents: number) => formatMoney(fromCents(cents));
const percent = (bp: number) => `${formatCount(bp / 100)}%`;

/** A source in words: "fixed $41.20 from 10 pieces", "35% off brakes". */
function describeSource(source: PriceSource, unitCents: number): string {
  if (source.kind === 'fixed')
    return `fixed ${money(unitCents)} from ${formatCount(source.minQuantity)} pieces`;
  const what = source.kind === 'category' ? source.category : 'the list';
  return `${percent(source.percentOffBp)} off ${what}: ${money(unitCents)}`;
}

/**
 * A decision in one line for the console: "Fleet 2027: fixed $41.20 from 10 pieces; list price
 * $55.00; ladder $49.50".
 */
export function describePrice(decision: PriceDecision): string {
  const parts: string[] = [];
  const by = decision.decidedBy;
  if (by) parts.push(`${by.listName}: ${describeSource(by.source, by.unitCents)}`);
  else parts.push('No price list prices it: the public price');
  parts.push(`list price ${money(decision.listCents)}`);
  if (decision.ladderStep !== null)
    parts.push(`ladder ${money(decision.publicCents)} from ${formatCount(decision.ladderStep)}`);
  if (by && decision.paid === 'public')
    parts.push(`the public price ${money(decision.publicCents)} is lower and applies`);
  return parts.join('; ');
}

/**
 * A buyer's unit price of a part at a quantity, given the part's public unit price there: what
 * `buyerPrice(...).unitCents` answers, without the explanation.
 */
export type UnitCentsOf = (
  partId: string,
  category: string,
  publicCents: number,
  quantity: number,
) => number;

/**
 * The rule of `buyerPrice` compiled once for a buyer's lists on `today`, to price many parts fast
 * (the search sorts and filters every candidate by the buyer's price, decision 061 "Search by the
 * buyer's price"): the active lists are kept in the rule's order, a part's fixed entries are
 * found by its id, and a part without any is priced by its category alone (one answer per
 * category and public price). The same unit cents as `buyerPrice` for every part, quantity and
 * public price (a property test holds it to the rule).
 */
export function compileBuyerPrices(
  lists: readonly AssignedPriceList[],
  today: string,
): UnitCentsOf {
  const active = lists
    .filter((l) => isActiveOn(l, today))
    .map((l) => ({
      priority: l.priority,
      listWide: l.percentOffBp,
      byCategory: new Map(l.categoryPercentOffBp.map((c) => [c.category, c.percentOffBp])),
    }));
  // A part's fixed entries, per active list (index into `active`), largest from-quantity first.
  const fixedByPart = new Map<string, { list: number; entries: FixedPriceCents[] }[]>();
  lists
    .filter((l) => isActiveOn(l, today))
    .forEach((l, list) => {
      const mine = new Map<string, FixedPriceCents[]>();
      for (const e of l.fixed) {
        let entries = mine.get(e.partId);
        if (!entries) mine.set(e.partId, (entries = []));
        entries.push(e);
      }
      for (const [partId, entries] of mine) {
        entries.sort((a, b) => b.minQuantity - a.minQuantity);
        let of = fixedByPart.get(partId);
        if (!of) fixedByPart.set(partId, (of = []));
        of.push({ list, entries });
      }
    });
  /** A list's percentage for a category (its own, else the list-wide one), or null. */
  const percentOf = (l: (typeof active)[number], category: string): number | null =>
    l.byCategory.get(category) ?? l.listWide;
  // Without fixed entries a part's price depends on its category only: of the highest priority
  // lists with a percentage for it, the lowest price, which is the largest percentage.
  const byCategory = new Map<string, number | null>();
  const categoryPercent = (category: string): number | null => {
    let bp = byCategory.get(category);
    if (bp !== undefined) return bp;
    let priority = -Infinity;
    bp = null;
    for (const l of active) {
      const off = percentOf(l, category);
      if (off === null) continue;
      if (l.priority > priority || (l.priority === priority && off > (bp ?? 0))) {
        priority = l.priority;
        bp = off;
      }
    }
    byCategory.set(category, bp);
    return bp;
  };
  return (partId, category, publicCents, quantity) => {
    const fixed = fixedByPart.get(partId);
    if (fixed === undefined) {
      const bp = categoryPercent(category);
      return bp === null ? publicCents : Math.min(publicCents, percentOffCents(publicCents, bp));
    }
    let priority = -Infinity;
    let best: number | null = null;
    active.forEach((l, i) => {
      let cents: number | null = null;
      const entries = fixed.find((f) => f.list === i)?.entries;
      const entry = entries?.find((e) => e.minQuantity <= quantity);
      if (entry) cents = entry.unitCents;
      else {
        const off = percentOf(l, category);
        if (off !== null) cents = percentOffCents(publicCents, off);
      }
      if (cents === null) return;
      if (l.priority > priority || (l.priority === priority && cents < best!)) {
        priority = l.priority;
        best = cents;
      }
    });
    return best === null ? publicCents : Math.min(publicCents, best);
  };
}
