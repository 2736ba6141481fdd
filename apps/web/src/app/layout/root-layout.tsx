import { lazy, Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { AddToCartProvider } from '../../components/add-to-cart-slot';
import { AddToCartButton } from '../../features/cart/components/add-to-cart-button';
import { Footer } from './footer';
import { Navbar } from './navbar';
import { RouteErrorBoundary } from '../routes/route-error';

/** The cart feature's button wherever the catalog or the purchase form offers "Add to cart". */
const renderAddToCart = (props: Parameters<typeof AddToCartButton>[0]) => (
  <AddToCartButton {...props} />
);

/**
 * A new page starts at its top, unless the address points into it. Not the page the visitor
 * arrived on: a server-drawn page is read, scrolled and tapped before the app takes it over, and
 * scrolling it back to the top then moved it under the visitor's finger (a tap on the footer
 * landed on the hero).
 */
function useScrollToTopOnNavigate(pathname: string, hash: string) {
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
}

/** A word from the page before (a new account: its confirmation mail was sent), above the page. */
const Notice = lazy(() => import('./notice'));

export function RootLayout() {
  const location = useLocation();
  const notice = (location.state as { notice?: unknown } | null)?.notice;
  useScrollToTopOnNavigate(location.pathname, location.hash);
  return (
    <AddToCartProvider value={renderAddToCart}>
      <div className="flex min-h-screen flex-col bg-base-200/40">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-base-100 focus:p-2"
        >
          Skip to content
        </a>
        <Navbar />
        {/* At least a screen tall, so the footer never jumps when a page arrives. */}
        <main id="main" className="min-h-[calc(100vh-4rem)] flex-1">
          {typeof notice === 'string' && (
            <Suspense fallback={null}>
              <Notice text={notice} />
            </Suspense>
          )}
          <RouteErrorBoundary key={location.pathname}>
            <Suspense fallback={<Spinner />}>
              <Outlet />
            </Suspense>
          </RouteErrorBoundary>
        </main>
        <Footer />
      </div>
    </AddToCartProvider>
  );
}
