import fs from 'node:fs';
import path from 'node:path';
import {
  categoryLabel,
  formatMoney,
  DESCRIPTION_PREVIEW_LENGTH,
  previewDescription,
  type CatalogPage,
  type PartListResponse,
  type PartPageResponse,
  type PartResponse,
  type PublicConfig,
  type ReviewListResponse,
  SITE_CONFIG_ELEMENT_ID,
} from '@storefront/contract';
import { escapeHtml } from '../../http/escape-html.js';

// No server-only imports here: the web build renders a sample part page with this function to
// find the part page's critical CSS (apps/web/scripts/prerender.mjs writes dist/part.html).

/** JSON inside a script element: `<` escaped so no text can close the element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * A page the server draws into the app's empty shell: its own title and head elements, and its
 * markup in the root, marked static so the app replaces it rather than hydrating it (main.tsx).
 */
const intoShell = (shell: string, head: string, body: string): string =>
  shell
    .replace(/<title>[\s\S]*?<\/title>/, '')
    .replace('</head>', `    ${head}\n  </head>`)
    .replace('<div id="root"></div>', `<div id="root" data-static="true">${body}</div>`);

/**
 * The app's own markup of a page and the public config it was drawn with: the page is hydrated,
 * not drawn again (decision 070).
 */
export type AppMarkup = { html: string; config: PublicConfig };

/**
 * The part page as HTML, complete before any script runs: what search engines and a slow phone
 * read first. With `app` (the web build's renderer, seo.routes.ts) its body is the app's own
 * markup, which the app hydrates; without, the server's plain markup, which the app replaces
 * (see main.tsx).
 */
export function renderPartHtml(
  shell: string,
  page: PartPageResponse,
  options: { publicUrl: string; brandName: string; app?: AppMarkup },
): string {
  const { part } = page;
  const canonical = `${options.publicUrl}/parts/${part._id}`;
  const description =
    `${part.name}, part number ${part.sku}: ${formatMoney(part.price)} per piece, from ${part.mOrderQuantity} pieces. ${part.description}`.slice(
      0,
      300,
    );
  const image = part.url.startsWith('/') ? `${options.publicUrl}${part.url}` : part.url;
  const product = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: part.name,
    description: part.description,
    sku: part.sku,
    mpn: part.sku,
    category: categoryLabel(part.category),
    image,
    url: canonical,
    brand: { '@type': 'Brand', name: options.brandName },
    offers: {
      '@type': 'Offer',
      url: canonical,
      priceCurrency: 'USD',
      price: part.price.toFixed(2),
      eligibleQuantity: { '@type': 'QuantitativeValue', minValue: part.mOrderQuantity },
      availability:
        part.availableQuantity >= part.mOrderQuantity
          ? 'https://schema.org/InStock'
          : 'https://schema.org/OutOfStock',
    },
    ...(page.reviews.length > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: (
              page.reviews.reduce((a, r) => a + r.rating, 0) / page.reviews.length
            ).toFixed(1),
            reviewCount: page.reviews.length,
          },
        }
      : {}),
  };
  const title = `${part.name} (${part.sku}) | ${options.brandName}`;
  const head = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:image" content="${escapeHtml(image)}" />`,
    `<script type="application/ld+json">${scriptJson(product)}</script>`,
    `<script type="application/json" id="part-page-data">${scriptJson(page)}</script>`,
    ...(options.app
      ? [
          `<script type="application/json" id="${SITE_CONFIG_ELEMENT_ID}">${scriptJson(options.app.config)}</script>`,
        ]
      : []),
  ].join('\n    ');
  const shellWithoutDescription = shell.replace(/<meta\s+name="description"[^>]*>/, '');
  if (options.app) {
    return shellWithoutDescription
      .replace(/<title>[\s\S]*?<\/title>/, '')
      .replace('</head>', `    ${head}\n  </head>`)
      .replace('<div id="root"></div>', () => `<div id="root">${options.app!.html}</div>`);
  }
  // Position and note get columns only when some vehicle has one, as the app's part page does.
  const detailed = part.fitment.some((f) => f.position || f.note);
  const rows = (items: string[][]) =>
    items
      .map((cells) => `<tr>${cells.map((c) => `<td>${escapeHtml(c)}</td>`).join('')}</tr>`)
      .join('');
  const body = `<main class="mx-auto max-w-6xl px-4 py-10" data-server-rendered="part">
<article data-testid="part-page">
<img src="${escapeHtml(part.url)}" alt="${escapeHtml(part.name)}" width="640" height="480" fetchpriority="high" class="aspect-[4/3] w-full max-w-xl object-cover" />
<h1 class="text-3xl font-bold">${escapeHtml(part.name)}</h1>
<p data-testid="part-sku">Part number <strong>${escapeHtml(part.sku)}</strong></p>
${part.supersededNumbers.length ? `<p data-testid="part-replaces">Replaces ${escapeHtml(part.supersededNumbers.join(', '))}</p>` : ''}
<p class="text-2xl font-bold" data-testid="part-price">${escapeHtml(formatMoney(part.price))} per piece</p>
<p>Minimum order quantity: ${part.mOrderQuantity} piece</p>
${part.priceTiers.length ? `<table class="table" data-testid="volume-prices"><caption>Volume prices</caption><thead><tr><th>Quantity</th><th>Price per piece</th></tr></thead><tbody>${rows([[`From ${part.mOrderQuantity}`, formatMoney(part.price)], ...part.priceTiers.map((s) => [`From ${s.minQuantity}`, formatMoney(s.price)])])}</tbody></table>` : ''}
<p>Available: ${part.availableQuantity} piece</p>
<p><a class="btn btn-primary" href="/purchase/${escapeHtml(part._id)}">Order now</a></p>
<p>${escapeHtml(part.description)}</p>
${part.specs.length ? `<h2>Specifications</h2><table class="table">${rows(part.specs.map((s) => [s.name, s.value]))}</table>` : ''}
<h2>Vehicle fitment</h2>
${part.fitment.length ? `<div class="max-w-full overflow-x-auto"><table class="table" data-testid="fitment-table"><thead><tr><th>Make</th><th>Model</th><th>Years</th>${detailed ? '<th>Position</th><th>Note</th>' : ''}</tr></thead><tbody>${rows(part.fitment.map((f) => [f.make, f.model, `${f.yearFrom}–${f.yearTo}`, ...(detailed ? [f.position, f.note] : [])]))}</tbody></table></div>` : '<p>No vehicle list for this part.</p>'}
</article></main>`;
  return intoShell(shellWithoutDescription, head, body);
}

/**
 * The purchase page's part (picture, name, description, price, quantities) as HTML, in the
 * markup the app's purchase page draws: its largest paint, the picture, needs no script. The
 * app replaces it when its script has loaded, starting from the part's data (what `GET
 * /api/parts/{id}` answers) and adding the order form.
 */
export function renderPurchaseHtml(shell: string, part: PartResponse): string {
  const title = `Order ${part.name}`;
  const head = [
    `<title>${escapeHtml(title)}</title>`,
    `<script type="application/json" id="purchase-part-data">${scriptJson(part)}</script>`,
  ].join('\n    ');
  const body = `<main data-server-rendered="purchase"><div class="mx-auto grid max-w-6xl gap-8 px-4 py-10 md:grid-cols-2">
<article class="card bg-base-100 shadow">
<figure class="bg-base-200"><img src="${escapeHtml(part.url)}" alt="${escapeHtml(part.name)}" width="640" height="480" fetchpriority="high" class="aspect-[4/3] w-full object-cover" /></figure>
<div class="card-body">
<h1 class="card-title text-2xl">${escapeHtml(part.name)}</h1>
<p class="leading-relaxed">${escapeHtml(part.description)}</p>
<p class="text-2xl font-bold">${escapeHtml(formatMoney(part.price))} <span class="text-base font-normal">per piece</span></p>
<p>Minimum order quantity: ${part.mOrderQuantity} piece</p>
<p>Available: ${part.availableQuantity} piece</p>
</div></article>
<p role="status">Loading the order form…</p>
</div></main>`;
  return intoShell(shell, head, body);
}

/** A picture's address as a `data:` URI when it may be inlined, else undefined. */
export type ImageInliner = (url: string) => string | undefined;

/**
 * The pictures the shop ships per category (`public/images/parts`): a WebP the catalog links to,
 * drawn from the SVG beside it (`npm run pictures -w @storefront/web`).
 */
const SHIPPED_PICTURE = /^\/images\/parts\/([a-z0-9-]+)\.(?:svg|webp)$/;
const INLINE_MAX_BYTES = 6_000;

/**
 * Inlines the shop's own small category pictures, read once from the built web app; anything
 * else (an uploaded photo, another site's address) stays a link. Inlined as their vector source:
 * a few KB in the page where the WebP would be twice that as base64, and the only SVG a phone then
 * draws (each is a document of its own for the browser to build and paint on the main thread).
 */
export function shippedPictureInliner(webDistDir: string): ImageInliner {
  const known = new Map<string, string | undefined>();
  return (url) => {
    const name = SHIPPED_PICTURE.exec(url)?.[1];
    if (!name) return undefined;
    if (!known.has(url)) {
      let inlined: string | undefined;
      try {
        const svg = fs.readFileSync(
          path.join(webDistDir, 'images', 'parts', `${name}.svg`),
          'utf8',
        );
        if (Buffer.byteLength(svg) <= INLINE_MAX_BYTES)
          inlined = `data:image/svg+xml,${svg.replace(/\s+/g, ' ').replace(/[%#"<>]/g, encodeURIComponent)}`;
      } catch {
        inlined = undefined;
      }
      known.set(url, inlined);
    }
    return known.get(url);
  };
}

/** The app's spinner while `/parts` waits for its results, as prerendered. */
const RESULTS_PENDING =
  /<div role="status"[^>]*><span class="loading[^"]*" aria-hidden="true"><\/span><span class="sr-only">Loading parts…<\/span><\/div>/;
const RESULTS_HEADING = /(<h2 id="results-heading"[^>]*>)Parts(<\/h2>)/;

/**
 * A result card, in the markup of the app's PartCard (the description's preview included: on a
 * phone several cards share the first screen, and a card the app draws taller moves the others).
 */
function cardHtml(part: CatalogPage['items'][number], eager: boolean, src: string): string {
  const soldOut = part.availableQuantity < part.mOrderQuantity;
  const id = escapeHtml(part._id);
  const name = escapeHtml(part.name);
  return `<article class="card part-card bg-base-100 shadow-md" data-testid="part-card">
<figure class="bg-base-200"><img src="${escapeHtml(src)}" alt="${name}" width="640" height="480" loading="${eager ? 'eager' : 'lazy'}" decoding="async"${eager ? ' fetchpriority="high"' : ''} class="aspect-[4/3] w-full object-cover" /></figure>
<div class="card-body">
<h3 class="card-title text-lg"><a href="/parts/${id}" class="link-hover">${name}</a></h3>
<p class="text-xs text-base-content/70" data-testid="part-sku">Part number ${escapeHtml(part.sku)}</p>
<p class="part-description text-sm text-base-content/80" data-testid="part-description">${escapeHtml(previewDescription(part.description))}</p>
<p class="text-xl font-bold" data-testid="part-price">${escapeHtml(formatMoney(part.price))}</p>
<p data-testid="part-minimum">Minimum order quantity: ${part.mOrderQuantity} piece</p>
<p data-testid="part-available">Available: ${part.availableQuantity} piece</p>
<div class="card-actions mt-2 justify-end">${
    soldOut
      ? '<span class="badge badge-ghost">Out of stock</span>'
      : // The app's "Add to cart" takes this place once its script runs: the same size, no shift.
        `<button type="button" class="btn btn-outline" disabled>Add to cart</button><a href="/purchase/${id}" class="btn btn-primary">Order now</a>`
  }</div>
</div></article>`;
}

/**
 * The data `/parts` carries for the app's first catalog query: descriptions cut to what a card
 * shows (one character past DESCRIPTION_PREVIEW_LENGTH draws the same card), so the page stays
 * within the first round trips (the app asks for the whole page again when it refreshes).
 */
export function catalogPageShown(page: CatalogPage): CatalogPage {
  return { ...page, items: page.items.map(cardShown) };
}

/** A part with its description cut to what its card shows (and one character more). */
export const cardShown = <T extends { description: string }>(part: T): T => ({
  ...part,
  description: part.description.slice(0, DESCRIPTION_PREVIEW_LENGTH + 1),
});

/**
 * `/parts` (no filters) as the app draws it with its first page of results (`app`, the web
 * build's renderer, from `shown`): the prerendered page (`html`, with the brand and the config)
 * with its root's markup replaced by the app's, and the data beside it. The app hydrates it
 * (decision 070). Unchanged when the page is not the prerendered page this expects.
 */
export function renderCatalogAppHtml(html: string, shown: CatalogPage, app: string): string {
  return appDrawn(html, app, 'catalog-page-data', shown);
}

/**
 * The home page as the app draws it with its parts and reviews (`app`, the web build's renderer):
 * the prerendered page with its root's markup replaced by the app's, and the data beside it, which
 * the app hydrates. Unchanged when the page is not the prerendered page this expects.
 */
export function renderHomeAppHtml(
  html: string,
  data: { parts: PartListResponse; reviews: ReviewListResponse },
  app: string,
): string {
  return appDrawn(html, app, 'home-page-data', data);
}

/** `html` with the app's markup in its root and `data` in a JSON script `id` (main.tsx reads it). */
function appDrawn(html: string, app: string, id: string, data: unknown): string {
  const root = /<div id="root">[\s\S]*<\/div>(\s*<\/body>)/;
  if (!root.test(html)) return html;
  return html
    .replace(root, (_all, end: string) => `<div id="root">${app}</div>${end}`)
    .replace(
      '</head>',
      `  <script type="application/json" id="${id}">${scriptJson(data)}</script>\n  </head>`,
    );
}

/**
 * `/parts` (no filters) with its first page of results drawn into the prerendered page (`html`)
 * and its data beside it: the cards, its largest paint, need no script. The app replaces the page
 * when its script has loaded, starting from that data. Unchanged when the page is not the
 * prerendered frame this expects.
 */
export function renderCatalogHtml(
  html: string,
  page: CatalogPage,
  inlineImage: ImageInliner = () => undefined,
): string {
  if (!RESULTS_PENDING.test(html) || !RESULTS_HEADING.test(html)) return html;
  const count = `${page.total.toLocaleString('en-US')} ${page.total === 1 ? 'part' : 'parts'}`;
  const shown = catalogPageShown(page);
  const grid = `<div class="grid grid-cols-1 gap-6 md:grid-cols-3" data-testid="part-grid">${page.items
    // The first card's picture is the page's largest paint on a phone: inlined when it is small,
    // it paints with the HTML instead of one round trip later.
    .map((part, i) => cardHtml(part, i < 3, (i === 0 && inlineImage(part.url)) || part.url))
    .join('')}</div>${
    page.pageCount > 1
      ? `<nav aria-label="Pages" class="join mt-8 flex justify-center"><a class="btn join-item btn-sm" href="/parts?page=2" rel="next">Next</a></nav>`
      : ''
  }`;
  return html
    .replace(RESULTS_HEADING, `$1${escapeHtml(count)}$2`)
    .replace(RESULTS_PENDING, () => grid)
    .replace(
      '</head>',
      `  <script type="application/json" id="catalog-page-data">${scriptJson(shown)}</script>\n  </head>`,
    )
    .replace('<div id="root">', '<div id="root" data-static="true">');
}
