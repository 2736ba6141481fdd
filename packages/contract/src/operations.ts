import { z } from 'zod';

/** `/api/ready`: whether this instance should get traffic, and if not, what it waits for. */
export const ReadyResponse = z.object({
  status: z.literal('ready'),
  database: z.literal('up'),
  /** The newest migration the database holds, which is the one this code expects. */
  schema: z.string(),
});
export type ReadyResponse = z.infer<typeof ReadyResponse>;

/** The staff overview's backup line: when the last backup completed, and whether to worry. */
export const BackupStatus = z.object({
  /** Hours between scheduled backups on this server; 0 when none are scheduled here. */
  intervalHours: z.number(),
  keep: z.number().int(),
  lastSuccess: z.object({ at: z.string(), file: z.string(), bytes: z.number().int() }).nullable(),
  lastFailure: z.object({ at: z.string(), message: z.string() }).nullable(),
  /** `ok`, or why the overview warns: none yet, the last one failed, or the last is too old. */
  state: z.enum(['ok', 'never', 'failed', 'stale']),
  /** The warning to show, in words; null when all is well. */
  warning: z.string().nullable(),
});
export type BackupStatus = z.infer<typeof BackupStatus>;
