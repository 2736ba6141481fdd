import { useQueryClient } from '@tanstack/react-query';
import { memo, useEffect, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useAuth } from '../../features/auth/use-auth';
import { useServerCart } from '../../features/cart/api/server-cart';
import { localCart } from '../../features/cart/local-cart';

/**
 * The navbar's cart, with its line count: the account's once signed in, else this browser's.
 * Memoized: it follows the sign-in and the cart itself, not each render of the navbar.
 */
export const CartLink = memo(function CartLink() {
  const auth = useAuth();
  const signedIn = auth.user !== null;
  const server = useServerCart(signedIn && auth.keyReady);
  const local = useSyncExternalStore(localCart.subscribe, localCart.count, () => 0);
  const queryClient = useQueryClient();
  const ready = signedIn && auth.keyReady;
  // Signed in with lines still in this browser (added before signing in): they join the account's.
  useEffect(() => {
    if (ready && local > 0)
      void import('../../features/cart/merge-local-cart').then((m) =>
        m.mergeLocalCart(queryClient),
      );
  }, [ready, local, queryClient]);
  const count = signedIn ? (server.data?.lineCount ?? 0) : local;
  return (
    <Link
      to={paths.cart.href()}
      className="btn btn-ghost btn-square relative"
      aria-label={`Cart, ${count} ${count === 1 ? 'line' : 'lines'}`}
      data-testid="cart-link"
    >
      <svg
        viewBox="0 0 24 24"
        width="24"
        height="24"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M3 4h2l2.4 11h11.2L21 7H6.2M9 20a1 1 0 1 0 0-.01M18 20a1 1 0 1 0 0-.01" />
      </svg>
      {count > 0 && (
        <span
          className="badge badge-primary badge-sm absolute -right-1 -top-1"
          data-testid="cart-count"
        >
          {count}
        </span>
      )}
    </Link>
  );
});
