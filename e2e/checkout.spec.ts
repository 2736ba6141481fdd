import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { alerts, formatMoney } from '@storefront/contract';
import { demoAccounts } from '../apps/server/src/db/seed-demo-accounts.js';
import { seedParts } from '../apps/server/src/db/seed-data.js';
import { seriousA11yViolations } from './support/axe.js';
import { pdfText } from './support/pdf.js';
import { browserAvailable, newPage } from './support/browser.js';
import { fillShipTo, payOnPaymentPage } from './support/checkout.js';
import { confirmAlert, registerCustomer, signInAs } from './support/session.js';
import { useBrowserShop } from './support/use-browser-shop.js';
import { orderNowOf } from './support/order-now.js';

const part = seedParts[3]!; // Panel Air Filter: minimum 40, $12.90
/** The mails in the shop's local outbox whose subject line is `subject`. */
async function mailsWithSubject(outboxDir: string, subject: string): Promise<string[]> {
  const files = await fs.readdir(outboxDir).catch(() => [] as string[]);
  const mails = await Promise.all(files.map((f) => fs.readFile(path.join(outboxDir, f), 'utf8')));
  return mails.filter((m) => m.replace(/\r?\n\s+/g, ' ').includes(`Subject: ${subject}`));
}

async function waitForMails(outboxDir: string, subject: string, count: number): Promise<string[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const found = await mailsWithSubject(outboxDir, subject);
    if (found.length >= count || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function orderFromHome(page: Page, quantity: number) {
  await page.goto('/');
  await orderNowOf(page, part.name).click();
  await page.getByRole('form', { name: 'Order form' }).waitFor();
  await fillShipTo(page, '4 Receipt Road');
  await page.getByLabel('Quantity (minimum order)').fill(String(quantity));
  await page.getByLabel('Phone').fill('0113 496 0000');
  await page.getByLabel('Company').fill('Receipt Motors Ltd');
  await page.getByLabel('Your PO number').fill('PO-4242');
}

describe.runIf(browserAvailable())('checkout, receipts and my orders in the browser', () => {
  const ctx = useBrowserShop();

  it('places, pays and shows the receipt with its number; every mail arrives once; the invoice opens', async () => {
    const { context, page } = await newPage(ctx.browser, ctx.shop.baseURL);
    await registerCustomer(page, { name: 'Rita Receipt', email: 'rita@example.com' });
    await orderFromHome(page, 50);
    await page.getByRole('button', { name: 'Place order' }).click();
    await confirmAlert(page, alerts.orderPlaced);
    await page.waitForURL('**/dashboard/payment/**');
    const number = (await page.getByTestId('payment-order-number').textContent())!;
    expect(number).toMatch(/^A-\d{5,}$/);
    await payOnPaymentPage(page);

    await page.goto('/dashboard/my-orders');
    await page.getByRole('link', { name: number }).first().click();
    const receipt = page.getByTestId('order-receipt');
    await receipt.getByRole('heading', { name: `Order ${number}` }).waitFor();
    const total = formatMoney((50 * part.priceCents) / 100);
    expect(await page.getByTestId('receipt-total').textContent()).toBe(total);
    const text = (await receipt.textContent())!;
    for (const expected of [
      '4 Receipt Road',
      'Bristol',
      'Receipt Motors Ltd',
      'PO-4242',
      'pi_sandbox_',
    ])
      expect(text).toContain(expected);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the invoice (PDF)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`invoice-${number}.pdf`);
    const pdf = await fs.readFile((await download.path())!);
    const invoice = await pdfText(pdf);
    expect(invoice).toContain(number);
    expect(invoice).toContain(total);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Each mail once, with what it must say; the receipt carries the invoice.
    const placed = await waitForMails(
      ctx.shop.outboxDir,
      `Order ${number} placed: pay to confirm it`,
      1,
    );
    const paid = await waitForMails(ctx.shop.outboxDir, `Payment received for order ${number}`, 1);
    const staff = await waitForMails(ctx.shop.outboxDir, `New paid order ${number}: ${total}`, 1);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(
      await mailsWithSubject(ctx.shop.outboxDir, `Order ${number} placed: pay to confirm it`),
    ).toHaveLength(1);
    expect(
      await mailsWithSubject(ctx.shop.outboxDir, `Payment received for order ${number}`),
    ).toHaveLength(1);
    expect(placed[0]).toContain('To: rita@example.com');
    expect(paid[0]).toMatch(/filename="?invoice-A-\d+\.pdf/);
    expect(staff[0]).toContain(`To: ${demoAccounts.admin.email}`);

    // And the customer reads them again on the order page.
    await page.reload();
    await page
      .getByTestId('order-emails')
      .getByText(`Payment received for order ${number}`)
      .waitFor();
    await context.close();
  });

  it('makes one order when the page is reloaded while "Place order" is in flight, and shows it', async () => {
    const { context, page } = await newPage(ctx.browser, ctx.shop.baseURL);
    await registerCustomer(page, { name: 'Reload Rob', email: 'rob@example.com' });
    await orderFromHome(page, 40);
    // The first request reaches the server, but its answer is lost to the reload; the page's
    // requests after the reload go through.
    let seen = 0;
    let reached: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => (reached = resolve));
    await page.route('**/api/purchase/', async (route) => {
      if (route.request().method() !== 'POST' || seen++ > 0) return route.continue();
      await route.fetch();
      reached();
    });
    await page.getByRole('button', { name: 'Place order' }).click();
    await arrived;
    await page.reload();
    await confirmAlert(page, alerts.orderPlaced);
    await page.waitForURL('**/dashboard/payment/**');
    await page.goto('/dashboard/my-orders');
    await page.getByTestId('order-row').first().waitFor();
    expect(await page.getByTestId('order-row').count()).toBe(1);
    await context.close();
  });

  it('shows My Orders on a 390 px phone as cards whose actions are in view, with no sideways scroll', async () => {
    // Signed in on a wide screen (the phone's menu hides Logout), then used on a phone.
    const { context, page } = await newPage(ctx.browser, ctx.shop.baseURL);
    await signInAs(page, demoAccounts.customer.email, demoAccounts.customer.password);
    await page.setViewportSize({ width: 390, height: 844 });
    await orderFromHome(page, 45);
    await page.getByRole('button', { name: 'Place order' }).click();
    await confirmAlert(page, alerts.orderPlaced);
    await page.waitForURL('**/dashboard/payment/**');
    await page.goto('/dashboard/my-orders');
    const card = page.getByTestId('order-card').first();
    await card.waitFor();
    for (const name of ['Pay now', 'Cancel']) {
      const box = (await card
        .getByRole(name === 'Pay now' ? 'link' : 'button', { name })
        .boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Cancel it, then find it under the filter, read-only.
    await card.getByRole('button', { name: 'Cancel' }).click();
    await page.locator('.swal2-popup').getByRole('button', { name: 'Yes' }).click();
    await confirmAlert(page, alerts.orderCanceled);
    await page.getByText('Show cancelled').click();
    await page.waitForURL('**/dashboard/my-orders?show=cancelled');
    const canceled = page.getByTestId('order-card').first();
    await canceled.getByText('Nothing charged').waitFor();
    expect(await canceled.getByRole('button', { name: 'Cancel' }).count()).toBe(0);
    expect(await canceled.getByTestId('order-status').textContent()).toBe('canceled');

    // The blog wraps its long code instead of scrolling sideways.
    await page.goto('/blogs');
    await page.getByTestId('blog-entry').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await context.close();
  });

  it('smooths the rough edges: fresh errors on each sign-in, worded profile errors, site-styled alerts, readable warnings', async () => {
    const { context, page } = await newPage(ctx.browser, ctx.shop.baseURL);
    await page.goto('/login');
    await page.getByLabel('Email').fill(demoAccounts.customer.email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByTestId('login-provider-error').waitFor();
    await page.getByLabel('Email').fill('');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Email is required').waitFor();
    expect(await page.getByTestId('login-provider-error').count()).toBe(0);

    await signInAs(page, demoAccounts.customer.email, demoAccounts.customer.password);
    await page.goto('/dashboard');
    await page.getByLabel('Phone').fill('abc');
    await page.getByLabel('Address').fill('x'.repeat(301));
    await page.getByRole('button', { name: 'Update profile' }).click();
    await page.getByText('Please enter a valid phone number').waitFor();
    await page.getByText('Address must be at most 300 characters').waitFor();
    expect(await page.getByLabel('Phone').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Phone').getAttribute('placeholder')).toBeNull();

    // A customer on a staff page: told plainly, in readable colours.
    await page.goto('/dashboard/add-a-part');
    await page.getByText('You do not have access to this page').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Alerts wear the site's buttons.
    await page.goto('/dashboard/my-orders');
    await page.getByText('Show cancelled').waitFor();
    await page.goto('/forget-password');
    await page.getByLabel('Email').fill(demoAccounts.customer.email);
    await page.getByRole('button', { name: 'reset password' }).click();
    const cool = page.locator('.swal2-popup').getByRole('button', { name: alerts.confirmButton });
    await cool.waitFor();
    expect(await cool.getAttribute('class')).toContain('btn-primary');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await cool.click();
    await context.close();
  });
});
