// After `vite build`: renders the public pages into HTML (see src/entry-prerender.tsx), keeps an
// empty shell for every other route, writes the shell of the server's part page, gives every page
// with content its critical CSS inline (scripts/page-html.mjs), and precompresses the HTML.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { build } from 'vite';
import { paintFirst } from './page-html.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');
// The server build of the app: this script renders with it, and the server renders part pages
// with it at request time (seo.routes.ts, decision 070). Self-contained (npm packages bundled in),
// so it runs wherever dist/ is copied; the server never serves this folder (site.plugin.ts).
const ssrOut = path.join(dist, 'ssr');

/**
 * Route -> file under dist. `/` is index.html itself; the others are listed in
 * dist/prerendered.json, which the server reads to serve each as that route's HTML.
 */
const PRERENDERED = {
  '/': 'index.html',
  '/blogs': 'prerendered/blogs.html',
  '/portfolio': 'prerendered/portfolio.html',
  // Without a query only (the server sends app.html for /parts?...): the page's frame, its
  // results filled in by the app.
  '/parts': 'prerendered/parts.html',
  // The cart's frame (heading, navbar, "Loading your cart…"): its lines, kept on the server or in
  // the browser, are filled in by the app, and its heading paints before any script runs.
  '/cart': 'prerendered/cart.html',
};

await build({
  root,
  configFile: path.join(root, 'vite.config.ts'),
  logLevel: 'warn',
  build: {
    ssr: true,
    rolldownOptions: {
      input: {
        'entry-prerender': 'src/entry-prerender.tsx',
        // The server's part page markup, to find the CSS it needs (no server-only imports).
        'part-html': '../server/src/modules/parts/part-html.ts',
      },
    },
    outDir: ssrOut,
    emptyOutDir: true,
    copyPublicDir: false,
  },
  // Everything bundled in, our TypeScript packages and npm's alike: no node_modules needed.
  ssr: { noExternal: true },
});
// The boot script of pages with content (scripts/boot.js), named by its content like Vite's assets.
const bootCode = await fs.readFile(path.join(import.meta.dirname, 'boot.js'));
const bootSrc = `/assets/boot-${crypto.createHash('sha256').update(bootCode).digest('hex').slice(0, 8)}.js`;
await fs.writeFile(path.join(dist, bootSrc), bootCode);
const paint = (html) => paintFirst(html, { distDir: dist, bootSrc });

const { render, renderCatalogPage, renderHomePage, renderPartPage } = await import(
  pathToFileURL(path.join(ssrOut, 'entry-prerender.js')).href
);
const { renderCatalogAppHtml, renderHomeAppHtml, renderPurchaseHtml } = await import(
  pathToFileURL(path.join(ssrOut, 'part-html.js')).href
);

const shell = await fs.readFile(path.join(dist, 'index.html'), 'utf8');
if (!shell.includes('<div id="root"></div>'))
  throw new Error('dist/index.html has no empty #root to fill');
// The shell for routes rendered in the browser only (dashboard, purchase, 404...).
await fs.writeFile(path.join(dist, 'app.html'), shell);
const written = [path.join(dist, 'app.html')];

/**
 * `/parts` gets its result cards from the server at request time, drawn by the app's renderer
 * (renderCatalogPage, decision 070): its critical CSS is found with a sample page drawn the same
 * way, so the cards paint in their final layout (a phone's row card painted as a tall one first,
 * then moved: a 0.5 layout shift).
 */
// The sample part's card fields (the sample part page below has the same part).
const sampleCard = {
  _id: '00000000-0000-4000-8000-000000000000',
  sku: 'IC-0000',
  name: 'Sample part',
  description: 'A sample part.',
  url: '/images/parts/brake-pads.svg',
  price: 1,
  mOrderQuantity: 1,
  availableQuantity: 1,
};
const sampleConfig = {
  brandName: 'Sample',
  paymentProvider: 'sandbox',
  stripePublishableKey: null,
  googleSignIn: false,
};
const sampleCatalog = {
  items: [
    { ...sampleCard, category: 'brakes', fits: null },
    {
      ...sampleCard,
      _id: '00000000-0000-4000-8000-000000000001',
      category: 'brakes',
      fits: null,
      availableQuantity: 0,
    },
  ],
  total: 2,
  page: 1,
  pageSize: 24,
  pageCount: 2,
  facets: {
    categories: [{ value: 'brakes', label: 'Brakes', count: 2 }],
    makes: [{ value: 'Toyota', label: 'Toyota', count: 2 }],
    models: [],
    prices: [{ min: 0, max: 10, label: 'Under $10', count: 2 }],
    inStock: 1,
  },
  exactMatch: null,
};
/** The home page's parts and reviews, drawn by the server the same way (home-page.ts). */
const sampleHome = {
  parts: [
    { ...sampleCard, packSize: 1, maxOrderQuantity: null, priceTiers: [] },
    {
      ...sampleCard,
      _id: '00000000-0000-4000-8000-000000000001',
      availableQuantity: 0,
      packSize: 1,
      maxOrderQuantity: null,
      priceTiers: [],
    },
  ],
  reviews: [
    { _id: 'r1', name: 'Sample', rating: '5', description: 'Sample.', verifiedBuyer: true },
  ],
};
const samplePages = {
  '/': async (html) =>
    renderHomeAppHtml(
      html,
      sampleHome,
      await renderHomePage(sampleHome.parts, sampleHome.reviews, sampleConfig),
    ),
  '/parts': async (html) =>
    renderCatalogAppHtml(html, sampleCatalog, await renderCatalogPage(sampleCatalog, sampleConfig)),
};

for (const [route, file] of Object.entries(PRERENDERED)) {
  const frame = shell.replace(
    '<div id="root"></div>',
    `<div id="root">${await render(route)}</div>`,
  );
  let html = await paint(frame);
  const sample = samplePages[route];
  if (sample) {
    const drawn = await sample(frame);
    if (drawn === frame) throw new Error(`the server cannot draw into the ${route} frame`);
    const style = /<style>[\s\S]*?<\/style>/.exec(await paint(drawn))?.[0];
    if (!style) throw new Error(`the sample of ${route} got no critical CSS`);
    html = html.replace(/<style>[\s\S]*?<\/style>/, () => style);
  }
  const target = path.join(dist, file);
  await fs.mkdir(path.dirname(target), { recursive: true });
  await fs.writeFile(target, html);
  written.push(target);
}

// The server renders a part page into this shell (seo.routes.ts) with the app's own renderer
// (renderPartPage), so the app hydrates it: its critical CSS comes from a sample part drawn the
// same way, with every optional section (specifications, fitment, reviews, pack, core) filled.
const samplePart = {
  part: {
    ...sampleCard,
    category: 'brakes',
    oemNumbers: ['OEM-1'],
    specs: [{ name: 'Pack', value: '1' }],
    fitment: [
      {
        make: 'Toyota',
        model: 'Corolla',
        yearFrom: 2012,
        yearTo: 2020,
        position: 'Front',
        note: 'A',
      },
    ],
    // Drawn so their rules are in the critical CSS too.
    supersededNumbers: ['IC-0901'],
    priceTiers: [{ minQuantity: 10, price: 0.9 }],
    packSize: 2,
    maxOrderQuantity: 10,
    coreCharge: 5,
    featured: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  },
  reviews: [{ _id: 'r1', name: 'Sample', rating: 5, description: 'Sample.' }],
};
const paintedShell = await paint(shell);
/** The painted empty shell with the critical CSS of a sample page rendered into it instead. */
async function shellStyledLike(samplePage, name) {
  const style = /<style>[\s\S]*?<\/style>/.exec(await paint(samplePage))?.[0];
  if (!style) throw new Error(`the sample ${name} got no critical CSS`);
  const target = path.join(dist, name);
  await fs.writeFile(target, paintedShell.replace(/<style>[\s\S]*?<\/style>/, style));
  written.push(target);
}
await shellStyledLike(
  shell.replace(
    '<div id="root"></div>',
    `<div id="root">${await renderPartPage(samplePart.part._id, samplePart, sampleConfig)}</div>`,
  ),
  'part.html',
);
// The purchase page's part, drawn by the server the same way (seo.routes.ts).
await shellStyledLike(renderPurchaseHtml(shell, samplePart.part), 'purchase.html');

const manifest = Object.fromEntries(Object.entries(PRERENDERED).filter(([route]) => route !== '/'));
await fs.writeFile(path.join(dist, 'prerendered.json'), `${JSON.stringify(manifest, null, 2)}\n`);

for (const file of written) {
  const data = await fs.readFile(file);
  await fs.writeFile(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
  await fs.writeFile(
    `${file}.br`,
    zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
}
// The renderer stays for the server; only its precompressed copies go (it is never sent).
for (const file of await fs.readdir(ssrOut, { recursive: true }))
  if (/\.(gz|br)$/.test(file)) await fs.rm(path.join(ssrOut, file));
console.log(`prerendered ${Object.keys(PRERENDERED).join(', ')}`);
