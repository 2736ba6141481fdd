import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { APP_ROUTE_PATTERNS } from '@storefront/contract';
import { admin } from '../../test/accounts.js';
import { useTestApp } from '../../test/test-app.js';

/** A built app's two HTML files, as the web build writes them. */
const shell = `<!doctype html><html lang="en"><head>
    <meta
      name="description"
      content="The shop."
    />
    <title>Shop</title>
  </head><body><div id="root"></div></body></html>`;
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'catalog-seo-'));
fs.writeFileSync(path.join(dist, 'index.html'), shell);
fs.writeFileSync(path.join(dist, 'app.html'), shell);

describe('public part pages, rendered on the server, and real 404s', () => {
  const ctx = useTestApp({ webDistDir: dist, brandName: 'Test Parts' });
  let id = '';
  let boss: Awaited<ReturnType<typeof admin>>;

  beforeAll(async () => {
    boss = await admin(ctx.app, ctx.database.db);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/parts',
      headers: boss.auth,
      payload: {
        name: 'Iridium Spark Plug </script><script>alert(1)</script>',
        description: 'Fine-wire electrode for a stable spark.',
        mOrderQuantity: 100,
        availableQuantity: 800,
        price: 8.9,
        url: '/images/parts/spark-plugs.svg',
        sku: 'IGN-4242',
        category: 'ignition',
        specs: [{ name: 'Gap', value: '0.8 mm' }],
        fitment: [{ make: 'Honda', model: 'Civic', yearFrom: 2016, yearTo: 2021 }],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    id = res.json<{ _id: string }>()._id;
  });

  it('serves the part with its data, title, description, canonical address and Product JSON-LD', async () => {
    for (const ref of [id, 'ign-4242']) {
      const res = await ctx.app.inject(`/parts/${ref}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      const page = res.body;
      expect(page).toContain('<title>Iridium Spark Plug &#60;/script&#62;');
      expect(page).toContain('(IGN-4242) | Test Parts</title>');
      expect(page.match(/<title>/g)).toHaveLength(1);
      expect(page).toMatch(
        /<meta name="description" content="Iridium Spark Plug[^"]*IGN-4242: \$8.90/,
      );
      expect(page).not.toContain('The shop.');
      expect(page).toContain(`<link rel="canonical" href="${ctx.config.publicUrl}/parts/${id}" />`);
      expect(page).toContain('Minimum order quantity: 100 piece');
      expect(page).toContain('Available: 800 piece');
      expect(page).toContain('<td>Honda</td><td>Civic</td><td>2016–2021</td>');
      // The name cannot close the script elements it sits in.
      expect(page).not.toContain('</script><script>alert(1)');
      const ld = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(page)?.[1];
      const product = JSON.parse(ld ?? '{}') as Record<string, unknown>;
      expect(product).toMatchObject({
        '@type': 'Product',
        sku: 'IGN-4242',
        offers: { price: '8.90', priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
      });
    }
  });

  it('answers 404 (with the app, which shows its 404 page) for unknown parts and paths', async () => {
    for (const url of [
      '/parts/NOPE-0000',
      '/no-such-page',
      '/dashboard/nothing/here',
      '/blogs/x',
    ]) {
      const res = await ctx.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('<div id="root"></div>');
    }
    for (const url of [
      '/parts',
      '/dashboard/my-orders',
      `/purchase/${id}`,
      `/dashboard/parts/${id}/edit`,
    ]) {
      expect((await ctx.app.inject(url)).statusCode, url).toBe(200);
    }
  });

  it('answers 200 for every page of the app, loaded directly or reloaded', async () => {
    for (const route of APP_ROUTE_PATTERNS) {
      const url = route.replace(':idOrSku', id).replace(':slug', 'legal').replace(/:\w+/g, 'x1');
      const res = await ctx.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
    }
  });

  it("draws each vehicle's position and note in columns of their own, only when a vehicle has one", async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/parts',
      headers: boss.auth,
      payload: {
        name: 'Front Strut',
        description: 'Gas strut.',
        mOrderQuantity: 2,
        availableQuantity: 20,
        price: 80,
        url: '/images/parts/spark-plugs.svg',
        sku: 'SUS-5151',
        category: 'suspension',
        fitment: [
          {
            make: 'Toyota',
            model: 'Corolla',
            yearFrom: 2014,
            yearTo: 2019,
            position: 'Front',
            note: 'Not for <sport> suspension',
          },
          { make: 'Toyota', model: 'Auris', yearFrom: 2013, yearTo: 2018 },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const page = (await ctx.app.inject('/parts/SUS-5151')).body;
    expect(page).toContain('<th>Years</th><th>Position</th><th>Note</th>');
    expect(page).toContain(
      '<td>Toyota</td><td>Corolla</td><td>2014–2019</td><td>Front</td><td>Not for &#60;sport&#62; suspension</td>',
    );
    expect(page).toContain('<td>Toyota</td><td>Auris</td><td>2013–2018</td><td></td><td></td>');
    // No vehicle of the spark plug has either: its table keeps three columns.
    expect((await ctx.app.inject('/parts/IGN-4242')).body).not.toContain('<th>Position</th>');
  });
});

describe("a part page drawn by the web build's renderer (decision 070)", () => {
  // A build with a renderer in dist/ssr: the page's body is the app's markup, to be hydrated.
  const built = fs.mkdtempSync(path.join(os.tmpdir(), 'catalog-seo-ssr-'));
  fs.writeFileSync(path.join(built, 'index.html'), shell);
  fs.writeFileSync(path.join(built, 'app.html'), shell);
  fs.mkdirSync(path.join(built, 'ssr'));
  fs.writeFileSync(
    path.join(built, 'ssr', 'entry-prerender.js'),
    `export async function renderPartPage(ref, page, config) {
      return '<main data-drawn-by="app">' + ref + ' ' + page.part.sku + ' ' + config.brandName + '</main>';
    }
    export async function renderCatalogPage() {
      return '<main data-drawn-by="app">parts</main>';
    }
    export async function renderHomePage() {
      return '<main data-drawn-by="app">home</main>';
    }`,
  );
  const ctx = useTestApp({ webDistDir: built, brandName: 'Test Parts' });

  it('sends the app markup unmarked (hydrated), with the config the app starts from; never the renderer', async () => {
    const boss = await admin(ctx.app, ctx.database.db);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/parts',
      headers: boss.auth,
      payload: {
        name: 'Cabin Filter',
        description: 'Keeps dust out.',
        mOrderQuantity: 1,
        availableQuantity: 5,
        price: 12,
        url: '/images/parts/cabin-filter.svg',
        sku: 'FIL-7070',
        category: 'filters',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const page = (await ctx.app.inject('/parts/fil-7070')).body;
    expect(page).toContain(
      '<div id="root"><main data-drawn-by="app">fil-7070 FIL-7070 Test Parts</main></div>',
    );
    expect(page).not.toContain('data-static');
    expect(page).toContain('<title>Cabin Filter (FIL-7070) | Test Parts</title>');
    expect(page).toMatch(/<script type="application\/json" id="part-page-data">/);
    expect(page).toMatch(
      /<script type="application\/json" id="site-config">\{"brandName":"Test Parts"/,
    );
    const renderer = await ctx.app.inject('/ssr/entry-prerender.js');
    expect(renderer.statusCode).toBe(404);
    expect(renderer.body).not.toContain('renderPartPage');
  });
});
