import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  COMPANY_SCOPES,
  PART_COLUMNS,
  endpoints,
  STAFF_SCOPES,
  type ApiScope,
  type CompanyResponse,
  type CreatedApiKey,
  type Endpoint,
  type OrdersFeedPage,
  type V1Order,
} from '@storefront/contract';
import { admin, customer } from '../../test/accounts.js';
import { apply, csvOf, preview, upload } from '../../test/import-kit.js';
import { insertPart } from '../../test/factories.js';
import { useTestApp } from '../../test/test-app.js';
import { auditLog } from '../audit/audit.tables.js';
import { orders } from '../orders/orders.tables.js';
import { parts } from '../parts/parts.tables.js';
import { stockMovements } from '../parts/stock.tables.js';

type Who = { auth: Record<string, string> } | null;
const shipTo = { street: '3 Mill Lane', city: 'Leeds', postalCode: 'LS2 7QT', country: 'UK' };

describe('machine API v1', () => {
  const ctx = useTestApp({ authRateLimit: false, mailRateLimit: false });
  const db = () => ctx.database.db;
  const call = (who: Who, method: string, url: string, payload?: unknown, headers = {}) =>
    ctx.app.inject({
      method: method as 'GET',
      url,
      headers: { ...(who ? who.auth : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const bearer = (key: { secret: string }) => ({
    auth: { authorization: `Bearer ${key.secret}` },
  });

  let staffMember: Awaited<ReturnType<typeof admin>> | undefined;
  const staff = async () => (staffMember ??= await admin(ctx.app, db()));

  async function staffKey(scopes: ApiScope[], name = 'Warehouse ERP') {
    const res = await call(await staff(), 'POST', '/api/staff/api-keys', { name, scopes });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<CreatedApiKey>();
  }

  async function companyWithKey(
    name: string,
    scopes: ApiScope[] = ['orders:read', 'orders:write', 'catalog:read'],
  ) {
    const owner = await customer(ctx.app);
    const made = await call(owner, 'POST', '/api/companies', {
      name,
      taxId: 'GB 123 4567 89',
      billingAddress: shipTo,
      deliveryAddresses: [],
    });
    expect(made.statusCode, made.body).toBe(201);
    const company = made.json<CompanyResponse>();
    const terms = await call(await staff(), 'PUT', `/api/staff/companies/${company.id}/terms`, {
      termsDays: 30,
      creditLimit: 100_000,
    });
    expect(terms.statusCode, terms.body).toBe(200);
    const res = await call(owner, 'POST', `/api/companies/${company.id}/api-keys`, {
      name: `${name} ERP`,
      scopes,
    });
    expect(res.statusCode, res.body).toBe(201);
    return { owner, company, key: res.json<CreatedApiKey>() };
  }

  const placeBody = (partNumber: string, quantity = 10, extra: Record<string, unknown> = {}) => ({
    lines: [{ partNumber, quantity }],
    poNumber: 'PO-778',
    phone: '+44 113 496 0000',
    shipTo,
    payment: 'account',
    ...extra,
  });
  const place = (
    key: CreatedApiKey,
    body: unknown,
    idem: string | null = `idem-${Math.random()}`,
  ) => call(bearer(key), 'POST', '/api/v1/orders', body, idem ? { 'idempotency-key': idem } : {});

  const stockOf = async (id: string) =>
    (await db().select().from(parts).where(eq(parts.id, id)))[0]!.availableQuantity;

  it('sets counts and applies changes through the ledger, lists unknown part numbers, audits under the key', async () => {
    const key = await staffKey(['stock:write']);
    const a = await insertPart(db(), { availableQuantity: 100 });
    const b = await insertPart(db(), { availableQuantity: 100 });
    const c = await insertPart(db(), { availableQuantity: 5 });
    const res = await call(bearer(key), 'POST', '/api/v1/stock', {
      lines: [
        { partNumber: a.sku.toLowerCase(), quantity: 40 },
        { partNumber: b.sku, change: 25 },
        { partNumber: c.sku, change: -9 },
        { partNumber: 'NO-SUCH-PART', quantity: 3 },
        { partNumber: 'odd"part\\,{NULL}', change: 1 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      changed: 3,
      unchanged: 0,
      unknownPartNumbers: ['NO-SUCH-PART', 'odd"part\\,{NULL}'],
      stoppedAtZero: [c.sku],
    });
    expect([await stockOf(a.id), await stockOf(b.id), await stockOf(c.id)]).toEqual([40, 125, 0]);
    const moves = await db().select().from(stockMovements).where(eq(stockMovements.partId, a.id));
    expect(moves.at(-1)).toMatchObject({
      kind: 'feed',
      delta: -60,
      levelAfter: 40,
      actorId: `api-key:${key.id}`,
    });
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.actorId, `api-key:${key.id}`));
    expect(entry?.actorEmail).toBe(`API key "Warehouse ERP" (${key.prefix}…)`);
    expect(entry?.summary).toMatch(/Stock feed of 5 lines: 3 parts changed, 2 unknown/);
    // The same feed again changes nothing.
    const again = await call(bearer(key), 'POST', '/api/v1/stock', {
      lines: [{ partNumber: a.sku, quantity: 40 }],
    });
    expect(again.json()).toMatchObject({ changed: 0, unchanged: 1 });
  });

  it('takes a count as of the time it was taken: orders placed since keep their stock', async () => {
    const key = await staffKey(['stock:write']);
    const { key: erp } = await companyWithKey('Asof Motors');
    const part = await insertPart(db(), { availableQuantity: 100, minOrderQuantity: 1 });
    await new Promise((r) => setTimeout(r, 20));
    const countedAt = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 20));
    const placed = await place(erp, placeBody(part.sku, 7));
    expect(placed.statusCode, placed.body).toBe(201);
    expect(await stockOf(part.id)).toBe(93);
    // The warehouse counted 50 before the order: 50 - 7.
    const res = await call(bearer(key), 'POST', '/api/v1/stock', {
      countedAt,
      lines: [{ partNumber: part.sku, quantity: 50 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stockOf(part.id)).toBe(43);
  });

  it('takes 10,000 lines in one call', async () => {
    const key = await staffKey(['stock:write']);
    const part = await insertPart(db(), { availableQuantity: 1 });
    const lines = Array.from({ length: 10_000 }, (_, i) =>
      i === 0 ? { partNumber: part.sku, quantity: 777 } : { partNumber: `UNKNOWN-${i}`, change: 1 },
    );
    const res = await call(bearer(key), 'POST', '/api/v1/stock', { lines });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json<{ unknownPartNumbers: string[] }>().unknownPartNumbers).toHaveLength(9_999);
    expect(await stockOf(part.id)).toBe(777);
    const tooMany = await call(bearer(key), 'POST', '/api/v1/stock', {
      lines: [...lines, { partNumber: 'X', change: 1 }],
    });
    expect(tooMany.statusCode).toBe(400);
  });

  it('sets prices and ladders in cents, refuses a ladder the part cannot take, lists unknown ones', async () => {
    const key = await staffKey(['prices:write']);
    const a = await insertPart(db(), { price: 10, minOrderQuantity: 10 });
    const b = await insertPart(db(), { price: 10, minOrderQuantity: 10 });
    const res = await call(bearer(key), 'POST', '/api/v1/prices', {
      lines: [
        { partNumber: a.sku, priceCents: 950, volumePrices: [{ minQuantity: 50, unitCents: 900 }] },
        { partNumber: b.sku, priceCents: 800, volumePrices: [{ minQuantity: 5, unitCents: 700 }] },
        { partNumber: 'NOPE-1', priceCents: 100 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<{ rejected: { partNumber: string }[] }>();
    expect(result).toMatchObject({ changed: 1, unchanged: 0, unknownPartNumbers: ['NOPE-1'] });
    expect(result.rejected.map((r) => r.partNumber)).toEqual([b.sku]);
    const [row] = await db().select().from(parts).where(eq(parts.id, a.id));
    expect(row).toMatchObject({ priceCents: 950, tierQuantities: [50], tierCents: [900] });
    expect((await db().select().from(parts).where(eq(parts.id, b.id)))[0]?.priceCents).toBe(1000);
    for (const bad of [
      { lines: [{ partNumber: a.sku, priceCents: 9.5 }] },
      { lines: [{ partNumber: a.sku, priceCents: -1 }] },
      {
        lines: [
          { partNumber: a.sku, priceCents: 100 },
          { partNumber: a.sku.toLowerCase(), priceCents: 200 },
        ],
      },
    ]) {
      const refused = await call(bearer(key), 'POST', '/api/v1/prices', bad);
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });

  it("places a company ERP's order once per Idempotency-Key: same body same order, another body 422", async () => {
    const { key, company } = await companyWithKey('Idem Haulage');
    const part = await insertPart(db(), { availableQuantity: 1000, minOrderQuantity: 1, price: 4 });
    expect((await place(key, placeBody(part.sku), null)).json()).toMatchObject({
      error: 'IDEMPOTENCY_KEY_REQUIRED',
    });
    const first = await place(key, placeBody(part.sku, 3), 'erp-order-0001');
    expect(first.statusCode, first.body).toBe(201);
    const order = first.json<V1Order>();
    expect(order).toMatchObject({
      companyId: company.id,
      paymentMode: 'account',
      poNumber: 'PO-778',
      totalCents: 1200,
      lines: [{ partNumber: part.sku, quantity: 3, unitCents: 400, totalCents: 1200 }],
    });
    const placedEntries = () =>
      db()
        .select()
        .from(auditLog)
        .where(sql`${auditLog.action} = 'order.place' and ${auditLog.targetId} = ${order.id}`);
    expect(await placedEntries()).toHaveLength(1);
    // A crash between the order and its entry: the ERP's retry writes the entry, once.
    await db()
      .delete(auditLog)
      .where(sql`${auditLog.action} = 'order.place' and ${auditLog.targetId} = ${order.id}`);
    const retries = await Promise.all(
      Array.from({ length: 5 }, () => place(key, placeBody(part.sku, 3), 'erp-order-0001')),
    );
    expect(retries.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await placedEntries()).toHaveLength(1);
    const again = await place(key, placeBody(part.sku, 3), 'erp-order-0001');
    expect(again.statusCode).toBe(200);
    expect(again.json<V1Order>().id).toBe(order.id);
    expect(await placedEntries()).toHaveLength(1);
    const other = await place(key, placeBody(part.sku, 4), 'erp-order-0001');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ error: 'IDEMPOTENCY_KEY_REUSED' });
    // Twenty at once with one key: one order.
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => place(key, placeBody(part.sku, 2), 'erp-order-0002')),
    );
    for (const a of answers) expect([200, 201], a.body).toContain(a.statusCode);
    expect(new Set(answers.map((a) => a.json<V1Order>().id)).size).toBe(1);
    const count = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.companyId, company.id));
    expect(Number(count[0]?.n)).toBe(2);
    expect(await stockOf(part.id)).toBe(1000 - 3 - 2);
    // Unknown part numbers: named by line, nothing placed.
    const unknown = await place(key, placeBody('NO-SUCH-NUMBER'));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      error: 'UNKNOWN_PART_NUMBERS',
      fields: { 'lines.0.partNumber': expect.any(String) },
    });
  });

  it('feeds orders by cursor: a company key sees its own, a change brings an order back, nothing repeats', async () => {
    const key = await staffKey(['orders:read']);
    const a = await companyWithKey('Feed A Ltd');
    const b = await companyWithKey('Feed B Ltd');
    const part = await insertPart(db(), { availableQuantity: 1000, minOrderQuantity: 1 });
    const placedA = (await place(a.key, placeBody(part.sku, 1))).json<V1Order>();
    const placedB = (await place(b.key, placeBody(part.sku, 1))).json<V1Order>();

    const readAll = async (who: CreatedApiKey, cursor?: string) => {
      const seen: V1Order[] = [];
      let next = cursor;
      for (;;) {
        const res = await call(
          bearer(who),
          'GET',
          `/api/v1/orders?limit=1${next ? `&cursor=${next}` : ''}`,
        );
        expect(res.statusCode, res.body).toBe(200);
        const page = res.json<OrdersFeedPage>();
        seen.push(...page.orders);
        next = page.nextCursor;
        if (!page.hasMore) return { seen, next };
      }
    };
    const all = await readAll(key);
    expect(all.seen.map((o) => o.id)).toEqual(expect.arrayContaining([placedA.id, placedB.id]));
    expect(new Set(all.seen.map((o) => o.id)).size).toBe(all.seen.length);
    const onlyA = await readAll(a.key);
    expect(onlyA.seen.map((o) => o.id)).toEqual([placedA.id]);
    // Caught up: nothing new.
    expect((await readAll(key, all.next)).seen).toEqual([]);
    // A shipment changes order A: it comes once more.
    const ship = await staffKey(['fulfilment:write']);
    expect(
      (
        await call(bearer(ship), 'POST', `/api/v1/orders/${placedA.id}/shipment`, {
          parcels: [{ carrier: 'DHL', trackingNumber: '00340434' }],
        })
      ).statusCode,
    ).toBe(200);
    const after = await readAll(key, all.next);
    expect(after.seen.map((o) => [o.id, o.status])).toEqual([[placedA.id, 'shipped']]);
    // Another company's order: 404 to a company key, as an unknown one.
    expect((await call(bearer(a.key), 'GET', `/api/v1/orders/${placedB.id}`)).statusCode).toBe(404);
    expect((await call(bearer(a.key), 'GET', `/api/v1/orders/${placedA.id}`)).statusCode).toBe(200);
    expect(
      (await call(bearer(key), 'GET', '/api/v1/orders?cursor=bm90LWEtY3Vyc29y')).json(),
    ).toMatchObject({
      error: 'BAD_CURSOR',
    });
  });

  it('never skips an order written by a transaction that commits after a later one', async () => {
    if (ctx.database.kind !== 'postgres') return; // one connection on the embedded database
    const key = await staffKey(['orders:read']);
    const { key: erp } = await companyWithKey('Race Feed Ltd');
    const part = await insertPart(db(), { availableQuantity: 1000, minOrderQuantity: 1 });
    const early = (await place(erp, placeBody(part.sku, 1))).json<V1Order>();
    const late = (await place(erp, placeBody(part.sku, 1))).json<V1Order>();
    const head = await call(bearer(key), 'GET', '/api/v1/orders?limit=500');
    let cursor = head.json<OrdersFeedPage>().nextCursor;
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let started!: () => void;
    const isOpen = new Promise<void>((r) => (started = r));
    // A transaction writes the early order first and stays open while a later one commits.
    const slow = db().transaction(async (tx) => {
      await tx.update(orders).set({ poNumber: 'slow' }).where(eq(orders.id, early.id));
      started();
      await held;
    });
    await isOpen;
    await db().update(orders).set({ poNumber: 'fast' }).where(eq(orders.id, late.id));
    const during = await call(bearer(key), 'GET', `/api/v1/orders?cursor=${cursor}`);
    // The later commit waits behind the open transaction: nothing is handed out past it.
    expect(during.json<OrdersFeedPage>().orders).toEqual([]);
    cursor = during.json<OrdersFeedPage>().nextCursor;
    release();
    await slow;
    const afterwards = await call(bearer(key), 'GET', `/api/v1/orders?cursor=${cursor}`);
    expect(afterwards.json<OrdersFeedPage>().orders.map((o) => o.poNumber)).toEqual([
      'slow',
      'fast',
    ]);
  });

  it('ships with several parcels and mails the customer, delivers, refuses an order not paid', async () => {
    const key = await staffKey(['fulfilment:write']);
    const { key: erp, owner } = await companyWithKey('Ship Ltd');
    const part = await insertPart(db(), { availableQuantity: 1000, minOrderQuantity: 1 });
    const unpaid = (
      await place(erp, placeBody(part.sku, 1, { payment: 'unpaid' }))
    ).json<V1Order>();
    expect(unpaid.status).toBe('unpaid');
    const refused = await call(bearer(key), 'POST', `/api/v1/orders/${unpaid.id}/shipment`, {
      parcels: [{ carrier: 'DHL', trackingNumber: '1' }],
    });
    expect(refused.statusCode).toBe(409);
    const order = (await place(erp, placeBody(part.sku, 1))).json<V1Order>();
    const shipped = await call(bearer(key), 'POST', `/api/v1/orders/${order.id}/shipment`, {
      parcels: [
        { carrier: 'DHL', trackingNumber: 'JD0001' },
        { carrier: 'DHL', trackingNumber: 'JD0002' },
      ],
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json()).toMatchObject({
      status: 'shipped',
      carrier: 'DHL',
      trackingNumber: 'JD0001, JD0002',
    });
    await ctx.app.storefront.outbox.runDue();
    expect(ctx.mailer.sent.some((m) => m.to === owner.email && m.text.includes('JD0002'))).toBe(
      true,
    );
    const delivered = await call(bearer(key), 'POST', `/api/v1/orders/${order.id}/delivery`);
    expect(delivered.json()).toMatchObject({ status: 'delivered' });
    expect(
      (await call(bearer(key), 'POST', `/api/v1/orders/${order.id}/delivery`)).statusCode,
    ).toBe(409);
  });

  it('lets every v1 route in with its scopes only, and a company key only to its own company', async () => {
    const part = await insertPart(db(), { availableQuantity: 1000, minOrderQuantity: 1 });
    const owner = await companyWithKey('Matrix Ltd', ['orders:write']);
    const order = (await place(owner.key, placeBody(part.sku, 1))).json<V1Order>();
    const other = await companyWithKey('Other Matrix Ltd', [...COMPANY_SCOPES]);
    const keys: { key: CreatedApiKey; scope: ApiScope; companyId: string | null }[] = [];
    for (const scope of STAFF_SCOPES)
      keys.push({ key: await staffKey([scope]), scope, companyId: null });
    for (const scope of COMPANY_SCOPES) {
      const res = await call(owner.owner, 'POST', `/api/companies/${owner.company.id}/api-keys`, {
        name: scope,
        scopes: [scope],
      });
      keys.push({ key: res.json<CreatedApiKey>(), scope, companyId: owner.company.id });
    }
    const bodies: Record<string, unknown> = {
      v1StockFeed: { lines: [{ partNumber: 'NONE', change: 1 }] },
      v1PriceFeed: { lines: [{ partNumber: 'NONE', priceCents: 100 }] },
      v1PlaceOrder: placeBody(part.sku, 1),
      v1Ship: { parcels: [{ carrier: 'DHL', trackingNumber: 'X' }] },
    };
    let tried = 0;
    for (const [name, e] of Object.entries(endpoints) as [string, Endpoint][]) {
      if (e.access !== 'api-key' || !e.scopes?.length) continue;
      const url = e.path.replace('{id}', order.id);
      for (const { key, scope } of keys) {
        const res = await call(bearer(key), e.method, url, bodies[name], {
          'idempotency-key': `matrix-${name}-${scope}`,
        });
        const where = `${name} with ${scope}: ${res.statusCode} ${res.body.slice(0, 200)}`;
        if (e.scopes.includes(scope)) expect(res.statusCode, where).not.toBe(403);
        else {
          expect(res.statusCode, where).toBe(403);
          expect(res.json(), where).toMatchObject({ error: 'SCOPE_MISSING' });
        }
        expect(res.statusCode, where).toBeLessThan(500);
        tried += 1;
      }
      // Another company's key with every company scope never reaches this company's order.
      if (url.includes(order.id)) {
        const res = await call(bearer(other.key), e.method, url, bodies[name]);
        expect([403, 404], `${name} by another company`).toContain(res.statusCode);
      }
    }
    expect(tried).toBeGreaterThan(40);
    const feed = await call(bearer(other.key), 'GET', '/api/v1/orders');
    expect(feed.json<OrdersFeedPage>().orders.map((o) => o.id)).not.toContain(order.id);
  });

  it("shows a company key its company's own prices, another company's key the public price", async () => {
    const part = await insertPart(db(), { availableQuantity: 50, minOrderQuantity: 2, price: 10 });
    const contract = await companyWithKey('Contract Fleet Ltd', ['catalog:read']);
    const plain = await companyWithKey('Plain Fleet Ltd', ['catalog:read']);
    const list = await call(await staff(), 'POST', '/api/staff/price-lists', {
      name: 'Fleet 2027',
      percentOff: 10,
    });
    expect(list.statusCode, list.body).toBe(201);
    const listId = list.json<{ id: string }>().id;
    const entries = await call(await staff(), 'POST', `/api/staff/price-lists/${listId}/entries`, {
      entries: [{ partNumber: part.sku, minQuantity: 1, price: 7.25 }],
    });
    expect(entries.statusCode, entries.body).toBeLessThan(300);
    const assigned = await call(
      await staff(),
      'PUT',
      `/api/staff/price-lists/${listId}/companies/${contract.company.id}`,
      { priority: 1 },
    );
    expect(assigned.statusCode, assigned.body).toBeLessThan(300);
    const seen = async (key: CreatedApiKey) => {
      const res = await call(bearer(key), 'GET', `/api/v1/catalog?partNumbers=${part.sku}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ parts: { priceCents: number; yourPriceCents: number | null }[] }>()
        .parts[0];
    };
    const [mine, theirs] = await Promise.all([seen(contract.key), seen(plain.key)]);
    expect(mine).toMatchObject({ priceCents: 1000, yourPriceCents: 725 });
    expect(theirs).toMatchObject({ priceCents: 1000, yourPriceCents: 1000 });
    // What the catalog says is what the ERP's order is charged.
    const ordering = await call(
      contract.owner,
      'POST',
      `/api/companies/${contract.company.id}/api-keys`,
      {
        name: 'Contract ERP orders',
        scopes: ['orders:write'],
      },
    );
    const placed = await place(ordering.json<CreatedApiKey>(), placeBody(part.sku, 4));
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json<V1Order>()).toMatchObject({
      totalCents: 2900,
      lines: [{ partNumber: part.sku, quantity: 4, unitCents: 725, totalCents: 2900 }],
    });
  });

  it("imports the catalog with a catalog:write key through the console's preview and apply, audited under the key", async () => {
    const key = await staffKey(['catalog:write'], 'PIM export');
    const other = await staffKey(['stock:write']);
    const row = (cells: Partial<Record<(typeof PART_COLUMNS)[number]['key'], string | number>>) =>
      PART_COLUMNS.map((c) => cells[c.key] ?? '');
    const csv = csvOf([
      PART_COLUMNS.map((c) => c.header),
      row({
        sku: 'KEY-IMPORT-1',
        name: 'Cabin filter',
        price: '9.90',
        minOrderQuantity: 1,
        stock: 12,
      }),
    ]);
    const file = [{ field: 'parts', name: 'pim.csv', content: csv, type: 'text/csv' }];
    const refused = await upload(ctx.app, bearer(other), file);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'SCOPE_MISSING' });
    const previewed = await preview(ctx.app, bearer(key), file);
    expect(previewed).toMatchObject({ status: 'previewed', counts: { new: 1 } });
    const applied = await apply(ctx.app, bearer(key), previewed.id);
    expect(applied.status, JSON.stringify(applied)).toBe('applied');
    const [part] = await db().select().from(parts).where(eq(parts.sku, 'KEY-IMPORT-1'));
    expect(part).toMatchObject({ name: 'Cabin filter', availableQuantity: 12 });
    const entries = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.actorId, `api-key:${key.id}`));
    expect(entries.map((e) => e.actorEmail)).toContain(`API key "PIM export" (${key.prefix}…)`);
  });

  it('answers odd input with a 4xx in the error shape, never a 5xx', async () => {
    const key = await staffKey(['stock:write', 'prices:write']);
    const { key: erp } = await companyWithKey('Odd Input Ltd');
    const cases: { url: string; who: CreatedApiKey; payload: string; type?: string }[] = [
      {
        url: '/api/v1/stock',
        who: key,
        payload: '{"lines":[{"partNumber":"a\\u0000b","change":1}]}',
      },
      { url: '/api/v1/stock', who: key, payload: '{"lines":' },
      {
        url: '/api/v1/stock',
        who: key,
        payload: 'lines=1',
        type: 'application/x-www-form-urlencoded',
      },
      {
        url: '/api/v1/stock',
        who: key,
        payload: JSON.stringify({ lines: [{ partNumber: 'x'.repeat(3_000_000), change: 1 }] }),
      },
      { url: '/api/v1/prices', who: key, payload: '[]' },
      {
        url: '/api/v1/orders',
        who: erp,
        payload: '{"lines":[{"partNumber":{"$gt":""},"quantity":1}]}',
      },
    ];
    for (const c of cases) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: c.url,
        headers: {
          authorization: `Bearer ${c.who.secret}`,
          'content-type': c.type ?? 'application/json',
          'idempotency-key': 'odd-input-key',
        },
        payload: c.payload,
      });
      expect(
        res.statusCode,
        `${c.url} ${c.payload.slice(0, 80)}: ${res.body}`,
      ).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
    // A stranger's big body is refused before it is read.
    const stranger = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/stock',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ lines: [] }),
    });
    expect(stranger.statusCode).toBe(401);
  });
});
