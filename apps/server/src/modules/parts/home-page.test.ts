import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DESCRIPTION_PREVIEW_LENGTH,
  type PartListResponse,
  type ReviewListResponse,
} from '@storefront/contract';
import { seedCatalog } from '../../db/seed.js';
import { admin } from '../../test/accounts.js';
import { useTestApp } from '../../test/test-app.js';
import { reviews } from '../reviews/reviews.tables.js';

// A web build in miniature with a renderer in dist/ssr, as apps/web/scripts/prerender.mjs writes
// it: the home page's frame (its spinners), and a renderer that names what it was given.
const built = fs.mkdtempSync(path.join(os.tmpdir(), 'home-page-'));
const frame = (root: string) =>
  `<!doctype html><html lang="en"><head><title>Shop</title></head><body><div id="root">${root}</div></body></html>`;
fs.writeFileSync(path.join(built, 'index.html'), frame('<p>Loading parts…</p>'));
fs.writeFileSync(path.join(built, 'app.html'), frame(''));
fs.mkdirSync(path.join(built, 'ssr'));
fs.writeFileSync(
  path.join(built, 'ssr', 'entry-prerender.js'),
  `const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  export async function renderPartPage() { return '<main>part</main>'; }
  export async function renderCatalogPage() { return '<main>parts</main>'; }
  export async function renderHomePage(parts, reviews, config) {
    return '<main data-drawn-by="app">' + esc(parts.map((p) => p.name).join('|')) + ' / ' +
      esc(reviews.map((r) => r.name).join('|')) + ' / ' + esc(config.brandName) + '</main>';
  }`,
);

/** The data the served home page carries for the app's first queries (main.tsx). */
const homeData = (html: string) =>
  JSON.parse(
    /<script type="application\/json" id="home-page-data">(.*?)<\/script>/.exec(html)?.[1] ??
      'null',
  ) as { parts: PartListResponse; reviews: ReviewListResponse } | null;

describe("the home page drawn with its parts and reviews by the web build's renderer", () => {
  const ctx = useTestApp({ webDistDir: built, brandName: 'Test Parts' });
  beforeAll(async () => seedCatalog(ctx.database.db));
  afterAll(() => fs.rmSync(built, { recursive: true, force: true }));

  it('draws the parts and reviews the API answers, and carries them for the app', async () => {
    const parts = (await ctx.app.inject('/api/parts')).json<PartListResponse>();
    const latest = (await ctx.app.inject('/api/reviews')).json<ReviewListResponse>();
    expect(parts.length).toBe(9);
    expect(latest.length).toBeGreaterThan(0);
    const res = await ctx.app.inject('/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      `<div id="root"><main data-drawn-by="app">${parts.map((p) => p.name).join('|')} / ${latest
        .map((r) => r.name)
        .join('|')} / Test Parts</main></div>`,
    );
    expect(res.body).not.toContain('Loading parts…');
    // Hydrated, not replaced: the app starts from the same data.
    expect(res.body).not.toContain('data-static');
    // Descriptions as long as a card shows them.
    const shown = parts.map((p) => ({
      ...p,
      description: p.description.slice(0, DESCRIPTION_PREVIEW_LENGTH + 1),
    }));
    expect(parts.some((p) => p.description.length > DESCRIPTION_PREVIEW_LENGTH + 1)).toBe(true);
    expect(homeData(res.body)).toEqual({ parts: shown, reviews: latest });
  });

  it('follows a staff change to the catalog and a new review on the next request', async () => {
    const boss = await admin(ctx.app, ctx.database.db);
    const hostile = 'Wiper </script><script>alert(1)</script> & <b>';
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/parts',
      headers: boss.auth,
      payload: {
        name: hostile,
        description: 'Clears rain.',
        mOrderQuantity: 1,
        availableQuantity: 5,
        price: 12,
        url: '/images/parts/wiper.svg',
        sku: 'WIP-1001',
        category: 'filters',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(homeData((await ctx.app.inject('/')).body)?.parts.map((p) => p.name)).toContain(hostile);
    // A review is no catalog change: the page drawn a moment ago is not served again without it.
    await ctx.database.db
      .insert(reviews)
      .values({ name: 'Ada </script>', description: 'Fast delivery.', rating: 5 });
    const html = (await ctx.app.inject('/')).body;
    const data = homeData(html);
    expect(data?.parts.map((p) => p.name)).toContain(hostile);
    expect(data?.reviews[0]?.name).toBe('Ada </script>');
    // Nothing a part or a review holds closes the data's script element or opens another.
    expect(html.match(/<\/script>/g)?.length).toBe(html.match(/<script/g)?.length);
    expect(html).not.toContain('<script>alert(1)');
  });
});
