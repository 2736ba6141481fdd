import type { QueryClient } from '@tanstack/react-query';
import { mergeCart } from './api/cart-api';
import { cartKeys } from './api/server-cart';
import { localCart } from './local-cart';

let merging: Promise<void> | null = null;

/**
 * A visitor's cart joins the account's once they are signed in: quantities of a part already there
 * are added, then every line is checked again. Kept in the browser until the server took it, so a
 * failed attempt is tried again on the next page.
 */
export function mergeLocalCart(queryClient: QueryClient): Promise<void> {
  merging ??= (async () => {
    const lines = localCart.lines();
    if (lines.length === 0) return;
    const cart = await mergeCart({ lines, mergeId: localCart.mergeId() });
    localCart.clear();
    queryClient.setQueryData(cartKeys.server, cart);
  })()
    .catch(() => undefined)
    .finally(() => {
      merging = null;
    });
  return merging;
}
