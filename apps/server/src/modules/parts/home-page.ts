import { createHash } from 'node:crypto';
import {
  PartListQuery,
  type PartListResponse,
  type PublicConfig,
  type ReviewListResponse,
} from '@storefront/contract';
import type { CatalogCache } from './catalog-cache.js';
import { encode, type Encoded } from './compressed.js';
import { loadAppRenderer } from './app-renderer.js';
import { cardShown, renderHomeAppHtml } from './part-html.js';

/**
 * `/` as served: the prerendered page with the home's parts (the nine `GET /api/parts` answers)
 * and the latest reviews drawn in by the web build's renderer, and their data beside them, which
 * the app hydrates (decision 077). Drawn in the browser instead, they arrived after the page was
 * on screen and pushed the footer about 2,300 px down (layout shifts of 0.45 with a phone's CPU):
 * a tap on a footer link then landed on whatever moved under it.
 *
 * Kept in the catalog cache until the next catalog change, per set of reviews (the reviews are
 * read on each request: one indexed query). Without a renderer (no web build), the prerendered
 * page with its spinners, as before.
 */
export const fillHomePage = (
  catalog: CatalogCache,
  webDistDir: string,
  publicConfig: PublicConfig,
  latestReviews: () => Promise<ReviewListResponse>,
) => {
  const { page, limit } = PartListQuery.parse({});
  return async (html: string): Promise<{ body: string } & Encoded> => {
    const reviews = await latestReviews();
    const reviewsKey = createHash('sha1').update(JSON.stringify(reviews)).digest('base64url');
    return catalog.memo(`html:/:${reviewsKey}`, async () => {
      const renderer = await loadAppRenderer(webDistDir);
      let body = html;
      if (renderer) {
        // Descriptions cut to what a card shows (one character past the preview draws the same
        // card, as on /parts): the page stays within its first round trips.
        const parts = (JSON.parse((await catalog.list(page, limit)).body) as PartListResponse).map(
          cardShown,
        );
        body = renderHomeAppHtml(
          html,
          { parts, reviews },
          await renderer.renderHomePage(parts, reviews, publicConfig),
        );
      }
      return { body, ...encode(body) };
    });
  };
};
