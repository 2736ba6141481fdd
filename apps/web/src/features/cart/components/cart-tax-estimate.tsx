import { useId, useState } from 'react';
import { formatMoney, fromCents, toCents, type CartResponse } from '@storefront/contract';
import { cartTaxKey, useCartTax } from '../api/cart-tax';
import { CartTaxSummary } from './cart-tax-summary';

/**
 * The cart's tax for a country (and state or province) the buyer types (decision 066), computed
 * by the server as placing would, for the company the buyer buys for. Nothing at all where the
 * shop collects no tax: the cart then reads as it always has.
 */
export default function CartTaxEstimate({ cart }: { cart: CartResponse }) {
  const [country, setCountry] = useState('');
  const [state, setState] = useState('');
  const taxOf = useCartTax(country, state, cartTaxKey(cart));
  const id = useId();
  if (!taxOf.data?.collects) return null;
  const tax = taxOf.data.tax;
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mt-4 rounded-box bg-base-100 p-4 shadow"
      data-testid="cart-tax-estimate"
    >
      <h2 id={`${id}-title`} className="mb-2 text-lg font-semibold">
        Estimate tax
      </h2>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <label className="form-control">
          <span className="label-text">Ship-to country</span>
          <input
            className="input input-bordered w-full"
            autoComplete="country-name"
            maxLength={60}
            value={country}
            onChange={(e) => setCountry(e.target.value)}
          />
        </label>
        <label className="form-control">
          <span className="label-text">State or province (optional)</span>
          <input
            className="input input-bordered w-full"
            autoComplete="address-level1"
            maxLength={60}
            value={state}
            onChange={(e) => setState(e.target.value)}
          />
        </label>
      </div>
      <div className="mt-3" aria-live="polite">
        {country.trim() === '' ? (
          <p className="text-sm text-base-content/80">
            Prices are net of tax. Type where the order goes to see its tax.
          </p>
        ) : tax ? (
          <>
            <CartTaxSummary tax={tax} busy={taxOf.isFetching} />
            <p className="mt-1 text-lg">
              Total with tax:{' '}
              <strong data-testid="cart-tax-total">
                {formatMoney(fromCents(toCents(tax.net) + toCents(tax.tax)))}
              </strong>
            </p>
          </>
        ) : taxOf.isFetching ? (
          <p className="text-sm">Working out the tax…</p>
        ) : (
          <p className="text-sm" data-testid="cart-tax-none">
            No tax is charged on orders shipped there.
          </p>
        )}
      </div>
    </section>
  );
}
