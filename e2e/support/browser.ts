import fs from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { scaled } from './time.js';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const HOW_TO_GET_IT = `Install Debian's Chromium: \`apt-get install -y chromium\` (or set CHROMIUM_PATH). .ci/run installs it.`;

/**
 * Whether browser tests can run here. In CI a missing browser is a failure, never a skip;
 * on a developer's machine the suite is skipped with a loud notice.
 */
export function browserAvailable(): boolean {
  if (fs.existsSync(CHROMIUM_PATH)) return true;
  if (process.env.CI) throw new Error(`Chromium is missing at ${CHROMIUM_PATH}. ${HOW_TO_GET_IT}`);
  console.warn(`\n!!! BROWSER TESTS SKIPPED: no Chromium at ${CHROMIUM_PATH}. ${HOW_TO_GET_IT}\n`);
  return false;
}

/**
 * The flags docs/development.md lists for tests and Lighthouse: without the background-networking ones,
 * Chromium keeps trying hosts this machine cannot reach. The benchmark uses the same list.
 */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
}

/**
 * A fresh context per test: no cookies, no local storage, animations off for stable checks.
 * `problems` collects console errors and uncaught page errors (a hydration mismatch logs one).
 */
export async function newPage(
  browser: Browser,
  baseURL: string,
  viewport = { width: 1280, height: 900 },
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({ baseURL, viewport, reducedMotion: 'reduce' });
  // Playwright's own waits (30 s) scale with the machine, as every test limit does.
  context.setDefaultTimeout(scaled(30_000));
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  return { context, page, problems };
}
