import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AfterTakeover } from './app/after-takeover';
import { AppProvider } from './app/provider';
import { AppRoutes } from './app/router';
import { SITE_CONFIG_ELEMENT_ID } from '@storefront/contract';
import { partKeys } from './features/catalog/api/get-parts';
import { catalogQueryOptions, partPageQueryOptions } from './features/catalog/api/search-catalog';
import { configQueryOptions } from './features/site/api/get-config';
import { reviewKeys } from './features/reviews/api/get-reviews';
import { accessKeyStore } from './lib/access-key';
import { createQueryClient } from './lib/query-client';
import type { TypedText } from './lib/typed-before-hydration';
import './styles/index.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

const queryClient = createQueryClient();
// A prerendered page arrives with the public config its brand name came from: start from it.
const siteConfig = document.getElementById(SITE_CONFIG_ELEMENT_ID);
if (siteConfig?.textContent) {
  queryClient.setQueryData(configQueryOptions().queryKey, JSON.parse(siteConfig.textContent));
}
// The server draws public pages with public prices. Signed in, the buyer may have their own
// (decision 061): the app starts from the drawn data, stale, and asks again with the key.
const drawn = accessKeyStore.get() ? { updatedAt: 0 } : undefined;

/** Starts a query from the data a server-drawn page carries in `#id`, on the page it belongs to. */
function seed(id: string, page: RegExp, key: (ref: string) => readonly unknown[]) {
  const data = document.getElementById(id)?.textContent;
  const ref = page.exec(window.location.pathname)?.[1];
  if (data && ref !== undefined)
    queryClient.setQueryData(key(decodeURIComponent(ref)), JSON.parse(data), drawn);
}
// A part page arrives drawn by the server with its data: the app starts from that data.
seed('part-page-data', /^\/parts\/([^/]+)\/?$/, (ref) => partPageQueryOptions(ref).queryKey);
// So does the purchase page's part: the order page starts from it rather than asking again.
seed('purchase-part-data', /^\/purchase\/([^/]+)\/?$/, partKeys.one);
// And `/parts` with its first page of results, for the catalog's first query (no filters).
if (!window.location.search)
  seed('catalog-page-data', /^\/parts\/?()$/, () => catalogQueryOptions('').queryKey);
// And the home page with its parts and reviews (the parts at public prices, as the catalog's).
const home = window.location.pathname === '/' && document.getElementById('home-page-data');
if (home && home.textContent) {
  const { parts, reviews } = JSON.parse(home.textContent) as { parts: unknown; reviews: unknown };
  queryClient.setQueryData(partKeys.list(), parts, drawn);
  queryClient.setQueryData(reviewKeys.list, reviews);
}

// What the visitor typed while the scripts loaded (a search, on a slow phone) outlives the
// takeover, which sets each field back to how it was drawn (or draws it anew): typed again once
// the page is React's (an effect runs after the first commit).
const typed: TypedText = [];
for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
  'input,textarea',
)) {
  if (field.value !== field.defaultValue)
    typed.push({ field, value: field.value, drawn: field.defaultValue, name: field.name });
}
const typeAgain = () => {
  // Its own small file: most visitors type nothing before the app starts.
  if (typed.length > 0)
    void import('./lib/typed-before-hydration').then((m) => m.replayTyped(root!, typed));
};

const app = (
  <StrictMode>
    <AppProvider queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
        <AfterTakeover run={typeAgain} />
      </BrowserRouter>
    </AppProvider>
  </StrictMode>
);

// Public pages arrive prerendered (scripts/prerender.mjs): take them over instead of redrawing.
// The server's part page is plain HTML, not React's: the app replaces it rather than hydrating.
// As a transition, React renders in slices and gives the main thread back every few
// milliseconds: no long task while the page is already on screen.
startTransition(() => {
  if (root.hasChildNodes() && !root.dataset.static) hydrateRoot(root, app);
  else createRoot(root).render(app);
});
