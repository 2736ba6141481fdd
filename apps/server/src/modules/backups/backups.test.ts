import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PgliteThread } from '../../db/pglite-thread.js';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderResponse } from '@storefront/contract';
import { buildApp } from '../../app.js';
import { openPglite, openPostgres, type Database } from '../../db/database.js';
import { rowsOf } from '../../db/raw-rows.js';
import { codeSchemaVersion } from '../../db/schema-version.js';
import { customer, signIn } from '../../test/accounts.js';
import { insertPart } from '../../test/factories.js';
import { memoryMailer, testConfig } from '../../test/test-app.js';
import { testDatabaseWithUrl } from '../../test/database-with-url.js';
import { createSharedTestDatabase } from '../../test/test-database.js';
import { storeImage } from '../uploads/images.js';
import { ArchiveWriter } from './archive.js';
import {
  backupSource,
  listBackups,
  MANIFEST_ENTRY,
  PGLITE_ENTRY,
  readStatus,
  runBackup,
  type Manifest,
} from './backup.service.js';
import { restoreBackup, RestoreRefusedError, verifyBackup, type RestoreTarget } from './restore.js';

const onPostgres = process.env.TEST_DB === 'postgres';

/**
 * An empty database to restore into: on PostgreSQL a new one named after the test template (the
 * suite's teardown drops any left behind), on the embedded database a new data folder.
 */
async function emptyTarget(dataDir: string): Promise<{
  target: RestoreTarget;
  open(): Promise<Database>;
  drop(): Promise<void>;
}> {
  if (!onPostgres)
    return {
      target: { kind: 'pglite', dataDir },
      open: () => openPglite(path.join(dataDir, 'pglite')),
      drop: async () => undefined,
    };
  const shared = await createSharedTestDatabase();
  if (!shared) throw new Error('no PostgreSQL template');
  const url = new URL(shared.url);
  const name = `${url.pathname.slice(1)}_restore`;
  const adminUrl = new URL(shared.url);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  url.pathname = `/${name}`;
  return {
    target: { kind: 'postgres', url: url.toString() },
    open: () => openPostgres(url.toString(), 5),
    async drop() {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
      await shared.drop();
    },
  };
}

function picture(): Promise<Buffer> {
  const width = 320;
  const pixels = Buffer.alloc(width * 200 * 3);
  for (let i = 0; i < pixels.length; i += 3) pixels[i] = ((i / 3) % width) % 255;
  return sharp(pixels, { raw: { width, height: 200, channels: 3 } })
    .png()
    .toBuffer();
}

type Customer = Awaited<ReturnType<typeof customer>>;

const placeOrder = (app: FastifyInstance, who: Customer, partId: string) =>
  app.inject({
    method: 'POST',
    url: '/api/purchase',
    headers: who.auth,
    payload: { partId, minimum: 10, address: '12 Dock Road', phone: '5550100' },
  });

/** Parts whose stock is not the sum of their ledger's movements (none, in a sound database). */
async function stockOffLedger(database: Database) {
  return rowsOf(
    await database.db.execute(sql`
      select p.id, p.available_quantity, coalesce(sum(m.delta), 0)::int as ledger
        from parts p left join stock_movements m on m.part_id = p.id
       group by p.id having p.available_quantity <> coalesce(sum(m.delta), 0)`),
  );
}

describe('a backup taken while orders are placed, restored', () => {
  let work: string;
  let source: Database;
  let sourceUrl: string | undefined;
  let app: FastifyInstance;
  const uploads = () => path.join(work, 'uploads');
  const backups = () => path.join(work, 'backups');

  beforeAll(async () => {
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'storefront-ops-backup-'));
    ({ database: source, url: sourceUrl } = await testDatabaseWithUrl());
    app = await buildApp({
      config: testConfig({ uploadsDir: uploads(), authRateLimit: false }),
      database: source,
      mailer: memoryMailer(),
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await source?.close();
    await fs.rm(work, { recursive: true, force: true });
  });

  it('holds every order acknowledged before it began; stock, passwords and pictures come back', async () => {
    const buyers = await Promise.all([
      customer(app, { password: 'first-password' }),
      customer(app, { password: 'second-password' }),
    ]);
    const image = await storeImage(await picture(), uploads());
    const part = await insertPart(source.db, { availableQuantity: 5000, imageUrl: image.url });
    const before: string[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await placeOrder(app, buyers[i % 2]!, part.id);
      expect(res.statusCode, res.body).toBe(201);
      before.push(OrderResponse.parse(res.json())._id);
    }

    // Orders keep arriving while the backup runs.
    const during = Array.from({ length: 8 }, (_, i) => placeOrder(app, buyers[i % 2]!, part.id));
    const backup = runBackup({
      source: backupSource(source, sourceUrl),
      dir: backups(),
      keep: 3,
      uploadsDir: uploads(),
    });
    const [result, ...answers] = await Promise.all([backup, ...during]);
    for (const res of answers) expect(res.statusCode, res.body).toBe(201);

    expect(path.dirname(result.file)).toBe(backups());
    expect(result.manifest.schema.when).toBe(codeSchemaVersion().when);
    expect(result.manifest.uploads.files).toBeGreaterThanOrEqual(1);
    expect(result.manifest.database.kind).toBe(onPostgres ? 'postgres' : 'pglite');
    const status = await readStatus(backups());
    expect(status.lastSuccess?.file).toBe(path.basename(result.file));
    expect(status.lastFailure).toBeNull();

    const restored = await emptyTarget(path.join(work, 'restored'));
    const restoredUploads = path.join(work, 'restored', 'uploads');
    try {
      await restoreBackup({
        file: result.file,
        target: restored.target,
        uploadsDir: restoredUploads,
        replace: false,
      });
      const database = await restored.open();
      await database.migrate();
      const again = await buildApp({
        config: testConfig({ uploadsDir: restoredUploads, authRateLimit: false }),
        database,
        mailer: memoryMailer(),
      });
      try {
        await again.ready();
        const ids = rowsOf(await database.db.execute(sql`select id from orders`)).map((r) => r.id);
        for (const id of before) expect(ids).toContain(id);
        expect(ids.length).toBeGreaterThanOrEqual(before.length);
        expect(await stockOffLedger(database)).toEqual([]);

        const signedIn = await signIn(again, buyers[1]!.email, 'second-password');
        expect(signedIn.statusCode, signedIn.body).toBe(200);
        const wrong = await signIn(again, buyers[0]!.email, 'second-password');
        expect(wrong.statusCode).toBe(401);

        const original = await app.inject({ method: 'GET', url: image.url });
        const copy = await again.inject({ method: 'GET', url: image.url });
        expect(copy.statusCode).toBe(200);
        expect(copy.rawPayload.equals(original.rawPayload)).toBe(true);

        // The restored shop takes orders.
        const shopper = await customer(again);
        expect((await placeOrder(again, shopper, part.id)).statusCode).toBe(201);
      } finally {
        await again.close();
        await database.close();
      }
    } finally {
      await restored.drop();
    }
  });

  it('copies the private return photos apart from the pictures, and restores them to their folder', async () => {
    const photos = path.join(work, 'return-photos');
    await fs.mkdir(path.join(photos, 'ab'), { recursive: true });
    const bytes = await picture();
    await fs.writeFile(path.join(photos, 'ab', 'photo-1.webp'), bytes);
    await fs.writeFile(path.join(photos, '.half-written.webp'), 'x');
    const result = await runBackup({
      source: backupSource(source, sourceUrl),
      dir: path.join(work, 'backups-with-photos'),
      keep: 3,
      uploadsDir: uploads(),
      returnPhotosDir: photos,
    });
    expect(result.manifest.returnPhotos).toMatchObject({ files: 1 });
    const names = result.manifest.entries.map((e) => e.name);
    expect(names).toContain('return-photos/ab/photo-1.webp');
    expect(names.filter((n) => n.startsWith('uploads/') && n.includes('photo-1'))).toEqual([]);

    const restored = await emptyTarget(path.join(work, 'restored-photos'));
    const restoredPhotos = path.join(work, 'restored-photos', 'return-photos');
    try {
      // A return photos folder that holds photos is not written over without --replace.
      await fs.mkdir(restoredPhotos, { recursive: true });
      await fs.writeFile(path.join(restoredPhotos, 'someone-else.webp'), 'x');
      await expect(
        restoreBackup({
          file: result.file,
          target: restored.target,
          uploadsDir: path.join(work, 'restored-photos', 'uploads'),
          returnPhotosDir: restoredPhotos,
          replace: false,
        }),
      ).rejects.toThrow(`the return photos folder ${restoredPhotos}`);
      await fs.rm(restoredPhotos, { recursive: true });
      const done = await restoreBackup({
        file: result.file,
        target: restored.target,
        uploadsDir: path.join(work, 'restored-photos', 'uploads'),
        returnPhotosDir: restoredPhotos,
        replace: false,
      });
      expect(done.keptAside).toEqual([]);
      const copy = await fs.readFile(path.join(restoredPhotos, 'ab', 'photo-1.webp'));
      expect(copy.equals(bytes)).toBe(true);
      expect(await fs.readdir(restoredPhotos)).toEqual(['ab']);
    } finally {
      await restored.drop();
    }
  });

  it('refuses a damaged, a truncated or a foreign file, saying why', async () => {
    const [file] = await listBackups(backups());
    expect(file).toBeDefined();
    const bytes = await fs.readFile(file!);

    const flipped = Buffer.from(bytes);
    flipped[Math.floor(flipped.length / 3)]! ^= 0xff;
    await fs.writeFile(path.join(work, 'flipped.backup'), flipped);
    await expect(verifyBackup(path.join(work, 'flipped.backup'))).rejects.toThrow(
      /damaged or incomplete/,
    );

    await fs.writeFile(path.join(work, 'cut.backup'), bytes.subarray(0, bytes.length - 2000));
    await expect(verifyBackup(path.join(work, 'cut.backup'))).rejects.toThrow(
      /damaged or incomplete: (the file ends early|it has no manifest)/,
    );

    await fs.writeFile(path.join(work, 'foreign.backup'), 'not a backup at all\n'.repeat(100));
    await expect(verifyBackup(path.join(work, 'foreign.backup'))).rejects.toThrow(
      RestoreRefusedError,
    );

    // Nothing was written where a refused restore would have gone.
    const target = path.join(work, 'never');
    await expect(
      restoreBackup({
        file: path.join(work, 'cut.backup'),
        target: onPostgres
          ? { kind: 'postgres', url: sourceUrl! }
          : { kind: 'pglite', dataDir: target },
        uploadsDir: path.join(target, 'uploads'),
        replace: true,
      }),
    ).rejects.toThrow(RestoreRefusedError);
    await expect(fs.stat(target)).rejects.toThrow();
  });

  it('refuses to restore over data unless told to replace it', async () => {
    const [file] = await listBackups(backups());
    const restored = await emptyTarget(path.join(work, 'twice'));
    const uploadsDir = path.join(work, 'twice', 'uploads');
    try {
      await restoreBackup({ file: file!, target: restored.target, uploadsDir, replace: false });
      await expect(
        restoreBackup({ file: file!, target: restored.target, uploadsDir, replace: false }),
      ).rejects.toThrow(/Refusing to restore over data.*--replace/);
      const { keptAside } = await restoreBackup({
        file: file!,
        target: restored.target,
        uploadsDir,
        replace: true,
      });
      expect(keptAside.length).toBeGreaterThanOrEqual(1);
      const database = await restored.open();
      try {
        const [row] = rowsOf(await database.db.execute(sql`select count(*)::int as n from orders`));
        expect(row?.n).toBeGreaterThanOrEqual(6);
      } finally {
        await database.close();
      }
    } finally {
      await restored.drop();
    }
  });

  it('refuses a backup from a newer schema', async () => {
    const file = path.join(work, 'newer.backup');
    const writer = await ArchiveWriter.create(file);
    await writer.addBytes(PGLITE_ENTRY, Buffer.from('not read'));
    const newer = codeSchemaVersion().when + 1000;
    const manifest: Manifest = {
      format: 'storefront-backup',
      formatVersion: 1,
      startedAt: new Date().toISOString(),
      completedAt: new Date().toISOString(),
      appVersion: '9.9.9',
      schema: { when: newer, tag: '9999_future', count: 99 },
      database: { kind: 'pglite', entry: PGLITE_ENTRY, bytes: 8 },
      uploads: { files: 0, bytes: 0 },
      entries: [...writer.entries],
    };
    await writer.addBytes(MANIFEST_ENTRY, Buffer.from(JSON.stringify(manifest)));
    await writer.finish();
    await expect(verifyBackup(file)).resolves.toMatchObject({ appVersion: '9.9.9' });
    await expect(
      restoreBackup({
        file,
        target: { kind: 'pglite', dataDir: path.join(work, 'future') },
        uploadsDir: path.join(work, 'future', 'uploads'),
        replace: false,
      }),
    ).rejects.toThrow(/newer version of the shop.*9\.9\.9.*Upgrade the shop first/);
  });

  it('keeps only the newest backups, removing old ones after a new one completes', async () => {
    const options = {
      source: backupSource(source, sourceUrl),
      dir: path.join(work, 'rotation'),
      keep: 2,
      uploadsDir: uploads(),
    };
    const made: string[] = [];
    for (let i = 0; i < 3; i++) {
      made.push((await runBackup(options)).file);
      await new Promise((r) => setTimeout(r, 5)); // distinct names, a millisecond apart at least
    }
    expect(await listBackups(options.dir)).toEqual(made.slice(1));
    const leftovers = (await fs.readdir(options.dir)).filter((n) => n.includes('partial'));
    expect(leftovers).toEqual([]);
  });

  it('records a failure where the overview reads it, and leaves no partial file', async () => {
    const dir = path.join(work, 'failing');
    const failing = {
      exec: async () => {
        throw new Error('no space left on device');
      },
    } as unknown as PgliteThread;
    await expect(
      runBackup({
        source: { kind: 'pglite', db: source.db, client: failing },
        dir,
        keep: 2,
        uploadsDir: uploads(),
      }),
    ).rejects.toThrow(/no space left/);
    expect(await fs.readdir(dir)).toEqual(['backup-status.json']);
    const status = await readStatus(dir);
    expect(status.lastFailure?.message).toMatch(/no space left/);
    expect(status.lastSuccess).toBeNull();
  });
});
