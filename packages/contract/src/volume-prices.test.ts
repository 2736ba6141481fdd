import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allowedByRule, type QuantityRule } from './quantity.js';
import { ladderIssues, unitCentsAt, volumeNudge, type PriceStepCents } from './volume-prices.js';

const rule: QuantityRule = { minimum: 10, packSize: 5, maximum: null };
const steps: PriceStepCents[] = [
  { minQuantity: 40, unitCents: 820 },
  { minQuantity: 100, unitCents: 760 },
];

describe('volume prices', () => {
  it('prices a quantity at the highest step it reaches', () => {
    expect(unitCentsAt(1000, steps, 10)).toBe(1000);
    expect(unitCentsAt(1000, steps, 39)).toBe(1000);
    expect(unitCentsAt(1000, steps, 40)).toBe(820);
    expect(unitCentsAt(1000, steps, 99)).toBe(820);
    expect(unitCentsAt(1000, steps, 100_000)).toBe(760);
  });

  it('nudges with the saving in words, and not when only the unit price drops', () => {
    expect(volumeNudge(35, 1000, steps, rule, 1000)).toEqual({
      quantity: 40,
      add: 5,
      savingCents: 2200,
      message: 'Add 5 more: you pay $22.00 less overall',
    });
    expect(volumeNudge(20, 1000, steps, rule, 1000)).toBeNull();
    // Not past the stock, the maximum, or from a quantity the rule refuses.
    expect(volumeNudge(35, 1000, steps, rule, 39)).toBeNull();
    expect(volumeNudge(35, 1000, steps, { ...rule, maximum: 35 }, 1000)).toBeNull();
    expect(volumeNudge(36, 1000, steps, rule, 1000)).toBeNull();
  });

  it('a nudge always lowers the total and is the biggest saving there is', () => {
    const anyLadder = fc
      .record({
        packSize: fc.integer({ min: 1, max: 10 }),
        packs: fc.integer({ min: 1, max: 5 }),
        base: fc.integer({ min: 100, max: 10_000 }),
        gaps: fc.array(fc.integer({ min: 1, max: 30 }), { maxLength: 6 }),
        cuts: fc.array(fc.integer({ min: 1, max: 500 }), { minLength: 6, maxLength: 6 }),
      })
      .map(({ packSize, packs, base, gaps, cuts }) => {
        const r: QuantityRule = { minimum: packSize * packs, packSize, maximum: null };
        let q = r.minimum;
        let c = base;
        const s: PriceStepCents[] = [];
        gaps.forEach((gap, i) => {
          q += gap * packSize;
          c -= cuts[i] ?? 1;
          if (c > 0) s.push({ minQuantity: q, unitCents: c });
        });
        return { rule: r, base, steps: s };
      });
    fc.assert(
      fc.property(
        anyLadder,
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 0, max: 500 }),
        ({ rule: r, base, steps: s }, quantity, available) => {
          expect(ladderIssues(s, r, base)).toEqual({});
          const nudge = volumeNudge(quantity, base, s, r, available);
          const total = (q: number) => q * unitCentsAt(base, s, q);
          const better = s.filter(
            (step) =>
              step.minQuantity > quantity &&
              step.minQuantity <= available &&
              allowedByRule(step.minQuantity, r) &&
              total(step.minQuantity) < total(quantity),
          );
          if (!allowedByRule(quantity, r) || quantity > available || better.length === 0) {
            expect(nudge).toBeNull();
            return;
          }
          expect(nudge).not.toBeNull();
          expect(total(nudge!.quantity)).toBe(total(quantity) - nudge!.savingCents);
          expect(nudge!.savingCents).toBeGreaterThan(0);
          for (const step of better)
            expect(total(step.minQuantity)).toBeGreaterThanOrEqual(total(nudge!.quantity));
        },
      ),
      { numRuns: 3_000 },
    );
  });
});
