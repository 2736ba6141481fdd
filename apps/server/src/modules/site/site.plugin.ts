import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import {
  isAppRoute,
  PRERENDERED_BRAND,
  SITE_CONFIG_ELEMENT_ID,
  type ApiErrorBody,
  type PublicConfig,
} from '@storefront/contract';
import { pickEncoding } from '../parts/compressed.js';
import { escapeHtml } from '../../http/escape-html.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Public pages rendered at build time (apps/web/scripts/prerender.mjs), route -> file; `/` is
 * index.html itself. Every other page starts from the empty shell, app.html.
 */
function readPrerendered(webDistDir: string): Record<string, string> {
  try {
    return JSON.parse(fs.readFileSync(path.join(webDistDir, 'prerendered.json'), 'utf8')) as Record<
      string,
      string
    >;
  } catch {
    return {};
  }
}

/**
 * A prerendered page as served: this shop's brand name where the build put a placeholder, and the
 * public config the app then starts from (main.tsx), compressed once at start.
 */
function servedPage(file: string, publicConfig: PublicConfig) {
  const json = JSON.stringify(publicConfig).replace(/</g, '\\u003c');
  const body = fs
    .readFileSync(file, 'utf8')
    .replaceAll(PRERENDERED_BRAND, escapeHtml(publicConfig.brandName))
    .replace(
      '</head>',
      `  <script type="application/json" id="${SITE_CONFIG_ELEMENT_ID}">${json}</script>\n  </head>`,
    );
  return {
    body,
    br: zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }),
    gzip: zlib.gzipSync(body, { level: 9 }),
  };
}

/**
 * A prerendered page completed per request with data (another module's): given the page as
 * served, its body and compressed forms.
 */
export type PageFiller = (html: string) => Promise<{ body: string; br: Buffer; gzip: Buffer }>;

/**
 * The web build's files as the addresses that serve them (`/assets/index-abc.js`): not the app's
 * server renderer (decision 070), which lives in the build but is never sent, nor the compressed
 * copies, which are sent in their file's place to a browser that accepts them.
 */
function buildFiles(webDistDir: string): Set<string> {
  const files = new Set<string>();
  for (const entry of fs.readdirSync(webDistDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const rel = path.relative(webDistDir, path.join(entry.parentPath, entry.name));
    const address = `/${rel.split(path.sep).join('/')}`;
    if (address.startsWith('/ssr/') || /\.(?:br|gz)$/.test(address)) continue;
    files.add(address);
  }
  return files;
}

/**
 * Serves the built web app: hashed assets cached for a year, `index.html` revalidated every
 * time, and every unknown non-API GET answered with the shell (`app.html`) so the router takes over.
 */
export async function registerSite(
  app: FastifyInstance,
  webDistDir: string,
  publicConfig: PublicConfig,
  fillers: Record<string, PageFiller> = {},
): Promise<void> {
  const indexFile = path.join(webDistDir, 'index.html');
  const hasSite = fs.existsSync(indexFile);
  if (!hasSite) {
    app.log.warn({ webDistDir }, 'web app not built: only the API is served (run `npm run build`)');
  } else {
    await app.register(fastifyStatic, {
      root: webDistDir,
      preCompressed: true,
      // Files are served by the route below, from the build's list; this only sends them.
      serve: false,
      cacheControl: false,
      setHeaders(reply, filePath) {
        const rel = path.relative(webDistDir, filePath);
        if (rel.startsWith(`assets${path.sep}`)) reply.header('Cache-Control', IMMUTABLE);
        else if (rel.endsWith('.html')) reply.header('Cache-Control', 'no-cache');
        else reply.header('Cache-Control', 'public, max-age=86400');
      },
    });
    // The build's files, listed once: the build does not change while the server runs. The
    // plugin's own catch-all route read the directory of every requested file to check its
    // spelling (two listings of some 450 names for each script and picture, 13 ms of the server's
    // CPU for each page loaded, issue 41); an address that is not exactly one of these files is
    // not served at all.
    const files = buildFiles(webDistDir);
    app.get('/*', (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '';
      if (!files.has(pathname)) return reply.callNotFound();
      return reply.sendFile(pathname.slice(1));
    });
    const pages = { '/': 'index.html', ...readPrerendered(webDistDir) };
    for (const [route, file] of Object.entries(pages)) {
      const page = servedPage(path.join(webDistDir, file), publicConfig);
      const fill = fillers[route];
      app.get(route, async (request, reply) => {
        // Rendered without a query: a page with one (`/parts?q=…`) starts from the empty shell,
        // or hydration would meet other content than the address asks for.
        if (route !== '/' && request.url.includes('?')) return reply.sendFile('app.html');
        reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .header('vary', 'accept-encoding');
        const served = fill ? await fill(page.body) : page;
        const encoding = pickEncoding(request.headers['accept-encoding']);
        if (!encoding) return reply.send(served.body);
        return reply.header('content-encoding', encoding).send(served[encoding]);
      });
    }
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage =
      hasSite &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      pathname !== '/api' &&
      // A missing asset is a 404, not the app shell (which would be parsed as script).
      !pathname.startsWith('/assets/');
    if (isPage) {
      // Any other path still gets the app, which shows its 404 page, but with the status 404 so
      // search engines and tools see it too.
      return reply.status(isAppRoute(pathname) ? 200 : 404).sendFile('app.html');
    }
    const body: ApiErrorBody = {
      error: 'NOT_FOUND',
      message: `No route for ${request.method} ${pathname}`,
    };
    return reply.status(404).send(body);
  });
}
