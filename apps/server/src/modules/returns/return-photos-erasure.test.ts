import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { OrderResponse, ReturnResponse } from '@storefront/contract';
import { admin, customer } from '../../test/accounts.js';
import { insertPart } from '../../test/factories.js';
import { formData } from '../../test/import-kit.js';
import { payInSandbox } from '../../test/pay.js';
import { useTestApp } from '../../test/test-app.js';
import { returnPhotos } from './returns.tables.js';

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'return-photos-erasure-'));
const shipTo = { street: '3 Mill Lane', city: 'Leeds', postalCode: 'LS2 7QT', country: 'UK' };

/** Decision 065: a buyer's return photos go with their account (rows at once, files after). */
describe('return photos at account erasure', () => {
  const ctx = useTestApp({
    dataDir,
    authRateLimit: false,
    mailRateLimit: false,
    openOrderLimits: { count: 1000, valueCents: 1e12 },
  });
  afterAll(async () => fs.rm(dataDir, { recursive: true, force: true }));
  type Who = { auth: Record<string, string> };
  const call = (who: Who, method: string, url: string, payload?: unknown) =>
    ctx.app.inject({
      method: method as 'GET',
      url,
      headers: who.auth,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const upload = async (who: Who, background: string) => {
    const png = await sharp({
      create: { width: 160, height: 120, channels: 3, background },
    })
      .png()
      .toBuffer();
    const form = formData([
      { field: 'image', name: 'damage.png', content: png, type: 'image/png' },
    ]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/returns/photos',
      headers: { ...who.auth, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string; url: string }>();
  };

  it('deletes the photos a buyer sent (and one never sent) when the account is erased; the return stays', async () => {
    const staff = await admin(ctx.app, ctx.database.db);
    const buyer = await customer(ctx.app, { password: 'erase-me-please' });
    const other = await customer(ctx.app);
    const part = await insertPart(ctx.database.db, { price: 10, minOrderQuantity: 1 });
    const placed = await call(buyer, 'POST', '/api/checkout', {
      lines: [{ partId: part.id, quantity: 2, unitPrice: part.priceCents / 100 }],
      shipTo,
      phone: '0113 496 0000',
    });
    const order = placed.json<OrderResponse>();
    await payInSandbox(ctx.app, buyer, order._id);
    await call(staff, 'POST', `/api/staff/orders/${order._id}/ship`, {
      carrier: 'DPD',
      trackingNumber: '1',
    });
    await call(staff, 'POST', `/api/staff/orders/${order._id}/deliver`);
    const sent = await upload(buyer, '#225588');
    const unsent = await upload(buyer, '#885522');
    // The same picture sent by someone else is one set of files (named by its bytes): it stays.
    const othersPhoto = await upload(other, '#228855');
    const othersCopy = await upload(other, '#225588');
    const made = await call(buyer, 'POST', '/api/returns', {
      orderId: order._id,
      reason: 'damaged_in_transit',
      lines: [{ lineNo: 1, quantity: 1 }],
      photoIds: [sent.id],
    });
    expect(made.statusCode, made.body).toBe(201);
    const ret = made.json<ReturnResponse>();
    // An open return blocks the erasure; refused, it no longer does.
    const refuse = await call(staff, 'POST', `/api/staff/returns/${ret.id}/refuse`, {
      message: 'No damage visible',
    });
    expect(refuse.statusCode, refuse.body).toBe(200);

    const folder = path.join(dataDir, 'return-photos');
    const files = async () => (await fs.readdir(folder)).filter((n) => !n.startsWith('.')).sort();
    const hashOf = (file: string) => file.split('-')[0]!;
    const rowOf = async (id: string) => {
      const [row] = await ctx.database.db
        .select()
        .from(returnPhotos)
        .where(eq(returnPhotos.id, id));
      if (!row) throw new Error(`photo ${id} has no row`);
      return row;
    };
    const sentRow = await rowOf(sent.id);
    const unsentRow = await rowOf(unsent.id);
    const othersRow = await rowOf(othersPhoto.id);
    const before = await files();
    expect(new Set(before.map(hashOf))).toEqual(
      new Set([sentRow, unsentRow, othersRow].map((r) => hashOf(r.file))),
    );
    expect((await call(staff, 'GET', sent.url)).statusCode).toBe(200);

    const erased = await call(buyer, 'POST', '/api/me/delete', { password: 'erase-me-please' });
    expect(erased.statusCode, erased.body).toBe(200);
    // The rows are gone with the erasure; the files once the outbox ran.
    expect(
      await ctx.database.db
        .select()
        .from(returnPhotos)
        .where(eq(returnPhotos.userId, buyer.userId)),
    ).toEqual([]);
    expect((await call(staff, 'GET', sent.url)).statusCode).toBe(404);
    await ctx.app.storefront.outbox.runDue();
    const left = await files();
    // The unsent photo's files are gone; the shared one and the other buyer's stay.
    expect(left.some((f) => hashOf(f) === hashOf(unsentRow.file))).toBe(false);
    expect(new Set(left.map(hashOf))).toEqual(
      new Set([hashOf(sentRow.file), hashOf(othersRow.file)]),
    );
    expect((await call(other, 'GET', othersPhoto.url)).statusCode).toBe(200);
    expect((await call(other, 'GET', othersCopy.url)).statusCode).toBe(200);

    // Staff still see the return itself, without photos.
    const seen = await call(staff, 'GET', `/api/staff/returns/${ret.id}`);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json<ReturnResponse>()).toMatchObject({ status: 'refused', photos: [] });
  });
});
