import fs from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
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

describe.runIf(browserAvailable())('the cart and checkout in the browser', () => {
  const ctx = useBrowserShop();

  it('fills a cart as a visitor, keeps it through sign-in, fixes a line, sees a price change, checks out three lines and pays once', async () => {
    const { context, page, problems } = await newPage(ctx.browser, ctx.shop.baseURL);
    // Every failed request, by address: only the refused checkout (the price change) is expected.
    const failed: string[] = [];
    page.on('response', (r) => {
      if (r.status() >= 400)
        failed.push(`${r.request().method()} ${new URL(r.url()).pathname} ${r.status()}`);
    });

    // A visitor adds three parts from the catalog: the navbar counts them.
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

    // Signing in brings the browser's cart into the account's.
    await signInAs(page, demoAccounts.customer.email, demoAccounts.customer.password);
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
    expect(await page.evaluate(() => localStorage.getItem('cart:v1'))).toBeNull();

    // A quantity below the part's minimum is flagged with its fix; checkout waits for it.
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
    // One more pack of the disc with +.
    const discLine = page.locator(`[data-testid="cart-line"]`, { hasText: disc.name });
    await discLine.getByRole('button', { name: `Quantity of ${disc.name}: 1 more` }).click();
    await discLine
      .getByTestId('line-total')
      .getByText(formatMoney(((disc.minOrderQuantity + 1) * disc.priceCents) / 100))
      .waitFor();

    // On a 390 px phone the cart and checkout do not scroll sideways.
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

    // Staff reprice the oil filter while the buyer looks at the page: nothing is placed, and the
    // buyer sees which line changed and confirms the new price.
    const admin = await newPage(ctx.browser, ctx.shop.baseURL);
    await signInAs(admin.page, demoAccounts.admin.email, demoAccounts.admin.password);
    await reprice(admin.page, oil.name, 7.25);
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.getByTestId('checkout-changed').waitFor();
    const oilLine = page.locator('[data-testid="checkout-line"]', { hasText: oil.name });
    await oilLine.getByText('The price changed from $6.90 to $7.25 a piece.').waitFor();
    await oilLine.getByRole('button', { name: 'Accept the new price' }).click();
    await oilLine.getByTestId('line-problems').waitFor({ state: 'detached' });

    const expected =
      pads.minOrderQuantity * pads.priceCents +
      (disc.minOrderQuantity + 1) * disc.priceCents +
      oil.minOrderQuantity * 725;
    expect(await page.getByTestId('checkout-total').textContent()).toContain(
      formatMoney(expected / 100),
    );
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.locator('.swal2-popup').getByText(alerts.orderPlaced, { exact: true }).waitFor();
    await page.locator('.swal2-popup').getByRole('button', { name: 'Cool!' }).click();
    await page.waitForURL('**/dashboard/payment/**');
    const number = (await page.getByTestId('payment-order-number').textContent())!;
    await payOnPaymentPage(page);
    // The ordered lines left the cart.
    await page.getByTestId('cart-link').getByText('3').waitFor({ state: 'detached' });

    // My Orders: one order, three lines, the whole total.
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

    // Staff see the three lines, each with its own cancel.
    await admin.page.goto('/dashboard/orders');
    await admin.page.getByRole('link', { name: number }).first().click();
    await admin.page.getByTestId('staff-order').waitFor();
    expect(await admin.page.getByTestId('order-line').count()).toBe(3);
    expect(await admin.page.getByRole('button', { name: /^Cancel line / }).count()).toBe(3);
    expect(await seriousA11yViolations(admin.page)).toEqual([]);

    expect(failed).toEqual(['POST /api/checkout 409']);
    expect(problems.filter((p) => !p.includes('Failed to load resource'))).toEqual([]);
    await admin.context.close();
    await context.close();
  });
});
