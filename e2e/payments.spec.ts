import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { alerts } from '@storefront/contract';
import { seedParts } from '../apps/server/src/db/seed-data.js';
import { seriousA11yViolations } from './support/axe.js';
import { browserAvailable, newPage } from './support/browser.js';
import { fillShipTo } from './support/checkout.js';
import { confirmAlert, registerCustomer } from './support/session.js';
import { useBrowserShop } from './support/use-browser-shop.js';
import { orderNowOf } from './support/order-now.js';

const part = seedParts[4]!; // Iridium Spark Plug

/** A fresh customer with one unpaid order; returns the page on My Orders. */
async function customerWithOrder(page: Page, email: string, quantity: number) {
  await registerCustomer(page, { name: 'Paying Customer', email });
  await orderNowOf(page, part.name).click();
  await fillShipTo(page, '9 Garage Row');
  await page.getByLabel('Quantity (minimum order)').fill(String(quantity));
  await page.getByLabel('Phone').fill('01904 000000');
  await page.getByRole('button', { name: 'Place order' }).click();
  await confirmAlert(page, alerts.orderPlaced);
  await page.waitForURL('**/dashboard/payment/**');
  await page.goto('/dashboard/my-orders');
  await page
    .getByTestId('order-row')
    .filter({ hasText: `${quantity}x` })
    .waitFor();
}

async function payWith(page: Page, number: string) {
  await page.getByRole('link', { name: 'Pay now' }).first().click();
  await page.getByTestId('payment-summary').waitFor();
  const pay = page.getByRole('button', { name: /^Pay / });
  // Enabled once the server has created the payment intent.
  await page.waitForFunction(() => {
    const button = [...document.querySelectorAll('button')].find((b) =>
      b.textContent?.startsWith('Pay '),
    );
    return button && !button.disabled;
  });
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await pay.click();
}

describe.runIf(browserAvailable())('paying by card in the browser (sandbox provider)', () => {
  const ctx = useBrowserShop();

  it('pays with 4242 4242 4242 4242: Payment Successful!, then My Orders shows it paid with its transaction id', async () => {
    const { context, page } = await newPage(ctx.browser, ctx.shop.baseURL);
    await customerWithOrder(page, 'payer@example.com', 120);
    await payWith(page, '4242 4242 4242 4242');
    await confirmAlert(page, alerts.paymentSuccessful);
    await page.waitForURL((url) => url.pathname === '/dashboard');

    await page.goto('/dashboard/my-orders');
    const row = page.getByTestId('order-row').filter({ hasText: '120x' });
    await row.waitFor();
    expect(await row.getByTestId('order-status').textContent()).toBe('paid');
    expect(await row.getByTestId('order-status').getAttribute('class')).toContain('badge-success');
    expect(await row.getByTestId('transaction-id').textContent()).toMatch(/^pi_sandbox_/);
    expect(await row.getByRole('link', { name: 'Pay now' }).count()).toBe(0);
    expect(await row.getByRole('button', { name: 'Cancel' }).count()).toBe(0);
    await context.close();
  });

  it('a declined card shows the decline message under Pay and the order stays unpaid', async () => {
    const { context, page } = await newPage(ctx.browser, ctx.shop.baseURL);
    await customerWithOrder(page, 'declined@example.com', 130);
    await payWith(page, '4000 0000 0000 0002');
    const error = page.getByTestId('payment-error');
    await error.waitFor();
    expect(await error.textContent()).toBe('Your card was declined.');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.goto('/dashboard/my-orders');
    const row = page.getByTestId('order-row').filter({ hasText: '130x' });
    await row.waitFor();
    expect(await row.getByTestId('order-status').textContent()).toBe('unpaid');
    expect(await row.getByRole('link', { name: 'Pay now' }).count()).toBe(1);
    await context.close();
  });

  it('an invalid card number is refused with Stripe’s message', async () => {
    const { context, page } = await newPage(ctx.browser, ctx.shop.baseURL);
    await customerWithOrder(page, 'typo@example.com', 140);
    await payWith(page, '4242 4242 4242 4241');
    await page.getByTestId('payment-error').getByText('Your card number is invalid.').waitFor();
    await context.close();
  });
});
