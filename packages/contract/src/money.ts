const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** The one place an amount becomes text: `$1,234.50`. */
export const formatMoney = (dollars: number): string => usd.format(dollars);

export const toCents = (dollars: number): number => Math.round(dollars * 100);
export const fromCents = (cents: number): number => cents / 100;
