import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decideTax,
  findTaxRegion,
  formatRate,
  lineRateBp,
  lineTaxCents,
  rateFor,
  taxLines,
  taxPerRate,
  taxTakenBack,
  taxTotals,
  type TaxRegion,
  type TaxStatus,
} from './tax.js';

const region = (over: Partial<TaxRegion>): TaxRegion => ({
  id: 'r',
  country: 'US',
  state: null,
  rateBp: 500,
  categoryRates: [],
  ...over,
});
const california = region({ id: 'ca', state: 'CA', rateBp: 825 });
const texas = region({ id: 'tx', state: 'TX', rateBp: 625 });
const germany = region({
  id: 'de',
  country: 'DE',
  rateBp: 1900,
  categoryRates: [{ category: 'filters', rateBp: 700 }],
});
const regions = [california, texas, germany];
const exempt: TaxStatus = {
  kind: 'exempt',
  certificateNumber: 'RESALE-1',
  regions: ['US-CA'],
  expiresOn: '2027-06-30',
  verifiedAt: '2027-01-02T00:00:00Z',
};

describe('tax regions', () => {
  it('finds a state region first, then the country, and nothing elsewhere', () => {
    expect(findTaxRegion(regions, { country: 'US', state: 'ca' })).toBe(california);
    expect(findTaxRegion(regions, { country: 'United States', state: 'TX' })).toBe(texas);
    expect(findTaxRegion(regions, { country: 'usa', state: 'NY' })).toBeNull();
    expect(findTaxRegion([...regions, region({ id: 'us' })], { country: 'US' })?.id).toBe('us');
    expect(findTaxRegion(regions, { country: 'Germany' })).toBe(germany);
    expect(findTaxRegion(regions, { country: 'France' })).toBeNull();
    expect(findTaxRegion([], { country: 'US', state: 'CA' })).toBeNull();
  });

  it('takes a category rate where the region has one', () => {
    expect(rateFor(germany, 'filters')).toBe(700);
    expect(rateFor(germany, 'brakes')).toBe(1900);
  });

  it('rounds a line half up to the cent', () => {
    expect(lineTaxCents(1000, 825)).toBe(83); // 82.5
    expect(lineTaxCents(999, 825)).toBe(82); // 82.4175
    expect(lineTaxCents(1, 4999)).toBe(0);
    expect(lineTaxCents(1, 5000)).toBe(1);
    expect(lineTaxCents(0, 825)).toBe(0);
    expect(lineTaxCents(12_345, 0)).toBe(0);
    expect(formatRate(825)).toBe('8.25%');
    expect(formatRate(2000)).toBe('20%');
    expect(formatRate(750)).toBe('7.5%');
  });
});

describe('the buyer status', () => {
  const today = '2027-03-01';
  it('taxes nothing where no region is', () => {
    expect(decideTax(null, exempt, today)).toEqual({
      treatment: 'none',
      note: null,
      certificateNumber: null,
      buyerVatId: null,
    });
    expect(lineRateBp(null, { treatment: 'none' }, 'brakes')).toBe(0);
  });

  it('exempts with a verified, unexpired certificate covering the region', () => {
    expect(decideTax(california, exempt, today)).toMatchObject({
      treatment: 'exempt',
      certificateNumber: 'RESALE-1',
    });
    expect(lineRateBp(california, { treatment: 'exempt' }, 'brakes')).toBe(0);
    expect(decideTax(california, exempt, '2027-06-30').treatment).toBe('exempt');
  });

  it('taxes and says why otherwise', () => {
    expect(decideTax(california, exempt, '2027-07-01')).toMatchObject({
      treatment: 'standard',
      note: 'Tax charged: exemption certificate RESALE-1 expired on 2027-06-30.',
    });
    expect(decideTax(texas, exempt, today).note).toBe(
      'Tax charged: exemption certificate RESALE-1 does not cover US-TX.',
    );
    expect(decideTax(california, { ...exempt, verifiedAt: null }, today).note).toMatch(
      /not yet verified/,
    );
    expect(
      decideTax(germany, { kind: 'reverse_charge', vatId: 'DE1', confirmedAt: null }, today),
    ).toMatchObject({ treatment: 'standard' });
    expect(
      decideTax(germany, { kind: 'reverse_charge', vatId: 'DE1', confirmedAt: 'x' }, today),
    ).toMatchObject({ treatment: 'reverse_charge', buyerVatId: 'DE1' });
  });
});

const lineArb = fc.record({
  netCents: fc.integer({ min: 1, max: 50_000_000 }),
  rateBp: fc.constantFrom(0, 500, 700, 825, 1900, 2000, 10_000),
});

describe('tax properties', () => {
  it('rates add up to the lines, and lines to the totals, to the cent', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 40 }), (lines) => {
        const taxed = taxLines(lines);
        const totals = taxTotals(taxed);
        const perRate = taxPerRate(taxed);
        expect(perRate.reduce((s, r) => s + r.taxCents, 0)).toBe(totals.taxCents);
        expect(totals.grossCents).toBe(totals.netCents + totals.taxCents);
        for (const l of taxed) {
          // Half up: within half a cent of the exact tax.
          expect(Math.abs(l.taxCents - (l.netCents * l.rateBp) / 10_000)).toBeLessThanOrEqual(0.5);
        }
      }),
    );
  });

  it('partial take-backs never exceed the tax charged, and all of it comes back in full', () => {
    fc.assert(
      fc.property(
        fc.array(lineArb, { minLength: 1, maxLength: 10 }),
        fc.array(fc.integer({ min: 1, max: 1_000_000 }), { maxLength: 12 }),
        (lines, asked) => {
          const { grossCents, taxCents } = taxTotals(taxLines(lines));
          const earlier = { grossCents: 0, taxCents: 0 };
          for (const want of asked) {
            const amount = Math.min(want, grossCents - earlier.grossCents);
            if (amount <= 0) break;
            const tax = taxTakenBack({ grossCents, taxCents }, earlier, amount);
            expect(tax).toBeGreaterThanOrEqual(0);
            expect(tax).toBeLessThanOrEqual(amount);
            earlier.grossCents += amount;
            earlier.taxCents += tax;
            expect(earlier.taxCents).toBeLessThanOrEqual(taxCents);
            // The share so far is within a cent of the exact proportion.
            expect(
              Math.abs(earlier.taxCents - (taxCents * earlier.grossCents) / grossCents),
            ).toBeLessThanOrEqual(0.5);
          }
          const rest = grossCents - earlier.grossCents;
          if (rest > 0) earlier.taxCents += taxTakenBack({ grossCents, taxCents }, earlier, rest);
          expect(earlier.taxCents).toBe(taxCents);
        },
      ),
    );
  });

  it('puts no more tax in a take-back than its amount, after one that held less than its share', () => {
    // Found by the returns' property test: a 31-cent line taxed at 0% came back with no tax, then
    // a 1-cent credit note's share of the order's tax so far was 2 cents.
    const order = { grossCents: 4211, taxCents: 198 };
    expect(taxTakenBack(order, { grossCents: 31, taxCents: 0 }, 1)).toBe(1);
    // What it could not hold comes back with the rest: the whole order gives back all its tax.
    expect(taxTakenBack(order, { grossCents: 32, taxCents: 1 }, 4179)).toBe(197);
  });
});
