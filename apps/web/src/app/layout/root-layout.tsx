import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { Footer } from './footer';
import { Navbar } from './navbar';

export function RootLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-base-200/40">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-base-100 focus:p-2"
      >
        Skip to content
      </a>
      <Navbar />
      <main id="main" className="flex-1">
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
