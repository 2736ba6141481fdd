import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Side effects that must happen after a change commits (mail, refunds at the provider): written in
 * the same transaction as the change, carried out by a worker that claims rows, retries with
 * backoff and records the outcome. A row is never lost if the process dies; `dedupe_key` makes
 * one event enqueue one job however often it is reported.
 */
export const outboxJobs = pgTable(
  'outbox_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    dedupeKey: text('dedupe_key').unique(),
    status: text('status', { enum: ['pending', 'running', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(8),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    check('outbox_jobs_status_known', sql`${t.status} in ('pending', 'running', 'done', 'failed')`),
    // The worker's one question: what is due?
    index('outbox_jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.status} in ('pending', 'running')`),
  ],
);
export type OutboxJobRow = typeof outboxJobs.$inferSelect;
