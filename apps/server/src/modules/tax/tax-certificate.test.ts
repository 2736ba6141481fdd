import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { CompanyResponse, CompanyTaxStatusResponse } from '@storefront/contract';
import { admin, customer } from '../../test/accounts.js';
import { useTestApp } from '../../test/test-app.js';
import { backupSource, runBackup } from '../backups/backup.service.js';
import { companies, companyMembers } from '../companies/companies.tables.js';
import { certificateDir, sweepCertificateFiles } from './certificate-files.js';

const work = path.join(os.tmpdir(), `storefront-certificates-${randomBytes(4).toString('hex')}`);
const uploads = path.join(work, 'uploads');
const stored = certificateDir(uploads);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');

/** A multipart/form-data body with one file part, as a browser's FormData would send it. */
function multipartBody(file: Buffer, field = 'certificate', type = 'application/pdf') {
  const boundary = `----storefront${randomBytes(8).toString('hex')}`;
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; ` +
    `filename="certificate"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const filesOnDisk = async () => (await fs.readdir(stored).catch(() => [] as string[])).sort();

type Who = { auth: Record<string, string>; userId: string };

describe('an exempt company’s certificate file (decision 066)', () => {
  const ctx = useTestApp({ authRateLimit: false, mailRateLimit: false, uploadsDir: uploads });
  afterAll(async () => fs.rm(work, { recursive: true, force: true }));
  const db = () => ctx.database.db;
  const call = (who: Who | null, method: string, url: string, payload?: unknown) =>
    ctx.app.inject({
      method: method as 'GET',
      url,
      headers: who ? who.auth : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const upload = (who: Who | null, companyId: string, file: Buffer, field?: string) => {
    const body = multipartBody(file, field);
    return ctx.app.inject({
      method: 'POST',
      url: `/api/companies/${companyId}/tax-status/certificate`,
      headers: { ...(who ? who.auth : {}), 'content-type': body.contentType },
      payload: body.payload,
    });
  };
  const download = (who: Who | null, companyId: string) =>
    call(who, 'GET', `/api/companies/${companyId}/tax-status/certificate`);

  async function exemptCompany(name: string) {
    const staff = await admin(ctx.app, db());
    const owner = await customer(ctx.app);
    const buyer = await customer(ctx.app);
    const company = (
      await call(owner, 'POST', '/api/companies', {
        name,
        taxId: 'US 9',
        billingAddress: { street: '1 A St', city: 'Fresno', postalCode: '93650', country: 'US' },
        deliveryAddresses: [],
      })
    ).json<CompanyResponse>();
    await db()
      .insert(companyMembers)
      .values({ companyId: company.id, userId: buyer.userId, role: 'buyer' });
    const status = `/api/staff/companies/${company.id}/tax-status`;
    const set = await call(staff, 'PUT', status, {
      kind: 'exempt',
      certificateNumber: 'SR-FILE-1',
      regions: ['US-CA'],
      expiresOn: '2099-01-31',
    });
    expect(set.statusCode, set.body).toBe(200);
    return { staff, owner, buyer, company, status };
  }

  it('takes the owner’s PDF, serves it to members and staff only, and staff verify it again', async () => {
    const { staff, owner, buyer, company, status } = await exemptCompany('Cert Dealer');
    await call(staff, 'POST', `${status}/verify`);
    const outsider = await customer(ctx.app);

    // Outsiders and a member who is not the owner cannot upload: 404, nothing stored.
    expect((await upload(outsider, company.id, PDF)).statusCode).toBe(404);
    expect((await upload(buyer, company.id, PDF)).statusCode).toBe(404);
    expect((await upload(null, company.id, PDF)).statusCode).toBe(401);
    expect(await filesOnDisk()).toEqual([]);

    const res = await upload(owner, company.id, PDF);
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json<CompanyTaxStatusResponse>();
    expect(after.certificateFile).toMatchObject({
      contentType: 'application/pdf',
      url: `/api/companies/${company.id}/tax-status/certificate`,
    });
    // A new file is looked at again before the exemption applies.
    expect(after.verifiedAt).toBeNull();
    expect(await filesOnDisk()).toHaveLength(1);

    for (const who of [owner, buyer, staff]) {
      const got = await download(who, company.id);
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-type']).toBe('application/pdf');
      expect(got.headers['cache-control']).toBe('private, no-store');
      expect(got.headers['x-content-type-options']).toBe('nosniff');
      expect(got.rawPayload.equals(PDF)).toBe(true);
    }
    expect((await download(outsider, company.id)).statusCode).toBe(404);
    expect((await download(null, company.id)).statusCode).toBe(401);
    // Never through the public pictures' route.
    const [name] = await filesOnDisk();
    expect((await call(null, 'GET', `/uploads/tax-certificates/${name}`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/uploads/${name}`)).statusCode).toBe(404);
    // Members read that a file is there.
    expect(
      (await call(buyer, 'GET', `/api/companies/${company.id}/tax-status`)).json().certificateFile,
    ).toMatchObject({ contentType: 'application/pdf' });
  });

  it('refuses what is not a PDF or picture, a standard company, and odd bodies, storing nothing', async () => {
    const { staff, owner, company, status } = await exemptCompany('Odd Uploads');
    const before = await filesOnDisk();
    const text = await upload(owner, company.id, Buffer.from('#!/bin/sh\necho hi\n'));
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ error: 'UNSUPPORTED_CERTIFICATE' });
    expect((await upload(owner, company.id, PDF, 'image')).statusCode).toBe(400);
    const json = await call(owner, 'POST', `/api/companies/${company.id}/tax-status/certificate`, {
      certificate: 'x',
    });
    expect(json.statusCode).toBe(415);
    await call(staff, 'PUT', status, { kind: 'standard' });
    const standard = await upload(staff, company.id, PDF);
    expect(standard.statusCode).toBe(409);
    expect(standard.json()).toMatchObject({ error: 'NOT_EXEMPT' });
    expect(await filesOnDisk()).toEqual(before);
    expect((await download(owner, company.id)).statusCode).toBe(404);
  });

  it('keeps one file per company: a new upload replaces it, a status no longer exempt removes it', async () => {
    const { staff, owner, company, status } = await exemptCompany('Replacing Dealer');
    const before = await filesOnDisk();
    const picture = await sharp({
      create: { width: 120, height: 120, channels: 3, background: '#88aacc' },
    })
      .png()
      .toBuffer();
    expect((await upload(owner, company.id, PDF)).statusCode).toBe(200);
    const png = await upload(staff, company.id, picture);
    expect(png.statusCode, png.body).toBe(200);
    expect(png.json<CompanyTaxStatusResponse>().certificateFile?.contentType).toBe('image/png');
    expect((await filesOnDisk()).length).toBe(before.length + 1);
    expect((await download(owner, company.id)).rawPayload.equals(picture)).toBe(true);
    // Set again as an exemption (a new last day): the file stays.
    await call(staff, 'PUT', status, {
      kind: 'exempt',
      certificateNumber: 'SR-FILE-1',
      regions: ['US-CA'],
      expiresOn: '2100-01-31',
    });
    expect((await download(owner, company.id)).statusCode).toBe(200);
    // No longer exempt: the file is gone from the disk too.
    await call(staff, 'PUT', status, { kind: 'reverse_charge', vatId: 'DE136695976' });
    expect((await download(owner, company.id)).statusCode).toBe(404);
    expect(await filesOnDisk()).toEqual(before);
  });

  it('keeps exactly one file when many uploads race', async () => {
    const { owner, staff, company } = await exemptCompany('Racing Dealer');
    const before = await filesOnDisk();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => upload(i % 2 ? staff : owner, company.id, PDF)),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const added = (await filesOnDisk()).filter((n) => !before.includes(n));
    expect(added).toHaveLength(1);
    expect((await download(owner, company.id)).statusCode).toBe(200);
  });

  it('is in every backup, and goes when its company is deleted', async () => {
    const { owner, company } = await exemptCompany('Backed Up Dealer');
    const earlier = await filesOnDisk();
    expect((await upload(owner, company.id, PDF)).statusCode).toBe(200);
    const [name] = (await filesOnDisk()).filter((n) => !earlier.includes(n));
    expect(name).toMatch(/^[0-9a-f-]{36}\.pdf$/);
    const mine = (await db()
      .select()
      .from(companies)
      .where(eq(companies.id, company.id))) as unknown[];
    expect(mine).toHaveLength(1);
    if (ctx.database.kind === 'pglite') {
      // The backup walks the uploads folder: the certificates' folder with it (PostgreSQL's
      // backup needs pg_dump and a URL; the walk is the same code).
      const result = await runBackup({
        source: backupSource(ctx.database, undefined),
        dir: path.join(work, 'backups'),
        keep: 1,
        uploadsDir: uploads,
      });
      expect(result.manifest.entries.map((e) => e.name)).toContain(
        `uploads/tax-certificates/${name}`,
      );
    }
    // The company deleted (its status goes with it): the next sweep removes its file.
    const files = await filesOnDisk();
    await db().transaction(async (tx) => {
      await tx.delete(companyMembers).where(eq(companyMembers.companyId, company.id));
      await tx.delete(companies).where(eq(companies.id, company.id));
    });
    expect(await sweepCertificateFiles(db(), stored, 0)).toBeGreaterThanOrEqual(1);
    expect(await filesOnDisk()).toEqual(files.filter((f) => f !== name));
  });
});
