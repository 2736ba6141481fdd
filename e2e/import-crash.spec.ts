import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PART_COLUMNS, type CatalogImportDetails } from '@storefront/contract';
import { demoAccounts } from '../apps/server/src/db/seed-demo-accounts.js';
import { freePort } from './support/ports.js';
import { signInForKey, startServerProcess } from './support/server-process.js';
import { scaled } from './support/time.js';

/**
 * The catalog import's promise, tested with real processes: a server killed (SIGKILL, no
 * shutdown) while it applies an import leaves the catalog exactly as it was, and the next server
 * says the import failed.
 */
const startServer = (dataDir: string, port: number): Promise<ChildProcess> =>
  startServerProcess(dataDir, port, {
    AUTH_SECRET: 'import-crash-test-secret-long-enough-0123456789',
    BACKGROUND_JOBS: 'true',
  });

const staffKey = (base: string) =>
  signInForKey(base, demoAccounts.admin.email, demoAccounts.admin.password);

const catalogOf = async (base: string, key: string) => {
  const res = await fetch(`${base}/api/staff/catalog/export?format=csv`, {
    headers: { authorization: `Bearer ${key}` },
  });
  expect(res.status).toBe(200);
  return res.text();
};

async function job(base: string, key: string, id: string): Promise<CatalogImportDetails> {
  const res = await fetch(`${base}/api/staff/imports/${id}`, {
    headers: { authorization: `Bearer ${key}` },
  });
  return (await res.json()) as CatalogImportDetails;
}

describe('a catalog import survives a kill of the server while it applies', () => {
  // Two server starts and a preview of 30,000 rows on the embedded database: minutes on a busy machine.
  it(
    'leaves the catalog as it was, and the import says it failed',
    { timeout: scaled(300_000) },
    async () => {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'storefront-import-crash-'));
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const first = await startServer(dataDir, port);
      const key = await staffKey(base);
      const before = await catalogOf(base, key);

      // Enough new parts that the apply is still writing a moment after it starts.
      const header = PART_COLUMNS.map((c) => c.header).join(',');
      const lines = [header];
      for (let i = 0; i < 30_000; i += 1)
        lines.push(
          PART_COLUMNS.map((c) =>
            c.key === 'sku'
              ? `CRASH-${i}`
              : c.key === 'name'
                ? `Crash test part ${i}`
                : c.key === 'price'
                  ? '12.50'
                  : c.key === 'minOrderQuantity'
                    ? '1'
                    : c.key === 'stock'
                      ? '10'
                      : '',
          ).join(','),
        );
      const form = new FormData();
      form.append('parts', new Blob([lines.join('\n')], { type: 'text/csv' }), 'crash.csv');
      const uploaded = await fetch(`${base}/api/staff/imports`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}` },
        body: form,
      });
      expect(uploaded.status).toBe(202);
      const { id } = (await uploaded.json()) as { id: string };
      for (let i = 0; ; i += 1) {
        const now = await job(base, key, id);
        if (now.status === 'previewed') break;
        expect(now.status).toBe('reading');
        if (i > 600) throw new Error('the preview did not finish');
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      const applying = await fetch(`${base}/api/staff/imports/${id}/apply`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(applying.status).toBe(202);
      // Well inside the apply's transaction (it writes 30,000 parts), then no shutdown at all.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      first.kill('SIGKILL');
      await new Promise((resolve) => first.once('exit', resolve));

      const second = await startServer(dataDir, port);
      const key2 = await staffKey(base);
      let after: CatalogImportDetails | undefined;
      for (let i = 0; i < 120; i += 1) {
        after = await job(base, key2, id);
        if (after.status !== 'applying') break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(after?.status).toBe('failed');
      expect(after?.failure).toMatch(/stopped while applying this import. Nothing was changed/);
      expect(await catalogOf(base, key2)).toBe(before);
      second.kill('SIGTERM');
      await new Promise((resolve) => second.once('exit', resolve));
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  );
});
