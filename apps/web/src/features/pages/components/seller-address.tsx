import type { PageResponse } from '@storefront/contract';

/** The shop's address and tax id, as the legal notice and the contact page show them. */
export function SellerAddress({
  seller,
  brandName,
}: {
  seller: PageResponse['seller'];
  brandName: string;
}) {
  if (!seller || (!seller.address && !seller.taxId)) return null;
  return (
    <address data-testid="seller-address" className="mt-6 not-italic">
      {[brandName, ...seller.address.split('\n').filter(Boolean)].map((line, i) => (
        <span key={i} className="block">
          {line}
        </span>
      ))}
      {seller.taxId && <span className="block">Tax/VAT id: {seller.taxId}</span>}
    </address>
  );
}
