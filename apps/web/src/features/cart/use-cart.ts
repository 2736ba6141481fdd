import { useCallback, useSyncExternalStore } from 'react';
import type { CartResponse } from '@storefront/contract';
import { useRemoveCartLine, useSetCartLine, useVisitorCart } from './api/cart-api';
import { useServerCart } from './api/server-cart';
import { useHydrated } from '../../lib/use-hydrated';
import { localCart } from './local-cart';

export type LineChange = { quantity: number; reference?: string; acceptPrice?: boolean };

/**
 * The cart the page shows, whoever looks: the account's (on the server) once signed in, else this
 * browser's, checked by the server. Both answer in one shape with each line's problems.
 */
export type CartAuth = {
  status: 'loading' | 'signed-out' | 'signed-in' | 'error';
  user: unknown;
  keyReady: boolean;
};

export function useCart(auth: CartAuth) {
  // False while React hydrates the prerendered /cart (its frame shows "Loading your cart…"), true
  // after: the cart's lines may already be in the cache by then (the navbar asked for them), and
  // drawing them during hydration would not match the prerendered page.
  const hydrated = useHydrated();
  const signedIn = auth.user !== null;
  const localJson = useSyncExternalStore(
    localCart.subscribe,
    () => JSON.stringify(localCart.lines()),
    () => '[]',
  );
  const local = JSON.parse(localJson) as ReturnType<typeof localCart.lines>;
  const server = useServerCart(signedIn && auth.keyReady);
  const visitor = useVisitorCart(local, auth.status === 'signed-out' && local.length > 0);
  const setLine = useSetCartLine();
  const removeLine = useRemoveCartLine();

  const empty: CartResponse = {
    lines: [],
    lineCount: 0,
    subtotal: 0,
    coreDeposits: 0,
    ready: false,
  };
  const query = signedIn ? server : visitor;
  const cart: CartResponse | undefined =
    auth.status === 'signed-out' && local.length === 0 ? empty : query.data;
  const pending = !hydrated || auth.status === 'loading' || (cart === undefined && !query.isError);

  // The same functions from render to render while what they use stays: each line's row is
  // memoized (cart.tsx), and fifty rows drawn again for a new function was most of a cart's work.
  const { mutateAsync: setLineAsync } = setLine;
  const { mutateAsync: removeLineAsync } = removeLine;
  /** Changes a line; the server's answer (or the browser's cart) replaces what is shown. */
  const change = useCallback(
    async (partId: string, change: LineChange): Promise<void> => {
      if (signedIn) {
        await setLineAsync({ partId, ...change });
        return;
      }
      const line = cart?.lines.find((l) => l.partId === partId);
      localCart.set(partId, {
        quantity: change.quantity,
        ...(change.reference !== undefined ? { reference: change.reference } : {}),
        ...(change.acceptPrice && line ? { seenUnitPrice: line.listPrice } : {}),
      });
    },
    [signedIn, setLineAsync, cart],
  );
  const remove = useCallback(
    async (partId: string): Promise<void> => {
      if (signedIn) await removeLineAsync(partId);
      else localCart.remove(partId);
    },
    [signedIn, removeLineAsync],
  );

  return {
    cart,
    pending,
    error: query.error,
    refetch: () => void query.refetch(),
    signedIn,
    change,
    remove,
  };
}
