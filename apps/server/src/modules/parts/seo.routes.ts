import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { categoryLabel, formatMoney, type PartPageResponse } from '@storefront/contract';
import type { Db } from '../../db/database.js';
import type { CatalogCache } from './catalog-cache.js';
import { countLiveParts, listLivePartRefs } from './catalog.service.js';
import { loadPartPage, type PartRoutesOptions } from './parts.routes.js';

export type SeoRoutesOptions = {
  db: Db;
  catalog: CatalogCache;
  publicUrl: string;
  brandName: string;
  webDistDir: string;
  partReviews: PartRoutesOptions['partReviews'];
};

const html = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
/** JSON inside a script element: `<` escaped so no text can close the element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The part page as HTML, complete before any script runs: what search engines and a slow phone
 * read first. The app takes over the page when its script has loaded (see main.tsx).
 */
export function renderPartHtml(
  shell: string,
  page: PartPageResponse,
  options: { publicUrl: string; brandName: string },
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
    `<title>${html(title)}</title>`,
    `<meta name="description" content="${html(description)}" />`,
    `<link rel="canonical" href="${html(canonical)}" />`,
    `<meta property="og:title" content="${html(title)}" />`,
    `<meta property="og:image" content="${html(image)}" />`,
    `<script type="application/ld+json">${scriptJson(product)}</script>`,
    `<script type="application/json" id="part-page-data">${scriptJson(page)}</script>`,
  ].join('\n    ');
  const rows = (items: string[][]) =>
    items.map((cells) => `<tr>${cells.map((c) => `<td>${html(c)}</td>`).join('')}</tr>`).join('');
  const body = `<main class="mx-auto max-w-6xl px-4 py-10" data-server-rendered="part">
<article data-testid="part-page">
<img src="${html(part.url)}" alt="${html(part.name)}" width="640" height="480" fetchpriority="high" class="aspect-[4/3] w-full max-w-xl object-cover" />
<h1 class="text-3xl font-bold">${html(part.name)}</h1>
<p data-testid="part-sku">Part number <strong>${html(part.sku)}</strong></p>
<p class="text-2xl font-bold" data-testid="part-price">${html(formatMoney(part.price))} per piece</p>
<p>Minimum order quantity: ${part.mOrderQuantity} piece</p>
<p>Available: ${part.availableQuantity} piece</p>
<p><a class="btn btn-primary" href="/purchase/${html(part._id)}">Order now</a></p>
<p>${html(part.description)}</p>
${part.specs.length ? `<h2>Specifications</h2><table class="table">${rows(part.specs.map((s) => [s.name, s.value]))}</table>` : ''}
<h2>Vehicle fitment</h2>
${part.fitment.length ? `<table class="table" data-testid="fitment-table"><thead><tr><th>Make</th><th>Model</th><th>Years</th></tr></thead><tbody>${rows(part.fitment.map((f) => [f.make, f.model, `${f.yearFrom}–${f.yearTo}`]))}</tbody></table>` : '<p>No vehicle list for this part.</p>'}
</article></main>`;
  return shell
    .replace(/<title>[\s\S]*?<\/title>/, '')
    .replace(/<meta\s+name="description"[\s\S]*?\/>/, '')
    .replace('</head>', `    ${head}\n  </head>`)
    .replace('<div id="root"></div>', `<div id="root" data-static="true">${body}</div>`);
}

/** A sitemap file holds at most 50,000 addresses; beyond that the sitemap is an index. */
export const SITEMAP_CHUNK = 40_000;

/** Public pages besides the parts' own. */
const PAGES = ['/', '/parts', '/blogs', '/portfolio'];

const xmlEscape = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * `sitemap.xml` (every live part's page, plus the public pages) and `robots.txt` for search
 * engines. Parts are listed by id, the address that never changes.
 */
export const seoRoutes: FastifyPluginAsync<SeoRoutesOptions> = async (
  app,
  { db, catalog, publicUrl, brandName, webDistDir, partReviews },
) => {
  const shellFile = path.join(webDistDir, 'app.html');
  const shell = fs.existsSync(shellFile) ? fs.readFileSync(shellFile, 'utf8') : null;
  if (shell) {
    // The public part page, rendered here with its data; an unknown part is a real 404.
    app.get<{ Params: { idOrSku: string } }>('/parts/:idOrSku', async (request, reply) => {
      const page = await loadPartPage(db, catalog, partReviews, request.params.idOrSku);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
      if (!page) return reply.status(404).send(shell);
      return reply.send(renderPartHtml(shell, page, { publicUrl, brandName }));
    });
  }

  const url = (path: string) => xmlEscape(`${publicUrl}${path}`);
  const urlset = (entries: string[]) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
  const partEntries = async (chunk: number) =>
    (await listLivePartRefs(db, chunk * SITEMAP_CHUNK, SITEMAP_CHUNK)).map(
      (p) =>
        `<url><loc>${url(`/parts/${p.id}`)}</loc><lastmod>${p.updatedAt.toISOString()}</lastmod></url>`,
    );
  const send = (reply: FastifyReply, xml: string) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(xml);

  app.get('/sitemap.xml', async (_request, reply) => {
    const xml = await catalog.memo('sitemap', async () => {
      const count = await countLiveParts(db);
      const pages = PAGES.map((p) => `<url><loc>${url(p)}</loc></url>`);
      if (count <= SITEMAP_CHUNK) return urlset([...pages, ...(await partEntries(0))]);
      const chunks = Math.ceil(count / SITEMAP_CHUNK);
      const maps = [
        `<sitemap><loc>${url('/sitemap-pages.xml')}</loc></sitemap>`,
        ...Array.from(
          { length: chunks },
          (_, i) => `<sitemap><loc>${url(`/sitemap-parts-${i + 1}.xml`)}</loc></sitemap>`,
        ),
      ];
      return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${maps.join('\n')}\n</sitemapindex>\n`;
    });
    return send(reply, xml);
  });

  app.get('/sitemap-pages.xml', async (_request, reply) =>
    send(reply, urlset(PAGES.map((p) => `<url><loc>${url(p)}</loc></url>`))),
  );

  app.get<{ Params: { n: string } }>('/sitemap-parts-:n.xml', async (request, reply) => {
    const n = Number(request.params.n);
    if (!Number.isInteger(n) || n < 1 || n > 10_000) return reply.callNotFound();
    const entries = await catalog.memo(`sitemap:${n}`, () => partEntries(n - 1));
    if (entries.length === 0) return reply.callNotFound();
    return send(reply, urlset(entries));
  });

  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(
        `User-agent: *\nDisallow: /dashboard\nDisallow: /purchase/\nDisallow: /api/\nAllow: /api/docs\n\nSitemap: ${publicUrl}/sitemap.xml\n`,
      ),
  );
};
