import type { PriceListSummary } from '@storefront/contract';

/** "2027-01-01 to 2027-12-31 (active)", "from 2027-01-01 (not yet)", "always (active)". */
export function validity(l: Pick<PriceListSummary, 'validFrom' | 'validUntil' | 'active'>): string {
  const span =
    l.validFrom && l.validUntil
      ? `${l.validFrom} to ${l.validUntil}`
      : l.validFrom
        ? `from ${l.validFrom}`
        : l.validUntil
          ? `until ${l.validUntil}`
          : 'always';
  return `${span} (${l.active ? 'active' : 'not active today'})`;
}
