import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Db } from '../../db/database.js';
import type { CatalogCache } from './catalog-cache.js';
import { countLiveParts, listLivePartRefs } from './catalog.service.js';

export type SeoRoutesOptions = { db: Db; catalog: CatalogCache; publicUrl: string };

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
  { db, catalog, publicUrl },
) => {
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
