import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useOrderAgain } from '../api/cart-api';

/**
 * "Order again": the order's lines go into the cart through its checks; what changed since (price,
 * stock, a part replaced or no longer sold) stays on screen, announced to screen readers, with the
 * way to the cart.
 */
export function OrderAgainButton({ orderId, number }: { orderId: string; number: string }) {
  const again = useOrderAgain();
  const id = useId();
  const answer = again.data;
  return (
    <div className="space-y-2">
      <button
        type="button"
        className="btn btn-outline btn-sm"
        disabled={again.isPending}
        aria-describedby={answer || again.error ? id : undefined}
        aria-label={`Order ${number} again`}
        onClick={() => again.mutate(orderId)}
      >
        {again.isPending ? 'Adding…' : 'Order again'}
      </button>
      <div id={id} role="status" aria-live="polite" className="text-sm">
        {again.error && (
          <p className="text-error">
            {again.error instanceof ApiError ? again.error.message : 'That did not work.'}
          </p>
        )}
        {answer && (
          <div data-testid="order-again-result" className="space-y-1">
            <p>
              {answer.added === 0
                ? 'None of its parts can be ordered any more.'
                : `Added ${answer.added} ${answer.added === 1 ? 'line' : 'lines'} to your cart.`}{' '}
              <Link to={paths.cart.href()} className="link link-primary">
                Go to the cart
              </Link>
            </p>
            {answer.changes.length > 0 && (
              <ul className="list-disc pl-5">
                {answer.changes.map((c) => (
                  <li key={`${c.lineNo}-${c.kind}`}>
                    {c.sku}: {c.message}
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
