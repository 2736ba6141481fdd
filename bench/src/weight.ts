import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { launchBrowser } from './support/browser.js';
import { budgetRow, fmtKb, info, type Row, type SectionResult } from './support/report.js';
import type { ServerUnderTest } from './support/server.js';
import { webBuild } from './support/settings.js';

const JS_BUDGET_BYTES = 100_000;

type Kind = 'script' | 'stylesheet';
type Role = 'entry' | 'modulepreload' | 'stylesheet' | 'loaded at run time';
type FileWeight = { file: string; kind: Kind; role: Role; raw: number; gzip: number };

/** What dist/index.html itself asks for: the module script, modulepreloads and stylesheets. */
async function fromIndexHtml(): Promise<Map<string, Role>> {
  const html = await fs.readFile(path.join(webBuild.dir, 'index.html'), 'utf8');
  const roles = new Map<string, Role>();
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const attr = (name: string) =>
      new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];
    if (/^<script/i.test(tag) && attr('type') === 'module' && attr('src')) {
      roles.set(attr('src') ?? '', 'entry');
    } else if (/^<link/i.test(tag) && attr('href')) {
      const rel = attr('rel');
      if (rel === 'modulepreload') roles.set(attr('href') ?? '', 'modulepreload');
      if (rel === 'stylesheet') roles.set(attr('href') ?? '', 'stylesheet');
    }
  }
  return roles;
}

/**
 * The JavaScript and CSS the home page loads before it is idle: Chromium loads `/` and every
 * script and stylesheet response until the network is idle is weighed from disk (raw and gzip -9).
 */
export async function runWeight(server: ServerUnderTest, section: string): Promise<SectionResult> {
  const roles = await fromIndexHtml();
  const browser = await launchBrowser();
  const seen = new Map<string, Kind>();
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    page.on('response', (res) => {
      const type = res.request().resourceType();
      const url = new URL(res.url());
      if (url.origin !== server.baseUrl) return;
      if (type === 'script' || type === 'stylesheet') seen.set(url.pathname, type);
    });
    await page.goto(`${server.baseUrl}/`, { waitUntil: 'networkidle', timeout: 30_000 });
    await context.close();
  } finally {
    await browser.close();
  }
  // A file index.html names but the browser never fetched still counts (it should not happen).
  for (const [href, role] of roles) {
    if (!seen.has(href)) seen.set(href, role === 'stylesheet' ? 'stylesheet' : 'script');
  }

  const files: FileWeight[] = [];
  for (const [pathname, kind] of seen) {
    const onDisk = path.join(webBuild.dir, decodeURIComponent(pathname));
    if (!onDisk.startsWith(webBuild.dir)) continue;
    const content = await fs.readFile(onDisk);
    files.push({
      file: pathname.replace(/^\//, ''),
      kind,
      role: roles.get(pathname) ?? 'loaded at run time',
      raw: content.length,
      gzip: zlib.gzipSync(content, { level: 9 }).length,
    });
  }
  files.sort((a, b) => (a.kind === b.kind ? b.gzip - a.gzip : a.kind === 'script' ? -1 : 1));

  const sum = (list: FileWeight[], key: 'raw' | 'gzip') => list.reduce((n, f) => n + f[key], 0);
  const js = files.filter((f) => f.kind === 'script');
  const css = files.filter((f) => f.kind === 'stylesheet');
  const rows: Row[] = files.map((f) =>
    info(section, `${f.file} (${f.role})`, `${fmtKb(f.raw)} raw, ${fmtKb(f.gzip)} gzip`),
  );
  rows.push(
    budgetRow(
      section,
      `JavaScript total (${js.length} files)`,
      `${fmtKb(sum(js, 'raw'))} raw, ${fmtKb(sum(js, 'gzip'))} gzip`,
      `<= ${fmtKb(JS_BUDGET_BYTES)} gzip`,
      sum(js, 'gzip') <= JS_BUDGET_BYTES,
    ),
    info(
      section,
      `CSS total (${css.length} files)`,
      `${fmtKb(sum(css, 'raw'))} raw, ${fmtKb(sum(css, 'gzip'))} gzip`,
    ),
    info(
      section,
      'JS + CSS total',
      `${fmtKb(sum(files, 'raw'))} raw, ${fmtKb(sum(files, 'gzip'))} gzip`,
    ),
  );
  return {
    rows,
    details: {
      files,
      totals: {
        jsRaw: sum(js, 'raw'),
        jsGzip: sum(js, 'gzip'),
        cssRaw: sum(css, 'raw'),
        cssGzip: sum(css, 'gzip'),
      },
      kb: '1 kB = 1,000 bytes',
    },
    notes: [],
  };
}
