import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { AppProvider } from './app/provider';
import { AfterTakeover } from './app/after-takeover';
import { AppRoutes } from './app/router';
import {
  PRERENDERED_BRAND,
  type CatalogPage,
  type PartListResponse,
  type PartPageResponse,
  type PublicConfig,
  type ReviewListResponse,
} from '@storefront/contract';
import { partKeys } from './features/catalog/api/get-parts';
import { reviewKeys } from './features/reviews/api/get-reviews';
import { catalogQueryOptions, partPageQueryOptions } from './features/catalog/api/search-catalog';
import { configQueryOptions } from './features/site/api/get-config';
import { createQueryClient } from './lib/query-client';

/** React's markup of the app at `url`, with what the query cache holds (no session). */
async function renderApp(url: string, queryClient: QueryClient): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <StaticRouter location={url}>
          <AppRoutes />
          <AfterTakeover />
        </StaticRouter>
      </AppProvider>
    </StrictMode>,
    {
      // Inline every boundary: a large one (over 12.8 kB, /parts' results) would otherwise come
      // after its fallback with an inline script to swap it in, which the page's policy blocks.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      // A component that fails here is drawn by the browser instead (React's client fallback):
      // said, so the page is not silently drawn twice.
      onError: (error) => console.error(`rendering ${url}:`, error),
    },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Renders a public page at build time, as the browser's first render will see it (no session,
 * no data but the public config), so the browser paints it before any JavaScript runs and React hydrates it.
 */
export async function render(url: string): Promise<string> {
  // The server replaces the brand with its own and hands the app the same config (main.tsx), so
  // the brand is on the first paint and hydration finds what it renders.
  const queryClient = createQueryClient();
  queryClient.setQueryData(configQueryOptions().queryKey, {
    brandName: PRERENDERED_BRAND,
    paymentProvider: 'sandbox',
    stripePublishableKey: null,
    googleSignIn: false,
  });
  return renderApp(url, queryClient);
}

/**
 * A part's page (`/parts/{idOrSku}`) as the browser's first render draws it from the data the
 * page carries (main.tsx seeds the same query): the server sends this markup and the app
 * hydrates it instead of drawing the page a second time (decision 070).
 */
export async function renderPartPage(
  idOrSku: string,
  page: PartPageResponse,
  config: PublicConfig,
): Promise<string> {
  const queryClient = createQueryClient();
  queryClient.setQueryData(configQueryOptions().queryKey, config);
  queryClient.setQueryData(partPageQueryOptions(idOrSku).queryKey, page);
  return renderApp(`/parts/${encodeURIComponent(idOrSku)}`, queryClient);
}

/**
 * `/parts` (no filters) as the browser's first render draws it from the first page of results
 * the page carries (main.tsx seeds the same query): hydrated, not drawn again (decision 070).
 */
export async function renderCatalogPage(page: CatalogPage, config: PublicConfig): Promise<string> {
  const queryClient = createQueryClient();
  queryClient.setQueryData(configQueryOptions().queryKey, config);
  queryClient.setQueryData(catalogQueryOptions('').queryKey, page);
  return renderApp('/parts', queryClient);
}

/**
 * The home page as the browser's first render draws it from the parts and reviews the page
 * carries (main.tsx seeds the same queries): drawn in, the collection and the reviews no longer
 * push the footer 2,300 px down when they arrive, under a visitor's finger.
 */
export async function renderHomePage(
  parts: PartListResponse,
  reviews: ReviewListResponse,
  config: PublicConfig,
): Promise<string> {
  const queryClient = createQueryClient();
  queryClient.setQueryData(configQueryOptions().queryKey, config);
  queryClient.setQueryData(partKeys.list(), parts);
  queryClient.setQueryData(reviewKeys.list, reviews);
  return renderApp('/', queryClient);
}
