import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { CartAddition } from '../../../components/add-to-cart-slot';
import { useHydrated } from '../../../lib/use-hydrated';

type State =
  { kind: 'idle' } | { kind: 'adding' } | { kind: 'added' } | { kind: 'failed'; message: string };

/**
 * "Add to cart" beside "Order now": the part's minimum (or the quantity given) joins the cart, and
 * the buyer is told so where a screen reader hears it, with the way to the cart.
 */
export function AddToCartButton({
  line,
  name,
  className = 'btn btn-outline',
}: {
  line: CartAddition;
  name: string;
  className?: string;
}) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const partId = useId();
  // Drawn by the server (a part page, /parts), it works once hydrated: disabled until then.
  const hydrated = useHydrated();

  const onAdd = async () => {
    setState({ kind: 'adding' });
    try {
      const { addToCart } = await import('../add-to-cart');
      await addToCart(queryClient, line);
      setState({ kind: 'added' });
    } catch (err) {
      setState({
        kind: 'failed',
        message:
          err instanceof Error && err.name === 'ApiError'
            ? err.message
            : 'The part could not be added. Please try again.',
      });
    }
  };

  // The button says what happened; a screen reader hears it; the navbar's count moves. Nothing is
  // added beside the button, so the card's layout never shifts.
  return (
    <>
      <button
        type="button"
        // No colour transition when the app enables it (styles/index.css: `.btn[data-state]`).
        className={className}
        onClick={() => void onAdd()}
        disabled={!hydrated || state.kind === 'adding'}
        // Its name is the words it shows, so "click Add to cart" works by voice (WCAG 2.5.3);
        // which part it adds is its description.
        aria-describedby={partId}
        data-state={state.kind}
      >
        {state.kind === 'adding' && (
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
        )}
        {state.kind === 'added' ? 'Added ✓' : 'Add to cart'}
      </button>
      <span id={partId} hidden>
        {name}
      </span>
      <span aria-live="polite" className="sr-only">
        {state.kind === 'added' ? `${name} was added to your cart.` : ''}
      </span>
      {state.kind === 'failed' && (
        <p role="alert" className="basis-full text-right text-sm text-error">
          {state.message}
        </p>
      )}
    </>
  );
}
