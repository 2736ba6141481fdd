import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { resultsDir } from './settings.js';

/** pass/fail: a budget was checked; info: a figure without a budget. */
export type Mark = 'pass' | 'fail' | 'error' | 'skipped' | 'info';

export type Row = {
  section: string;
  metric: string;
  value: string;
  budget: string;
  mark: Mark;
};

/** What each section module hands back: its table rows, raw figures for the JSON file, notes for the Markdown file. */
export type SectionResult = {
  rows: Row[];
  details: unknown;
  /** Markdown lines for the details part of latest.md (diagnosis material). */
  notes: string[];
};

export const info = (section: string, metric: string, value: string): Row => ({
  section,
  metric,
  value,
  budget: '',
  mark: 'info',
});

export const budgetRow = (
  section: string,
  metric: string,
  value: string,
  budget: string,
  pass: boolean,
): Row => ({ section, metric, value, budget, mark: pass ? 'pass' : 'fail' });

export const errorRow = (section: string, err: unknown): Row => ({
  section,
  metric: 'error',
  value: errorText(err),
  budget: '',
  mark: 'error',
});

export const skippedRow = (section: string, why: string): Row => ({
  section,
  metric: '',
  value: why,
  budget: '',
  mark: 'skipped',
});

export function errorText(err: unknown): string {
  if (err instanceof Error) return `${err.name === 'Error' ? '' : `${err.name}: `}${err.message}`;
  return String(err);
}

// ---- number formatting -------------------------------------------------------------------

export const fmtInt = (n: number): string => Math.round(n).toLocaleString('en-US');
export const fmtMs = (n: number): string => `${n < 10 ? n.toFixed(1) : Math.round(n)} ms`;
export const fmtKb = (bytes: number): string => `${(bytes / 1000).toFixed(1)} kB`;
export const fmtRatio = (n: number): string => n.toFixed(2);

// ---- output ------------------------------------------------------------------------------

const MARK_TEXT: Record<Mark, string> = {
  pass: 'pass',
  fail: 'FAIL',
  error: 'ERROR',
  skipped: 'skipped',
  info: '',
};

const oneLine = (text: string, max: number): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

const HEADERS = ['Section', 'Metric', 'Value', 'Budget', 'Result'];

function cells(row: Row, maxValue: number): string[] {
  return [row.section, row.metric, oneLine(row.value, maxValue), row.budget, MARK_TEXT[row.mark]];
}

/** The one table the run prints: fixed-width columns, a rule between sections. */
export function renderTable(rows: Row[]): string {
  const body = rows.map((r) => cells(r, 110));
  const widths = HEADERS.map((h, i) => Math.max(h.length, ...body.map((c) => (c[i] ?? '').length)));
  const line = (c: string[]) =>
    `| ${c.map((text, i) => text.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  const rule = `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`;
  const out = [rule, line(HEADERS), rule];
  body.forEach((c, i) => {
    const first = i === 0 || rows[i - 1]?.section !== rows[i]?.section;
    if (first && i > 0) out.push(rule);
    out.push(line(first ? c : ['', ...c.slice(1)]));
  });
  out.push(rule);
  return out.join('\n');
}

const mdEscape = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function renderMarkdown(report: Report): string {
  const lines = [
    '# Storefront benchmark',
    '',
    `Run ${report.startedAt} (${report.durationSeconds.toFixed(0)} s${report.quick ? ', QUICK mode' : ''}) on ${report.machine.cpus} × ${report.machine.cpuModel}, Node ${report.machine.node}.`,
    '',
    `Budgets: ${report.summary.passed} passed, ${report.summary.failed} failed, ${report.summary.errors} errors, ${report.summary.skipped} skipped.`,
    '',
    '| Section | Metric | Value | Budget | Result |',
    '|---|---|---|---|---|',
    ...report.rows.map(
      (r) =>
        `| ${mdEscape(r.section)} | ${mdEscape(r.metric)} | ${mdEscape(r.value)} | ${mdEscape(r.budget)} | ${MARK_TEXT[r.mark]} |`,
    ),
  ];
  for (const [name, notes] of Object.entries(report.notes)) {
    if (notes.length === 0) continue;
    lines.push('', `## ${name}`, '', ...notes);
  }
  return `${lines.join('\n')}\n`;
}

export type Report = {
  startedAt: string;
  finishedAt: string;
  durationSeconds: number;
  quick: boolean;
  machine: { cpus: number; cpuModel: string; node: string; platform: string };
  summary: { passed: number; failed: number; errors: number; skipped: number };
  rows: Row[];
  details: Record<string, unknown>;
  notes: Record<string, string[]>;
};

export function buildReport(input: {
  startedAt: Date;
  quick: boolean;
  rows: Row[];
  details: Record<string, unknown>;
  notes: Record<string, string[]>;
}): Report {
  const finished = new Date();
  const count = (mark: Mark) => input.rows.filter((r) => r.mark === mark).length;
  const cpus = os.cpus();
  return {
    startedAt: input.startedAt.toISOString(),
    finishedAt: finished.toISOString(),
    durationSeconds: (finished.getTime() - input.startedAt.getTime()) / 1000,
    quick: input.quick,
    machine: {
      cpus: cpus.length,
      cpuModel: cpus[0]?.model.trim() ?? 'unknown',
      node: process.versions.node,
      platform: `${os.platform()} ${os.release()}`,
    },
    summary: {
      passed: count('pass'),
      failed: count('fail'),
      errors: count('error'),
      skipped: count('skipped'),
    },
    rows: input.rows,
    details: input.details,
    notes: input.notes,
  };
}

/** Writes latest.json and latest.md (through a .tmp file, so a crash never leaves half a file). */
export async function writeReport(report: Report): Promise<{ json: string; md: string }> {
  await fs.mkdir(resultsDir, { recursive: true });
  const json = path.join(resultsDir, 'latest.json');
  const md = path.join(resultsDir, 'latest.md');
  for (const [file, text] of [
    [json, `${JSON.stringify(report, null, 2)}\n`],
    [md, renderMarkdown(report)],
  ] as const) {
    await fs.writeFile(`${file}.tmp`, text);
    await fs.rename(`${file}.tmp`, file);
  }
  return { json, md };
}
