import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { claimDueJobs, markJobDone, markJobFailed } from './outbox.service.js';
import type { OutboxJobRow } from './outbox.tables.js';

/**
 * Carries out one kind of job; throws to have it retried later. Must be safe to run twice. It may
 * answer what to keep of the payload once done (a mail's secret link is forgotten).
 */
export type JobHandler = (
  payload: unknown,
  job: { id: string; attempts: number },
) => Promise<{ keepPayload?: unknown } | void>;

export type OutboxWorker = {
  /** Adds the handler for one kind of job (each module registers its own). */
  handle(kind: string, handler: JobHandler): void;
  /** Runs every job due now, to the end; resolves how many ran. Tests call it directly. */
  runDue(): Promise<number>;
  /** Asks for a run soon, without waiting (after a request enqueued something). */
  poke(): void;
  start(intervalMs: number): void;
  stop(): Promise<void>;
};

const BATCH = 20;

export function createOutboxWorker(db: Db, log: FastifyBaseLogger): OutboxWorker {
  const handlers = new Map<string, JobHandler>();
  let running: Promise<number> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let started = false;
  let stopped = false;

  async function runOne(job: OutboxJobRow): Promise<void> {
    const handler = handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`no handler for jobs of kind "${job.kind}"`);
      const outcome = await handler(job.payload, { id: job.id, attempts: job.attempts });
      await markJobDone(db, job.id, outcome ? outcome.keepPayload : undefined);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      log.warn({ jobId: job.id, kind: job.kind, attempts: job.attempts, err }, 'outbox job failed');
      await markJobFailed(db, job, message);
    }
  }

  async function drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const jobs = await claimDueJobs(db, BATCH);
      for (const job of jobs) await runOne(job);
      total += jobs.length;
      if (jobs.length < BATCH) return total;
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
    runDue,
    poke() {
      // Only a started worker runs by itself; tests drive `runDue` explicitly.
      if (started && !stopped) setImmediate(() => void runDue());
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
      await running;
    },
  };
}
