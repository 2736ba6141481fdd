import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CartLineInput,
  CartResponse,
  CheckoutBody,
  LocalCartBody,
  MergeCartBody,
  OrderAgainResponse,
  OrderResponse,
  SetCartLineBody,
} from '@storefront/contract';
import { api } from '../../../lib/api-client';
import type { LocalLine } from '../local-cart';
import { cartKeys } from './server-cart';

/** A visitor's cart (kept in the browser), priced and checked by the server, nothing written. */
export const useVisitorCart = (lines: LocalLine[], enabled: boolean) =>
  useQuery({
    queryKey: cartKeys.visitor(lines),
    queryFn: () =>
      api<CartResponse>('/cart/check', { method: 'POST', body: { lines } satisfies LocalCartBody }),
    enabled,
    placeholderData: (previous) => previous,
    meta: { topics: ['cart', 'stock', 'catalog'] },
  });

/** Every cart change answers with the whole cart, checked: it replaces the cached one. */
function useCartChange<T>(send: (input: T) => Promise<CartResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (cart) => queryClient.setQueryData(cartKeys.server, cart),
  });
}

export const addCartLine = (body: CartLineInput) =>
  api<CartResponse>('/cart/lines', { method: 'POST', body, auth: true });

export const useSetCartLine = () =>
  useCartChange(({ partId, ...body }: SetCartLineBody & { partId: string }) =>
    api<CartResponse>(`/cart/lines/${encodeURIComponent(partId)}`, {
      method: 'PUT',
      body,
      auth: true,
    }),
  );

export const useRemoveCartLine = () =>
  useCartChange((partId: string) =>
    api<CartResponse>(`/cart/lines/${encodeURIComponent(partId)}`, {
      method: 'DELETE',
      auth: true,
    }),
  );

export const mergeCart = (body: MergeCartBody) =>
  api<CartResponse>('/cart/merge', { method: 'POST', body, auth: true });

/** All lines in one order, or none; a refusal (409) names every line that changed. */
export const useCheckout = () =>
  useMutation({
    mutationFn: (body: CheckoutBody) =>
      api<OrderResponse>('/checkout', { method: 'POST', body, auth: true }),
    meta: { changes: ['stock', 'orders', 'cart'] },
  });

/** A past order's lines into the account's cart; the answer's cart replaces the one shown. */
export function useOrderAgain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) =>
      api<OrderAgainResponse>(`/purchase/${encodeURIComponent(orderId)}/order-again`, {
        method: 'POST',
        auth: true,
      }),
    onSuccess: (answer) => queryClient.setQueryData(cartKeys.server, answer.cart),
  });
}
