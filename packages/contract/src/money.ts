/*
 * Amounts and counts become text here, by hand rather than through `Intl.NumberFormat`: a page's
 * first use of `Intl` (or of `Number#toLocaleString`) loads the locale's number data, 15 to 40 ms
 * on this machine's Chromium and four times that on a mid-range phone, on every page that shows a
 * price (decision 080). The text is the library's, character for character (a property test
 * compares them); the rare number written with an exponent still goes to the library.
 */

let usd: Intl.NumberFormat | undefined;

/** `1234567` → `1,234,567`. */
const grouped = (digits: string): string => digits.replace(/\B(?=(\d{3})+$)/g, ',');

/** Negative numbers and negative zero are written with a minus, as the library writes them. */
const sign = (n: number): string => (n < 0 || Object.is(n, -0) ? '-' : '');

/** The one place an amount becomes text: `$1,234.50`. */
export const formatMoney = (dollars: number): string => {
  // The shortest decimal digits (`String`), in thousandths while they are exact integers.
  const [whole = '', fraction = ''] = String(Math.abs(dollars)).split('.');
  if (!/^\d{1,12}$/.test(whole) || !/^\d*$/.test(fraction)) {
    usd ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    return usd.format(dollars);
  }
  // Half away from zero on those digits, as ICU rounds: 1.005 is "$1.01".
  const cents = String(Math.round(Number(whole + fraction.padEnd(3, '0').slice(0, 3)) / 10));
  const text = cents.padStart(3, '0');
  return `${sign(dollars)}$${grouped(text.slice(0, -2))}.${text.slice(-2)}`;
};

/** A count or quantity as text: `1,234` (what `toLocaleString('en-US')` writes). */
export const formatCount = (n: number): string => {
  const digits = String(Math.abs(n));
  return /^\d+$/.test(digits) ? sign(n) + grouped(digits) : n.toLocaleString('en-US');
};

export const toCents = (dollars: number): number => Math.round(dollars * 100);
export const fromCents = (cents: number): number => cents / 100;
