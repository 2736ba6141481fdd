import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { alerts, formatMoney, messages } from '@storefront/contract';
import { demoAccounts } from '../apps/server/src/db/seed-demo-accounts.js';
import { seedParts } from '../apps/server/src/db/seed-data.js';
import { seriousA11yViolations } from './support/axe.js';
import { browserAvailable, newPage } from './support/browser.js';
import { fillShipTo } from './support/checkout.js';
import { confirmAlert, registerCustomer, signInAs } from './support/session.js';
import { useBrowserShop } from './support/use-browser-shop.js';
import { orderNowOf } from './support/order-now.js';

const part = seedParts[2]!; // Spin-On Oil Filter: minimum 50, stock 5000

async function openPurchasePage(page: Page, name: string) {
  await page.goto('/');
  await orderNowOf(page, name).click();
  await page.getByRole('form', { name: 'Order form' }).waitFor();
}

async function placeOrder(page: Page, quantity: number) {
  await openPurchasePage(page, part.name);
  await fillShipTo(page);
  await page.getByLabel('Quantity (minimum order)').fill(String(quantity));
  await page.getByLabel('Phone').fill('07700900123');
  await page.getByRole('button', { name: 'Place order' }).click();
  await confirmAlert(page, alerts.orderPlaced);
  // Straight on to paying; My Orders lists it.
  await page.waitForURL('**/dashboard/payment/**');
  await page.goto('/dashboard/my-orders');
  await page
    .getByTestId('order-row')
    .filter({ hasText: `${quantity}x` })
    .first()
    .waitFor();
}

describe.runIf(browserAvailable())('ordering, orders, reviews and parts in the browser', () => {
  const ctx = useBrowserShop();

  it('guards the purchase page, then shows the part and checks the quantity before ordering', async () => {
    const { context, page } = await newPage(ctx.browser, ctx.shop.baseURL);
    await page.goto('/');
    await orderNowOf(page, part.name).click();
    await page.waitForURL('**/login');
    await page.getByLabel('Email').fill(demoAccounts.customer.email);
    await page.getByLabel('Password', { exact: true }).fill(demoAccounts.customer.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/purchase/**');

    const details = page.getByTestId('part-details');
    await details.getByRole('heading', { name: part.name }).waitFor();
    expect(await details.textContent()).toContain(part.description);
    expect(await details.textContent()).toContain(
      `Minimum order quantity: ${part.minOrderQuantity} piece`,
    );
    expect(await details.textContent()).toContain(`Available: ${part.availableQuantity} piece`);
    expect(await page.getByLabel('Name').inputValue()).toBe(demoAccounts.customer.name);
    expect(await page.getByLabel('Email').inputValue()).toBe(demoAccounts.customer.email);
    expect(await page.getByLabel('Name').getAttribute('readonly')).not.toBeNull();
    expect(await page.getByLabel('Quantity (minimum order)').inputValue()).toBe(
      String(part.minOrderQuantity),
    );

    const quantity = page.getByLabel('Quantity (minimum order)');
    const submit = page.getByRole('button', { name: 'Place order' });
    await quantity.fill(String(part.minOrderQuantity - 1));
    await page.getByText(messages.quantityBelowMinimum).waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await quantity.fill(String(part.availableQuantity + 1));
    await page.getByText(messages.quantityAboveAvailable).waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await quantity.fill('');
    await page.getByText(messages.quantityRequired).waitFor();

    await quantity.fill('60');
    expect(await submit.isDisabled()).toBe(false);
    expect(await page.getByTestId('order-total').textContent()).toContain(
      formatMoney((60 * part.priceCents) / 100),
    );
    await submit.click();
    await page.getByText(messages.addressRequired).waitFor();
    await page.getByText('City is required').waitFor();
    await page.getByText(messages.phoneRequired).waitFor();

    await fillShipTo(page);
    await page.getByLabel('Phone').fill('07700900123');
    await submit.click();
    await confirmAlert(page, alerts.orderPlaced);
    // Straight on to paying for that order, which shows its number.
    await page.waitForURL('**/dashboard/payment/**');
    const number = await page.getByTestId('payment-order-number').textContent();
    expect(number).toMatch(/^A-\d{5,}$/);
    await page.goto('/dashboard/my-orders');
    const row = page.getByTestId('order-row').first();
    await row.waitFor();
    expect(await row.locator('td').allTextContents()).toEqual(
      expect.arrayContaining([
        number,
        part.name,
        '60x',
        formatMoney((60 * part.priceCents) / 100),
        'unpaid',
      ]),
    );
    expect(await row.getByTestId('order-status').getAttribute('class')).toContain('badge-error');
    expect(await row.getByRole('link', { name: 'Pay now' }).getAttribute('href')).toMatch(
      /^\/dashboard\/payment\/[0-9a-f-]{36}$/,
    );
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });

  it('cancels an order: declining keeps it, confirming removes it and returns the stock', async () => {
    const { context, page } = await newPage(ctx.browser, ctx.shop.baseURL);
    await signInAs(page, demoAccounts.customer.email, demoAccounts.customer.password);
    await placeOrder(page, 70);
    const rows = page.getByTestId('order-row');
    const before = await rows.count();
    const row = rows.filter({ hasText: '70x' });

    await row.getByRole('button', { name: 'Cancel' }).click();
    const dialog = page.locator('.swal2-popup');
    await dialog.getByText(alerts.cancelConfirmTitle).waitFor();
    expect(await dialog.textContent()).toContain(alerts.cancelConfirmText);
    await dialog.getByRole('button', { name: 'No' }).click();
    await confirmAlert(page, alerts.orderSafe);
    expect(await rows.count()).toBe(before);

    await row.getByRole('button', { name: 'Cancel' }).click();
    await page.locator('.swal2-popup').getByRole('button', { name: 'Yes' }).click();
    await confirmAlert(page, alerts.orderCanceled);
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="order-row"]').length === n,
      before - 1,
    );
    expect(await rows.filter({ hasText: '70x' }).count()).toBe(0);
    await context.close();
  });

  it('posts a review that then shows on the home page', async () => {
    const { context, page } = await newPage(ctx.browser, ctx.shop.baseURL);
    await signInAs(page, demoAccounts.customer.email, demoAccounts.customer.password);
    await page.goto('/dashboard/add-a-review');
    expect(await page.getByLabel('Name').inputValue()).toBe(demoAccounts.customer.name);
    await page.getByRole('button', { name: 'Post review' }).click();
    await page.getByText(messages.reviewRequired).waitFor();
    await page.getByText(messages.ratingRequired).waitFor();
    await page
      .getByLabel('Description')
      .fill('Quick delivery and the filters fit every van in our fleet.');
    // Keyboard: focus the first star and move to the fourth with the arrow keys.
    await page.getByRole('radio', { name: '1 star', exact: true }).focus();
    for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('radio', { name: '4 stars' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Post review' }).click();
    await confirmAlert(page, alerts.reviewThanks);
    await page.waitForURL((url) => url.pathname === '/');
    const card = page
      .getByTestId('review-card')
      .filter({ hasText: 'Quick delivery and the filters fit' });
    await card.waitFor();
    expect(await card.textContent()).toContain(demoAccounts.customer.name);
    expect(await card.getByRole('img', { name: 'Rated 4 out of 5' }).count()).toBe(1);
    await context.close();
  });

  it('lets an admin add a part that then shows on the home page', async () => {
    const { context, page } = await newPage(ctx.browser, ctx.shop.baseURL);
    await signInAs(page, demoAccounts.admin.email, demoAccounts.admin.password);
    await page.goto('/add-new-part');
    await page.waitForURL('**/dashboard/add-a-part');
    await page.getByRole('button', { name: 'Add Part' }).click();
    for (const text of [
      messages.partNameRequired,
      messages.descriptionRequired,
      messages.minimumOrderQuantityRequired,
      messages.availableQuantityRequired,
      messages.priceRequired,
      messages.imageUrlRequired,
    ]) {
      await page.getByText(text, { exact: true }).waitFor();
    }
    await page.getByLabel('Name').fill('Heavy-Duty Wiper Blade 600 mm');
    await page
      .getByLabel('Description')
      .fill(
        'All-season beam wiper blade with a graphite-coated rubber edge that wipes quietly and streak-free.',
      );
    await page.getByLabel('Minimum order quantity').fill('25');
    await page.getByLabel('Available quantity').fill('900');
    await page.getByLabel('Price per unit').fill('9.75');
    await page
      .getByLabel('Part image URL')
      .fill(`${ctx.shop.baseURL}/images/parts/cabin-filter.svg`);
    await page.getByRole('button', { name: 'Add Part' }).click();
    await confirmAlert(page, alerts.partAdded);
    await page.waitForURL((url) => url.pathname === '/');
    const card = page.getByTestId('part-card').filter({ hasText: 'Heavy-Duty Wiper Blade 600 mm' });
    await card.waitFor();
    expect(await card.getByTestId('part-price').textContent()).toBe('$9.75');
    expect(await card.getByTestId('part-minimum').textContent()).toBe(
      'Minimum order quantity: 25 piece',
    );
    await context.close();
  });

  it('tells a customer who types the add-part address that they have no access', async () => {
    const { context, page } = await newPage(ctx.browser, ctx.shop.baseURL);
    await signInAs(page, demoAccounts.customer.email, demoAccounts.customer.password);
    await page.goto('/dashboard/add-a-part');
    await page.getByText('You do not have access to this page').waitFor();
    expect(await page.getByRole('button', { name: 'Add Part' }).count()).toBe(0);
    await context.close();
  });

  it('says so for a part that does not exist', async () => {
    const { context, page } = await newPage(ctx.browser, ctx.shop.baseURL);
    await signInAs(page, demoAccounts.customer.email, demoAccounts.customer.password);
    await page.goto('/purchase/00000000-0000-4000-8000-000000000000');
    await page.getByRole('heading', { name: 'Part not found' }).waitFor();
    await context.close();
  });

  it('shows an empty state to a customer with no orders', async () => {
    const { context, page } = await newPage(ctx.browser, ctx.shop.baseURL);
    await registerCustomer(page, { name: 'New Buyer', email: 'new.buyer@example.com' });
    await page.goto('/dashboard/my-orders');
    await page.getByTestId('orders-empty').waitFor();
    await context.close();
  });
});
