import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { getJson, type PartJson } from './support/accounts.js';
import { demo, launchBrowser, signInThroughUi } from './support/browser.js';
import { budgetRow, errorText, info, type Row, type SectionResult } from './support/report.js';
import { diedNote, type ServerUnderTest } from './support/server.js';

const IMPACTS = ['critical', 'serious', 'moderate', 'minor'] as const;
type Impact = (typeof IMPACTS)[number];

type Violation = {
  rule: string;
  impact: Impact | 'unknown';
  help: string;
  nodes: number;
  targets: string[];
};

type PageResult = {
  who: string;
  path: string;
  url: string;
  counts: Record<Impact, number>;
  violations: Violation[];
  /** Evidence that the page rendered: its first heading and how many rules axe found satisfied. */
  heading: string;
  rulesPassed: number;
  error?: string;
};

type Visit = { who: 'signed out' | 'customer' | 'admin'; path: string };

async function check(page: Page, server: ServerUnderTest, visit: Visit): Promise<PageResult> {
  const baseUrl = server.baseUrl;
  const counts: Record<Impact, number> = { critical: 0, serious: 0, moderate: 0, minor: 0 };
  try {
    await page.goto(`${baseUrl}${visit.path}`, { waitUntil: 'networkidle', timeout: 30_000 });
    // Lazy routes render after their chunk arrives; give the page a moment to settle.
    await page.waitForTimeout(300);
    const text = await page.evaluate(() => document.body.innerText.trim().length);
    if (text === 0) throw new Error('the page rendered no text');
    const results = await new AxeBuilder({ page }).analyze();
    const heading =
      (await page
        .locator('h1')
        .first()
        .textContent({ timeout: 1_000 })
        .catch(() => null)) ?? '';
    const violations: Violation[] = results.violations.map((v) => {
      const impact = (IMPACTS as readonly string[]).includes(v.impact ?? '')
        ? (v.impact as Impact)
        : 'unknown';
      if (impact !== 'unknown') counts[impact] += 1;
      return {
        rule: v.id,
        impact,
        help: v.help,
        nodes: v.nodes.length,
        targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
      };
    });
    return {
      who: visit.who,
      path: visit.path,
      url: page.url(),
      counts,
      violations,
      heading: heading.trim().slice(0, 80),
      rulesPassed: results.passes.length,
    };
  } catch (err) {
    return {
      who: visit.who,
      path: visit.path,
      url: page.url(),
      counts,
      violations: [],
      heading: '',
      rulesPassed: 0,
      error: `${diedNote(server)}${errorText(err)}`,
    };
  }
}

async function session(
  browser: Browser,
  server: ServerUnderTest,
  account: { email: string; password: string } | null,
  visits: Visit[],
): Promise<PageResult[]> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    // Opening animations give false contrast failures (docs/development.md).
    reducedMotion: 'reduce',
  });
  try {
    const page = await context.newPage();
    const baseUrl = server.baseUrl;
    if (account) {
      try {
        await signInThroughUi(page, baseUrl, account);
      } catch (err) {
        const message = `${diedNote(server)}sign-in as ${account.email} failed: ${errorText(err)}`;
        return visits.map((v) => ({
          who: v.who,
          path: v.path,
          url: '',
          counts: { critical: 0, serious: 0, moderate: 0, minor: 0 },
          violations: [],
          heading: '',
          rulesPassed: 0,
          error: message,
        }));
      }
    }
    const out: PageResult[] = [];
    for (const visit of visits) out.push(await check(page, server, visit));
    return out;
  } finally {
    await context.close();
  }
}

/** axe-core (all default rules) on every page, signed out, as the demo customer and as the demo admin. */
export async function runA11y(server: ServerUnderTest, section: string): Promise<SectionResult> {
  const parts = await getJson<PartJson[]>(`${server.baseUrl}/api/parts`);
  const partId = parts[0]?._id;
  if (!partId) throw new Error('no part to open a purchase page for');
  const browser = await launchBrowser();
  let pages: PageResult[];
  try {
    pages = [
      ...(await session(
        browser,
        server,
        null,
        [
          '/',
          '/blogs',
          '/portfolio',
          '/login',
          '/register',
          '/forget-password',
          '/no-such-page',
        ].map((p) => ({ who: 'signed out' as const, path: p })),
      )),
      ...(await session(browser, server, demo.customer, [
        { who: 'customer', path: `/purchase/${encodeURIComponent(partId)}` },
        { who: 'customer', path: '/dashboard' },
        { who: 'customer', path: '/dashboard/my-orders' },
        { who: 'customer', path: '/dashboard/add-a-review' },
      ])),
      ...(await session(browser, server, demo.admin, [
        { who: 'admin', path: '/dashboard' },
        { who: 'admin', path: '/dashboard/add-a-part' },
      ])),
    ];
  } finally {
    await browser.close();
  }

  const rows: Row[] = [];
  const notes: string[] = [];
  const total: Record<Impact, number> = { critical: 0, serious: 0, moderate: 0, minor: 0 };
  const label = (p: PageResult) =>
    `${p.path.replace(/^\/purchase\/.+$/, '/purchase/{id}')} (${p.who})`;
  for (const p of pages) {
    for (const impact of IMPACTS) total[impact] += p.counts[impact];
    const landed =
      p.url && new URL(p.url).pathname !== p.path ? ` [landed on ${new URL(p.url).pathname}]` : '';
    if (p.error) {
      rows.push({ section, metric: label(p), value: p.error, budget: '', mark: 'error' });
      continue;
    }
    rows.push(
      budgetRow(
        section,
        label(p),
        `${IMPACTS.map((i) => `${p.counts[i]} ${i}`).join(', ')} (${p.rulesPassed} rules passed)${landed}`,
        '0 serious/critical',
        p.counts.critical + p.counts.serious === 0,
      ),
    );
  }
  rows.push(
    info(section, 'all pages (rules violated)', IMPACTS.map((i) => `${total[i]} ${i}`).join(', ')),
  );
  for (const p of pages) {
    for (const v of p.violations) {
      if (v.impact !== 'critical' && v.impact !== 'serious') continue;
      rows.push(
        info(
          section,
          `  ${v.impact}: ${v.rule} on ${label(p)}`,
          `${v.nodes} node(s): ${v.help} (${v.targets.slice(0, 3).join(', ')})`,
        ),
      );
    }
  }

  notes.push(
    '| page | impact | rule | nodes | help | first targets |',
    '|---|---|---|---|---|---|',
  );
  for (const p of pages) {
    for (const v of p.violations) {
      notes.push(
        `| ${label(p)} | ${v.impact} | ${v.rule} | ${v.nodes} | ${v.help.replace(/\|/g, '\\|')} | ${v.targets
          .join(', ')
          .replace(/\|/g, '\\|')} |`,
      );
    }
  }
  return { rows, details: { pages, total }, notes };
}
