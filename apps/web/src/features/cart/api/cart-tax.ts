import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { CartResponse, CartTaxBody, CartTaxResponse } from '@storefront/contract';
import { api } from '../../../lib/api-client';

/** Where the order would go: what the cart's tax depends on besides the cart itself. */
export type TaxPlace = { country: string; state: string };

/** What a cart's tax is keyed by besides the place: its lines as they are now. */
export const cartTaxKey = (cart: CartResponse) =>
  cart.lines.map((l) => `${l.partId}:${l.quantity}:${l.lineTotal}`).join(',');

/**
 * The cart's net, tax per rate and gross for a ship-to (decision 066), computed by the server as
 * placing would; keyed by the cart's lines too, so a changed line asks again.
 */
export const cartTaxQueryOptions = (place: TaxPlace, cartKey: string) =>
  queryOptions({
    queryKey: ['cart', 'tax', place.country, place.state, cartKey],
    queryFn: () =>
      api<CartTaxResponse>('/cart/tax', {
        method: 'POST',
        auth: true,
        body: {
          ...(place.country ? { country: place.country } : {}),
          ...(place.state ? { state: place.state } : {}),
        } satisfies CartTaxBody,
      }),
    placeholderData: keepPreviousData,
    meta: { topics: ['cart', 'taxes'] },
  });

/** A value once it stopped changing for `ms` (typing a country asks once, not per letter). */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The cart's tax for the place typed so far; before a country is typed, only whether the shop
 * collects tax at all (`collects`: false, and nothing is shown anywhere).
 */
export function useCartTax(country: string, state: string, cartKey: string) {
  const place = useSettled(`${country.trim()}\u0000${state.trim()}`, 300);
  const [settledCountry = '', settledState = ''] = place.split('\u0000');
  return useQuery(cartTaxQueryOptions({ country: settledCountry, state: settledState }, cartKey));
}
