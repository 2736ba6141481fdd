import type { Result as LhResult } from 'lighthouse';

/** What a page's main thread did in one Lighthouse run, and where the time went. */
export type MainThread = {
  /** Lighthouse's benchmark index of the machine during the run (its figures scale with it). */
  benchmarkIndex: number;
  /** mainthread-work-breakdown: every main-thread task, times the simulated 4x CPU slowdown. */
  workMs: number;
  /** The same work by kind (script evaluation, style and layout, other…), in ms. */
  byGroup: Record<string, number>;
  /** bootup-time: per script, its evaluation and parsing. */
  scripts: { url: string; totalMs: number; scriptingMs: number; parseMs: number }[];
  /** long-tasks: the main-thread tasks over 50 ms as Lighthouse saw them. */
  longTasks: { url: string; startMs: number; durationMs: number }[];
  /**
   * The renderer's main-thread CPU time from the trace (thread time, not wall time), times 4:
   * on a busy machine, wall-clock figures grow with the other processes while this one barely
   * moves, so it says whether a change helped when the machine is not idle.
   */
  threadCpuX4Ms: number;
};

type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { documentLoaderURL?: string } };
};

const shortUrl = (url: string): string => url.replace(/^https?:\/\/[^/]+/, '') || url;

function tableItems(lhr: LhResult, id: string): Record<string, unknown>[] {
  const details = lhr.audits[id]?.details;
  if (!details || !('items' in details) || !Array.isArray(details.items)) return [];
  return details.items as Record<string, unknown>[];
}

const num = (value: unknown): number => (typeof value === 'number' ? value : 0);
const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The busiest renderer main thread's top-level task CPU time, from navigation on. */
function threadCpuMs(events: TraceEvent[]): number {
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const counts = new Map<string, number>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const main = mains.sort(
    (a, b) => (counts.get(`${b.pid}:${b.tid}`) ?? 0) - (counts.get(`${a.pid}:${a.tid}`) ?? 0),
  )[0];
  if (!main) return 0;
  const start =
    events.find(
      (e) =>
        e.name === 'navigationStart' &&
        e.pid === main.pid &&
        e.args?.data?.documentLoaderURL?.startsWith('http'),
    )?.ts ?? 0;
  // Top-level tasks only: a RunTask nested in another (rare) is already in its parent's time.
  let end = -1;
  let total = 0;
  const tasks = events
    .filter(
      (e) =>
        e.name === 'RunTask' &&
        e.ph === 'X' &&
        e.pid === main.pid &&
        e.tid === main.tid &&
        e.ts >= start,
    )
    .sort((a, b) => a.ts - b.ts);
  for (const task of tasks) {
    if (task.ts < end) continue;
    total += task.tdur ?? task.dur ?? 0;
    end = task.ts + (task.dur ?? 0);
  }
  return total / 1000;
}

export function mainThreadOf(lhr: LhResult, traceEvents: unknown[]): MainThread {
  const byGroup: Record<string, number> = {};
  for (const item of tableItems(lhr, 'mainthread-work-breakdown')) {
    byGroup[str(item.groupLabel) || str(item.group)] = Math.round(num(item.duration));
  }
  return {
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    workMs: Math.round(lhr.audits['mainthread-work-breakdown']?.numericValue ?? 0),
    byGroup,
    scripts: tableItems(lhr, 'bootup-time').map((item) => ({
      url: shortUrl(str(item.url)),
      totalMs: Math.round(num(item.total)),
      scriptingMs: Math.round(num(item.scripting)),
      parseMs: Math.round(num(item.scriptParseCompile)),
    })),
    longTasks: tableItems(lhr, 'long-tasks').map((item) => ({
      url: shortUrl(str(item.url)),
      startMs: Math.round(num(item.startTime)),
      durationMs: Math.round(num(item.duration)),
    })),
    threadCpuX4Ms: Math.round(threadCpuMs(traceEvents as TraceEvent[]) * 4),
  };
}

/** Lighthouse's reference machine for issue 41's budgets: figures scale with the index. */
export const REFERENCE_BENCHMARK_INDEX = 2500;

/**
 * A figure measured at `benchmarkIndex`, as it would be on the reference machine: a machine with
 * half the index does each task in about twice the time.
 */
export const atReferenceMachine = (value: number, benchmarkIndex: number): number =>
  benchmarkIndex > 0 ? Math.round((value * benchmarkIndex) / REFERENCE_BENCHMARK_INDEX) : value;
