import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { startPeriodicJob } from './periodic-job.js';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('periodic job', () => {
  it('runs when ready and on every tick, never two at once, past a failure, and is waited for on close', async () => {
    const app = Fastify({ logger: false });
    const errors: unknown[] = [];
    app.log.error = ((obj: unknown) => errors.push(obj)) as typeof app.log.error;
    let running = 0;
    let most = 0;
    let runs = 0;
    let finished = 0;
    startPeriodicJob(app, {
      name: 'test job',
      intervalMs: 10,
      async work() {
        runs += 1;
        running += 1;
        most = Math.max(most, running);
        await wait(35);
        running -= 1;
        finished += 1;
        if (runs === 1) throw new Error('first run fails');
      },
    });
    expect(runs).toBe(0);
    await app.ready();
    // However slow the machine, the ticks bring more runs (the test's time limit bounds this).
    while (runs < 3) await wait(10);
    // Ticks come every 10 ms and a run takes 35: still one at a time.
    expect(most).toBe(1);
    expect(errors).toHaveLength(1);
    await app.close();
    // Closing waited for the run in progress, and no run starts after it.
    expect(finished).toBe(runs);
    const after = runs;
    await wait(50);
    expect(runs).toBe(after);
  });
});
