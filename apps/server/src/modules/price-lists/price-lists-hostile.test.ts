import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type {
  CompanyPriceLists,
  PriceListDetails,
  PriceListEntriesResult,
  PriceListEntryPage,
} from '@storefront/contract';
import { admin } from '../../test/accounts.js';
import { insertCompany, insertPart } from '../../test/factories.js';
import { useTestApp } from '../../test/test-app.js';
import { auditLog } from '../audit/audit.tables.js';

type Who = { auth: Record<string, string> };

describe('price lists: odd bodies and writers at once', () => {
  const ctx = useTestApp({ authRateLimit: false, mailRateLimit: false });
  const db = () => ctx.database.db;
  const send = (who: Who, method: string, url: string, payload: string, type: string) =>
    ctx.app.inject({
      method: method as 'POST',
      url,
      headers: { ...who.auth, 'content-type': type },
      payload,
    });
  const call = (who: Who, method: string, url: string, body?: unknown) =>
    ctx.app.inject({
      method: method as 'GET',
      url,
      headers: who.auth,
      ...(body === undefined ? {} : { payload: body as object }),
    });

  let seed: { staff: Who; list: PriceListDetails; companies: string[]; skus: string[] } | undefined;
  async function given() {
    if (seed) return seed;
    const staff = await admin(ctx.app, db());
    const list = (
      await call(staff, 'POST', '/api/staff/price-lists', { name: 'Hostile', percentOff: 10 })
    ).json<PriceListDetails>();
    const companies: string[] = [];
    for (let i = 0; i < 10; i++) companies.push(await insertCompany(db(), `Buyer ${i}`));
    const skus: string[] = [];
    for (let i = 0; i < 20; i++) skus.push((await insertPart(db(), { sku: `HX-${i}` })).sku);
    seed = { staff, list, companies, skus };
    return seed;
  }
  const snapshot = async (s: NonNullable<typeof seed>) => ({
    list: (await call(s.staff, 'GET', `/api/staff/price-lists/${s.list.id}`)).json(),
    entries: (await call(s.staff, 'GET', `/api/staff/price-lists/${s.list.id}/entries`)).json(),
    audit: (await db().select().from(auditLog).where(eq(auditLog.targetId, s.list.id))).length,
  });

  it('answers 400 in the error shape to odd bodies, and changes nothing', async () => {
    const s = await given();
    const before = await snapshot(s);
    const one = `/api/staff/price-lists/${s.list.id}`;
    const nested = '{"name":'.repeat(40) + '"x"' + '}'.repeat(40);
    const entry = (over: Record<string, unknown>) => ({
      entries: [{ partNumber: s.skus[0], price: 5, ...over }],
    });
    const cases: [string, string, unknown][] = [
      ['PUT', one, { name: 'Nul\u0000name' }],
      ['PUT', one, { name: 'x'.repeat(10_000) }],
      ['PUT', one, { name: 'Ok', extra: true }],
      ['PUT', one, { name: 'Ok', percentOff: 0 }],
      ['PUT', one, { name: 'Ok', percentOff: 100 }],
      ['PUT', one, { name: 'Ok', percentOff: 150 }],
      ['PUT', one, { name: 'Ok', percentOff: -5 }],
      ['PUT', one, { name: 'Ok', percentOff: 12.345 }],
      ['PUT', one, { name: 'Ok', percentOff: '10' }],
      ['PUT', one, { name: 'Ok', validFrom: '2027-02-30' }],
      ['PUT', one, { name: 'Ok', validFrom: '01/02/2027' }],
      ['PUT', one, { name: { nested: { deeper: [1, 2, 3] } } }],
      ['PUT', `${one}/categories`, { categories: [{ category: 'brakes', percentOff: 0 }] }],
      ['PUT', `${one}/categories`, { categories: [{ category: 'wheels', percentOff: 5 }] }],
      ['PUT', `${one}/categories`, { categories: 'brakes' }],
      ['POST', `${one}/entries`, entry({ price: -1 })],
      ['POST', `${one}/entries`, entry({ price: 0 })],
      ['POST', `${one}/entries`, entry({ price: 1.234 })],
      ['POST', `${one}/entries`, entry({ price: 1e12 })],
      ['POST', `${one}/entries`, entry({ minQuantity: 0 })],
      ['POST', `${one}/entries`, entry({ minQuantity: 1.5 })],
      ['POST', `${one}/entries`, entry({ partNumber: 'HX-\u0000' })],
      ['POST', `${one}/entries`, entry({ partNumber: 'y'.repeat(1_000) })],
      ['POST', `${one}/entries`, { entries: Array(20_001).fill({ partNumber: 'A', price: 1 }) }],
      ['POST', `${one}/entries/remove`, { entries: [] }],
      ['PUT', `${one}/companies/${s.companies[0]}`, { priority: 1.5 }],
      ['PUT', `${one}/companies/${s.companies[0]}`, { priority: 1e9 }],
      ['PUT', `${one}/companies/${s.companies[0]}`, {}],
    ];
    for (const [method, url, body] of cases) {
      const res = await call(s.staff, method, url, body);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(body).slice(0, 80)}`).toBe(400);
      expect(res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
    const nestedRes = await send(s.staff, 'PUT', one, nested, 'application/json');
    expect(nestedRes.statusCode).toBe(400);
    const brokenJson = await send(s.staff, 'PUT', one, '{"name":', 'application/json');
    expect(brokenJson.statusCode).toBe(400);
    // Text where JSON belongs is a body that is not an object: 400; a type no route reads, 415.
    const text = await send(s.staff, 'PUT', one, 'name=Sneaky', 'text/plain');
    expect(text.statusCode).toBe(400);
    const xml = await send(s.staff, 'PUT', one, '<name>Sneaky</name>', 'application/xml');
    expect(xml.statusCode).toBe(415);
    // Past the batch's 2 MB a body is refused before it is read.
    const huge = await send(
      s.staff,
      'POST',
      `${one}/entries`,
      JSON.stringify({ entries: [{ partNumber: 'x'.repeat(3_000_000), price: 1 }] }),
      'application/json',
    );
    expect(huge.statusCode).toBe(413);
    expect(await snapshot(s)).toEqual(before);
  });

  it('twenty assignments and twenty entry batches at once end consistent', async () => {
    const s = await given();
    const one = `/api/staff/price-lists/${s.list.id}`;
    // Two writers per company with different priorities; batches overlap on every part, in
    // opposite orders, each its own price.
    const assignments = Array.from({ length: 20 }, (_, i) =>
      call(s.staff, 'PUT', `${one}/companies/${s.companies[i % 10]}`, { priority: i }),
    );
    const batches = Array.from({ length: 20 }, (_, i) => {
      const rows = s.skus.map((sku) => ({
        partNumber: sku,
        minQuantity: 1 + (i % 2),
        price: i + 1,
      }));
      return call(s.staff, 'POST', `${one}/entries`, {
        entries: i % 2 === 0 ? rows : rows.reverse(),
      });
    });
    const answers = await Promise.all([...assignments, ...batches]);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(40).fill(200));

    for (let c = 0; c < 10; c++) {
      const lists = (
        await call(s.staff, 'GET', `/api/staff/companies/${s.companies[c]}/price-lists`)
      ).json<CompanyPriceLists>();
      expect(lists.assignments).toHaveLength(1);
      expect([c, c + 10]).toContain(lists.assignments[0]!.priority);
    }
    const page = (await call(s.staff, 'GET', `${one}/entries`)).json<PriceListEntryPage>();
    expect(page.total).toBe(40);
    // Each (part, from quantity) holds the price of one writer of it, and every part the same
    // one: the batches took turns, whole.
    const priceOf = (q: number) =>
      new Set(page.entries.filter((e) => e.minQuantity === q).map((e) => e.price));
    expect(priceOf(1).size).toBe(1);
    expect(priceOf(2).size).toBe(1);
    const added = answers
      .slice(20)
      .map((a) => a.json<PriceListEntriesResult>().added)
      .reduce((a, b) => a + b, 0);
    expect(added).toBe(40);
    const details = (await call(s.staff, 'GET', one)).json<PriceListDetails>();
    expect(details).toMatchObject({ entryCount: 40, companyCount: 10 });
    const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, s.list.id));
    expect(audit.filter((a) => a.action === 'price-list.assign')).toHaveLength(20);
    expect(audit.filter((a) => a.action === 'price-list.entries')).toHaveLength(20);
  });
  it('takes 20,000 rows in one call; the same rows again change nothing; replace all empties it', async () => {
    const s = await given();
    const list = (
      await call(s.staff, 'POST', '/api/staff/price-lists', { name: 'Big' })
    ).json<PriceListDetails>();
    const one = `/api/staff/price-lists/${list.id}/entries`;
    // 20 parts with 1,000 quantity breaks each: the most one call takes.
    const entries = s.skus.flatMap((partNumber, p) =>
      Array.from({ length: 1_000 }, (_, i) => ({
        partNumber,
        minQuantity: i + 1,
        price: (100_000 - i * 7 - p) / 100,
      })),
    );
    const first = await call(s.staff, 'POST', one, { entries, replaceAll: true });
    expect(first.statusCode, first.body.slice(0, 200)).toBe(200);
    expect(first.json<PriceListEntriesResult>()).toMatchObject({ added: 20_000, total: 20_000 });
    const again = await call(s.staff, 'POST', one, { entries, replaceAll: true });
    expect(again.json<PriceListEntriesResult>()).toEqual({
      added: 0,
      changed: 0,
      unchanged: 20_000,
      removed: 0,
      total: 20_000,
    });
    const emptied = await call(s.staff, 'POST', one, { entries: [], replaceAll: true });
    expect(emptied.json<PriceListEntriesResult>()).toMatchObject({ removed: 20_000, total: 0 });
  });
});
