/*
 * Amounts and counts become text here, by hand rather than through `Intl.NumberFormat`: a page's
 * first use of `Intl` (or of `Number#toLocaleString`) loads the locale's number data, 15 to 40 ms
 * on this machine's Chromium and four times that on a mid-range phone, on every page that shows a
 * price (decision 080). The text is the library's, character for character (a property test
 * compares them); the rare number written with an exponent still goes to the library.
 */

let usd: Intl.NumberFormat | undefined;

/** `1234567` → `1,234,567`. */
const grouped = (digits: string): string => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** A number's shortest decimal digits, as the library rounds them: `[whole, fraction]`. */
const decimalDigits = (n: number): [string, string] | null => {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(String(Math.abs(n)));
  return match ? [match[1]!, match[2] ?? ''] : null;
};

/** Negative numbers and negative zero are written with a minus, as the library writes them. */
const minus = (n: number): string => (n < 0 || Object.is(n, -0) ? '-' : '');

/** The one place an amount becomes text: `$1,234.50`. */
export const formatMoney = (dollars: number): string => {
  const digits = decimalDigits(dollars);
  if (!digits) {
    usd ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    return usd.format(dollars);
  }
  const [whole, fraction] = digits;
  // Half away from zero on the shortest decimal form, as ICU rounds (1.005 is "$1.01").
  const rounded =
    BigInt(whole + fraction.padEnd(2, '0').slice(0, 2)) + ((fraction[2] ?? '0') >= '5' ? 1n : 0n);
  const cents = rounded.toString().padStart(3, '0');
  return `${minus(dollars)}$${grouped(cents.slice(0, -2))}.${cents.slice(-2)}`;
};

/** A count or quantity as text: `1,234` (what `toLocaleString('en-US')` writes). */
export const formatCount = (n: number): string => {
  const digits = decimalDigits(n);
  if (!digits || digits[1] !== '') return n.toLocaleString('en-US');
  return `${minus(n)}${grouped(digits[0])}`;
};

export const toCents = (dollars: number): number => Math.round(dollars * 100);
export const fromCents = (cents: number): number => cents / 100;
