import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { metrics } from '../metrics/metrics.js';
import { claimDueJobs, markJobFailed, markJobsDone, type DoneJob } from './outbox.service.js';
import type { OutboxJobRow } from './outbox.tables.js';

/**
 * Carries out one kind of job; throws to have it retried later. Must be safe to run twice. It may
 * answer what to keep of the payload once done (a mail's secret link is forgotten).
 */
export type JobHandler = (
  payload: unknown,
  job: { id: string; attempts: number },
) => Promise<{ keepPayload?: unknown } | void>;

/** A claimed job as a batch handler sees it. */
export type BatchJob = { id: string; attempts: number; payload: unknown };

/**
 * Carries out every claimed job of one kind at once (one read and one write for the lot instead of
 * several per job). Answers one outcome per job, in order: `failed` has it retried later.
 */
export type BatchHandler = (
  jobs: BatchJob[],
) => Promise<({ keepPayload?: unknown; failed?: undefined } | { failed: string })[]>;

export type OutboxWorker = {
  /** Adds the handler for one kind of job (each module registers its own). */
  handle(kind: string, handler: JobHandler): void;
  /** Adds a handler that takes the claimed jobs of its kind together. */
  handleBatch(kind: string, handler: BatchHandler): void;
  /** Runs every job due now, to the end; resolves how many ran. Tests call it directly. */
  runDue(): Promise<number>;
  /** Asks for a run soon, without waiting (after a request enqueued something). */
  poke(): void;
  start(intervalMs: number): void;
  stop(): Promise<void>;
};

const BATCH = 100;
/**
 * How long a poke waits before the run it asks for, so that jobs enqueued by requests arriving
 * together are claimed and sent together: mail leaves this much later, for a fraction of the
 * database round trips per job.
 */
const POKE_DELAY_MS = 20;

export function createOutboxWorker(db: Db, log: FastifyBaseLogger): OutboxWorker {
  const handlers = new Map<string, JobHandler>();
  const batchHandlers = new Map<string, BatchHandler>();
  let poked: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let started = false;
  let stopped = false;

  /** Runs the jobs one kind at a time; what succeeded is marked done in one statement. */
  async function runClaimed(jobs: OutboxJobRow[]): Promise<void> {
    const done: DoneJob[] = [];
    const failed: { job: OutboxJobRow; message: string; err: unknown }[] = [];
    const byKind = new Map<string, OutboxJobRow[]>();
    for (const job of jobs) {
      const group = byKind.get(job.kind);
      if (group) group.push(job);
      else byKind.set(job.kind, [job]);
    }
    for (const [kind, group] of byKind) {
      const batch = batchHandlers.get(kind);
      if (batch) {
        try {
          const outcomes = await batch(
            group.map((j) => ({ id: j.id, attempts: j.attempts, payload: j.payload })),
          );
          group.forEach((job, i) => {
            const outcome = outcomes[i];
            if (!outcome) failed.push({ job, message: 'no outcome from the handler', err: null });
            else if (outcome.failed !== undefined)
              failed.push({ job, message: outcome.failed, err: null });
            else done.push({ id: job.id, keepPayload: outcome.keepPayload });
          });
        } catch (err) {
          const message = err instanceof Error ? err.message : String(err);
          for (const job of group) failed.push({ job, message, err });
        }
        continue;
      }
      const handler = handlers.get(kind);
      for (const job of group) {
        try {
          if (!handler) throw new Error(`no handler for jobs of kind "${job.kind}"`);
          const outcome = await handler(job.payload, { id: job.id, attempts: job.attempts });
          done.push({ id: job.id, keepPayload: outcome ? outcome.keepPayload : undefined });
        } catch (err) {
          failed.push({ job, message: err instanceof Error ? err.message : String(err), err });
        }
      }
    }
    await markJobsDone(db, done);
    for (const { job, message, err } of failed) {
      metrics.outboxFailures.inc({ kind: job.kind });
      log.warn(
        { jobId: job.id, kind: job.kind, attempts: job.attempts, err: err ?? message },
        'outbox job failed',
      );
      await markJobFailed(db, job, message);
    }
  }

  async function drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const jobs = await claimDueJobs(db, BATCH);
      if (jobs.length === 0) return total;
      await runClaimed(jobs);
      total += jobs.length;
      // Not "fewer than a batch, so done": a job may enqueue another that is due at once (a
      // reset request queues its mail), and "to the end" includes it.
    }
  }

  const runDue = (): Promise<number> => {
    if (running) {
      // A run is under way: run once more after it, so nothing enqueued meanwhile waits.
      again = true;
      return running;
    }
    running = drain()
      .catch((err: unknown) => {
        log.error({ err }, 'outbox run failed');
        return 0;
      })
      .finally(() => {
        running = undefined;
        if (again && !stopped) {
          again = false;
          void runDue();
        }
      });
    return running;
  };

  return {
    handle(kind, handler) {
      handlers.set(kind, handler);
    },
    handleBatch(kind, handler) {
      batchHandlers.set(kind, handler);
    },
    runDue,
    poke() {
      // Only a started worker runs by itself; tests drive `runDue` explicitly.
      if (!started || stopped || poked) return;
      poked = setTimeout(() => {
        poked = undefined;
        void runDue();
      }, POKE_DELAY_MS);
    },
    start(intervalMs) {
      started = true;
      timer = setInterval(() => void runDue(), intervalMs);
      timer.unref();
      void runDue();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearTimeout(poked);
      await running;
    },
  };
}
