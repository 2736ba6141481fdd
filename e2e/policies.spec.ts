import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/axe.js';
import { browserAvailable, newPage } from './support/browser.js';
import { registerCustomer, signInAs } from './support/session.js';
import { demoAccounts } from '../apps/server/src/db/seed-demo-accounts.js';
import { useBrowserShop } from './support/use-browser-shop.js';

const scrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** The mails to `to` in the shop's local outbox, waiting for at least `count`. */
async function mailsTo(outboxDir: string, to: string, count: number): Promise<string[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const files = await fs.readdir(outboxDir).catch(() => [] as string[]);
    const texts = await Promise.all(files.map((f) => fs.readFile(path.join(outboxDir, f), 'utf8')));
    const mine = texts.map((t) => t.replace(/=\r?\n/g, '')).filter((t) => t.includes(`To: ${to}`));
    if (mine.length >= count) return mine;
    if (Date.now() > deadline) throw new Error(`No mail to ${to} arrived`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.runIf(browserAvailable())('shop pages, contact and data rights in the browser', () => {
  const ctx = useBrowserShop({
    contactEmail: 'desk@ironclad.example.com',
    seller: { address: '1 Forge Lane\nSheffield S1 2AB', taxId: 'GB 111 2222 33' },
  });

  it('reads a policy page without JavaScript, linked from the footer', async () => {
    const noScript = await ctx.browser.newContext({
      baseURL: ctx.shop.baseURL,
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
    });
    const page = await noScript.newPage();
    const res = await page.goto('/pages/privacy');
    expect(res?.status()).toBe(200);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Privacy notice');
    expect(await page.getByTestId('policy-page').textContent()).toContain(
      'better-auth.session_token',
    );
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
    const legal = await page.goto('/pages/legal');
    expect(legal?.status()).toBe(200);
    expect(await page.getByTestId('seller-address').textContent()).toContain('1 Forge Lane');
    expect((await page.goto('/pages/nothing'))?.status()).toBe(404);
    await noScript.close();

    // With JavaScript: the footer links to every page, beside the copyright line.
    const { page: app, problems } = await newPage(ctx.browser, ctx.shop.baseURL);
    await app.goto('/');
    const footer = app.locator('footer');
    await footer.getByRole('link', { name: 'Terms of sale' }).click();
    await app.getByRole('heading', { level: 1, name: 'Terms of sale' }).waitFor();
    // A page still the starting template reads without its banner: that is for staff (issue 40).
    expect(await app.getByTestId('policy-page').textContent()).not.toContain(
      'Template: adapt before opening the shop',
    );
    expect(await app.getByTestId('copyright').textContent()).toMatch(
      /^Copyright © \d{4} - All right reserved by /,
    );
    expect(await seriousA11yViolations(app)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('sends the contact form: a mail to the shop and a copy to the sender', async () => {
    const { page, problems } = await newPage(ctx.browser, ctx.shop.baseURL, {
      width: 390,
      height: 844,
    });
    await page.goto('/contact');
    await page.getByRole('heading', { level: 1, name: 'Contact' }).waitFor();
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Name is required').waitFor();
    await page.getByLabel('Name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill('ada@engines.example.com');
    await page.getByLabel('Company (optional)').fill('Analytical Engines Ltd');
    await page.getByLabel('Order number (optional)').fill('A-10001');
    await page.getByLabel('Message').fill('Do you make pads for a 2015 Corolla?');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByTestId('contact-sent').waitFor();
    expect(await page.getByTestId('seller-address').textContent()).toContain('GB 111 2222 33');
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
    expect(await seriousA11yViolations(page)).toEqual([]);
    const [toShop] = await mailsTo(ctx.shop.outboxDir, 'desk@ironclad.example.com', 1);
    expect(toShop).toContain('Do you make pads for a 2015 Corolla?');
    const [copy] = await mailsTo(ctx.shop.outboxDir, 'ada@engines.example.com', 1);
    expect(copy).toContain('Do you make pads');
    expect(problems).toEqual([]);
  });

  it('downloads my data and deletes my account from My Profile', async () => {
    const { page, problems } = await newPage(ctx.browser, ctx.shop.baseURL);
    const email = 'leaving@example.com';
    await registerCustomer(page, { name: 'Lena Leaving', email });
    // The purchase form says what placing the order accepts, with a link to the terms.
    const parts = (await (await page.request.get('/api/parts')).json()) as { _id: string }[];
    await page.goto(`/purchase/${parts[0]!._id}`);
    const terms = page.getByTestId('terms-acceptance');
    expect(await terms.textContent()).toBe('By placing the order you accept the terms of sale.');
    expect(await terms.getByRole('link', { name: 'terms of sale' }).getAttribute('href')).toBe(
      '/pages/terms',
    );
    await page.goto('/dashboard');
    const panel = page.getByTestId('my-data');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      panel.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    const file = await download.path();
    const data = JSON.parse(await fs.readFile(file, 'utf8')) as { account: { email: string } };
    expect(data.account.email).toBe(email);

    await panel.getByRole('button', { name: 'Delete my account' }).click();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await panel.getByLabel('Your password, to confirm').fill('wrong-password');
    await panel.getByRole('button', { name: 'Delete my account for good' }).click();
    await panel.getByTestId('delete-error').getByText('That password is not right.').waitFor();
    await panel.getByLabel('Your password, to confirm').fill('secret123');
    await panel.getByRole('button', { name: 'Delete my account for good' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'Login' }).first().waitFor();

    // The password no longer signs in.
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').first().waitFor();
    expect(page.url()).toContain('/login');
    expect(await page.evaluate(() => localStorage.getItem('accessKey'))).toBeNull();
    expect(problems.filter((p) => !/401|400/.test(p))).toEqual([]);
  });

  it('lets staff adapt a page: a new version, shown at once, with the template banner gone', async () => {
    const { page, problems } = await newPage(ctx.browser, ctx.shop.baseURL);
    await signInAs(page, demoAccounts.admin.email, demoAccounts.admin.password);
    await page.goto('/dashboard');
    await page.getByTestId('staff-sidebar').getByRole('link', { name: 'Pages' }).click();
    await page.getByRole('button', { name: /Delivery/ }).click();
    await page.getByTestId('template-warning').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByLabel(/^Text/).fill('## Next day\n\nOrders paid by 2 pm leave the same day.');
    await page.getByRole('button', { name: 'Save as a new version' }).click();
    await page.getByText('Saved as version 2.').waitFor();
    await page.getByTestId('template-warning').waitFor({ state: 'detached' });
    await page.goto('/pages/delivery');
    await page.getByRole('heading', { level: 2, name: 'Next day' }).waitFor();
    expect(await page.getByTestId('policy-page').textContent()).toContain('Version 2 of');
    expect(problems).toEqual([]);
  });
});
