import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { alerts, formatMoney } from '@storefront/contract';
import { generatePart } from '../apps/server/src/db/catalog-generator.js';
import { demoAccounts } from '../apps/server/src/db/seed-demo-accounts.js';
import { seedParts } from '../apps/server/src/db/seed-data.js';
import { DEMO_GENERATED_PARTS } from '../apps/server/src/db/seed.js';
import { seriousA11yViolations } from './support/axe.js';
import { browserAvailable, newPage } from './support/browser.js';
import { fillShipTo, payOnPaymentPage } from './support/checkout.js';
import { signInAs } from './support/session.js';
import { useBrowserShop } from './support/use-browser-shop.js';

// The demo catalog numbers its hand-written parts IC-1001, IC-1002, … (apps/server/src/db/seed.ts):
// the first also answers to the OEM number 0986494524 and to its older number IC-0901, the oil
// filter (IC-1003) has volume prices from 200 ($6.40) and 500 ($5.90). Generated demo parts follow.
const hand = seedParts.map((p, i) => ({
  name: p.name,
  sku: `IC-${1001 + i}`,
  min: p.minOrderQuantity,
  stock: p.availableQuantity,
  cents: p.priceCents,
}));
const [pads, disc, oil, , spark, alternator] = hand;
const generated = Array.from({ length: DEMO_GENERATED_PARTS }, (_, i) => {
  const p = generatePart(i + 1, 'D');
  return {
    name: p.name,
    sku: p.sku,
    min: p.minOrderQuantity,
    stock: p.availableQuantity,
    cents: p.priceCents,
    oem: p.oemNumbers[0] ?? null,
  };
});
const inStock = generated.filter((p) => p.stock >= p.min);
const byOem = inStock.find((p) => p.oem !== null)!;
const plainGenerated = inStock.filter((p) => p !== byOem).slice(0, 11);
const soldOut = generated.find((p) => p.stock === 0)!;

const row = (page: Page, line: number) =>
  page.getByTestId('quick-row').filter({ hasText: `Line ${line}:` });
const summary = (page: Page) => page.getByTestId('quick-order-summary');

describe.runIf(browserAvailable())('quick order in the browser', () => {
  const ctx = useBrowserShop();

  it('pastes 30 rows with mistakes, fixes them with the row buttons, adds them, takes the volume price and checks out', async () => {
    const { context, page, problems } = await newPage(ctx.browser, ctx.shop.baseURL);
    await signInAs(page, demoAccounts.customer.email, demoAccounts.customer.password);
    await page.getByRole('link', { name: 'Quick order' }).first().click();
    await page.getByRole('heading', { name: 'Quick order' }).waitFor();

    // 30 rows as a buyer pastes them: mixed separators and case, an older number, an OEM number
    // with spaces, and five mistakes (below the minimum, above the stock, not a number, sold out,
    // unknown).
    const others = hand.filter((p) => ![pads, disc, oil, spark, alternator].includes(p));
    const list = [
      `ic-0901\t${pads!.min * 2}\tJob 12`,
      `${disc!.sku.toLowerCase()};5`,
      `${oil!.sku} 190`,
      `${spark!.sku}, lots`,
      `${alternator!.sku} 500`,
      ...others.map((p, i) => (i % 2 ? `${p.min} x ${p.sku}` : `${p.sku},${p.min}`)),
      `${byOem.oem!.replace(/(\d{4})(\d{3})/, '$1 $2 ')}\t${byOem.min}`,
      ...plainGenerated.map((p) => `${p.sku}\t${p.min}`),
      `${soldOut.sku} ${soldOut.min}`,
      'NOPE-999 10',
    ];
    expect(list).toHaveLength(30);
    await page.getByLabel('Your list').fill(list.join('\r\n'));
    await page.getByRole('button', { name: 'Check list' }).click();
    await summary(page).getByText('25 ready, 5 need attention').waitFor();
    expect(await page.getByRole('status').first().textContent()).toBe('25 ready, 5 need attention');

    // Each row says in words what it is, how its part was found, and offers its fix.
    expect(await row(page, 1).textContent()).toContain('IC-0901 is replaced by IC-1001');
    expect(await row(page, 17).textContent()).toContain(`matched OEM ${byOem.oem}`);
    expect(await row(page, 2).getByTestId('quick-row-status').textContent()).toContain(
      'Below the minimum',
    );
    expect(await row(page, 4).getByTestId('quick-row-status').textContent()).toContain(
      'Not a number',
    );
    expect(await row(page, 29).getByTestId('quick-row-status').textContent()).toContain(
      'More than in stock',
    );
    expect(await row(page, 30).getByTestId('quick-row-status').textContent()).toContain(
      'Unknown number',
    );
    expect(await seriousA11yViolations(page)).toEqual([]);

    await row(page, 2)
      .getByRole('button', { name: `Use ${disc!.min}` })
      .click();
    await summary(page).getByText('26 ready, 4 need attention').waitFor();
    await row(page, 5)
      .getByRole('button', { name: `Reduce to ${alternator!.stock}, all in stock` })
      .click();
    await summary(page).getByText('27 ready, 3 need attention').waitFor();
    // By keyboard: "Apply all suggested fixes" sets the spark plugs to their minimum.
    await page.getByRole('button', { name: 'Apply all suggested fixes' }).focus();
    await page.keyboard.press('Enter');
    await summary(page).getByText('28 ready, 2 need attention').waitFor();
    await row(page, 30).getByRole('button', { name: 'Remove' }).click();
    await summary(page).getByText('28 ready, 1 needs attention').waitFor();

    // On a 390 px phone the grid does not scroll sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole('button', { name: 'Add 28 to cart' }).click();
    await page.getByTestId('quick-order-added').getByText('Added 28 lines to your cart.').waitFor();
    // The sold-out row stays, with its line number in what was pasted.
    await summary(page).getByText('0 ready, 1 needs attention').waitFor();
    expect(await page.getByTestId('quick-row').count()).toBe(1);
    expect(await row(page, 29).textContent()).toContain(soldOut.sku);
    // The list is in the cart: the box is empty, so "Check list" cannot add it a second time.
    expect(await page.getByTestId('quick-order-text').inputValue()).toBe('');
    expect(await page.getByRole('button', { name: 'Check list' }).isDisabled()).toBe(true);

    // The cart: 190 oil filters cost more than 200 at the volume price, so it says so.
    await page.getByRole('link', { name: 'Go to the cart' }).click();
    await page.getByRole('heading', { name: 'Your cart' }).waitFor();
    await page.getByTestId('cart-line').nth(27).waitFor();
    // The last line is far below the first screen: its text is there (find in page, a screen
    // reader), its controls come when it comes near, and focus on its link stays put (issue 41).
    const last = page.getByTestId('cart-line').nth(27);
    const lastName = (await last.getByRole('heading').textContent())!;
    expect(await last.getAttribute('data-light')).toBe('');
    expect(await last.textContent()).toMatch(/Quantity \d/);
    expect(await last.getByRole('textbox').count()).toBe(0);
    await last.getByRole('link', { name: lastName }).focus();
    await last.getByRole('textbox', { name: `Quantity of ${lastName}` }).waitFor();
    expect(await last.getAttribute('data-light')).toBeNull();
    expect(
      await page.evaluate(() => {
        const focused = document.activeElement;
        const line = focused?.closest('[data-testid="cart-line"]');
        return `${focused?.tagName} ${line?.querySelector('h2')?.textContent}`;
      }),
    ).toBe(`A ${lastName}`);
    const oilLine = page.getByTestId('cart-line').filter({ hasText: `Part number ${oil!.sku}` });
    // Scrolled to, as a buyer does: a line further down gets its controls when it comes near.
    await oilLine.scrollIntoViewIfNeeded();
    await oilLine
      .getByTestId('volume-nudge')
      .getByText('Add 10 more: you pay $31.00 less overall.')
      .waitFor();
    await oilLine.getByRole('button', { name: 'Add 10 more' }).click();
    await oilLine.getByText('$6.40 a piece (volume price from 200)').waitFor();
    await oilLine.getByTestId('volume-nudge').waitFor({ state: 'detached' });
    expect(await seriousA11yViolations(page)).toEqual([]);

    // What the order holds, by part number (generated parts may share a name).
    const ordered: [number, number][] = [
      [pads!.min * 2, pads!.cents],
      [disc!.min, disc!.cents],
      [200, 640],
      [spark!.min, spark!.cents],
      [alternator!.stock, alternator!.cents],
      ...[...others, byOem, ...plainGenerated].map((p): [number, number] => [p.min, p.cents]),
    ];
    expect(ordered).toHaveLength(28);
    const expected = ordered.reduce((sum, [q, c]) => sum + q * c, 0);
    await page
      .getByTestId('cart-subtotal')
      .getByText(formatMoney(expected / 100))
      .waitFor();

    await page.getByRole('link', { name: 'Checkout' }).click();
    await page.getByRole('form', { name: 'Checkout form' }).waitFor();
    await fillShipTo(page, '30 Rows Road');
    await page.getByLabel('Phone').fill('0113 496 0030');
    expect(await page.getByTestId('checkout-total').textContent()).toContain(
      formatMoney(expected / 100),
    );
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.locator('.swal2-popup').getByText(alerts.orderPlaced, { exact: true }).waitFor();
    await page.locator('.swal2-popup').getByRole('button', { name: 'Cool!' }).click();
    const number = (await page.getByTestId('payment-order-number').textContent())!;
    await payOnPaymentPage(page);

    // The receipt prices the oil filters at their step, and "Order again" puts the lines back.
    await page.goto('/dashboard/my-orders');
    await page.getByRole('link', { name: number }).first().click();
    await page.getByTestId('order-receipt').waitFor();
    expect(await page.getByTestId('order-line').count()).toBe(28);
    expect(
      await page.getByTestId('order-line').filter({ hasText: oil!.sku }).textContent(),
    ).toContain('volume price from 200');
    await page.getByRole('button', { name: `Order ${number} again` }).click();
    await page
      .getByTestId('order-again-result')
      .getByText('Added 28 lines to your cart.')
      .waitFor();
    await page.getByTestId('cart-link').getByText('28').waitFor();

    expect(problems.filter((p) => !p.includes('Failed to load resource'))).toEqual([]);
    await context.close();
  });
});
