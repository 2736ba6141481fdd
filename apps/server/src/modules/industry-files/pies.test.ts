import { readFileSync } from 'node:fs';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  AcesUnmappedReport,
  CatalogImportSummary,
  ImportChangesPage,
  OrderResponse,
} from '@storefront/contract';
import { admin, customer } from '../../test/accounts.js';
import { insertPart } from '../../test/factories.js';
import { apply, settled } from '../../test/import-kit.js';
import { uploadPies } from '../../test/industry-kit.js';
import { useTestApp } from '../../test/test-app.js';
import { auditLog } from '../audit/audit.tables.js';
import { parts } from '../parts/parts.tables.js';
import { piesPartData, piesStagedItems } from './industry.tables.js';

type Person = Awaited<ReturnType<typeof admin>>;
const fixture = readFileSync(new URL('./fixtures/pies-items.xml', import.meta.url), 'utf8');
const deletes = readFileSync(new URL('./fixtures/pies-delete.xml', import.meta.url), 'utf8');
const shipTo = { street: '1 Mill Lane', city: 'Leeds', postalCode: 'LS1 1AA', country: 'UK' };

describe('PIES import through the catalog import’s preview', () => {
  const ctx = useTestApp({ authRateLimit: false });
  let staff: Person;
  beforeAll(async () => {
    staff = await admin(ctx.app, ctx.database.db);
    // PX-100 is in the catalog already (its minimum order stays); PX-200 is new.
    await insertPart(ctx.database.db, { sku: 'PX-100', minOrderQuantity: 10, price: 50 });
    await insertPart(ctx.database.db, { sku: 'PX-099', minOrderQuantity: 10 });
  });

  it('maps each Item to a part row, keeps the other prices and the brand, reports what it did not read, and applies', async () => {
    const res = await uploadPies(ctx.app, staff, fixture, 'iron-coast-pies.xml');
    expect(res.statusCode, res.body).toBe(202);
    const job = await settled(ctx.app, staff, res.json<CatalogImportSummary>().id);
    expect(job.status, job.failure ?? '').toBe('previewed');
    const notes = job.notes.join('\n');
    expect(notes).toContain('PIES 7.2, FULL: 4 Items.');
    expect(notes).toContain(
      'Prices other than the list price, kept with each part for price lists: JBR (1).',
    );
    expect(notes).toMatch(
      /Segments not read: PriceSheets \(1\), Item\/HazardousMaterialCode \(1\), Item\/PartTerminologyID \(1\), Item\/ProductAttributes \(1\)/,
    );
    const report = await ctx.app.inject({
      method: 'GET',
      url: `/api/staff/imports/${job.id}/aces-unmapped`,
      headers: staff.auth,
    });
    const unmapped = report.json<AcesUnmappedReport>();
    expect(unmapped.reasons.map((r) => [r.reason, r.count]).sort()).toEqual(
      [
        ['Item deleted', 1],
        ['No part number', 1],
        ['Picture not read', 1],
        ['Price not read', 1],
      ].sort(),
    );
    // PX-099 is one of ours: superseded by PX-100, it is still in use, which the import refuses.
    expect(job.counts).toMatchObject({ new: 1, errors: 1 });

    const done = await apply(ctx.app, staff, job.id, true);
    expect(done.status, done.failure ?? '').toBe('applied');
    const [filter] = await ctx.database.db.select().from(parts).where(eq(parts.sku, 'PX-200'));
    expect(filter).toMatchObject({
      name: 'Oil filter',
      priceCents: 650,
      packSize: 12,
      minOrderQuantity: 12,
    });
    const [pads] = await ctx.database.db.select().from(parts).where(eq(parts.sku, 'PX-100'));
    // The row in error was left out: PX-100 is as it was.
    expect(pads?.priceCents).toBe(5000);
    const data = await ctx.database.db.select().from(piesPartData);
    expect(data).toEqual([
      expect.objectContaining({ partId: filter!.id, brandId: 'ZZZZ', prices: [] }),
    ]);
    expect(await ctx.database.db.select().from(piesStagedItems)).toHaveLength(0);
  });

  it('applies an Item in full: descriptions, list price, pack size, OEM and superseded numbers, picture, other prices', async () => {
    // Without our own older number in use, PX-100's Item applies whole.
    await ctx.database.db.update(parts).set({ sku: 'PX-099-OLD' }).where(eq(parts.sku, 'PX-099'));
    const res = await uploadPies(ctx.app, staff, fixture);
    const job = await settled(ctx.app, staff, res.json<CatalogImportSummary>().id);
    expect(job.status, job.failure ?? '').toBe('previewed');
    expect(job.counts).toMatchObject({ changed: 1, errors: 0 });
    const done = await apply(ctx.app, staff, job.id);
    expect(done.status, done.failure ?? '').toBe('applied');
    const [pads] = await ctx.database.db.select().from(parts).where(eq(parts.sku, 'PX-100'));
    expect(pads).toMatchObject({
      name: 'Ceramic brake pad set, front',
      description: 'Low-dust ceramic pads with shims and hardware.',
      priceCents: 5890,
      packSize: 2,
      minOrderQuantity: 10,
      oemNumbers: ['0446502220'],
      supersededNumbers: ['PX-099'],
      imageUrl: 'https://cdn.example.com/px-100.jpg',
    });
    const [data] = await ctx.database.db
      .select()
      .from(piesPartData)
      .where(eq(piesPartData.partId, pads!.id));
    expect(data).toMatchObject({
      brandId: 'ZZZZ',
      brandLabel: 'Iron Coast',
      prices: [{ type: 'JBR', cents: 4120, currency: 'USD', uom: 'PE' }],
    });
  });

  it('archives the parts of Items marked D through the preview: listed as to be archived, applied in the one transaction, audited, orders kept', async () => {
    const { db } = ctx.database;
    const gone = await insertPart(db, { sku: 'PX-400', minOrderQuantity: 1, price: 19.9 });
    const already = await insertPart(db, { sku: 'PX-401', minOrderQuantity: 1 });
    const archivedOn = new Date('2026-06-01T00:00:00Z');
    await db.update(parts).set({ archivedAt: archivedOn }).where(eq(parts.id, already.id));
    const repriced = await insertPart(db, { sku: 'PX-402', minOrderQuantity: 1, price: 20 });
    const also = await insertPart(db, { sku: 'PX-404', minOrderQuantity: 1 });
    // An order names PX-400 before its Item is deleted: it must keep naming it.
    const buyer = await customer(ctx.app);
    const placed = await ctx.app.inject({
      method: 'POST',
      url: '/api/purchase',
      headers: buyer.auth,
      payload: { partId: gone.id, minimum: 2, shipTo, phone: '0113 496 0000' },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json<OrderResponse>()._id;

    const res = await uploadPies(ctx.app, staff, deletes, 'iron-coast-deletes.xml');
    expect(res.statusCode, res.body).toBe(202);
    const job = await settled(ctx.app, staff, res.json<CatalogImportSummary>().id);
    expect(job.status, job.failure ?? '').toBe('previewed');
    // PX-401 is archived already (unchanged); PX-999 is not the shop's (reported, not applied).
    expect(job.counts).toMatchObject({
      rows: 4,
      new: 0,
      changed: 1,
      unchanged: 1,
      archived: 2,
      archivedRows: 2,
      errors: 0,
    });
    expect(job.notes.join('\n')).toContain(
      '3 Items are marked D (deleted): their parts are archived, kept for past orders, not deleted.',
    );
    const changes = async (kind?: string) =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/staff/imports/${job.id}/changes${kind ? `?kind=${kind}` : ''}`,
          headers: staff.auth,
        })
      ).json<ImportChangesPage>().items;
    const toArchive = [
      {
        row: 2,
        partNumber: 'PX-400',
        kind: 'archived',
        fields: [
          { field: 'archived', label: 'Archived', before: 'no', after: 'yes', flagged: false },
        ],
      },
      {
        row: 4,
        partNumber: 'PX-404',
        kind: 'archived',
        fields: [
          { field: 'archived', label: 'Archived', before: 'no', after: 'yes', flagged: false },
        ],
      },
    ];
    expect(await changes('archived')).toEqual(toArchive);
    expect((await changes()).map((c) => [c.partNumber, c.kind])).toEqual([
      ['PX-400', 'archived'],
      ['PX-404', 'archived'],
      ['PX-402', 'changed'],
    ]);
    expect(await changes('changed')).toHaveLength(1);
    const report = await ctx.app.inject({
      method: 'GET',
      url: `/api/staff/imports/${job.id}/aces-unmapped`,
      headers: staff.auth,
    });
    expect(report.json<AcesUnmappedReport>().items).toEqual([
      expect.objectContaining({
        reason: 'Item deleted',
        part: 'PX-999',
        detail: expect.stringMatching(/does not hold: nothing to archive/) as unknown,
      }),
    ]);
    // The preview writes nothing.
    const [before] = await db.select().from(parts).where(eq(parts.id, gone.id));
    expect(before?.archivedAt).toBeNull();

    const done = await apply(ctx.app, staff, job.id);
    expect(done.status, done.failure ?? '').toBe('applied');
    expect(done.counts).toMatchObject({ archived: 2, archivedRows: 2, changed: 1 });
    const after = new Map(
      (
        await db
          .select()
          .from(parts)
          .where(inArray(parts.id, [gone.id, already.id, repriced.id, also.id]))
      ).map((p) => [p.sku, p]),
    );
    // Archived, not deleted: the rows are there, withdrawn from the shop.
    expect(after.get('PX-400')?.archivedAt).toBeInstanceOf(Date);
    expect(after.get('PX-404')?.archivedAt).toBeInstanceOf(Date);
    // Already archived: left as it was, on its own date.
    expect(after.get('PX-401')?.archivedAt).toEqual(archivedOn);
    expect(after.get('PX-402')).toMatchObject({ priceCents: 2100, archivedAt: null });
    // A deleted Item's prices are not kept for price lists; the changed Item's are.
    const kept = await db.select().from(piesPartData);
    expect(kept.some((d) => d.partId === gone.id)).toBe(false);
    expect(kept.some((d) => d.partId === repriced.id)).toBe(true);
    const order = await ctx.app.inject({
      method: 'GET',
      url: `/api/purchase/${orderId}`,
      headers: buyer.auth,
    });
    expect(order.statusCode, order.body).toBe(200);
    expect(order.json<OrderResponse>()).toMatchObject({ partId: gone.id });
    const shop = await ctx.app.inject({ method: 'GET', url: `/api/parts/${gone.id}` });
    expect(shop.statusCode).toBe(404);
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.targetId, job.id));
    expect(audit?.summary).toBe('Imported iron-coast-deletes.xml: 0 new, 1 changed, 2 archived');
    expect(audit?.details).toMatchObject({
      counts: { archived: 2 },
      archivedParts: ['PX-400', 'PX-404'],
    });
  });

  it('refuses a DTD, entities, another root or version, and writes nothing', async () => {
    const cases: [string, number, RegExp][] = [
      [
        '<?xml version="1.0"?>\n<!DOCTYPE PIES [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<PIES><Header><PIESVersion>7.2</PIESVersion></Header><Items><Item><PartNumber>&x;</PartNumber></Item></Items></PIES>',
        400,
        /DTD or entities/,
      ],
      ['<?xml version="1.0"?><ACES version="4.2"></ACES>', 400, /not a PIES file/],
    ];
    for (const [content, status, message] of cases) {
      const res = await uploadPies(ctx.app, staff, content);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json<{ message: string }>().message).toMatch(message);
    }
    const old = await uploadPies(
      ctx.app,
      staff,
      fixture.replace('<PIESVersion>7.2</PIESVersion>', '<PIESVersion>6.7</PIESVersion>'),
    );
    const job = await settled(ctx.app, staff, old.json<CatalogImportSummary>().id);
    expect(job.status).toBe('failed');
    expect(job.failure).toMatch(/PIES version "6.7": this shop reads PIES 7.x/);
    expect(await ctx.database.db.select().from(piesStagedItems)).toHaveLength(0);
  });
});
