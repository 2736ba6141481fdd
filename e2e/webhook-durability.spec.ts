import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../apps/server/src/db/seed-demo-accounts.js';
import { freePort } from './support/ports.js';
import { signInForKey, startServerProcess } from './support/server-process.js';

/**
 * The webhooks' promise, tested with real processes: an order committed while its event waited
 * to be delivered, the server killed (SIGKILL, no shutdown), is delivered by the next server,
 * signed, and not twice.
 */
async function startServer(dataDir: string, port: number, jobs: boolean): Promise<ChildProcess> {
  return startServerProcess(dataDir, port, {
    // Loopback receivers are allowed only outside production (the configuration refuses it there).
    NODE_ENV: 'development',
    WEBHOOK_ALLOW_LOCAL_HTTP: 'true',
    AUTH_SECRET: 'durability-test-secret-long-enough-0123456789',
    BACKGROUND_JOBS: String(jobs),
  });
}

describe('a webhook survives a kill of the server between commit and delivery', () => {
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  beforeAll(() => new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r())));
  afterAll(() => new Promise<void>((r) => receiver.close(() => r())));

  it('is delivered once, signed, by the next server', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'storefront-webhooks-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // The first server never runs its jobs: the delivery waits in its outbox.
    const first = await startServer(dataDir, port, false);
    const staffKey = await signInForKey(
      base,
      demoAccounts.admin.email,
      demoAccounts.admin.password,
    );
    const made = await fetch(`${base}/api/staff/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${staffKey}` },
      body: JSON.stringify({
        url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
      }),
    });
    expect(made.status).toBe(201);
    const { secret } = (await made.json()) as { secret: string };
    const key = await signInForKey(
      base,
      demoAccounts.customer.email,
      demoAccounts.customer.password,
    );
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
        shipTo: { street: '1 Kill Lane', city: 'Crashton', postalCode: '00000', country: 'X' },
        phone: '0123456789',
      }),
    });
    expect(placed.status).toBe(201);
    const { _id: orderId } = (await placed.json()) as { _id: string };

    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    expect(received).toHaveLength(0);

    const second = await startServer(dataDir, port, true);
    const deadline = Date.now() + 30_000;
    while (received.length === 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 200));
    // A few more worker rounds: nothing is delivered twice.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(received).toHaveLength(1);
    const event = new Webhook(secret).verify(
      received[0]!.body,
      received[0]!.headers as Record<string, string>,
    ) as { type: string; data: { id: string } };
    expect(event).toMatchObject({ type: 'order.placed', data: { id: orderId } });
    second.kill('SIGTERM');
    await new Promise((resolve) => second.once('exit', resolve));
    await fs.rm(dataDir, { recursive: true, force: true });
  });
});
