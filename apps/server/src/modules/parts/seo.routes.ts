import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { PAGE_SLUGS, pagePath, type PartResponse, type PublicConfig } from '@storefront/contract';
import type { Db } from '../../db/database.js';
import { loadAppRenderer } from './app-renderer.js';
import type { CatalogCache } from './catalog-cache.js';
import { countLiveParts, listLivePartRefs } from './catalog.service.js';
import { encodeAs, pickEncoding } from './compressed.js';
import { renderPartHtml, renderPurchaseHtml } from './part-html.js';
import { loadPartPage, type PartRoutesOptions } from './parts.routes.js';
import { escapeHtml } from '../../http/escape-html.js';

export type SeoRoutesOptions = {
  db: Db;
  catalog: CatalogCache;
  publicUrl: string;
  brandName: string;
  /** What the app's first render reads from the page (its brand, sign-in options). */
  publicConfig: PublicConfig;
  webDistDir: string;
  partReviews: PartRoutesOptions['partReviews'];
};

/** A sitemap file holds at most 50,000 addresses; beyond that the sitemap is an index. */
export const SITEMAP_CHUNK = 40_000;

/** Public pages besides the parts' own. */
const PAGES = ['/', '/parts', '/blogs', '/portfolio', ...PAGE_SLUGS.map(pagePath), '/contact'];

/**
 * `sitemap.xml` (every live part's page, plus the public pages) and `robots.txt` for search
 * engines. Parts are listed by id, the address that never changes.
 */
export const seoRoutes: FastifyPluginAsync<SeoRoutesOptions> = async (
  app,
  { db, catalog, publicUrl, brandName, publicConfig, webDistDir, partReviews },
) => {
  const read = (file: string) => {
    const full = path.join(webDistDir, file);
    return fs.existsSync(full) ? fs.readFileSync(full, 'utf8') : null;
  };
  const shell = read('app.html');
  // The part page's shell carries its critical CSS inline and loads the rest after the first
  // paint (apps/web/scripts/prerender.mjs); a build without it falls back to the plain shell.
  const partShell = read('part.html') ?? shell;
  const purchaseShell = read('purchase.html') ?? shell;
  const sendHtml = (request: FastifyRequest, reply: FastifyReply, body: string) => {
    reply.header('vary', 'accept-encoding');
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(body);
    return reply.header('content-encoding', encoding).send(encodeAs(body, encoding));
  };
  if (shell && purchaseShell) {
    // The order page draws the part from the HTML: its picture (the page's largest paint) waits
    // for no script. The guard and the form stay the app's; an unknown part gets the plain shell,
    // where the app says so.
    app.get<{ Params: { id: string } }>('/purchase/:id', async (request, reply) => {
      const cached = await catalog.one(request.params.id);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
      if (!cached) return reply.send(shell);
      const part = JSON.parse(cached.body) as PartResponse;
      return sendHtml(request, reply, renderPurchaseHtml(purchaseShell, part));
    });
  }
  if (shell && partShell) {
    const renderer = await loadAppRenderer(webDistDir);
    // The public part page, rendered here with its data; an unknown part is a real 404. Drawn by
    // the app's own components (decision 070), so the browser hydrates it rather than drawing it
    // again; kept until the catalog changes, like the data it is drawn from.
    app.get<{ Params: { idOrSku: string } }>('/parts/:idOrSku', async (request, reply) => {
      const { idOrSku } = request.params;
      const page = await loadPartPage(db, catalog, partReviews, idOrSku);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
      if (!page) return reply.status(404).send(shell);
      const html = await catalog.memo(`html:part:${idOrSku}`, async () =>
        renderPartHtml(partShell, page, {
          publicUrl,
          brandName,
          ...(renderer
            ? {
                app: {
                  html: await renderer.renderPartPage(idOrSku, page, publicConfig),
                  config: publicConfig,
                },
              }
            : {}),
        }),
      );
      // Its inline CSS makes it some 20 KB: compressed, it stays within the first round trips.
      return sendHtml(request, reply, html);
    });
  }

  const url = (path: string) => escapeHtml(`${publicUrl}${path}`);
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
