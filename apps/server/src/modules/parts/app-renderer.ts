import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type {
  CatalogPage,
  PartListResponse,
  PartPageResponse,
  PublicConfig,
  ReviewListResponse,
} from '@storefront/contract';

/**
 * The web build's renderer (apps/web/src/entry-prerender.tsx, built into `dist/ssr` by
 * apps/web/scripts/prerender.mjs): the app's own markup of a server-drawn page, which the browser
 * then hydrates instead of drawing the page a second time (decision 070).
 */
export type AppRenderer = {
  renderPartPage(idOrSku: string, page: PartPageResponse, config: PublicConfig): Promise<string>;
  renderCatalogPage(page: CatalogPage, config: PublicConfig): Promise<string>;
  renderHomePage(
    parts: PartListResponse,
    reviews: ReviewListResponse,
    config: PublicConfig,
  ): Promise<string>;
};

const loaded = new Map<string, Promise<AppRenderer | null>>();

/**
 * The renderer of the web build in `webDistDir`, loaded once; null when the build has none (the
 * server's plain markup then stands in, and the app draws the page anew).
 */
export function loadAppRenderer(webDistDir: string): Promise<AppRenderer | null> {
  let renderer = loaded.get(webDistDir);
  if (!renderer) {
    const file = path.join(webDistDir, 'ssr', 'entry-prerender.js');
    renderer = fs.existsSync(file)
      ? import(pathToFileURL(file).href).then((mod: Partial<AppRenderer>) =>
          mod.renderPartPage && mod.renderCatalogPage && mod.renderHomePage
            ? {
                renderPartPage: mod.renderPartPage,
                renderCatalogPage: mod.renderCatalogPage,
                renderHomePage: mod.renderHomePage,
              }
            : null,
        )
      : Promise.resolve(null);
    loaded.set(webDistDir, renderer);
  }
  return renderer;
}
