import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts, formatMoney, utcToday } from '@storefront/contract';
import { demoAccounts } from '../apps/server/src/db/seed-demo-accounts.js';
import { seedParts } from '../apps/server/src/db/seed-data.js';
import { browserAvailable, newPage } from './support/browser.js';
import { fillShipTo } from './support/checkout.js';
import { confirmAlert, pageApi, registerCustomer, signInAs } from './support/session.js';
import { useBrowserShop } from './support/use-browser-shop.js';

const disc = seedParts[1]!;
const publicPrice = formatMoney(disc.priceCents / 100);
// 20% off, rounded once, half up (decision 061).
const listCents = Math.floor((disc.priceCents * 8000 + 5000) / 10_000);
const listPrice = formatMoney(listCents / 100);

/** A JSON call to the API from a signed-in page, with its access key. */
const apiFrom = (page: Page, method: string, url: string, body?: unknown) =>
  pageApi<Record<string, unknown>>(page, method, url, body);

/*
 * A company buyer's journey (decision 061, "Whose prices a request sees"), a step per test: staff
 * give the buyer's company a list; the buyer sees "Your price" on the part page and in the cart;
 * the list ends before they order, and checkout shows the change on the line until accepted.
 */
describe.runIf(browserAvailable())("a company buyer's prices in the browser", () => {
  const ctx = useBrowserShop();
  let buyer: { context: BrowserContext; page: Page };
  let staff: { context: BrowserContext; page: Page };
  let listId = '';
  let discId = '';

  beforeAll(async () => {
    buyer = await newPage(ctx.browser, ctx.shop.baseURL);
    staff = await newPage(ctx.browser, ctx.shop.baseURL);
  });
  afterAll(async () => {
    await buyer?.context.close();
    await staff?.context.close();
  });

  it('staff give the buyer’s company a list valid until today', async () => {
    await registerCustomer(buyer.page, {
      name: 'Fleet Buyer',
      email: `fleet-${Date.now().toString(36)}@example.com`,
    });
    const company = await apiFrom(buyer.page, 'POST', '/api/companies', {
      name: 'Fleet Ltd',
      taxId: 'GB 1',
      billingAddress: { street: '1 Quay', city: 'Hull', postalCode: 'HU1 1AA', country: 'UK' },
      deliveryAddresses: [],
    });
    await signInAs(staff.page, demoAccounts.admin.email, demoAccounts.admin.password);
    const list = await apiFrom(staff.page, 'POST', '/api/staff/price-lists', {
      name: 'Fleet 2027',
      validUntil: utcToday(),
      percentOff: 20,
    });
    listId = String(list.id);
    await apiFrom(staff.page, 'PUT', `/api/staff/price-lists/${listId}/companies/${company.id}`, {
      priority: 1,
    });
    const parts = (await apiFrom(staff.page, 'GET', '/api/parts')) as unknown as {
      _id: string;
      name: string;
    }[];
    discId = parts.find((p) => p.name === disc.name)!._id;
  });

  it('shows the buyer their price on the part page, the list price struck through', async () => {
    await buyer.page.goto(`/parts/${discId}`);
    const price = buyer.page.getByTestId('part-price');
    await price.getByText(`List price ${publicPrice}`).waitFor();
    expect(await price.textContent()).toContain(`Your price ${listPrice}`);
    expect(await price.locator('s').textContent()).toBe(`List price ${publicPrice}`);
    await buyer.page.getByRole('button', { name: 'Add to cart', exact: true }).first().click();
    await buyer.page.getByTestId('cart-count').getByText('1').waitFor();
  });

  it('prices the cart line at their price', async () => {
    await buyer.page.goto('/cart');
    const line = buyer.page.getByText(`Your price ${listPrice} a piece`);
    await line.waitFor();
    await buyer.page.getByText(`List price ${publicPrice}`).waitFor();
  });

  it('shows on its line a price that changed when the list ended, and places at the new one', async () => {
    // Staff end the list (as if midnight UTC passed) while the buyer is at checkout.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await buyer.page.getByRole('link', { name: 'Checkout' }).click();
    await buyer.page.getByRole('form', { name: 'Checkout form' }).waitFor();
    await buyer.page.getByRole('radio', { name: 'Fleet Ltd' }).waitFor();
    expect(await buyer.page.getByRole('radio', { name: 'Fleet Ltd' }).isChecked()).toBe(true);
    await fillShipTo(buyer.page);
    await buyer.page.getByLabel('Phone').fill('0123456789');
    await apiFrom(staff.page, 'PUT', `/api/staff/price-lists/${listId}`, {
      name: 'Fleet 2027',
      validUntil: yesterday,
      percentOff: 20,
    });
    await buyer.page.getByRole('button', { name: 'Place order' }).click();
    await buyer.page.getByTestId('checkout-changed').waitFor();
    const line = buyer.page.locator('[data-testid="checkout-line"]', { hasText: disc.name });
    await line
      .getByText(`The price changed from ${listPrice} to ${publicPrice} a piece.`)
      .waitFor();
    await line.getByRole('button', { name: 'Accept the new price' }).click();
    await line.getByTestId('line-problems').waitFor({ state: 'detached' });
    await buyer.page.getByRole('button', { name: 'Place order' }).click();
    await confirmAlert(buyer.page, alerts.orderPlaced);
    await buyer.page.waitForURL('**/dashboard/payment/**');
  });
});
