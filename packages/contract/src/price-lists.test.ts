import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buyerPrice,
  compileBuyerPrices,
  describePrice,
  percentOffCents,
  type AssignedPriceList,
  type PartPricing,
} from './price-lists.js';
import { unitCentsAt } from './volume-prices.js';

const part: PartPricing = {
  id: 'p1',
  category: 'brakes',
  priceCents: 5500,
  steps: [{ minQuantity: 10, unitCents: 4950 }],
};
const list = (over: Partial<AssignedPriceList>): AssignedPriceList => ({
  id: 'l1',
  name: 'List',
  priority: 0,
  validFrom: null,
  validUntil: null,
  percentOffBp: null,
  categoryPercentOffBp: [],
  fixed: [],
  ...over,
});
const today = '2027-03-01';

describe('contract price lists: examples', () => {
  it('a fixed price from 10 pieces, with the ladder in the explanation', () => {
    const fleet = list({
      name: 'Fleet 2027',
      fixed: [
        { partId: 'p1', minQuantity: 1, unitCents: 5000 },
        { partId: 'p1', minQuantity: 10, unitCents: 4120 },
      ],
    });
    const d = buyerPrice(part, 12, [fleet], today);
    expect(d.unitCents).toBe(4120);
    expect(d.paid).toBe('list');
    expect(describePrice(d)).toBe(
      'Fleet 2027: fixed $41.20 from 10 pieces; list price $55.00; ladder $49.50 from 10',
    );
    expect(buyerPrice(part, 9, [fleet], today).unitCents).toBe(5000);
  });

  it('a category percentage replaces the list-wide one; rounding is once, half up', () => {
    const l = list({
      percentOffBp: 1000,
      categoryPercentOffBp: [{ category: 'brakes', percentOffBp: 3500 }],
    });
    expect(buyerPrice(part, 1, [l], today).unitCents).toBe(3575);
    expect(buyerPrice({ ...part, category: 'filters' }, 1, [l], today).unitCents).toBe(4950);
    // 999 * 0.65 = 649.35 -> 649; 1001 * 0.5 = 500.5 -> 501; 1 cent at 99.99% stays 1 cent.
    expect(percentOffCents(999, 3500)).toBe(649);
    expect(percentOffCents(1001, 5000)).toBe(501);
    expect(percentOffCents(1, 9999)).toBe(1);
  });

  it('the highest priority decides, even when a lower one is cheaper; never above public', () => {
    const high = list({ id: 'a', name: 'High', priority: 5, percentOffBp: 1000 });
    const low = list({ id: 'b', name: 'Low', priority: 1, percentOffBp: 5000 });
    expect(buyerPrice(part, 1, [low, high], today).decidedBy?.listName).toBe('High');
    const dear = list({ fixed: [{ partId: 'p1', minQuantity: 1, unitCents: 9000 }] });
    const d = buyerPrice(part, 10, [dear], today);
    expect(d).toMatchObject({ unitCents: 4950, paid: 'public', decidedBy: { unitCents: 9000 } });
  });

  it('lists outside their dates, or without this part, do not count', () => {
    const expired = list({ id: 'x', validUntil: '2027-02-28', percentOffBp: 5000, priority: 9 });
    const future = list({ id: 'y', validFrom: '2027-03-02', percentOffBp: 5000, priority: 9 });
    const other = list({ id: 'z', fixed: [{ partId: 'p2', minQuantity: 1, unitCents: 1 }] });
    const d = buyerPrice(part, 1, [expired, future, other], today);
    expect(d.unitCents).toBe(5500);
    expect(d.decidedBy).toBeNull();
    expect(d.candidates.map((c) => c.status)).toEqual(['no-price', 'inactive', 'inactive']);
    // Both dates are inclusive.
    expect(
      buyerPrice(part, 1, [list({ validFrom: today, validUntil: today, percentOffBp: 100 })], today)
        .paid,
    ).toBe('list');
  });
});

/**
 * A plain reference, written apart from the rule: every active list's price, the winner found by
 * sorting on (priority desc, price asc, id asc), capped at the public price.
 */
function reference(p: PartPricing, quantity: number, lists: AssignedPriceList[], day: string) {
  let publicCents = p.priceCents;
  for (const s of [...p.steps].sort((a, b) => a.minQuantity - b.minQuantity))
    if (s.minQuantity <= quantity) publicCents = s.unitCents;
  const priced: { id: string; priority: number; cents: number }[] = [];
  for (const l of lists) {
    if (l.validFrom && day < l.validFrom) continue;
    if (l.validUntil && day > l.validUntil) continue;
    const mine = l.fixed
      .filter((e) => e.partId === p.id && e.minQuantity <= quantity)
      .sort((a, b) => b.minQuantity - a.minQuantity);
    let cents: number | undefined = mine[0]?.unitCents;
    if (cents === undefined) {
      const byCategory = l.categoryPercentOffBp.filter((c) => c.category === p.category);
      const off = byCategory.length > 0 ? byCategory[0]!.percentOffBp : l.percentOffBp;
      if (off !== null) cents = Math.max(1, Math.round((publicCents * (10000 - off)) / 10000));
    }
    if (cents !== undefined) priced.push({ id: l.id, priority: l.priority, cents });
  }
  priced.sort((a, b) => b.priority - a.priority || a.cents - b.cents || a.id.localeCompare(b.id));
  return priced.length === 0 ? publicCents : Math.min(priced[0]!.cents, publicCents);
}

/** Percentages with exact halves among them (5000 bp of an odd price), where rounding shows. */
const bp = fc.oneof(fc.integer({ min: 1, max: 9999 }), fc.constantFrom(5000, 2500, 7500));
const day = fc
  .integer({ min: 0, max: 60 })
  .map((n) => new Date(Date.UTC(2027, 0, 1 + n)).toISOString().slice(0, 10));
const categories = ['brakes', 'filters', 'engine'];
const partIds = ['p1', 'p2', 'p3'];

const aList = fc.record({
  id: fc.constantFrom('00a', '01b', '0c2', '1d3', 'e4f', 'f50'),
  name: fc.constant('L'),
  priority: fc.integer({ min: -2, max: 3 }),
  validFrom: fc.option(day, { nil: null }),
  validUntil: fc.option(day, { nil: null }),
  percentOffBp: fc.option(bp, { nil: null }),
  categoryPercentOffBp: fc.uniqueArray(
    fc.record({
      category: fc.constantFrom(...categories),
      percentOffBp: bp,
    }),
    { selector: (c) => c.category, maxLength: 3 },
  ),
  fixed: fc.uniqueArray(
    fc.record({
      partId: fc.constantFrom(...partIds),
      minQuantity: fc.integer({ min: 1, max: 60 }),
      unitCents: fc.integer({ min: 1, max: 20_000 }),
    }),
    { selector: (e) => `${e.partId}:${e.minQuantity}`, maxLength: 8 },
  ),
});

const aPart: fc.Arbitrary<PartPricing> = fc
  .record({
    id: fc.constantFrom(...partIds),
    category: fc.constantFrom(...categories),
    priceCents: fc.integer({ min: 1, max: 100_000_000 }),
    steps: fc.uniqueArray(
      fc.record({
        minQuantity: fc.integer({ min: 2, max: 60 }),
        unitCents: fc.integer({ min: 1, max: 20_000 }),
      }),
      { selector: (s) => s.minQuantity, maxLength: 4 },
    ),
  })
  .map((p) => ({ ...p, steps: [...p.steps].sort((a, b) => a.minQuantity - b.minQuantity) }));

describe('contract price lists: the rule against a plain reference', () => {
  it('gives the same unit price over random lists, priorities, dates, categories and quantities', () => {
    fc.assert(
      fc.property(
        aPart,
        fc.integer({ min: 1, max: 80 }),
        fc.uniqueArray(aList, { selector: (l) => l.id, maxLength: 5 }),
        day,
        (p, quantity, lists, d) => {
          const decision = buyerPrice(p, quantity, lists, d);
          expect(decision.unitCents).toBe(reference(p, quantity, lists, d));
          expect(decision.candidates).toHaveLength(lists.length);
          // The same answer whatever order the assignments come in.
          expect(buyerPrice(p, quantity, [...lists].reverse(), d)).toEqual(decision);
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe('contract price lists: the compiled rule (the search prices many parts with it)', () => {
  it('gives buyerPrice’s unit cents for every part, quantity, public price and list', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(aPart, fc.integer({ min: 1, max: 80 })), { minLength: 1, maxLength: 6 }),
        fc.uniqueArray(aList, { selector: (l) => l.id, maxLength: 5 }),
        day,
        (asked, lists, d) => {
          const unitCents = compileBuyerPrices(lists, d);
          for (const [p, quantity] of asked) {
            const publicCents = unitCentsAt(p.priceCents, p.steps, quantity);
            expect(unitCents(p.id, p.category, publicCents, quantity)).toBe(
              buyerPrice(p, quantity, lists, d).unitCents,
            );
          }
        },
      ),
      { numRuns: 3000 },
    );
  });
});
