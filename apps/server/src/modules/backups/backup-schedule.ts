import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { BackupStatus as BackupStatusView } from '@storefront/contract';
import { returnPhotosDir, type Config } from '../../config.js';
import {
  readStatus,
  runBackup,
  type BackupResult,
  type BackupSource,
  type BackupStatus,
} from './backup.service.js';

/** How often the schedule looks whether a backup is due, and how soon after a failure it retries. */
const CHECK_MS = 5 * 60_000;
const RETRY_AFTER_FAILURE_MS = 30 * 60_000;
/** The first look waits for start-up to settle. */
const FIRST_CHECK_MS = 60_000;

export type Backups = {
  /** Takes a backup now; a call while one runs joins it. */
  runNow(): Promise<BackupResult>;
  status(): Promise<BackupStatus>;
  /** The status as the staff overview shows it, with its warning. */
  view(now?: Date): Promise<BackupStatusView>;
  /** Resolves when no backup is running. */
  settled(): Promise<void>;
};

const hoursAgo = (at: string, now: Date) => (now.getTime() - Date.parse(at)) / 3_600_000;

/** Whether the overview warns, and in which words (pure, for the tests). */
export function describeStatus(
  status: BackupStatus,
  config: Pick<Config['backups'], 'intervalHours' | 'keep'>,
  now: Date,
): BackupStatusView {
  const { lastSuccess, lastFailure } = status;
  const failedLast =
    lastFailure && (!lastSuccess || Date.parse(lastFailure.at) > Date.parse(lastSuccess.at));
  const base = {
    intervalHours: config.intervalHours,
    keep: config.keep,
    lastSuccess: lastSuccess
      ? { at: lastSuccess.at, file: lastSuccess.file, bytes: lastSuccess.bytes }
      : null,
    lastFailure,
  };
  if (failedLast)
    return {
      ...base,
      state: 'failed',
      warning: `The last backup failed (${lastFailure.at}): ${lastFailure.message}`,
    };
  if (!lastSuccess)
    return {
      ...base,
      state: 'never',
      warning:
        config.intervalHours > 0
          ? 'No backup has completed yet.'
          : 'No backup has completed yet, and none is scheduled on this server (BACKUP_INTERVAL_HOURS=0): run `npm run backup`.',
    };
  // Unscheduled here, a backup is expected at least daily from wherever it is taken.
  const limit = 2 * (config.intervalHours || 24);
  const age = hoursAgo(lastSuccess.at, now);
  if (age > limit)
    return {
      ...base,
      state: 'stale',
      warning: `The last backup completed ${Math.floor(age)} hours ago, more than twice the interval (${config.intervalHours || 24} h).`,
    };
  return { ...base, state: 'ok', warning: null };
}

export function createBackups(options: {
  config: Pick<Config, 'backups' | 'uploadsDir' | 'dataDir'>;
  source: () => BackupSource;
  log: FastifyBaseLogger;
}): Backups {
  const { config, log } = options;
  let running: Promise<BackupResult> | undefined;
  const runNow = () => {
    running ??= runBackup({
      source: options.source(),
      dir: config.backups.dir,
      keep: config.backups.keep,
      uploadsDir: config.uploadsDir,
      returnPhotosDir: returnPhotosDir(config.dataDir),
    })
      .then((result) => {
        log.info(
          { file: result.file, bytes: result.bytes, durationMs: result.durationMs },
          'backup completed',
        );
        return result;
      })
      .catch((err: unknown) => {
        log.error({ err }, 'backup failed');
        throw err;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const status = () => readStatus(config.backups.dir);
  return {
    runNow,
    status,
    view: async (now = new Date()) => describeStatus(await status(), config.backups, now),
    settled: async () => {
      await running?.catch(() => undefined);
    },
  };
}

/**
 * Runs backups on the schedule (when due: none yet, or the last one older than the interval;
 * after a failure, again half an hour later) and on SIGUSR2, which `npm run backup` sends to a
 * running server that holds the embedded database.
 */
export function startBackupSchedule(
  app: FastifyInstance,
  backups: Backups,
  intervalHours: number,
): void {
  const intervalMs = intervalHours * 3_600_000;
  const check = async () => {
    const { lastSuccess, lastFailure } = await backups.status();
    const now = Date.now();
    if (lastSuccess && now - Date.parse(lastSuccess.at) < intervalMs) return;
    if (lastFailure && now - Date.parse(lastFailure.at) < RETRY_AFTER_FAILURE_MS) return;
    await backups.runNow();
  };
  const safeCheck = () => void check().catch(() => undefined); // logged by runNow
  const onSignal = () => {
    app.log.info('SIGUSR2: taking a backup now');
    // One that is running began before the request: a new one starts after it.
    void backups
      .settled()
      .then(() => backups.runNow())
      .catch(() => undefined);
  };
  let first: NodeJS.Timeout | undefined;
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    process.on('SIGUSR2', onSignal);
    if (intervalHours <= 0) return;
    first = setTimeout(safeCheck, FIRST_CHECK_MS);
    timer = setInterval(safeCheck, Math.min(CHECK_MS, intervalMs));
    first.unref();
    timer.unref();
  });
  app.addHook('onClose', async () => {
    process.off('SIGUSR2', onSignal);
    clearTimeout(first);
    clearInterval(timer);
    // The database closes after the app: let a running backup finish first.
    await backups.settled();
  });
}
