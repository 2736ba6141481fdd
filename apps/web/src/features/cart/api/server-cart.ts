import { useQuery } from '@tanstack/react-query';
import type { CartResponse } from '@storefront/contract';
import { api } from '../../../lib/api-client';
import type { LocalLine } from '../local-cart';

/*
 * The account's cart, as the navbar reads it on every page: kept apart from the cart's other calls
 * (cart-api.ts), which load only with the pages and buttons that use them.
 */
export const cartKeys = {
  all: ['cart'] as const,
  server: ['cart', 'server'] as const,
  visitor: (lines: LocalLine[]) => ['cart', 'visitor', lines] as const,
};

/** The account's cart, kept on the server: the same on every device the buyer signs in on. */
export const useServerCart = (enabled: boolean) =>
  useQuery({
    queryKey: cartKeys.server,
    queryFn: () => api<CartResponse>('/cart', { auth: true }),
    enabled,
    meta: { topics: ['cart', 'stock', 'catalog'], private: true },
  });
