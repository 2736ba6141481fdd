import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS, type AuditPage, type UploadedImage } from '@storefront/contract';
import { admin, customer } from '../../test/accounts.js';
import { useTestApp } from '../../test/test-app.js';

const dir = path.join(os.tmpdir(), `storefront-uploads-${randomBytes(4).toString('hex')}`);
const MAX_BYTES = 300 * 1024;

/** A multipart/form-data body with one file part, as a browser's FormData would send it. */
function multipartBody(
  file: Buffer,
  options: { field?: string; filename?: string; type?: string } = {},
) {
  const boundary = `----storefront${randomBytes(8).toString('hex')}`;
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'image'}"; ` +
    `filename="${options.filename ?? 'part.jpg'}"\r\nContent-Type: ${options.type ?? 'image/jpeg'}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** A picture with a gradient: small on disk, whatever its size. */
function photo(width: number, height: number, format: 'jpeg' | 'png' | 'webp' = 'jpeg') {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) {
    const x = (i / 3) % width;
    pixels[i] = (x * 255) / width;
    pixels[i + 1] = 90;
    pixels[i + 2] = 160;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toBuffer();
}
/** Noise: compresses as badly as anything can. */
const noise = (width: number, height: number) =>
  sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();

/** A PNG whose header claims `width`×`height` pixels: tiny on disk, enormous decoded. */
function bombPng(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('picture uploads', () => {
  const ctx = useTestApp({ authRateLimit: false, uploadsDir: dir, uploadMaxBytes: MAX_BYTES });
  afterAll(async () => fs.rm(dir, { recursive: true, force: true }));

  const upload = async (
    who: { auth: Record<string, string> } | null,
    file: Buffer,
    options?: Parameters<typeof multipartBody>[1],
  ) => {
    const { payload, contentType } = multipartBody(file, options);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/staff/images',
      headers: { ...(who?.auth ?? {}), 'content-type': contentType },
      payload,
    });
  };
  const stored = async () => (await fs.readdir(dir).catch(() => [] as string[])).sort();

  it('stores a picture as WebP in every width, never enlarged, served with a year of cache', async () => {
    const boss = await admin(ctx.app, ctx.database.db);
    const res = await upload(boss, await photo(1600, 1000));
    expect(res.statusCode).toBe(201);
    const image = res.json<UploadedImage>();
    expect(image.url).toMatch(/^\/uploads\/[a-f0-9]{20}-640\.webp$/);
    expect(image).toMatchObject({ width: 640, height: 400 });
    expect(image.srcset.split(', ')).toHaveLength(IMAGE_WIDTHS.length);

    for (const entry of image.srcset.split(', ')) {
      const [url, w] = entry.split(' ');
      const file = await ctx.app.inject({ method: 'GET', url: url! });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(file.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(`${meta.width}w`).toBe(w);
      // Metadata (camera, GPS) is not carried over.
      expect(meta.exif).toBeUndefined();
    }

    // A small picture keeps its size in the larger widths.
    const small = (
      await upload(boss, await photo(200, 150, 'png'), { type: 'image/png' })
    ).json<UploadedImage>();
    expect(small).toMatchObject({ width: 200, height: 150 });
    const widest = await ctx.app.inject({ method: 'GET', url: small.url.replace('-640', '-1280') });
    expect((await sharp(widest.rawPayload).metadata()).width).toBe(200);

    const audit = (
      await ctx.app.inject({ method: 'GET', url: '/api/staff/audit', headers: boss.auth })
    ).json<AuditPage>();
    expect(audit.items[0]).toMatchObject({ action: 'image.upload', actorEmail: boss.email });
  });

  it('judges the type by the bytes, refuses what is not a picture, too big, or a decompression bomb, and writes nothing', async () => {
    const boss = await admin(ctx.app, ctx.database.db);
    const before = await stored();
    const cases: [string, Promise<Awaited<ReturnType<typeof upload>>>, number, string][] = [
      [
        'text named .jpg',
        upload(boss, Buffer.from('not a picture at all')),
        415,
        'UNSUPPORTED_IMAGE',
      ],
      [
        'JPEG magic, then garbage',
        upload(boss, Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(5000)])),
        415,
        'UNSUPPORTED_IMAGE',
      ],
      [
        'a GIF',
        upload(
          boss,
          await sharp(await photo(300, 300))
            .gif()
            .toBuffer(),
          { type: 'image/jpeg' },
        ),
        415,
        'UNSUPPORTED_IMAGE',
      ],
      ['over the size limit', upload(boss, await noise(400, 400)), 413, 'IMAGE_TOO_LARGE'],
      ['100,000 × 100,000 pixels', upload(boss, bombPng(100_000, 100_000)), 400, 'IMAGE_TOO_LARGE'],
      ['a 40-pixel icon', upload(boss, await photo(40, 40)), 400, 'IMAGE_TOO_SMALL'],
      [
        'the wrong field',
        upload(boss, await photo(300, 300), { field: 'file' }),
        400,
        'VALIDATION_FAILED',
      ],
    ];
    for (const [name, pending, status, code] of cases) {
      const res = await pending;
      expect(res.statusCode, name).toBe(status);
      expect(res.json(), name).toMatchObject({ error: code });
    }
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/staff/images',
      headers: boss.auth,
      payload: { url: 'https://example.com/a.jpg' },
    });
    expect(json.statusCode).toBe(415);
    expect(await stored()).toEqual(before);
  });

  it('is for admins only, and serves nothing outside the stored pictures', async () => {
    const buyer = await customer(ctx.app);
    const picture = await photo(300, 200);
    expect((await upload(null, picture)).statusCode).toBe(401);
    expect((await upload(buyer, picture)).statusCode).toBe(403);
    for (const url of [
      '/uploads/..%2f..%2fetc%2fpasswd',
      '/uploads/%2e%2e/package.json',
      '/uploads/0123456789abcdef0123-640.webp',
      '/uploads/',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});
