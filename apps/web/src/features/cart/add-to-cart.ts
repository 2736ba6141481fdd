import type { QueryClient } from '@tanstack/react-query';
import { hasUnexpiredKey } from '../../lib/access-key';
import { addCartLine } from './api/cart-api';
import { cartKeys } from './api/server-cart';
import { localCart } from './local-cart';

import type { CartAddition } from '../../components/add-to-cart-slot';

/**
 * Adds a part to the signed-in buyer's cart on the server, or to a visitor's cart in this browser.
 * Loaded when a buyer first presses "Add to cart", so pages that only list parts do not carry it.
 */
export async function addToCart(queryClient: QueryClient, line: CartAddition): Promise<void> {
  if (hasUnexpiredKey()) {
    const cart = await addCartLine({ partId: line.partId, quantity: line.quantity });
    queryClient.setQueryData(cartKeys.server, cart);
    return;
  }
  localCart.add({ partId: line.partId, quantity: line.quantity, seenUnitPrice: line.unitPrice });
}
