import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoAccounts } from '../apps/server/src/db/seed-demo-accounts.js';
import { freePort } from './support/ports.js';
import { signInForKey, startServerProcess } from './support/server-process.js';

/**
 * The outbox's promise, tested with real processes: an order whose mail was committed but not
 * yet sent when the server was killed (SIGKILL, no shutdown) is mailed once by the next server.
 */
async function startServer(dataDir: string, port: number, jobs: boolean): Promise<ChildProcess> {
  return startServerProcess(dataDir, port, {
    AUTH_SECRET: 'durability-test-secret-long-enough-0123456789',
    BACKGROUND_JOBS: String(jobs),
    OUTBOX_INTERVAL_SECONDS: '1',
  });
}

const mailsMentioning = async (dataDir: string, text: string) => {
  const dir = path.join(dataDir, 'outbox');
  const files = await fs.readdir(dir).catch(() => [] as string[]);
  const contents = await Promise.all(files.map((f) => fs.readFile(path.join(dir, f), 'utf8')));
  return contents.filter((c) => c.includes(text));
};

describe('an e-mail survives a kill of the server between commit and sending', () => {
  it('is sent once, by the next server', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'storefront-durability-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // The first server never runs its jobs: everything it commits waits in the outbox.
    const first = await startServer(dataDir, port, false);
    const { email, password } = demoAccounts.customer;
    const key = await signInForKey(base, email, password);
    const [part] = (await (await fetch(`${base}/api/parts`)).json()) as {
      _id: string;
      mOrderQuantity: number;
    }[];
    const placed = await fetch(`${base}/api/purchase`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({
        partId: part!._id,
        minimum: part!.mOrderQuantity,
        shipTo: {
          street: '1 Kill Lane',
          city: 'Crashton',
          postalCode: '00000',
          country: 'Nowhere',
        },
        phone: '0123456789',
      }),
    });
    expect(placed.status).toBe(201);
    const { number } = (await placed.json()) as { number: string };

    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    expect(await mailsMentioning(dataDir, number)).toHaveLength(0);

    const second = await startServer(dataDir, port, true);
    const deadline = Date.now() + 30_000;
    while ((await mailsMentioning(dataDir, number)).length === 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 250));
    // Two more worker rounds: nothing is sent twice.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const mails = await mailsMentioning(dataDir, number);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`Order ${number} placed`);
    second.kill('SIGTERM');
    await new Promise((resolve) => second.once('exit', resolve));
    await fs.rm(dataDir, { recursive: true, force: true });
  });
});
