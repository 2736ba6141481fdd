import { formatMoney, type OrderTax } from '@storefront/contract';

/**
 * The cart's tax before placing (decision 066): net, one row per rate, and why no tax is charged
 * (an exemption, a reverse charge) or why it is (a certificate not verified or expired). The total
 * with tax is the caller's own line. Shown only where the shop collects tax.
 */
export function CartTaxSummary({ tax, busy }: { tax: OrderTax; busy: boolean }) {
  const why =
    tax.treatment === 'exempt'
      ? `No tax: exemption certificate ${tax.certificateNumber}.`
      : tax.treatment === 'reverse_charge'
        ? `No tax: reverse charge (VAT id ${tax.buyerVatId}).`
        : tax.note;
  return (
    <div aria-busy={busy} data-testid="cart-tax">
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
        <dt>Net</dt>
        <dd className="text-right" data-testid="cart-tax-net">
          {formatMoney(tax.net)}
        </dd>
        {tax.rates.map((r) => (
          <div key={r.rate} className="contents">
            <dt>
              Tax {r.rate}% on {formatMoney(r.net)}
            </dt>
            <dd className="text-right" data-testid="cart-tax-rate">
              {formatMoney(r.tax)}
            </dd>
          </div>
        ))}
        {tax.rates.length === 0 && (
          <div className="contents">
            <dt>Tax</dt>
            <dd className="text-right">{formatMoney(0)}</dd>
          </div>
        )}
      </dl>
      {why && (
        <p className="mt-1 text-sm" data-testid="cart-tax-why">
          {why}
        </p>
      )}
    </div>
  );
}
