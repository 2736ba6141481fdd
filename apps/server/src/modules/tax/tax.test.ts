import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type {
  CompanyResponse,
  CompanyTaxStatusResponse,
  TaxRegionList,
  TaxRegionResponse,
} from '@storefront/contract';
import { admin, customer } from '../../test/accounts.js';
import { useTestApp } from '../../test/test-app.js';
import { auditLog } from '../audit/audit.tables.js';
import { outboxJobs } from '../outbox/outbox.tables.js';
import { remindExpiringCertificates } from './certificate-reminders.js';
import { checkVatId } from './vat-id.js';

type Who = { auth: Record<string, string> } | null;
const billing = { street: '1 Main St', city: 'Fresno', postalCode: '93650', country: 'US' };

describe('taxes: staff configure regions and company statuses', () => {
  const ctx = useTestApp({ authRateLimit: false, mailRateLimit: false });
  const db = () => ctx.database.db;
  const call = (who: Who, method: string, url: string, payload?: unknown) =>
    ctx.app.inject({
      method: method as 'GET',
      url,
      headers: who ? who.auth : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  it('makes, changes and deletes regions, staff only, each change audited', async () => {
    const staff = await admin(ctx.app, db());
    const plain = await customer(ctx.app);
    expect((await call(plain, 'GET', '/api/staff/tax-regions')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/api/staff/tax-regions')).statusCode).toBe(401);
    expect((await call(staff, 'GET', '/api/staff/tax-regions')).json()).toEqual([]);

    const made = await call(staff, 'POST', '/api/staff/tax-regions', {
      country: 'us',
      state: 'CA',
      rate: 8.25,
      categoryRates: [{ category: 'filters', rate: 5 }],
    });
    expect(made.statusCode, made.body).toBe(201);
    const ca = made.json<TaxRegionResponse>();
    expect(ca).toMatchObject({
      country: 'US',
      state: 'CA',
      key: 'US-CA',
      rate: 8.25,
      categoryRates: [{ category: 'filters', rate: 5 }],
    });
    const again = await call(staff, 'POST', '/api/staff/tax-regions', {
      country: 'US',
      state: 'ca',
      rate: 7,
    });
    expect(again.statusCode).toBe(409);
    const bad = await call(staff, 'POST', '/api/staff/tax-regions', {
      country: 'USA',
      rate: 101,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      country: 'Country is a two-letter code (US, DE)',
      rate: 'Rate must be at most 100%',
    });

    const changed = await call(staff, 'PUT', `/api/staff/tax-regions/${ca.id}`, {
      country: 'US',
      state: 'CA',
      rate: 7.25,
    });
    expect(changed.json<TaxRegionResponse>()).toMatchObject({ rate: 7.25, categoryRates: [] });
    await call(staff, 'POST', '/api/staff/tax-regions', { country: 'DE', rate: 19 });
    const list = (await call(staff, 'GET', '/api/staff/tax-regions')).json<TaxRegionList>();
    expect(list.map((r) => r.key)).toEqual(['DE', 'US-CA']);
    const left = await call(staff, 'DELETE', `/api/staff/tax-regions/${ca.id}`);
    expect(left.json<TaxRegionList>().map((r) => r.key)).toEqual(['DE']);
    expect((await call(staff, 'DELETE', `/api/staff/tax-regions/${ca.id}`)).statusCode).toBe(404);
    const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, ca.id));
    expect(audit.map((a) => a.action).sort()).toEqual([
      'tax-region.create',
      'tax-region.delete',
      'tax-region.update',
    ]);
  });

  it("sets and verifies a company's status; members read it, outsiders get 404", async () => {
    const staff = await admin(ctx.app, db());
    const owner = await customer(ctx.app);
    const outsider = await customer(ctx.app);
    const company = (
      await call(owner, 'POST', '/api/companies', {
        name: 'Resale Parts Inc',
        taxId: 'US 1',
        billingAddress: billing,
        deliveryAddresses: [],
      })
    ).json<CompanyResponse>();
    const url = `/api/staff/companies/${company.id}/tax-status`;
    const mine = `/api/companies/${company.id}/tax-status`;
    expect((await call(owner, 'GET', mine)).json<CompanyTaxStatusResponse>().kind).toBe('standard');
    expect((await call(outsider, 'GET', mine)).statusCode).toBe(404);
    expect((await call(owner, 'PUT', url, { kind: 'standard' })).statusCode).toBe(403);

    const set = await call(staff, 'PUT', url, {
      kind: 'exempt',
      certificateNumber: 'CA-RESALE-77',
      regions: ['us-ca'],
      expiresOn: '2099-12-31',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<CompanyTaxStatusResponse>()).toMatchObject({
      kind: 'exempt',
      certificateNumber: 'CA-RESALE-77',
      regions: ['US-CA'],
      verifiedAt: null,
      expired: false,
    });
    expect(set.json<CompanyTaxStatusResponse>().verifiedBy).toBeNull();
    const verified = await call(staff, 'POST', `${url}/verify`);
    expect(verified.json<CompanyTaxStatusResponse>().verifiedAt).not.toBeNull();
    // Staff see who verified it (the console's company page); members never see staff's emails.
    expect(verified.json<CompanyTaxStatusResponse>().verifiedBy).toBe(staff.email);
    expect((await call(staff, 'GET', url)).json<CompanyTaxStatusResponse>().verifiedBy).toBe(
      staff.email,
    );
    const read = (await call(owner, 'GET', mine)).json<CompanyTaxStatusResponse>();
    expect(read).toMatchObject({ certificateNumber: 'CA-RESALE-77' });
    expect(read).not.toHaveProperty('verifiedBy');
    expect((await call(outsider, 'GET', mine)).statusCode).toBe(404);

    const badVat = await call(staff, 'PUT', url, { kind: 'reverse_charge', vatId: 'DE123' });
    expect(badVat.statusCode).toBe(400);
    expect(badVat.json().fields).toEqual({ vatId: 'This is not a valid VAT id' });
    const vat = await call(staff, 'PUT', url, { kind: 'reverse_charge', vatId: 'de 136.695.976' });
    expect(vat.json<CompanyTaxStatusResponse>()).toMatchObject({
      kind: 'reverse_charge',
      vatId: 'DE136695976',
      verifiedAt: null,
    });
    await call(staff, 'PUT', url, { kind: 'standard' });
    expect((await call(staff, 'POST', `${url}/verify`)).statusCode).toBe(409);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(
      (await call(staff, 'PUT', `/api/staff/companies/${unknown}/tax-status`, { kind: 'standard' }))
        .statusCode,
    ).toBe(404);
    const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, company.id));
    expect(audit.filter((a) => a.action.startsWith('company.tax-status')).length).toBe(4);
  });

  it('checks VAT id formats with jsvat', () => {
    expect(checkVatId('ATU13585627')).toEqual({ ok: true, vatId: 'ATU13585627' });
    expect(checkVatId('fr 40 303 265 045')).toEqual({ ok: true, vatId: 'FR40303265045' });
    expect(checkVatId('DE000000000')).toEqual({ ok: false });
    expect(checkVatId('hello')).toEqual({ ok: false });
  });

  it('mails the owner once, 30 days before a verified certificate expires', async () => {
    const staff = await admin(ctx.app, db());
    const owner = await customer(ctx.app);
    const company = (
      await call(owner, 'POST', '/api/companies', {
        name: 'Expiring Dealer',
        taxId: 'US 2',
        billingAddress: billing,
        deliveryAddresses: [],
      })
    ).json<CompanyResponse>();
    const url = `/api/staff/companies/${company.id}/tax-status`;
    await call(staff, 'PUT', url, {
      kind: 'exempt',
      certificateNumber: 'EXP-1',
      regions: ['US'],
      expiresOn: '2031-03-31',
    });
    const context = { brandName: 'Shop', publicUrl: 'http://localhost' };
    const mailsTo = async () =>
      (await db().select().from(outboxJobs)).filter(
        (j) =>
          (j.payload as { to?: string }).to === owner.email &&
          (j.payload as { subject?: string }).subject?.includes('exemption certificate'),
      );
    // Not verified: nothing. Verified, 31 days before: nothing; 30 days before: once.
    expect(await remindExpiringCertificates(db(), context, new Date('2031-03-01T09:00:00Z'))).toBe(
      0,
    );
    await call(staff, 'POST', `${url}/verify`);
    await remindExpiringCertificates(db(), context, new Date('2031-02-28T09:00:00Z'));
    expect(await mailsTo()).toHaveLength(0);
    const [first, second] = await Promise.all([
      remindExpiringCertificates(db(), context, new Date('2031-03-01T09:00:00Z')),
      remindExpiringCertificates(db(), context, new Date('2031-03-01T09:00:00Z')),
    ]);
    expect((first ?? 0) + (second ?? 0)).toBeGreaterThanOrEqual(1);
    await remindExpiringCertificates(db(), context, new Date('2031-03-20T09:00:00Z'));
    const mails = await mailsTo();
    expect(mails).toHaveLength(1);
    expect((mails[0]!.payload as { subject: string }).subject).toBe(
      'Your tax exemption certificate expires on 2031-03-31',
    );
  });
});
