import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CatalogImportSummary } from '@storefront/contract';
import { auditLog } from '../audit/audit.tables.js';
import { admin, customer } from '../../test/accounts.js';
import { apply, settled } from '../../test/import-kit.js';
import { currentVcdb, uploadAces, uploadPies, VCDB_SEPTEMBER } from '../../test/industry-kit.js';
import { addBuyer, caller, companyOf, giveList } from '../../test/price-kit.js';
import { insertPart } from '../../test/factories.js';
import { useTestApp } from '../../test/test-app.js';
import { xsdErrors } from '../../test/xsd.js';

type Person = Awaited<ReturnType<typeof admin>>;
const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

describe('the distributors’ feeds: ACES, PIES and CSV at the company’s prices', () => {
  const ctx = useTestApp({ authRateLimit: false });
  let staff: Person;
  let owner: Person;
  let buyer: Person;
  let outsider: Person;
  let companyId: string;
  const call = (who: Person | null, method: string, url: string, payload?: unknown) =>
    caller(ctx.app)(who, method, url, payload);

  beforeAll(async () => {
    const { db } = ctx.database;
    staff = await admin(ctx.app, db);
    owner = await customer(ctx.app);
    buyer = await customer(ctx.app);
    outsider = await customer(ctx.app);
    companyId = (await companyOf(ctx.app, owner, 'Harbour Distribution')).id;
    await addBuyer(db, companyId, buyer.userId);
    // A catalog from the shop's own ACES and PIES fixtures.
    const pads = await insertPart(db, { sku: 'VC-200', price: 40, minOrderQuantity: 4 });
    await insertPart(db, { sku: 'VC-201', price: 8, minOrderQuantity: 2, name: '=HYPERLINK("x")' });
    await insertPart(db, {
      sku: 'PX-100',
      price: 50,
      minOrderQuantity: 10,
      name: '=HYPERLINK("x")',
    });
    await currentVcdb(ctx.app, staff, VCDB_SEPTEMBER);
    for (const [upload, file] of [
      [uploadAces, 'aces-full.xml'],
      [uploadPies, 'pies-items.xml'],
    ] as const) {
      const res = await upload(ctx.app, staff, fixture(file));
      const job = await settled(ctx.app, staff, res.json<CatalogImportSummary>().id);
      expect(job.status, job.failure ?? '').toBe('previewed');
      expect((await apply(ctx.app, staff, job.id, true)).status).toBe('applied');
    }
    await giveList(db, companyId, {
      name: 'Harbour',
      fixed: [{ partId: pads.id, minQuantity: 1, unitCents: 3100 }],
    });
  });

  const feed = (who: Person | null, format: string, id = companyId) =>
    call(who, 'GET', `/api/companies/${id}/catalog-feed?format=${format}`);
  const access = (who: Person | null, id = companyId) =>
    call(who, 'GET', `/api/companies/${id}/catalog-feed/access`);

  it('answers 404 until staff allow the company, and then only to its owners and admins', async () => {
    expect((await feed(owner, 'csv')).statusCode).toBe(404);
    // The owner may ask whether the feeds are open to the company; no one else may.
    expect((await access(owner)).json()).toEqual({ companyId, allowed: false });
    for (const who of [buyer, outsider]) expect((await access(who)).statusCode).toBe(404);
    expect((await access(null)).statusCode).toBe(401);
    expect(
      (
        await call(staff, 'PUT', `/api/staff/companies/${companyId}/catalog-feed`, {
          allowed: true,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await call(staff, 'GET', `/api/staff/companies/${companyId}/catalog-feed`)).json(),
    ).toEqual({ companyId, allowed: true });
    expect((await feed(owner, 'csv')).statusCode).toBe(200);
    expect((await access(owner)).json()).toEqual({ companyId, allowed: true });
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, companyId));
    expect(audit.map((a) => a.action)).toContain('company.catalog-feed.allow');
    expect((await feed(buyer, 'csv')).statusCode).toBe(404);
    expect((await feed(outsider, 'csv')).statusCode).toBe(404);
    expect((await feed(null, 'csv')).statusCode).toBe(401);
    expect((await feed(owner, 'xlsx')).statusCode).toBe(400);
    expect((await feed(owner, 'csv', crypto.randomUUID())).statusCode).toBe(404);
    expect(
      (
        await call(owner, 'PUT', `/api/staff/companies/${companyId}/catalog-feed`, {
          allowed: false,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call(staff, 'PUT', `/api/staff/companies/${crypto.randomUUID()}/catalog-feed`, {
          allowed: true,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('writes the CSV at the company’s prices, every cell formula-safe', async () => {
    const res = await feed(owner, 'csv');
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Part number,Name,Description,Category,Price,Minimum order quantity,Pack size,Maximum per order,Stock,Image URL,OEM numbers,Superseded numbers',
    );
    expect(lines.find((l) => l.startsWith('VC-200,'))).toContain(',31.00,4,');
    expect(lines.find((l) => l.startsWith('VC-201,'))).toContain(',8.00,2,');
    expect(lines.find((l) => l.startsWith('VC-201,'))).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines.find((l) => l.startsWith('PX-100,'))).toContain(',58.90,10,2,');
  });

  it('writes ACES and PIES that the reduced schemas accept, with the company’s prices', async () => {
    const aces = await feed(owner, 'aces');
    expect(aces.statusCode).toBe(200);
    expect(aces.headers['content-type']).toMatch(/application\/xml/);
    expect(await xsdErrors('aces', aces.body)).toEqual([]);
    expect(aces.body).toContain('<BaseVehicle id="5001"/>');
    expect(aces.body).toContain('<RecordCount>5</RecordCount>');
    const pies = await feed(owner, 'pies');
    expect(await xsdErrors('pies', pies.body)).toEqual([]);
    expect(pies.body).toMatch(
      /<PartNumber>VC-200<\/PartNumber>[\s\S]*?PriceType="LST">\s*<CurrencyCode>USD<\/CurrencyCode>\s*<Price UOM="PE">31.00<\/Price>/,
    );
    // The schemas are not a formality: a file out of order is refused.
    expect(
      await xsdErrors(
        'aces',
        aces.body.replace(
          /<Qty>1<\/Qty>\n(\s*)<PartType id="(\d+)"\/>/,
          '<PartType id="$2"/>\n$1<Qty>1</Qty>',
        ),
      ),
    ).not.toEqual([]);
  });

  it('the fixtures follow the schemas too', async () => {
    for (const file of ['aces-full.xml', 'aces-incremental.xml', 'aces-wrong-count.xml'])
      expect(await xsdErrors('aces', fixture(file)), file).toEqual([]);
    for (const file of ['pies-items.xml', 'pies-delete.xml'])
      expect(await xsdErrors('pies', fixture(file)), file).toEqual([]);
  });
});
