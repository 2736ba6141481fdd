import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './settings.js';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
}

export const demo = {
  customer: { email: 'customer@demo.shop', password: 'demo-customer-123' },
  admin: { email: 'admin@demo.shop', password: 'demo-admin-123' },
} as const;

/** Signs in through the login screen and waits until the app holds its access key. */
export async function signInThroughUi(
  page: Page,
  baseUrl: string,
  account: { email: string; password: string },
): Promise<void> {
  await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle' });
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('button', { name: 'Logout' }).first().waitFor({ timeout: 20_000 });
  await page.waitForFunction(() => Boolean(localStorage.getItem('accessKey')), undefined, {
    timeout: 20_000,
  });
}
