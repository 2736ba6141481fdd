import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/database.js';
import { preparedSql } from '../../db/prepared.js';
import { outboxJobs, type OutboxJobRow } from './outbox.tables.js';

export type Job = { kind: string; payload: unknown; dedupeKey?: string; runAt?: Date };

/**
 * Adds a job in the caller's transaction, so it exists exactly when the change that causes it
 * does. A job with a `dedupeKey` already enqueued is not added again. Resolves whether it was added.
 */
export async function enqueue(db: DbOrTx, job: Job): Promise<boolean> {
  const rows = await db
    .insert(outboxJobs)
    .values({
      kind: job.kind,
      payload: job.payload,
      dedupeKey: job.dedupeKey ?? null,
      ...(job.runAt ? { runAt: job.runAt } : {}),
    })
    .onConflictDoNothing({ target: outboxJobs.dedupeKey })
    .returning({ id: outboxJobs.id });
  return rows.length > 0;
}

/**
 * A job enqueued from inside a larger statement: one per row of the CTE `from`, named `name`.
 * `payload` and `dedupe` are SQL over that CTE's columns.
 */
export const enqueueCte = (
  name: string,
  job: { kind: string; from: string; payload: SQL; dedupe: SQL },
): SQL => sql`${sql.identifier(name)} as (
    insert into ${outboxJobs} (kind, payload, dedupe_key)
    select ${job.kind}::text, ${job.payload}, ${job.dedupe} from ${sql.identifier(job.from)}
    on conflict (dedupe_key) do nothing
  )`;

/** How long a claimed job is someone's: after that another worker may take it (a crashed one). */
const LEASE_SECONDS = 120;

/**
 * Claims up to `limit` due jobs: pending ones whose time has come, and running ones whose lease
 * ran out. `FOR UPDATE SKIP LOCKED` lets several instances claim at once without taking the same
 * job twice.
 */
const claimStatement = preparedSql(
  'outbox_claim',
  () => sql`
    update ${outboxJobs}
    set status = 'running',
        attempts = ${outboxJobs.attempts} + 1,
        locked_until = now() + make_interval(secs => ${LEASE_SECONDS})
    where ${outboxJobs.id} in (
      select ${outboxJobs.id} from ${outboxJobs}
      where (${outboxJobs.status} = 'pending' and ${outboxJobs.runAt} <= now())
         or (${outboxJobs.status} = 'running' and ${outboxJobs.lockedUntil} < now())
      order by ${outboxJobs.runAt}
      limit ${sql.placeholder('limit')}::int
      for update skip locked
    )
    returning id, kind, payload, attempts, max_attempts`,
);

export async function claimDueJobs(db: Db, limit: number): Promise<OutboxJobRow[]> {
  const rows = await claimStatement(db, { limit });
  return rows.map((r) => ({
    id: String(r.id),
    kind: String(r.kind),
    payload: typeof r.payload === 'string' ? (JSON.parse(r.payload) as unknown) : r.payload,
    attempts: Number(r.attempts),
    maxAttempts: Number(r.max_attempts),
  })) as OutboxJobRow[];
}

/** A job that ran; `keepPayload`, when set, replaces what the job held (a secret is forgotten). */
export type DoneJob = { id: string; keepPayload?: unknown };

/** Marks jobs done, all in one statement. */
export async function markJobsDone(db: Db, jobs: DoneJob[]): Promise<void> {
  if (jobs.length === 0) return;
  const list = JSON.stringify(
    jobs.map((j) => ({
      id: j.id,
      replace: j.keepPayload !== undefined,
      keep: j.keepPayload ?? null,
    })),
  );
  await doneStatement(db, { list });
}

const doneStatement = preparedSql(
  'outbox_done',
  () => sql`
    update ${outboxJobs} as j
    set status = 'done', done_at = now(), locked_until = null, last_error = null,
        payload = case when d.replace then d.keep else j.payload end
    from jsonb_to_recordset(${sql.placeholder('list')}::jsonb) as d(id uuid, replace boolean, keep jsonb)
    where j.id = d.id and j.status = 'running'`,
);

/** Exponential backoff from 5 s, at most an hour; after the last attempt the job is `failed`. */
export async function markJobFailed(db: Db, job: OutboxJobRow, error: string): Promise<void> {
  const final = job.attempts >= job.maxAttempts;
  const delaySeconds = Math.min(3600, 5 * 2 ** (job.attempts - 1));
  await db
    .update(outboxJobs)
    .set({
      status: final ? 'failed' : 'pending',
      runAt: new Date(Date.now() + delaySeconds * 1000),
      lockedUntil: null,
      lastError: error.slice(0, 2000),
    })
    .where(and(eq(outboxJobs.id, job.id), eq(outboxJobs.status, 'running')));
}

/** What waits in the outbox, by kind and status, and how late the oldest due job is (metrics). */
export async function outboxBacklog(
  db: Db,
): Promise<{ kind: string; status: string; jobs: number; oldestDueSeconds: number }[]> {
  // `pending`/`running` read the due index; `failed` (given up) is rare and scanned.
  const rows = await db
    .select({
      kind: outboxJobs.kind,
      status: outboxJobs.status,
      jobs: sql<number>`count(*)::int`,
      oldestDueSeconds: sql<number>`coalesce(extract(epoch from now() - min(${outboxJobs.runAt}) filter (where ${outboxJobs.runAt} <= now())), 0)::float8`,
    })
    .from(outboxJobs)
    .where(sql`${outboxJobs.status} in ('pending', 'running', 'failed')`)
    .groupBy(outboxJobs.kind, outboxJobs.status);
  return rows.map((r) => ({
    ...r,
    jobs: Number(r.jobs),
    oldestDueSeconds: Number(r.oldestDueSeconds),
  }));
}
