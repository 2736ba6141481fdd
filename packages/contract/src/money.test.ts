import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCount, formatMoney } from './money.js';

// What the hand-written formatting must equal, character for character.
const intlUsd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

describe('formatMoney writes what Intl.NumberFormat writes', () => {
  it.each([
    0,
    -0,
    0.5,
    1,
    1.005,
    1.015,
    2.675,
    0.004,
    0.005,
    -0.004,
    -0.005,
    -1.5,
    999.995,
    999999.995,
    1234,
    34.5,
    12345678.9,
    0.1 + 0.2,
    1e-7,
    5e-324,
    1e21,
    1.5e300,
    2 ** 53 + 2,
    -1e21,
    NaN,
    Infinity,
    -Infinity,
    Number.MAX_SAFE_INTEGER / 100,
  ])('%s', (n) => {
    expect(formatMoney(n)).toBe(intlUsd.format(n));
  });

  it('for amounts in cents, as every price is', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e15 }), (cents) => {
        expect(formatMoney(cents / 100)).toBe(intlUsd.format(cents / 100));
      }),
      { numRuns: 2000 },
    );
  });

  it('for any number, rounding half away from zero on its shortest decimal form', () => {
    fc.assert(
      fc.property(fc.double(), fc.integer({ min: -5e6, max: 5e6 }), (n, thousandths) => {
        expect(formatMoney(n)).toBe(intlUsd.format(n));
        expect(formatMoney(thousandths / 1000)).toBe(intlUsd.format(thousandths / 1000));
      }),
      { numRuns: 2000 },
    );
  });
});

describe("formatCount writes what toLocaleString('en-US') writes", () => {
  it.each([0, -0, 7, 999, 1000, -1234567, 1.5, 0.0001, 2 ** 53, 1e21, 1e300, NaN, -Infinity])(
    '%s',
    (n) => {
      expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
    },
  );

  it('for any number', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.double(), fc.maxSafeInteger()), (n) => {
        expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
      }),
      { numRuns: 2000 },
    );
  });
});
