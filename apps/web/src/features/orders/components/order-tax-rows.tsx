import type { ReactNode } from 'react';
import { formatMoney, type OrderResponse } from '@storefront/contract';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="contents">
      <dt className="font-medium text-base-content/80">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

/**
 * A taxed order's net, tax per rate and how it was taxed (decision 063); an order placed where the
 * shop collects no tax has no `tax`, and its receipt reads as it always has.
 */
export function TaxRows({ tax }: { tax: NonNullable<OrderResponse['tax']> }) {
  return (
    <>
      <Row label="Net">{formatMoney(tax.net)}</Row>
      {tax.rates.length === 0 && <Row label="Tax">{formatMoney(0)}</Row>}
      {tax.rates.map((r) => (
        <Row key={r.rate} label={`Tax ${r.rate}%`}>
          <span data-testid="receipt-tax">
            {formatMoney(r.tax)} on {formatMoney(r.net)}
          </span>
        </Row>
      ))}
      {tax.treatment === 'reverse_charge' && (
        <Row label="Reverse charge">VAT id {tax.buyerVatId}</Row>
      )}
      {tax.treatment === 'exempt' && (
        <Row label="Tax exempt">Certificate {tax.certificateNumber}</Row>
      )}
      {tax.note && <Row label="Tax note">{tax.note}</Row>}
    </>
  );
}
