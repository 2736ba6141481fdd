/*
 * The tax rule (issue 37, decision 063): pure functions both halves use. Prices in the catalog are
 * net of tax; an order's tax is computed by the server when it is placed, from the ship-to region
 * and the buyer's tax status at that moment, and stored per line (never recomputed later).
 *
 * Rounding, once for every document: the tax of a line is its net total times its rate, rounded
 * half up to the cent (rates are basis points: 825 = 8.25%). The tax of a rate is the sum of its
 * lines' taxes and the order's tax the sum of every line's, so an invoice's lines add up to its
 * totals to the cent by construction. What is taken back (a refund, a credit note) is the same
 * share of the tax as of the gross amount, counted on everything taken back so far, so the sum of
 * every take-back never exceeds the tax charged and a full refund takes back exactly all of it.
 */

/** 100% in basis points: the highest rate a region may have. */
export const MAX_TAX_RATE_BP = 10_000;

/** A region where the shop collects tax: a country, or a state or province of one. */
export type TaxRegion = {
  id: string;
  /** ISO 3166-1 alpha-2, upper case (`US`, `DE`). */
  country: string;
  /** The state or province's code or name (`CA`, `Ontario`); null for the whole country. */
  state: string | null;
  /** The region's rate in basis points. */
  rateBp: number;
  /** A different rate for a catalog category, replacing the region's there. */
  categoryRates: readonly { category: string; rateBp: number }[];
};

/** The region's key as documents print it: `US-CA`, `DE`. */
export const regionKey = (region: Pick<TaxRegion, 'country' | 'state'>): string =>
  region.state === null ? region.country : `${region.country}-${region.state.toUpperCase()}`;

/** Other ways a buyer writes a country, beside its code and its English name. */
const COUNTRY_ALIASES: Record<string, string> = {
  USA: 'US',
  'UNITED STATES OF AMERICA': 'US',
  UK: 'GB',
  'GREAT BRITAIN': 'GB',
  ENGLAND: 'GB',
  DEUTSCHLAND: 'DE',
};

const fold = (value: string) => value.trim().replace(/\s+/g, ' ').toUpperCase();

let regionNames: Intl.DisplayNames | null | undefined;
const countryName = (code: string): string | undefined => {
  if (regionNames === undefined) {
    try {
      regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
    } catch {
      regionNames = null;
    }
  }
  try {
    return regionNames?.of(code);
  } catch {
    return undefined;
  }
};

/** Whether a ship-to's country (as typed: `US`, `usa`, `United States`) is the code's country. */
export function sameCountry(typed: string, code: string): boolean {
  const t = fold(typed);
  const c = fold(code);
  if (t === c || COUNTRY_ALIASES[t] === c) return true;
  const name = countryName(c);
  return name !== undefined && fold(name) === t;
}

/**
 * The region a ship-to falls in: a region of its state or province first, then its country's
 * region without a state; null where the shop collects no tax (always, when none is configured).
 */
export function findTaxRegion<R extends Pick<TaxRegion, 'country' | 'state'>>(
  regions: readonly R[],
  shipTo: { country: string; state?: string | null | undefined },
): R | null {
  const inCountry = regions.filter((r) => sameCountry(shipTo.country, r.country));
  const state = shipTo.state ? fold(shipTo.state) : '';
  if (state !== '') {
    const ofState = inCountry.find((r) => r.state !== null && fold(r.state) === state);
    if (ofState) return ofState;
  }
  return inCountry.find((r) => r.state === null) ?? null;
}

/** The rate of a category in a region: the category's own where it has one, else the region's. */
export function rateFor(region: TaxRegion, category: string): number {
  return region.categoryRates.find((c) => c.category === category)?.rateBp ?? region.rateBp;
}

/** A line's tax: its net total times the rate, rounded half up to the cent (exact integers). */
export function lineTaxCents(netCents: number, rateBp: number): number {
  if (netCents <= 0 || rateBp <= 0) return 0;
  return Number((BigInt(netCents) * BigInt(rateBp) + 5_000n) / 10_000n);
}

/** How an order is taxed: what the invoice says beside its amounts. */
export const TAX_TREATMENTS = ['none', 'standard', 'exempt', 'reverse_charge'] as const;
export type TaxTreatment = (typeof TAX_TREATMENTS)[number];

/** A company's tax status as staff keep it (null fields: not given). */
export type TaxStatus =
  | { kind: 'standard' }
  | {
      kind: 'exempt';
      certificateNumber: string;
      /** Region keys the certificate covers (`US-CA`); empty: none. */
      regions: readonly string[];
      /** Last day it is valid (YYYY-MM-DD, inclusive). */
      expiresOn: string;
      /** When staff verified it; null: not yet. */
      verifiedAt: string | null;
    }
  | { kind: 'reverse_charge'; vatId: string; confirmedAt: string | null };

/** What the buyer's status means for one order: how it is taxed, and why when it is not as asked. */
export type TaxDecision = {
  treatment: TaxTreatment;
  /** Why an exemption or reverse charge did not apply (printed on the order and its invoice). */
  note: string | null;
  certificateNumber: string | null;
  buyerVatId: string | null;
};

/**
 * How an order is taxed, from its region (null: no tax there) and the buyer's status on `today`
 * (YYYY-MM-DD, UTC). An exemption holds only when verified, unexpired and covering the region; a
 * reverse charge only once staff confirmed the VAT id. Otherwise the order is taxed, and says why.
 */
export function decideTax(
  region: Pick<TaxRegion, 'country' | 'state'> | null,
  status: TaxStatus,
  today: string,
): TaxDecision {
  const taxed = (note: string | null): TaxDecision => ({
    treatment: region === null ? 'none' : 'standard',
    note: region === null ? null : note,
    certificateNumber: null,
    buyerVatId: null,
  });
  if (region === null || status.kind === 'standard') return taxed(null);
  if (status.kind === 'exempt') {
    const n = status.certificateNumber;
    if (status.verifiedAt === null)
      return taxed(`Tax charged: exemption certificate ${n} is not yet verified.`);
    if (status.expiresOn < today)
      return taxed(`Tax charged: exemption certificate ${n} expired on ${status.expiresOn}.`);
    const key = regionKey(region);
    if (!status.regions.some((r) => fold(r) === fold(key) || fold(r) === fold(region.country)))
      return taxed(`Tax charged: exemption certificate ${n} does not cover ${key}.`);
    return { treatment: 'exempt', note: null, certificateNumber: n, buyerVatId: null };
  }
  if (status.confirmedAt === null)
    return taxed(`Tax charged: VAT id ${status.vatId} is not yet confirmed for reverse charge.`);
  return {
    treatment: 'reverse_charge',
    note: null,
    certificateNumber: null,
    buyerVatId: status.vatId,
  };
}

/** The rate a line pays under a decision: its region's rate only when the order is taxed. */
export function lineRateBp(
  region: TaxRegion | null,
  decision: Pick<TaxDecision, 'treatment'>,
  category: string,
): number {
  return region !== null && decision.treatment === 'standard' ? rateFor(region, category) : 0;
}

export type TaxedLine = { netCents: number; rateBp: number; taxCents: number };

/** Every line taxed at its rate (rounded per line). */
export function taxLines(lines: readonly { netCents: number; rateBp: number }[]): TaxedLine[] {
  return lines.map((l) => ({ ...l, taxCents: lineTaxCents(l.netCents, l.rateBp) }));
}

export type RateTotal = { rateBp: number; netCents: number; taxCents: number };

/**
 * The tax per rate, as the invoice prints it: the lines of each rate above 0% summed (net and
 * tax), highest rate first. Its taxes add up to the lines' taxes exactly.
 */
export function taxPerRate(lines: readonly TaxedLine[]): RateTotal[] {
  const byRate = new Map<number, RateTotal>();
  for (const l of lines) {
    if (l.rateBp <= 0) continue;
    const r = byRate.get(l.rateBp) ?? { rateBp: l.rateBp, netCents: 0, taxCents: 0 };
    r.netCents += l.netCents;
    r.taxCents += l.taxCents;
    byRate.set(l.rateBp, r);
  }
  return [...byRate.values()].sort((a, b) => b.rateBp - a.rateBp);
}

/** Net, tax and gross of lines. */
export function taxTotals(lines: readonly TaxedLine[]): {
  netCents: number;
  taxCents: number;
  grossCents: number;
} {
  const netCents = lines.reduce((s, l) => s + l.netCents, 0);
  const taxCents = lines.reduce((s, l) => s + l.taxCents, 0);
  return { netCents, taxCents, grossCents: netCents + taxCents };
}

/**
 * The tax inside a take-back of `amountCents` (gross) from a charge of `grossCents` holding
 * `taxCents` of tax, after `earlierGrossCents` gross (holding `earlierTaxCents` tax) was taken back
 * before: the share of the tax that everything taken back so far holds, rounded half up, less what
 * was already taken back; never below 0, never past the tax charged, never more than the amount
 * itself (an earlier take-back that held less than its share, a line taxed at 0% returned, must not
 * put 2 cents of tax in a 1-cent credit). Taking back the whole charge takes back exactly its tax.
 */
export function taxTakenBack(
  charge: { grossCents: number; taxCents: number },
  earlier: { grossCents: number; taxCents: number },
  amountCents: number,
): number {
  const { grossCents, taxCents } = charge;
  if (grossCents <= 0 || taxCents <= 0 || amountCents <= 0) return 0;
  const upTo = Math.min(grossCents, earlier.grossCents + amountCents);
  const share = Number(
    (BigInt(taxCents) * BigInt(upTo) * 2n + BigInt(grossCents)) / (2n * BigInt(grossCents)),
  );
  return Math.max(0, Math.min(amountCents, taxCents - earlier.taxCents, share - earlier.taxCents));
}

/** A rate in basis points as people read it: `8.25%`, `20%`. */
export const formatRate = (rateBp: number): string =>
  `${(rateBp / 100).toFixed(2).replace(/\.?0+$/, '')}%`;
