import { eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.js';
import { createTestDatabase } from '../../test/test-database.js';
import { createOutboxWorker, type BatchJob } from './outbox-worker.js';
import { enqueue } from './outbox.service.js';
import { outboxJobs } from './outbox.tables.js';
import { scaled } from '../../test/time.js';

describe('outbox worker', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.close());

  const jobsOf = (kind: string) =>
    database.db.select().from(outboxJobs).where(eq(outboxJobs.kind, kind));

  it('hands a batch handler every due job of its kind at once and keeps each outcome', async () => {
    const worker = createOutboxWorker(database.db, pino({ level: 'silent' }));
    const calls: BatchJob[][] = [];
    worker.handleBatch('batch-test', async (jobs) => {
      calls.push(jobs);
      return jobs.map((job) => {
        const { n } = job.payload as { n: number };
        if (n === 3) return { failed: 'three is refused' };
        if (n === 4) return { keepPayload: { n, forgotten: true } };
        return {};
      });
    });
    let single = 0;
    worker.handle('single-test', async () => {
      single += 1;
    });
    for (let n = 1; n <= 5; n += 1)
      await enqueue(database.db, { kind: 'batch-test', payload: { n } });
    await enqueue(database.db, { kind: 'single-test', payload: {} });

    expect(await worker.runDue()).toBe(6);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.map((j) => (j.payload as { n: number }).n).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(single).toBe(1);

    const rows = await jobsOf('batch-test');
    const byN = new Map(rows.map((r) => [(r.payload as { n: number }).n, r]));
    expect(byN.get(1)?.status).toBe('done');
    expect(byN.get(1)?.doneAt).toBeInstanceOf(Date);
    expect(byN.get(3)?.status).toBe('pending');
    expect(byN.get(3)?.lastError).toBe('three is refused');
    expect(byN.get(3)!.runAt.getTime()).toBeGreaterThan(Date.now());
    expect(byN.get(4)?.payload).toEqual({ n: 4, forgotten: true });
    expect(byN.get(5)?.payload).toEqual({ n: 5 });
    expect((await jobsOf('single-test'))[0]?.status).toBe('done');
  });

  it('retries every job of a batch whose handler throws, and marks none done', async () => {
    const worker = createOutboxWorker(database.db, pino({ level: 'silent' }));
    worker.handleBatch('batch-throws', async () => {
      throw new Error('the mail server is down');
    });
    await enqueue(database.db, { kind: 'batch-throws', payload: { n: 1 } });
    await enqueue(database.db, { kind: 'batch-throws', payload: { n: 2 } });
    expect(await worker.runDue()).toBe(2);
    const rows = await jobsOf('batch-throws');
    expect(rows.map((r) => [r.status, r.lastError])).toEqual([
      ['pending', 'the mail server is down'],
      ['pending', 'the mail server is down'],
    ]);
    // Not due again yet: nothing runs.
    expect(await worker.runDue()).toBe(0);
    await database.db
      .delete(outboxJobs)
      .where(inArray(outboxJobs.kind, ['batch-test', 'single-test', 'batch-throws']));
  });

  it('sends many jobs poked at once in a few runs, not one run per poke', async () => {
    const worker = createOutboxWorker(database.db, pino({ level: 'silent' }));
    let runs = 0;
    let handled = 0;
    worker.handleBatch('poked', async (jobs) => {
      runs += 1;
      handled += jobs.length;
      return jobs.map(() => ({}));
    });
    worker.start(60_000);
    await worker.runDue();
    runs = 0;
    for (let n = 0; n < 30; n += 1) {
      await enqueue(database.db, { kind: 'poked', payload: { n } });
      worker.poke();
    }
    await expect.poll(() => handled, { timeout: scaled(5_000) }).toBe(30);
    await worker.stop();
    expect(runs).toBeLessThan(30);
    expect((await jobsOf('poked')).every((r) => r.status === 'done')).toBe(true);
  });
});
