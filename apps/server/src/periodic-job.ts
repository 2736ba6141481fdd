import type { FastifyInstance } from 'fastify';

/**
 * Runs `work` once the app is ready and then every `intervalMs`, for the background jobs (the
 * unpaid-order sweep, invoice reminders, quote expiry, retention). A run that is still going when
 * the next tick comes is not joined by a second one; a failure is logged as `<name> failed` and
 * the next tick tries again. The timer alone does not keep the process alive, and closing the app
 * waits for a running one (the database closes after the app).
 */
export function startPeriodicJob(
  app: FastifyInstance,
  job: { name: string; intervalMs: number; work: () => Promise<void> },
): void {
  let current: Promise<void> | undefined;
  const run = () => {
    current ??= job
      .work()
      .catch((err: unknown) => app.log.error({ err }, `${job.name} failed`))
      .finally(() => {
        current = undefined;
      });
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, job.intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await current;
  });
}
