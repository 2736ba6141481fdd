import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  utcToday,
  type CompanyPriceLists,
  type CompanyResponse,
  type PriceExplanation,
  type PriceListDetails,
  type PriceListEntriesResult,
  type PriceListEntryPage,
  type PriceListSummary,
} from '@storefront/contract';
import { admin, customer } from '../../test/accounts.js';
import { insertPart } from '../../test/factories.js';
import { useTestApp } from '../../test/test-app.js';
import { auditLog } from '../audit/audit.tables.js';
import { parts } from '../parts/parts.tables.js';

type Who = { auth: Record<string, string> } | null;
const shipTo = { street: '1 Quay', city: 'Hull', postalCode: 'HU1 1AA', country: 'UK' };

describe('price lists: staff make, assign and explain them', () => {
  const ctx = useTestApp({ authRateLimit: false, mailRateLimit: false });
  const db = () => ctx.database.db;
  const call = (who: Who, method: string, url: string, payload?: unknown) =>
    ctx.app.inject({
      method: method as 'GET',
      url,
      headers: who ? who.auth : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  // Seeded once for the file: a staff member, a company with its owner, a plain customer, parts.
  let seed:
    | {
        staff: Awaited<ReturnType<typeof admin>>;
        owner: Awaited<ReturnType<typeof customer>>;
        plain: Awaited<ReturnType<typeof customer>>;
        company: CompanyResponse;
        brake: { id: string; sku: string };
        filter: { id: string; sku: string };
      }
    | undefined;
  async function given() {
    if (seed) return seed;
    const staff = await admin(ctx.app, db());
    const owner = await customer(ctx.app);
    const plain = await customer(ctx.app);
    const company = (
      await call(owner, 'POST', '/api/companies', {
        name: 'Fleet Ltd',
        taxId: 'GB 1',
        billingAddress: shipTo,
        deliveryAddresses: [],
      })
    ).json<CompanyResponse>();
    const brake = await insertPart(db(), { sku: 'PL-BRAKE-1', price: 55 });
    await db()
      .update(parts)
      .set({ category: 'brakes', tierQuantities: [10], tierCents: [4950] })
      .where(eq(parts.id, brake.id));
    const filter = await insertPart(db(), { sku: 'PL-FILTER-1', price: 20 });
    await db().update(parts).set({ category: 'filters' }).where(eq(parts.id, filter.id));
    seed = { staff, owner, plain, company, brake, filter };
    return seed;
  }

  const auditOf = async (listId: string) =>
    (await db().select().from(auditLog).where(eq(auditLog.targetId, listId))).map((a) => a.action);

  it('makes, changes, prices, assigns, explains and deletes a list, each change audited', async () => {
    const { staff, company } = await given();
    const created = await call(staff, 'POST', '/api/staff/price-lists', {
      name: 'Fleet 2027',
      validFrom: '2020-01-01',
      percentOff: 10,
    });
    expect(created.statusCode, created.body).toBe(201);
    const list = created.json<PriceListDetails>();
    expect(list).toMatchObject({
      name: 'Fleet 2027',
      validFrom: '2020-01-01',
      validUntil: null,
      active: true,
      percentOff: 10,
      entryCount: 0,
      companies: [],
    });
    const base = `/api/staff/price-lists/${list.id}`;

    const changed = await call(staff, 'PUT', base, { name: 'Fleet 2027', percentOff: 12.5 });
    expect(changed.json<PriceListDetails>()).toMatchObject({ percentOff: 12.5, validFrom: null });

    const categories = await call(staff, 'PUT', `${base}/categories`, {
      categories: [{ category: 'filters', percentOff: 35 }],
    });
    expect(categories.json<PriceListDetails>().categories).toEqual([
      { category: 'filters', percentOff: 35 },
    ]);

    const entries = await call(staff, 'POST', `${base}/entries`, {
      entries: [
        { partNumber: 'pl-brake-1', price: 50 },
        { partNumber: 'PL-BRAKE-1', minQuantity: 10, price: 41.2 },
      ],
    });
    expect(entries.json<PriceListEntriesResult>()).toEqual({
      added: 2,
      changed: 0,
      unchanged: 0,
      removed: 0,
      total: 2,
    });
    const again = await call(staff, 'POST', `${base}/entries`, {
      entries: [
        { partNumber: 'PL-BRAKE-1', price: 50 },
        { partNumber: 'PL-BRAKE-1', minQuantity: 10, price: 41.2 },
      ],
    });
    expect(again.json<PriceListEntriesResult>()).toMatchObject({ added: 0, unchanged: 2 });
    const page = (
      await call(staff, 'GET', `${base}/entries?partNumber=pl-b`)
    ).json<PriceListEntryPage>();
    expect(page.entries.map((e) => [e.partNumber, e.minQuantity, e.price])).toEqual([
      ['PL-BRAKE-1', 1, 50],
      ['PL-BRAKE-1', 10, 41.2],
    ]);

    const assigned = await call(staff, 'PUT', `${base}/companies/${company.id}`, { priority: 5 });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json<CompanyPriceLists>().assignments).toEqual([
      {
        listId: list.id,
        listName: 'Fleet 2027',
        priority: 5,
        validFrom: null,
        validUntil: null,
        active: true,
      },
    ]);

    const explain = (partNumber: string, quantity: number) =>
      call(
        staff,
        'GET',
        `/api/staff/companies/${company.id}/price-explanation?partNumber=${partNumber}&quantity=${quantity}`,
      );
    const fixed = await explain('PL-BRAKE-1', 12);
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json<PriceExplanation>()).toMatchObject({
      unitPrice: 41.2,
      listPrice: 55,
      publicPrice: 49.5,
      ladderStep: 10,
      paid: 'list',
      decidedBy: { listName: 'Fleet 2027', source: { kind: 'fixed', minQuantity: 10 } },
      summary: 'Fleet 2027: fixed $41.20 from 10 pieces; list price $55.00; ladder $49.50 from 10',
    });
    const byCategory = (await explain('PL-FILTER-1', 1)).json<PriceExplanation>();
    expect(byCategory).toMatchObject({
      unitPrice: 13,
      decidedBy: { source: { kind: 'category', category: 'filters', percentOff: 35 } },
    });

    const removed = await call(staff, 'POST', `${base}/entries/remove`, {
      entries: [{ partNumber: 'PL-BRAKE-1', minQuantity: 10 }],
    });
    expect(removed.json<PriceListEntriesResult>()).toMatchObject({ removed: 1, total: 1 });
    // The entry from 1 piece still decides at 10, but the ladder's 49.50 is lower: it applies.
    expect((await explain('PL-BRAKE-1', 10)).json<PriceExplanation>()).toMatchObject({
      unitPrice: 49.5,
      paid: 'public',
      decidedBy: { unitPrice: 50, source: { kind: 'fixed', minQuantity: 1 } },
    });

    const unassigned = await call(staff, 'DELETE', `${base}/companies/${company.id}`);
    expect(unassigned.json<CompanyPriceLists>().assignments).toEqual([]);
    expect((await call(staff, 'DELETE', `${base}/companies/${company.id}`)).statusCode).toBe(404);

    const deleted = await call(staff, 'DELETE', base);
    expect(deleted.json<PriceListSummary[]>().some((l) => l.id === list.id)).toBe(false);
    expect((await call(staff, 'GET', base)).statusCode).toBe(404);
    expect(await auditOf(list.id)).toEqual([
      'price-list.create',
      'price-list.update',
      'price-list.categories',
      'price-list.entries',
      'price-list.entries',
      'price-list.assign',
      'price-list.entries-remove',
      'price-list.unassign',
      'price-list.delete',
    ]);
  });

  it('explains every candidate: an expired list, a list without the part, the higher priority', async () => {
    const { staff, company } = await given();
    const make = async (body: Record<string, unknown>, priority: number) => {
      const list = (
        await call(staff, 'POST', '/api/staff/price-lists', body)
      ).json<PriceListDetails>();
      await call(staff, 'PUT', `/api/staff/price-lists/${list.id}/companies/${company.id}`, {
        priority,
      });
      return list;
    };
    await make({ name: 'Old deal', validUntil: '2021-12-31', percentOff: 50 }, 9);
    const group = await make({ name: 'Buying group', percentOff: 5 }, 2);
    const distributor = await make({ name: 'Distributor', percentOff: 35 }, 1);
    await call(staff, 'PUT', `/api/staff/price-lists/${distributor.id}/categories`, {
      categories: [{ category: 'brakes', percentOff: 30 }],
    });
    const res = await call(
      staff,
      'GET',
      `/api/staff/companies/${company.id}/price-explanation?partNumber=PL-FILTER-1&quantity=1`,
    );
    const body = res.json<PriceExplanation>();
    expect(body.unitPrice).toBe(19);
    expect(body.decidedBy?.listId).toBe(group.id);
    expect(body.candidates.map((c) => [c.listName, c.status, c.unitPrice])).toEqual([
      ['Buying group', 'priced', 19],
      ['Distributor', 'priced', 13],
      ['Old deal', 'inactive', null],
    ]);
    // On a day the old deal held, it decides.
    const then = await call(
      staff,
      'GET',
      `/api/staff/companies/${company.id}/price-explanation?partNumber=PL-FILTER-1&quantity=1&date=2021-06-01`,
    );
    expect(then.json<PriceExplanation>()).toMatchObject({ unitPrice: 10, date: '2021-06-01' });
    expect(body.date).toBe(utcToday());
    const lists = (
      await call(staff, 'GET', `/api/staff/companies/${company.id}/price-lists`)
    ).json<CompanyPriceLists>();
    expect(lists.assignments.map((a) => [a.listName, a.priority, a.active])).toEqual([
      ['Old deal', 9, false],
      ['Buying group', 2, true],
      ['Distributor', 1, true],
    ]);
  });

  it('refuses in words: dates out of order, an unknown part number by its row', async () => {
    const { staff } = await given();
    const dates = await call(staff, 'POST', '/api/staff/price-lists', {
      name: 'Backwards',
      validFrom: '2027-05-01',
      validUntil: '2027-04-30',
    });
    expect(dates.statusCode).toBe(400);
    expect(dates.json()).toMatchObject({
      error: 'VALIDATION_FAILED',
      message: 'Valid until must be on or after valid from',
      fields: { validUntil: 'Valid until must be on or after valid from' },
    });
    const list = (
      await call(staff, 'POST', '/api/staff/price-lists', { name: 'Rows' })
    ).json<PriceListDetails>();
    const unknown = await call(staff, 'POST', `/api/staff/price-lists/${list.id}/entries`, {
      entries: [
        { partNumber: 'PL-BRAKE-1', price: 10 },
        { partNumber: 'NO-SUCH-PART', price: 10 },
      ],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      error: 'UNKNOWN_PART_NUMBERS',
      message: 'Row 2: no part has the number "NO-SUCH-PART"',
      fields: { 'entries.1.partNumber': 'Row 2: no part has the number "NO-SUCH-PART"' },
    });
    const twice = await call(staff, 'POST', `/api/staff/price-lists/${list.id}/entries`, {
      entries: [
        { partNumber: 'PL-BRAKE-1', price: 10 },
        { partNumber: 'pl-brake-1', price: 11 },
      ],
    });
    expect(twice.json()).toMatchObject({
      fields: { 'entries.1.partNumber': 'Row 2: pl-brake-1 from 1 is listed twice' },
    });
    expect(
      (await call(staff, 'GET', `/api/staff/price-lists/${list.id}`)).json<PriceListDetails>()
        .entryCount,
    ).toBe(0);
    const missing = await call(
      staff,
      'GET',
      `/api/staff/companies/00000000-0000-4000-8000-000000000000/price-explanation?partNumber=PL-BRAKE-1&quantity=1`,
    );
    expect(missing.statusCode).toBe(404);
  });

  it('only staff: anonymous 401, a plain customer and a company member 403, nothing changed', async () => {
    const { owner, plain, company, staff } = await given();
    const list = (
      await call(staff, 'POST', '/api/staff/price-lists', { name: 'Guarded' })
    ).json<PriceListDetails>();
    const base = `/api/staff/price-lists/${list.id}`;
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/staff/price-lists'],
      ['POST', '/api/staff/price-lists', { name: 'Mine' }],
      ['GET', base],
      ['PUT', base, { name: 'Mine' }],
      ['DELETE', base],
      ['PUT', `${base}/categories`, { categories: [] }],
      ['GET', `${base}/entries`],
      ['POST', `${base}/entries`, { entries: [{ partNumber: 'PL-BRAKE-1', price: 0.01 }] }],
      ['POST', `${base}/entries/remove`, { entries: [{ partNumber: 'PL-BRAKE-1' }] }],
      ['PUT', `${base}/companies/${company.id}`, { priority: 1 }],
      ['DELETE', `${base}/companies/${company.id}`],
      ['GET', `/api/staff/companies/${company.id}/price-lists`],
      [
        'GET',
        `/api/staff/companies/${company.id}/price-explanation?partNumber=PL-BRAKE-1&quantity=1`,
      ],
    ];
    for (const [method, url, body] of calls) {
      expect((await call(null, method, url, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(plain, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(owner, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    const after = (await call(staff, 'GET', base)).json<PriceListDetails>();
    expect(after).toMatchObject({ name: 'Guarded', entryCount: 0, companies: [] });
    expect(await auditOf(list.id)).toEqual(['price-list.create']);
  });
});
