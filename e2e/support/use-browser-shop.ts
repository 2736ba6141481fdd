import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../../apps/server/src/config.js';
import { launchBrowser } from './browser.js';
import { startShop, type Shop } from './shop.js';

/**
 * One shop (fresh seeded database) and one browser per test file, filled in `beforeAll`, so
 * tests can hold the object at module level and read it inside their bodies.
 */
export function useBrowserShop(overrides: Partial<Config> = {}): { shop: Shop; browser: Browser } {
  const ctx = {} as { shop: Shop; browser: Browser };
  beforeAll(async () => {
    ctx.shop = await startShop(overrides);
    ctx.browser = await launchBrowser();
  });
  afterAll(async () => {
    await ctx.browser?.close();
    await ctx.shop?.close();
  });
  return ctx;
}
