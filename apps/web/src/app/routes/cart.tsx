import { lazy, startTransition, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatMoney, type CartLine } from '@storefront/contract';
import { DownloadLinesCsv } from '../../components/download-lines-csv';
import { ErrorMessage } from '../../components/ui/error-message';
import { usePageTitle } from '../../components/ui/page-title';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { NEAR_MARGIN } from '../../lib/near';
import { RenderWhenNear } from '../../lib/render-when-near';
import { CartLineRow } from '../../features/cart/components/cart-line-row';
import { useAuth } from '../../features/auth/use-auth';
import { useCart, type LineChange } from '../../features/cart/use-cart';

/** "Request a quote"'s form (the quotes feature), loaded only when a signed-in buyer opens it. */
const RequestQuote = lazy(() => import('../../features/quotes/components/request-quote'));
/**
 * The tax estimate (decision 066): shown only where the shop collects tax, to a signed-in buyer;
 * under a long cart, loaded when the buyer scrolls to it.
 */
const CartTaxEstimate = lazy(() => import('../../features/cart/components/cart-tax-estimate'));

/** The lines drawn in full at once: a phone's first screen holds three or four. */
const FIRST_LINES = 5;
/** Lines added by each later render: a render's commit cannot be sliced, so it stays short. */
const BATCH = 15;

/**
 * The cart's lines. The first few are drawn in full; the others first as their text (name, price,
 * quantity, reference, total) and get their controls when they come within a screen of view or
 * take focus (issue 41): fifty lines in full were a third of a phone's work on this page, whose
 * first screen shows four. A line with a problem is always drawn in full, so every fix is on the
 * page.
 */
function CartLines({
  lines,
  onChange,
  onRemove,
  onAllShown,
}: {
  lines: CartLine[];
  onChange: (partId: string, change: LineChange) => Promise<void>;
  onRemove: (partId: string) => Promise<void>;
  /** Once every line is on the page: what comes after the list is then where it stays. */
  onAllShown: () => void;
}) {
  // The rest a batch at a time, each in a render React slices and interrupts, so fifty lines are
  // neither one long render nor one long commit.
  const [shown, setShown] = useState(FIRST_LINES);
  useEffect(() => {
    if (shown < lines.length) startTransition(() => setShown((n) => n + BATCH));
    else onAllShown();
  }, [shown, lines.length, onAllShown]);
  const list = useRef<HTMLUListElement>(null);
  // Part ids drawn in full after coming near; a line once drawn stays drawn.
  const [near, setNear] = useState<ReadonlySet<string>>(() => new Set());
  const drawNear = (ids: string[]) =>
    setNear((known) => (ids.every((id) => known.has(id)) ? known : new Set([...known, ...ids])));

  useEffect(() => {
    const light = list.current?.querySelectorAll<HTMLElement>('li[data-light]');
    if (!light?.length) return;
    if (typeof IntersectionObserver === 'undefined') {
      drawNear([...light].map((li) => li.dataset.partId!));
      return;
    }
    const observer = new IntersectionObserver(
      (entries) =>
        drawNear(
          entries
            .filter((entry) => entry.isIntersecting)
            .map((entry) => (entry.target as HTMLElement).dataset.partId!),
        ),
      { rootMargin: NEAR_MARGIN },
    );
    for (const li of light) observer.observe(li);
    return () => observer.disconnect();
  }, [lines, shown, near]);

  return (
    <ul
      ref={list}
      className="space-y-3"
      aria-label="Cart lines"
      onFocus={(e) => {
        const li = (e.target as HTMLElement).closest<HTMLElement>('li[data-light]');
        if (li) drawNear([li.dataset.partId!]);
      }}
    >
      {lines.slice(0, shown).map((line, i) => (
        <CartLineRow
          key={line.partId}
          line={line}
          drawn={i < FIRST_LINES || line.problems.length > 0 || near.has(line.partId)}
          onChange={onChange}
          onRemove={onRemove}
        />
      ))}
    </ul>
  );
}

/**
 * "Request a quote" under the lines: the button is drawn here, and the form with its fields (five
 * more scripts) is loaded when the buyer opens it, not with every cart (issue 41).
 */
function QuoteRequest({ lines }: { lines: CartLine[] }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="mt-4 flex justify-end">
      {open ? (
        <Suspense fallback={<Spinner label="Opening the quote request…" />}>
          <RequestQuote lines={lines} onCancel={() => setOpen(false)} />
        </Suspense>
      ) : (
        <button type="button" className="btn btn-outline" onClick={() => setOpen(true)}>
          Request a quote
        </button>
      )}
    </div>
  );
}

/** The cart: every line with its fix, the subtotal, and the way to checkout. */
export default function CartRoute() {
  usePageTitle('Your cart');
  const { cart, pending, error, refetch, signedIn, change, remove } = useCart(useAuth());
  // The tax estimate waits for the last line: before, it would sit under the first five and come
  // near at once.
  const [linesShown, setLinesShown] = useState(false);
  const allShown = useCallback(() => setLinesShown(true), []);

  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="mb-6 text-3xl font-bold">Your cart</h1>
      {pending ? (
        <Spinner label="Loading your cart…" />
      ) : !cart ? (
        <ErrorMessage title="We could not load your cart." error={error} onRetry={refetch} />
      ) : cart.lines.length === 0 ? (
        <div className="rounded-box bg-base-100 p-8 text-center shadow" data-testid="cart-empty">
          <p className="text-lg">Your cart is empty.</p>
          <Link to={paths.parts.href()} className="btn btn-primary mt-4">
            Browse parts
          </Link>
        </div>
      ) : (
        <>
          <CartLines lines={cart.lines} onChange={change} onRemove={remove} onAllShown={allShown} />
          <div className="mt-6 flex flex-wrap items-center justify-between gap-4 rounded-box bg-base-100 p-4 shadow">
            <p className="text-lg" aria-live="polite">
              Subtotal ({cart.lineCount} {cart.lineCount === 1 ? 'line' : 'lines'}):{' '}
              <strong data-testid="cart-subtotal">{formatMoney(cart.subtotal)}</strong>
              {cart.coreDeposits > 0 && (
                <span className="block text-sm" data-testid="cart-core-deposits">
                  Plus core deposits {formatMoney(cart.coreDeposits)}, refunded when the old parts
                  are returned
                </span>
              )}
            </p>
            <DownloadLinesCsv lines={cart.lines} name="cart.csv" />
            <div className="flex flex-col items-end gap-1">
              {cart.ready ? (
                <Link to={paths.checkout.href()} className="btn btn-primary">
                  Checkout
                </Link>
              ) : (
                <>
                  <button
                    type="button"
                    className="btn btn-primary"
                    disabled
                    aria-describedby="cart-not-ready"
                  >
                    Checkout
                  </button>
                  <p id="cart-not-ready" className="text-sm text-base-content/80">
                    Fix the lines marked above to check out.
                  </p>
                </>
              )}
              {!signedIn && (
                <p className="text-sm text-base-content/80">
                  You will sign in at checkout; your cart comes with you.
                </p>
              )}
            </div>
          </div>
          {signedIn && linesShown && (
            <RenderWhenNear>
              <Suspense fallback={null}>
                <CartTaxEstimate cart={cart} />
              </Suspense>
            </RenderWhenNear>
          )}
          {signedIn && <QuoteRequest lines={cart.lines} />}
        </>
      )}
    </div>
  );
}
