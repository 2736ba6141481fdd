import { beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_STORAGE, type OrderResponse, type PartResponse } from '@storefront/contract';
import { demoAccounts } from '../apps/server/src/db/seed-demo-accounts.js';
import { seriousA11yViolations } from './support/axe.js';
import { browserAvailable, newPage } from './support/browser.js';
import { firstErrorProblem, layoutProblems } from './support/layout-checks.js';
import { pageApi, signInAs } from './support/session.js';
import { scaled } from './support/time.js';
import { useBrowserShop } from './support/use-browser-shop.js';
import type { Page } from 'playwright-core';

/** A phone (the 390 px) and a laptop. */
const SCREENS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 768 },
] as const;

/** Every problem of the page as it is drawn now: layout, tap targets, accessibility. */
async function pageProblems(page: Page, path: string, screen: string): Promise<string[]> {
  const layout = await layoutProblems(page);
  const axe = await seriousA11yViolations(page);
  return [...layout, ...axe].map((p) => `${screen} ${path}: ${p}`);
}

type Screen = (typeof SCREENS)[number];

/** Opens each path at this screen size, once the page has drawn `ready`, and checks it. */
async function walk(
  page: Page,
  screen: Screen,
  paths: { path: string; ready: string }[],
): Promise<string[]> {
  const problems: string[] = [];
  await page.setViewportSize({ width: screen.width, height: screen.height });
  for (const { path, ready } of paths) {
    await page.goto(path);
    await page
      .locator(`${ready} >> visible=true`)
      .first()
      .waitFor({ timeout: scaled(15_000) });
    // Lazy parts of the page (pictures, a late list) settle first.
    await page.waitForLoadState('networkidle');
    problems.push(...(await pageProblems(page, path, screen.name)));
  }
  return problems;
}

const shipTo = { street: '4 Phone Lane', city: 'Leeds', postalCode: 'LS1 4AP', country: 'UK' };

describe.runIf(browserAvailable())('every page on a 390 px phone and a 1366 px desktop', () => {
  const ctx = useBrowserShop();
  let parts: PartResponse[] = [];
  let order: OrderResponse;
  let quoteId = '';
  let companyId = '';
  let priceListId = '';

  // What the pages show: a multi-line order, something in the cart, a quote, a company.
  beforeAll(async () => {
    const { context, page } = await newPage(ctx.browser, ctx.shop.baseURL);
    await signInAs(page, demoAccounts.customer.email, demoAccounts.customer.password);
    parts = (await pageApi<PartResponse[]>(page, 'GET', '/api/parts')).slice(0, 3);
    order = await pageApi<OrderResponse>(page, 'POST', '/api/checkout', {
      lines: parts.slice(0, 2).map((p) => ({
        partId: p._id,
        quantity: p.mOrderQuantity,
        unitPrice: p.price,
      })),
      shipTo,
      phone: '0113 496 0000',
    });
    quoteId = (
      await pageApi<{ id: string }>(page, 'POST', '/api/quotes', {
        lines: [{ partId: parts[0]!._id, quantity: parts[0]!.mOrderQuantity }],
        note: 'For the fleet',
      })
    ).id;
    companyId = (
      await pageApi<{ id: string }>(page, 'POST', '/api/companies', {
        name: 'Phone Lane Motors Ltd',
        taxId: 'GB 123 4567 89',
        billingAddress: shipTo,
        deliveryAddresses: [{ label: 'Workshop', ...shipTo }],
      })
    ).id;
    await pageApi(page, 'POST', '/api/cart/lines', {
      partId: parts[2]!._id,
      quantity: parts[2]!.mOrderQuantity,
    });
    await context.close();
  }, scaled(60_000));

  // A walk per screen size: each has its own time limit on a busy machine.
  it.each(SCREENS)(
    "walks the buyer's pages on a $name: nothing past the screen's edge, targets to tap, axe clean",
    async (screen) => {
      const { context, page, problems: console } = await newPage(ctx.browser, ctx.shop.baseURL);
      await signInAs(page, demoAccounts.customer.email, demoAccounts.customer.password);
      const found = await walk(page, screen, [
        { path: '/', ready: '[data-testid="part-card"]' },
        { path: '/parts', ready: '[data-testid="part-card"]' },
        { path: `/parts/${parts[0]!._id}`, ready: 'h1' },
        { path: '/cart', ready: 'h1' },
        { path: '/checkout', ready: 'h1' },
        { path: '/quick-order', ready: '[data-testid="quick-order-text"]' },
        { path: '/quotes', ready: 'h1' },
        { path: '/dashboard', ready: 'h2' },
        { path: '/dashboard/my-orders', ready: '[data-testid="order-number"]' },
        { path: `/dashboard/my-orders/${order._id}`, ready: '[data-testid="order-receipt"]' },
        { path: `/dashboard/payment/${order._id}`, ready: '[data-testid="payment-summary"]' },
        { path: '/dashboard/company', ready: '[data-testid="company-name"]' },
        { path: '/dashboard/company-orders', ready: 'h2' },
        { path: '/dashboard/returns', ready: 'h2' },
        { path: `/quotes/${quoteId}`, ready: 'h1' },
        { path: '/pages/privacy', ready: '[data-testid="policy-page"]' },
        { path: '/pages/legal', ready: '[data-testid="policy-page"]' },
        { path: '/contact', ready: 'h1' },
      ]);
      expect(found).toEqual([]);
      expect(console).toEqual([]);
      await context.close();
    },
    scaled(150_000),
  );

  it.each(SCREENS)(
    "walks staff's pages on a $name",
    async (screen) => {
      const { context, page } = await newPage(ctx.browser, ctx.shop.baseURL);
      await signInAs(page, demoAccounts.admin.email, demoAccounts.admin.password);
      priceListId ||= (
        await pageApi<{ id: string }>(page, 'POST', '/api/staff/price-lists', {
          name: 'Phone Lane 2027',
          percentOff: 12.5,
        })
      ).id;
      const found = await walk(page, screen, [
        { path: '/dashboard', ready: '[data-testid="staff-overview"]' },
        { path: '/dashboard/orders', ready: 'table, [data-testid="staff-orders-empty"], h2' },
        { path: `/dashboard/orders/${order._id}`, ready: 'h2' },
        { path: '/dashboard/parts', ready: 'h2' },
        { path: `/dashboard/parts/${parts[0]!._id}`, ready: 'h2' },
        { path: '/dashboard/quotes', ready: 'h2' },
        { path: `/dashboard/quotes/${quoteId}`, ready: '[data-testid="quote-buyer"]' },
        { path: '/dashboard/staff-returns', ready: 'h2' },
        { path: '/dashboard/companies', ready: 'h2' },
        { path: `/dashboard/companies/${companyId}`, ready: 'h2' },
        { path: '/dashboard/imports', ready: 'h2' },
        { path: '/dashboard/invoices', ready: 'h2' },
        { path: '/dashboard/admins', ready: 'h2' },
        { path: '/dashboard/audit', ready: 'h2' },
        { path: '/dashboard/pages', ready: 'h2' },
        { path: '/dashboard/price-lists', ready: '[data-testid="price-lists"]' },
        { path: `/dashboard/price-lists/${priceListId}`, ready: '[data-testid="price-list-name"]' },
      ]);
      expect(found).toEqual([]);
      await context.close();
    },
    scaled(150_000),
  );

  it(
    'puts focus on the first error after a failed submit, clear of the sticky header',
    async () => {
      const { context, page } = await newPage(ctx.browser, ctx.shop.baseURL);
      for (const screen of SCREENS) {
        await page.setViewportSize({ width: screen.width, height: screen.height });
        await page.goto('/register');
        await page.getByRole('button', { name: 'Create an account' }).click();
        await page.locator('[aria-invalid="true"]').first().waitFor();
        await page.waitForTimeout(400);
        expect(await firstErrorProblem(page), `${screen.name} /register`).toBeNull();
      }
      await signInAs(page, demoAccounts.customer.email, demoAccounts.customer.password);
      for (const screen of SCREENS) {
        await page.setViewportSize({ width: screen.width, height: screen.height });
        await page.goto('/checkout');
        await page.getByRole('button', { name: /^Place order/ }).click();
        await page.locator('[aria-invalid="true"]').first().waitFor();
        await page.waitForTimeout(400);
        expect(await firstErrorProblem(page), `${screen.name} /checkout`).toBeNull();
      }
      await context.close();
    },
    scaled(120_000),
  );

  it(
    'brings a new account back to where the buyer was going, and says a confirmation mail was sent',
    async () => {
      const { context, page } = await newPage(ctx.browser, ctx.shop.baseURL);
      const register = async (email: string) => {
        await page.getByRole('link', { name: 'Create one' }).click();
        await page.getByLabel('Username').fill('New Buyer');
        await page.getByLabel('Email').fill(email);
        await page.getByLabel('Password').fill('secret123');
        await page.getByRole('button', { name: 'Create an account' }).click();
        await page.getByTestId('notice').getByText(`confirmation mail to ${email}`).waitFor();
      };
      // From the cart's Checkout, through the login page's "Create one": back to checkout.
      await page.goto('/parts');
      await page.getByRole('button', { name: 'Add to cart', exact: true }).first().click();
      await page.locator('button[data-state="added"]').first().waitFor();
      await page.goto('/checkout');
      await page.waitForURL('**/login');
      await register('checkout-newcomer@example.com');
      expect(new URL(page.url()).pathname).toBe('/checkout');
      await page.getByRole('button', { name: 'Logout' }).first().click();
      // From an invitation's link: back to it, its code (in the fragment) kept.
      await page.goto('/company/join#invitation-code');
      await page.waitForURL('**/login');
      await register('invited-newcomer@example.com');
      expect(new URL(page.url()).pathname + new URL(page.url()).hash).toBe(
        '/company/join#invitation-code',
      );
      await page.getByRole('button', { name: 'Logout' }).first().click();
      // Nothing pending: the spec's "/".
      await page.goto('/register');
      await page.getByLabel('Username').fill('Plain Buyer');
      await page.getByLabel('Email').fill('plain-newcomer@example.com');
      await page.getByLabel('Password').fill('secret123');
      await page.getByRole('button', { name: 'Create an account' }).click();
      await page.getByTestId('notice').waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      await context.close();
    },
    scaled(60_000),
  );

  it(
    'lists in the privacy notice every cookie and browser store a session holds',
    async () => {
      const { context, page } = await newPage(ctx.browser, ctx.shop.baseURL);
      // A visitor chooses a vehicle and fills a cart, then signs in.
      await page.goto('/parts');
      await page.getByRole('button', { name: 'Add to cart', exact: true }).first().click();
      await page.locator('button[data-state="added"]').first().waitFor();
      await page.evaluate(() =>
        localStorage.setItem('myVehicle', JSON.stringify({ make: 'Honda', model: 'Civic' })),
      );
      await signInAs(page, demoAccounts.customer.email, demoAccounts.customer.password);
      const held = await page.evaluate(() => [
        ...Object.keys(localStorage),
        ...Object.keys(sessionStorage),
      ]);
      const cookies = (await context.cookies()).map((c) => c.name.replace(/^__Secure-/, ''));
      const listed = BROWSER_STORAGE.map((item) => item.name);
      const known = (name: string) =>
        listed.some((l) =>
          l.includes('{') ? name.startsWith(l.slice(0, l.indexOf('{'))) : l === name,
        );
      expect([...held, ...cookies].filter((name) => !known(name))).toEqual([]);
      await page.goto('/pages/privacy');
      const notice = await page.getByTestId('policy-page').textContent();
      for (const name of listed) expect(notice).toContain(name);
      await context.close();
    },
    scaled(60_000),
  );
});
