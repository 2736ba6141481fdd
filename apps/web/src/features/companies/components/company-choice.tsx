import { formatMoney, type ShipTo } from '@storefront/contract';
import { useCompany, useMyCompanies } from '../api/companies';

/** Who an order is for: the buyer alone, or a company of theirs, paid by card or on account. */
export type CompanyPurchase = { companyId: string; payment: 'card' | 'account' } | null;

type Props = {
  value: CompanyPurchase;
  onChange: (value: CompanyPurchase) => void;
  /** A delivery address of the company, to fill the ship-to with. */
  onAddress: (address: ShipTo) => void;
};

/**
 * A choice's row: full contrast (daisyUI's `label` greys it, so it read as disabled on a phone),
 * 44 px to tap, its words apart from the next choice's.
 */
const OPTION = 'flex min-h-11 cursor-pointer items-center gap-3 py-1';

/** A delivery address's button: the one copied from the billing address reads as a phrase. */
const shipToText = (label: string | null | undefined, street: string) =>
  label === 'Billing address' ? 'Ship to the billing address' : `Ship to ${label ?? street}`;

/**
 * The checkout's "Buying for": personal or one of the buyer's companies; for a company, card or its
 * account (when staff approved it, with the credit still available) and its delivery addresses.
 * Shows nothing to a buyer in no company.
 */
export function CompanyChoice({ value, onChange, onAddress }: Props) {
  const mine = useMyCompanies();
  const company = useCompany(value?.companyId);
  if (!mine.data || mine.data.length === 0) return null;
  const standing = company.data?.standing;
  const canUseAccount = standing?.terms === 'approved' && standing.creditAvailable > 0;
  return (
    <fieldset className="rounded-box bg-base-100 p-4 shadow" data-testid="company-choice">
      <legend className="mb-1 font-semibold">Buying for</legend>
      <label className={OPTION}>
        <input
          type="radio"
          className="radio radio-primary"
          name="buying-for"
          checked={value === null}
          onChange={() => onChange(null)}
        />
        <span>Myself (personal order)</span>
      </label>
      {mine.data.map((c) => (
        <label key={c.id} className={OPTION}>
          <input
            type="radio"
            className="radio radio-primary"
            name="buying-for"
            checked={value?.companyId === c.id}
            onChange={() => onChange({ companyId: c.id, payment: 'card' })}
          />
          <span>{c.name}</span>
        </label>
      ))}
      {value && (
        <div className="mt-2 space-y-2">
          <p className="text-sm">
            The company&apos;s name and tax id (from its details) go on the invoice.
          </p>
          <div role="radiogroup" aria-label="Payment">
            <label className={OPTION}>
              <input
                type="radio"
                className="radio radio-primary"
                name="payment"
                checked={value.payment === 'card'}
                onChange={() => onChange({ ...value, payment: 'card' })}
              />
              <span>Pay by card</span>
            </label>
            <label className={OPTION}>
              <input
                type="radio"
                className="radio radio-primary"
                name="payment"
                disabled={!canUseAccount}
                checked={value.payment === 'account'}
                onChange={() => onChange({ ...value, payment: 'account' })}
              />
              <span>
                On account
                {!standing
                  ? // Not known yet: saying "not approved" while the company loads was untrue.
                    ' (checking the terms…)'
                  : standing.terms === 'approved'
                    ? ` (${standing.termsDays} days, ${formatMoney(standing.creditAvailable)} available)`
                    : standing.terms === 'suspended'
                      ? ' (suspended)'
                      : ' (not approved)'}
              </span>
            </label>
          </div>
          {company.data && company.data.deliveryAddresses.length > 0 && (
            <div className="flex flex-wrap gap-2" aria-label="Company delivery addresses">
              {company.data.deliveryAddresses.map((a) => (
                <button
                  key={a.id}
                  type="button"
                  className="btn btn-outline btn-sm"
                  onClick={() =>
                    onAddress({
                      street: a.street,
                      city: a.city,
                      postalCode: a.postalCode,
                      country: a.country,
                    })
                  }
                >
                  {shipToText(a.label, a.street)}
                </button>
              ))}
            </div>
          )}
        </div>
      )}
    </fieldset>
  );
}
