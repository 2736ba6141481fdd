import fs from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts, formatMoney } from '@storefront/contract';
import { demoAccounts } from '../apps/server/src/db/seed-demo-accounts.js';
import { seedParts } from '../apps/server/src/db/seed-data.js';
import { seriousA11yViolations } from './support/axe.js';
import { browserAvailable, newPage } from './support/browser.js';
import { fillShipTo, payOnPaymentPage } from './support/checkout.js';
import { pdfText } from './support/pdf.js';
import { signInAs } from './support/session.js';
import { useBrowserShop } from './support/use-browser-shop.js';

const [pads, disc, oil] = [seedParts[0]!, seedParts[1]!, seedParts[2]!];

/** No sideways scrolling at the page's current width. */
const scrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** Changes a part's price as staff, through the API from a signed-in admin page. */
async function reprice(page: Page, name: string, price: number): Promise<void> {
  await page.evaluate(
    async ({ name, price }) => {
      const headers = {
        'content-type': 'application/json',
        authorization: `Bearer ${localStorage.getItem('accessKey') ?? ''}`,
      };
      const parts = (await (await fetch('/api/parts')).json()) as { _id: string; name: string }[];
      const found = parts.find((p) => p.name === name)!;
      const part = (await (await fetch(`/api/parts/${found._id}`)).json()) as Record<
        string,
        unknown
      >;
      const res = await fetch(`/api/parts/${found._id}`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({
          name: part.name,
          description: part.description,
          mOrderQuantity: part.mOrderQuantity,
          url: part.url,
          price,
        }),
      });
      if (!res.ok) throw new Error(`reprice: ${res.status} ${await res.text()}`);
    },
    { name, price },
  );
}

/*
 * One buyer's journey, a step per test: each step has its own time limit, so one slow step on a
 * busy machine fails that step, not the whole journey. The steps share the page and run in order.
 */
describe.runIf(browserAvailable())('the cart and checkout in the browser', () => {
  const ctx = useBrowserShop();
  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  let admin: { context: BrowserContext; page: Page };
  // Every failed request, by address: only the refused checkout (the price change) is expected.
  const failed: string[] = [];
  let number = '';
  const expected =
    pads.minOrderQuantity * pads.priceCents +
    (disc.minOrderQuantity + 1) * disc.priceCents +
    oil.minOrderQuantity * 725;

  beforeAll(async () => {
    ({ context, page, problems } = await newPage(ctx.browser, ctx.shop.baseURL));
    page.on('response', (r) => {
      if (r.status() >= 400)
        failed.push(`${r.request().method()} ${new URL(r.url()).pathname} ${r.status()}`);
    });
  });
  afterAll(async () => {
    await admin?.context.close();
    await context?.close();
  });

  it('fills a cart as a visitor: the navbar counts the parts', async () => {
    await page.goto('/parts');
    for (const part of [pads, disc, oil]) {
      // The button is named by its words; the part is its description (label in name).
      const card = page
        .getByTestId('part-card')
        .filter({ has: page.getByRole('heading', { name: part.name, exact: true }) });
      await card.getByRole('button', { name: 'Add to cart', exact: true }).click();
      await card.locator('button[data-state="added"]').waitFor();
    }
    await page.getByTestId('cart-count').getByText('3').waitFor();
  });

  it("keeps the cart through sign-in, in the account's cart", async () => {
    // The first merge reaches the server but its answer is lost (the buyer left the page): the
    // next page sends it again, and nothing is counted twice.
    let merges = 0;
    await page.route('**/api/cart/merge', async (route) => {
      merges += 1;
      if (merges > 1) return route.continue();
      await route.fetch();
      await route.abort('connectionreset');
    });
    await signInAs(page, demoAccounts.customer.email, demoAccounts.customer.password);
    await expect.poll(() => merges).toBe(1);
    // The cart page's script arrives late (a slow phone): the navbar's cart is in by then, and
    // the prerendered page must still hydrate without a mismatch.
    await page.route('**/assets/cart-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await page.goto('/cart');
    await page.getByRole('heading', { name: 'Your cart' }).waitFor();
    await page.getByTestId('cart-line').nth(2).waitFor();
    expect(await page.getByTestId('cart-line').count()).toBe(3);
    expect(merges).toBe(2);
    for (const part of [pads, disc, oil])
      expect(
        await page.getByRole('textbox', { name: `Quantity of ${part.name}` }).inputValue(),
      ).toBe(String(part.minOrderQuantity));
    expect(await page.evaluate(() => localStorage.getItem('cart:v1'))).toBeNull();
    await page.unroute('**/api/cart/merge');
  });

  it('flags a quantity below the minimum with its fix, and adds a pack with +', async () => {
    const padsLine = page.locator(`[data-testid="cart-line"]`, { hasText: pads.name });
    const quantity = padsLine.getByRole('textbox', { name: `Quantity of ${pads.name}` });
    await quantity.fill('5');
    await quantity.press('Enter');
    const fix = padsLine.getByRole('button', { name: `Use ${pads.minOrderQuantity}` });
    await fix.waitFor();
    expect(await padsLine.getByTestId('line-problems').textContent()).toContain(
      `the minimum order is ${pads.minOrderQuantity}`,
    );
    expect(await page.getByRole('button', { name: 'Checkout' }).isDisabled()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await fix.click();
    await padsLine.getByTestId('line-problems').waitFor({ state: 'detached' });
    const discLine = page.locator(`[data-testid="cart-line"]`, { hasText: disc.name });
    await discLine.getByRole('button', { name: `Quantity of ${disc.name}: 1 more` }).click();
    await discLine
      .getByTestId('line-total')
      .getByText(formatMoney(((disc.minOrderQuantity + 1) * disc.priceCents) / 100))
      .waitFor();
  });

  it('fits the cart and checkout on a 390 px phone, then fills in the checkout', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
    await page.getByRole('link', { name: 'Checkout' }).click();
    await page.getByRole('form', { name: 'Checkout form' }).waitFor();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 900 });

    await fillShipTo(page, '12 Workshop Way');
    await page.getByLabel('Phone').fill('0113 496 0000');
    await page.getByLabel('Your PO number').fill('PO-CART-1');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('shows a price staff changed meanwhile on its line, and places nothing until accepted', async () => {
    admin = await newPage(ctx.browser, ctx.shop.baseURL);
    await signInAs(admin.page, demoAccounts.admin.email, demoAccounts.admin.password);
    await reprice(admin.page, oil.name, 7.25);
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.getByTestId('checkout-changed').waitFor();
    const oilLine = page.locator('[data-testid="checkout-line"]', { hasText: oil.name });
    await oilLine.getByText('The price changed from $6.90 to $7.25 a piece.').waitFor();
    await oilLine.getByRole('button', { name: 'Accept the new price' }).click();
    await oilLine.getByTestId('line-problems').waitFor({ state: 'detached' });
    expect(await page.getByTestId('checkout-total').textContent()).toContain(
      formatMoney(expected / 100),
    );
  });

  it('places three lines and pays once; the ordered lines leave the cart', async () => {
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.locator('.swal2-popup').getByText(alerts.orderPlaced, { exact: true }).waitFor();
    await page.locator('.swal2-popup').getByRole('button', { name: 'Cool!' }).click();
    await page.waitForURL('**/dashboard/payment/**');
    number = (await page.getByTestId('payment-order-number').textContent())!;
    await payOnPaymentPage(page);
    await page.getByTestId('cart-link').getByText('3').waitFor({ state: 'detached' });
  });

  it('lists the order in My Orders with three lines, the whole total and its invoice', async () => {
    await page.goto('/dashboard/my-orders');
    const row = page.getByTestId('order-row').filter({ hasText: number });
    await row.waitFor();
    expect(await row.textContent()).toContain('3 lines');
    expect(await row.textContent()).toContain(formatMoney(expected / 100));
    await row.getByRole('link', { name: number }).click();
    await page.getByTestId('order-receipt').waitFor();
    expect(await page.getByTestId('order-line').count()).toBe(3);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the invoice (PDF)' }).click(),
    ]);
    const invoice = await pdfText(await fs.readFile((await download.path())!));
    for (const part of [pads, disc, oil]) expect(invoice).toContain(part.name);
    expect(invoice).toContain(formatMoney(expected / 100));
  });

  it('shows staff the three lines, each with its own cancel; nothing else failed', async () => {
    await admin.page.goto('/dashboard/orders');
    await admin.page.getByRole('link', { name: number }).first().click();
    await admin.page.getByTestId('staff-order').waitFor();
    expect(await admin.page.getByTestId('order-line').count()).toBe(3);
    expect(await admin.page.getByRole('button', { name: /^Cancel line / }).count()).toBe(3);
    expect(await seriousA11yViolations(admin.page)).toEqual([]);

    expect(failed).toEqual(['POST /api/checkout 409']);
    expect(problems.filter((p) => !p.includes('Failed to load resource'))).toEqual([]);
  });
});
