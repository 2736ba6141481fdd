import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoAccounts } from '../apps/server/src/db/seed-demo-accounts.js';
import { seedParts } from '../apps/server/src/db/seed-data.js';
import { seriousA11yViolations } from './support/axe.js';
import { browserAvailable, newPage } from './support/browser.js';
import { signInAs } from './support/session.js';
import { useBrowserShop } from './support/use-browser-shop.js';

// The demo catalog numbers its hand-written parts IC-1001, IC-1002, … (apps/server/src/db/seed.ts);
// the first also carries the OEM number 0986494524.
const [pads, disc, oil, air, , alternator] = seedParts.map((p, i) => ({
  ...p,
  sku: `IC-${1001 + i}`,
}));

const row = (page: Page, line: number) =>
  page.getByTestId('quick-row').filter({ hasText: `Line ${line}:` });
const summary = (page: Page) => page.getByTestId('quick-order-summary');

describe.runIf(browserAvailable())('quick order in the browser', () => {
  const ctx = useBrowserShop();

  it('pastes a list with mistakes, fixes them with the row buttons, adds the ready rows to the cart and keeps the rest', async () => {
    const { context, page, problems } = await newPage(ctx.browser, ctx.shop.baseURL);
    await signInAs(page, demoAccounts.customer.email, demoAccounts.customer.password);
    await page.getByRole('link', { name: 'Quick order' }).first().click();
    await page.getByRole('heading', { name: 'Quick order' }).waitFor();

    const list = [
      `0986 494 524\t${pads!.minOrderQuantity * 2}\tJob 12`,
      `${disc!.sku.toLowerCase()};5`,
      `${alternator!.sku} 500`,
      'NOPE-999 10',
      `${oil!.sku}, lots`,
      `${air!.sku},"1,000"`,
    ].join('\r\n');
    await page.getByLabel('Your list').fill(list);
    await page.getByRole('button', { name: 'Check list' }).click();
    await summary(page).getByText('2 ready, 4 need attention').waitFor();
    expect(await page.getByRole('status').textContent()).toBe('2 ready, 4 need attention');

    // Each row says what it is in words, how the part was found, and offers its fix.
    expect(await row(page, 1).textContent()).toContain('matched OEM 0986494524');
    expect(await row(page, 1).textContent()).toContain(pads!.name);
    expect(await row(page, 2).getByTestId('quick-row-status').textContent()).toContain(
      'Below the minimum',
    );
    expect(await row(page, 4).getByTestId('quick-row-status').textContent()).toContain(
      'Unknown number',
    );
    expect(await row(page, 5).getByTestId('quick-row-status').textContent()).toContain(
      'Not a number',
    );
    expect(await seriousA11yViolations(page)).toEqual([]);

    await row(page, 2)
      .getByRole('button', { name: `Use ${disc!.minOrderQuantity}` })
      .click();
    await summary(page).getByText('3 ready, 3 need attention').waitFor();
    await row(page, 3)
      .getByRole('button', { name: `Reduce to ${alternator!.availableQuantity}, all in stock` })
      .click();
    await summary(page).getByText('4 ready, 2 need attention').waitFor();
    // The last fix by keyboard: "Apply all suggested fixes" sets the oil filter to its minimum.
    await page.getByRole('button', { name: 'Apply all suggested fixes' }).focus();
    await page.keyboard.press('Enter');
    await summary(page).getByText('5 ready, 1 needs attention').waitFor();

    // On a 390 px phone the grid does not scroll sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole('button', { name: 'Add 5 to cart' }).click();
    await page.getByTestId('quick-order-added').getByText('Added 5 lines to your cart.').waitFor();
    // The row that needs attention stays.
    await summary(page).getByText('0 ready, 1 needs attention').waitFor();
    expect(await page.getByTestId('quick-row').count()).toBe(1);
    // It keeps its line number in what was pasted.
    expect(await row(page, 4).textContent()).toContain('NOPE-999');

    await page.getByRole('link', { name: 'Go to the cart' }).click();
    await page.getByRole('heading', { name: 'Your cart' }).waitFor();
    await page.getByTestId('cart-line').nth(4).waitFor();
    const quantities = Object.fromEntries(
      await page
        .getByTestId('cart-line')
        .evaluateAll((lines) =>
          lines.map((l) => [
            l.querySelector('h2')?.textContent ?? '',
            (l.querySelector('input') as HTMLInputElement | null)?.value ?? '',
          ]),
        ),
    );
    expect(quantities).toEqual({
      [pads!.name]: String(pads!.minOrderQuantity * 2),
      [disc!.name]: String(disc!.minOrderQuantity),
      [alternator!.name]: String(alternator!.availableQuantity),
      [oil!.name]: String(oil!.minOrderQuantity),
      [air!.name]: '1000',
    });
    expect(problems.filter((p) => !p.includes('Failed to load resource'))).toEqual([]);
    await context.close();
  });
});
