import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse, { type Result as LhResult } from 'lighthouse';
import { chromium, type Page } from 'playwright-core';
import { getJson, type PartJson } from './support/accounts.js';
import { demo, signInThroughUi } from './support/browser.js';
import {
  atReferenceMachine,
  mainThreadOf,
  REFERENCE_BENCHMARK_INDEX,
  type MainThread,
} from './support/main-thread.js';
import { budgetRow, fmtKb, fmtMs, info, type Row, type SectionResult } from './support/report.js';
import { diedNote, freePort, type ServerUnderTest } from './support/server.js';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, settings } from './support/settings.js';

/** A page, and the paint budgets issue 13 sets for it (first paint only where it sets one). */
type Target = {
  label: string;
  path: string;
  signedIn: boolean;
  lcpBudgetMs: number;
  fcpBudgetMs?: number;
  /** Run in the signed-in page before the audits (e.g. filling the cart). */
  prepare?: (page: Page) => Promise<void>;
  /** Held to issue 41's main-thread budgets (work and blocking time at the reference index). */
  mainThreadBudget?: boolean;
};

/** Issue 41: a phone's main thread at Lighthouse's benchmark index of about 2,500. */
const MAIN_THREAD_BUDGET_MS = 1500;
const TBT_BUDGET_MS = 150;

/** Fills the signed-in buyer's cart (on the server) with `n` lines, through the API. */
const fillCart = (n: number) => async (page: Page) => {
  const added = await page.evaluate(async (n) => {
    const authorization = `Bearer ${localStorage.getItem('accessKey') ?? ''}`;
    const parts = (await (await fetch('/api/parts?limit=60')).json()) as {
      _id: string;
      mOrderQuantity: number;
      availableQuantity: number;
    }[];
    let count = 0;
    for (const part of parts.filter((p) => p.availableQuantity >= p.mOrderQuantity).slice(0, n)) {
      const res = await fetch('/api/cart/lines', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization },
        body: JSON.stringify({ partId: part._id, quantity: part.mOrderQuantity }),
      });
      if (res.ok) count++;
    }
    return count;
  }, n);
  if (added < n) throw new Error(`only ${added} of ${n} cart lines could be added`);
};

type RunFigures = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's total-byte-weight: every response's transferred bytes. */
  bytes: number;
  benchmarkIndex: number;
  mainThreadMs: number;
  threadCpuX4Ms: number;
};

type LostPoints = { category: string; id: string; title: string; score: number; value: string };

type RunOutcome = {
  figures: RunFigures;
  lost: LostPoints[];
  mainThread: MainThread;
  finalUrl: string;
  warnings: string[];
};

const CATEGORIES = [
  ['performance', 'performance'],
  ['accessibility', 'accessibility'],
  ['best-practices', 'bestPractices'],
  ['seo', 'seo'],
] as const;

const seconds = (ms: number, digits = 2): string => `${(ms / 1000).toFixed(digits)} s`;

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

/** Text out of an audit's details: DOM nodes as their snippet, tables row by row (first rows only). */
function flatten(value: unknown, depth = 0): string[] {
  if (typeof value === 'string') return value ? [value] : [];
  if (typeof value === 'number') return [String(Math.round(value * 100) / 100)];
  if (!value || typeof value !== 'object' || depth > 4) return [];
  if (Array.isArray(value)) return value.slice(0, 3).flatMap((v) => flatten(v, depth + 1));
  const record = value as Record<string, unknown>;
  if (typeof record.snippet === 'string') return [record.snippet.slice(0, 120)];
  if ('items' in record) return flatten(record.items, depth + 1);
  return Object.entries(record)
    .filter(
      ([key]) => !['type', 'headings', 'lhId', 'path', 'selector', 'boundingRect'].includes(key),
    )
    .flatMap(([, v]) => flatten(v, depth + 1));
}

/** The first few rows of an audit's table, flattened to text (what failed, where). */
function itemSummary(details: LhResult['audits'][string]['details']): string {
  if (!details || !('items' in details) || !Array.isArray(details.items)) return '';
  const items: unknown[] = details.items;
  return items
    .slice(0, 3)
    .map((item) => flatten(item).join(' ').slice(0, 240))
    .filter(Boolean)
    .join('; ');
}

/** The audits that cost points in each category, and the performance opportunities. */
function lostPoints(lhr: LhResult): LostPoints[] {
  const lost: LostPoints[] = [];
  for (const [key] of CATEGORIES) {
    const category = lhr.categories[key];
    if (!category) continue;
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1) continue;
      if (ref.weight === 0 && audit.details?.type !== 'opportunity') continue;
      lost.push({
        category: key,
        id: ref.id,
        title: audit.title,
        score: audit.score,
        value: [audit.displayValue ?? '', itemSummary(audit.details)].filter(Boolean).join(': '),
      });
    }
  }
  // What explains LCP and CLS, whatever their scores: the LCP element with its phases, and the
  // elements that shifted.
  for (const id of ['largest-contentful-paint-element', 'layout-shifts']) {
    const audit = lhr.audits[id];
    const summary = itemSummary(audit?.details);
    if (audit && summary) {
      lost.push({
        category: 'diagnostic',
        id,
        title: audit.title,
        score: audit.score ?? 1,
        value: summary,
      });
    }
  }
  return lost;
}

async function removeCaches(userDataDir: string): Promise<void> {
  // A cold HTTP cache for every run; local storage and cookies (the sign-in) stay.
  for (const dir of ['Cache', 'Code Cache', 'GPUCache', 'Service Worker']) {
    await fs.rm(path.join(userDataDir, 'Default', dir), { recursive: true, force: true });
  }
}

async function runOnce(
  url: string,
  userDataDir: string,
  keepStorage: boolean,
): Promise<RunOutcome> {
  const chrome = await launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_FLAGS,
    // Its debugging port too keeps to PORT_RANGE when that is set.
    ...(process.env.PORT_RANGE ? { port: await freePort() } : {}),
    userDataDir,
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      disableStorageReset: keepStorage,
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const lhr = result.lhr;
    if (lhr.runtimeError) {
      throw new Error(`Lighthouse: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    }
    const score = (key: (typeof CATEGORIES)[number][0]) => {
      const s = lhr.categories[key]?.score;
      if (s === null || s === undefined) throw new Error(`Lighthouse gave no ${key} score`);
      return Math.round(s * 100);
    };
    const numeric = (id: string) => {
      const v = lhr.audits[id]?.numericValue;
      if (v === undefined) throw new Error(`Lighthouse gave no ${id}`);
      return v;
    };
    const mainThread = mainThreadOf(lhr, result.artifacts.Trace?.traceEvents ?? []);
    return {
      figures: {
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        fcpMs: numeric('first-contentful-paint'),
        lcpMs: numeric('largest-contentful-paint'),
        tbtMs: numeric('total-blocking-time'),
        cls: numeric('cumulative-layout-shift'),
        bytes: numeric('total-byte-weight'),
        benchmarkIndex: mainThread.benchmarkIndex,
        mainThreadMs: mainThread.workMs,
        threadCpuX4Ms: mainThread.threadCpuX4Ms,
      },
      lost: lostPoints(lhr),
      mainThread,
      finalUrl: lhr.finalDisplayedUrl,
      warnings: lhr.runWarnings,
    };
  } finally {
    chrome.kill();
  }
}

/**
 * Main-thread work and blocking time: held to issue 41's budgets at the reference machine (the
 * median figure times the run's benchmark index over 2,500; blocking time does not scale exactly,
 * so that row is an estimate), with the measured figures and the index beside them.
 */
function mainThreadRows(
  section: string,
  fig: RunFigures,
  runs: RunOutcome[],
  budgeted: boolean,
): Row[] {
  const list = (key: keyof RunFigures) =>
    runs.length > 1 ? `; runs: ${runs.map((r) => Math.round(r.figures[key])).join(', ')}` : '';
  const work = atReferenceMachine(fig.mainThreadMs, fig.benchmarkIndex);
  const tbt = atReferenceMachine(fig.tbtMs, fig.benchmarkIndex);
  const at = `measured ${fmtMs(fig.mainThreadMs)} at index ${Math.round(fig.benchmarkIndex)}`;
  const rows: Row[] = [
    info(section, 'benchmark index', `${Math.round(fig.benchmarkIndex)}${list('benchmarkIndex')}`),
    info(
      section,
      'main-thread CPU x4 (thread time)',
      `${fmtMs(fig.threadCpuX4Ms)}${list('threadCpuX4Ms')}`,
    ),
  ];
  if (!budgeted) {
    rows.push(
      info(section, 'main-thread work', `${fmtMs(fig.mainThreadMs)}${list('mainThreadMs')}`),
      info(section, 'TBT', fmtMs(fig.tbtMs)),
    );
    return rows;
  }
  rows.push(
    budgetRow(
      section,
      `main-thread work at index ${REFERENCE_BENCHMARK_INDEX}`,
      `${fmtMs(work)} (${at}${list('mainThreadMs')})`,
      `<= ${fmtMs(MAIN_THREAD_BUDGET_MS)}`,
      work <= MAIN_THREAD_BUDGET_MS,
    ),
    budgetRow(
      section,
      `TBT at index ${REFERENCE_BENCHMARK_INDEX} (estimate)`,
      `${fmtMs(tbt)} (measured ${fmtMs(fig.tbtMs)}${list('tbtMs')})`,
      `<= ${fmtMs(TBT_BUDGET_MS)}`,
      tbt <= TBT_BUDGET_MS,
    ),
  );
  return rows;
}

/** Where the median run's main-thread time went: by kind, by script, and its long tasks. */
function mainThreadNotes(mt: MainThread): string[] {
  const groups = Object.entries(mt.byGroup)
    .map(([group, ms]) => `${group} ${fmtMs(ms)}`)
    .join(', ');
  const scripts = mt.scripts
    .slice(0, 5)
    .map((s) => `${s.url} ${fmtMs(s.totalMs)} (script ${fmtMs(s.scriptingMs)})`)
    .join(', ');
  const long = mt.longTasks
    .slice(0, 8)
    .map((t) => `${t.url} at ${fmtMs(t.startMs)}: ${fmtMs(t.durationMs)}`)
    .join('; ');
  return [
    `Main thread (index ${mt.benchmarkIndex}): ${fmtMs(mt.workMs)}; thread CPU x4 ${fmtMs(mt.threadCpuX4Ms)}. By kind: ${groups}.`,
    '',
    `Scripts: ${scripts || 'none'}.`,
    '',
    `Long tasks: ${long || 'none'}.`,
  ];
}

/** Signs the demo customer in within a persistent profile Lighthouse then reuses. */
async function signedInProfile(
  baseUrl: string,
  checkPath: string,
  prepare?: (page: Page) => Promise<void>,
): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-lh-signed-in-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
    headless: true,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await signInThroughUi(page, baseUrl, demo.customer);
    if (prepare) await prepare(page);
    await page.goto(`${baseUrl}${checkPath}`, { waitUntil: 'networkidle' });
    if (new URL(page.url()).pathname !== checkPath) {
      throw new Error(`signed in, but ${checkPath} led to ${page.url()}`);
    }
  } catch (err) {
    await context.close();
    await fs.rm(dir, { recursive: true, force: true });
    throw err;
  }
  await context.close();
  return dir;
}

/**
 * Lighthouse (default config: mobile, simulated throttling) on /, /parts, /blogs, a public part
 * page and a purchase page signed in; the median of each figure over the runs.
 */
export async function runLighthouse(
  server: ServerUnderTest,
  section: string,
): Promise<SectionResult> {
  const parts = await getJson<PartJson[]>(`${server.baseUrl}/api/parts`);
  const part = parts[0];
  if (!part) throw new Error('no part to open a purchase page for');
  const id = encodeURIComponent(part._id);
  const targets: Target[] = [
    {
      label: '/',
      path: '/',
      signedIn: false,
      lcpBudgetMs: 1200,
      fcpBudgetMs: 1200,
      mainThreadBudget: true,
    },
    {
      label: '/parts',
      path: '/parts',
      signedIn: false,
      lcpBudgetMs: 1200,
      fcpBudgetMs: 1200,
      mainThreadBudget: true,
    },
    { label: '/blogs', path: '/blogs', signedIn: false, lcpBudgetMs: 2000 },
    {
      label: '/parts/{id}',
      path: `/parts/${id}`,
      signedIn: false,
      lcpBudgetMs: 1500,
      mainThreadBudget: true,
    },
    {
      label: '/purchase/{id} (signed in)',
      path: `/purchase/${id}`,
      signedIn: true,
      lcpBudgetMs: 1500,
    },
    {
      label: '/cart (50 lines, signed in)',
      path: '/cart',
      signedIn: true,
      lcpBudgetMs: 1500,
      prepare: fillCart(50),
      mainThreadBudget: true,
    },
  ];

  // A page is named by its label or the label's first word (`/cart` for the cart's label, whose
  // comma the list would split). A name mistyped would measure nothing and say nothing.
  const names = (t: Target, name: string) => t.label === name || t.label.split(' ')[0] === name;
  const wanted = settings.lighthouse.pages && [...settings.lighthouse.pages];
  const unknown = (wanted ?? []).filter((name) => !targets.some((t) => names(t, name)));
  if (unknown.length > 0)
    throw new Error(
      `BENCH_LIGHTHOUSE_PAGES names no page ${unknown.map((l) => `"${l}"`).join(', ')}; the pages are ${targets.map((t) => `"${t.label}"`).join(', ')}`,
    );
  const rows: Row[] = [];
  const notes: string[] = [];
  const details: Record<string, unknown> = {};
  const temp: string[] = [];
  try {
    for (const target of targets) {
      if (wanted && !wanted.some((name) => names(target, name))) continue;
      const sectionName = `${section} ${target.label}`;
      try {
        const profile = target.signedIn
          ? await signedInProfile(server.baseUrl, target.path, target.prepare)
          : null;
        if (profile) temp.push(profile);
        const runs: RunOutcome[] = [];
        const retries: string[] = [];
        for (let i = 0; i < settings.lighthouse.runs; i++) {
          let dir = profile;
          if (dir) await removeCaches(dir);
          else {
            dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-lh-'));
            temp.push(dir);
          }
          const url = `${server.baseUrl}${target.path}`;
          let outcome: RunOutcome;
          try {
            outcome = await runOnce(url, dir, target.signedIn);
          } catch (err) {
            // Headless Chromium on a busy machine now and then loses a trace (NO_NAVSTART and
            // the like): one more try, unless the server is gone.
            if (diedNote(server)) throw err;
            retries.push(`run ${i + 1}: ${err instanceof Error ? err.message : String(err)}`);
            if (profile) await removeCaches(profile);
            outcome = await runOnce(url, dir, target.signedIn);
          }
          if (new URL(outcome.finalUrl).pathname !== target.path) {
            throw new Error(`Lighthouse ended on ${outcome.finalUrl}, not ${target.path}`);
          }
          runs.push(outcome);
        }
        const m = (key: keyof RunFigures) => median(runs.map((r) => r.figures[key]));
        const fig: RunFigures = {
          performance: m('performance'),
          accessibility: m('accessibility'),
          bestPractices: m('bestPractices'),
          seo: m('seo'),
          fcpMs: m('fcpMs'),
          lcpMs: m('lcpMs'),
          tbtMs: m('tbtMs'),
          cls: m('cls'),
          bytes: m('bytes'),
          benchmarkIndex: m('benchmarkIndex'),
          mainThreadMs: m('mainThreadMs'),
          threadCpuX4Ms: m('threadCpuX4Ms'),
        };
        const of = (key: keyof RunFigures) =>
          runs.length > 1 ? ` (runs: ${runs.map((r) => r.figures[key]).join(', ')})` : '';
        rows.push(
          budgetRow(
            sectionName,
            'performance',
            `${fig.performance}${of('performance')}`,
            '>= 95',
            fig.performance >= 95,
          ),
          budgetRow(
            sectionName,
            'accessibility',
            String(fig.accessibility),
            '100',
            fig.accessibility >= 100,
          ),
          budgetRow(
            sectionName,
            'best practices',
            String(fig.bestPractices),
            '>= 95',
            fig.bestPractices >= 95,
          ),
          budgetRow(sectionName, 'SEO', String(fig.seo), '>= 95', fig.seo >= 95),
          target.fcpBudgetMs
            ? budgetRow(
                sectionName,
                'FCP',
                seconds(fig.fcpMs),
                `<= ${seconds(target.fcpBudgetMs, 1)}`,
                fig.fcpMs <= target.fcpBudgetMs,
              )
            : info(sectionName, 'FCP', seconds(fig.fcpMs)),
          budgetRow(
            sectionName,
            'LCP',
            `${seconds(fig.lcpMs)}${runs.length > 1 ? ` (runs: ${runs.map((r) => seconds(r.figures.lcpMs)).join(', ')})` : ''}`,
            `<= ${seconds(target.lcpBudgetMs, 1)}`,
            fig.lcpMs <= target.lcpBudgetMs,
          ),
          info(sectionName, 'bytes transferred', fmtKb(fig.bytes)),
          budgetRow(sectionName, 'CLS', fig.cls.toFixed(3), '< 0.05', fig.cls < 0.05),
          ...mainThreadRows(sectionName, fig, runs, target.mainThreadBudget === true),
        );
        // The run with the median performance score explains where the points went.
        const byPerf = [...runs].sort((a, b) => a.figures.performance - b.figures.performance);
        const typical = byPerf[Math.floor(byPerf.length / 2)] ?? runs[0];
        details[target.label] = {
          median: fig,
          runs: runs.map((r) => r.figures),
          mainThread: typical?.mainThread,
          lostPoints: typical?.lost ?? [],
          warnings: typical?.warnings ?? [],
          retries,
        };
        notes.push(`### ${target.label}`, '');
        if (typical && typical.lost.length > 0) {
          notes.push('| category | audit | score | value |', '|---|---|---|---|');
          for (const l of typical.lost) {
            notes.push(
              `| ${l.category} | ${l.id}: ${l.title.replace(/\|/g, '\\|')} | ${l.score.toFixed(2)} | ${l.value.replace(/\|/g, '\\|').replace(/\n/g, ' ')} |`,
            );
          }
        } else notes.push('No audit lost points.');
        if (typical) notes.push('', ...mainThreadNotes(typical.mainThread));
        for (const w of typical?.warnings ?? []) notes.push('', `Warning: ${w}`);
        for (const r of retries) notes.push('', `Retried after an error: ${r}`);
        notes.push('');
      } catch (err) {
        rows.push({
          section: sectionName,
          metric: 'error',
          value: `${diedNote(server)}${err instanceof Error ? err.message : String(err)}`,
          budget: '',
          mark: 'error',
        });
      }
    }
  } finally {
    for (const dir of temp) await fs.rm(dir, { recursive: true, force: true }).catch(() => {});
  }
  return { rows, details: { runsPerPage: settings.lighthouse.runs, pages: details }, notes };
}
