import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  endpoints,
  type AdminEntry,
  type AuditPage,
  type Endpoint,
  type OrderResponse,
  type StaffOrderDetails,
  type StaffOrderPage,
  type StaffOrderTotals,
  type StaffOverview,
} from '@storefront/contract';
import { admin, customer } from '../../test/accounts.js';
import { insertPart } from '../../test/factories.js';
import { payInSandbox } from '../../test/pay.js';
import { useTestApp } from '../../test/test-app.js';
import { parts } from '../parts/parts.tables.js';
import { refunds } from '../payments/payments.tables.js';
import { userRoles } from '../users/users.tables.js';

type Person = Awaited<ReturnType<typeof customer>>;
const shipTo = { street: '3 Quay Street', city: 'Bristol', postalCode: 'BS1 4DJ', country: 'UK' };

const STAFF = (Object.entries(endpoints) as [string, Endpoint][]).filter(([, e]) =>
  e.path.startsWith('/api/staff/'),
);
const concreteUrl = (e: Endpoint) =>
  e.path.replace('{id}', '00000000-0000-4000-8000-000000000000').replace('{email}', 'a%40b.co');

describe('staff console API', () => {
  const ctx = useTestApp({
    authRateLimit: false,
    openOrderLimits: { count: 1000, valueCents: 1e12 },
  });
  const as = (who: Person) => who.auth;
  const place = async (buyer: Person, partId: string, quantity = 10) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/purchase',
      headers: buyer.auth,
      payload: { partId, minimum: quantity, shipTo, phone: '0123456789' },
    });
    expect(res.statusCode).toBe(201);
    return res.json<OrderResponse>();
  };
  const pay = (buyer: Person, orderId: string) => payInSandbox(ctx.app, buyer, orderId);
  const staff = (who: Person, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: as(who), ...(payload ? { payload } : {}) });
  const availableOf = async (partId: string) =>
    (await ctx.database.db.select().from(parts).where(eq(parts.id, partId)))[0]!.availableQuantity;

  it('refuses every staff endpoint to the anonymous (401) and to customers (403)', async () => {
    const buyer = await customer(ctx.app);
    expect(STAFF.length).toBeGreaterThanOrEqual(11);
    for (const [name, e] of STAFF) {
      const anonymous = await ctx.app.inject({
        method: e.method,
        url: concreteUrl(e),
        payload: {},
      });
      expect(anonymous.statusCode, name).toBe(401);
      const refused = await ctx.app.inject({
        method: e.method,
        url: concreteUrl(e),
        headers: as(buyer),
        payload: { email: buyer.email, carrier: 'DHL', trackingNumber: '1' },
      });
      expect(refused.statusCode, name).toBe(403);
      expect(refused.json()).toMatchObject({ error: 'FORBIDDEN' });
    }
    expect(new Set(STAFF.map(([, e]) => e.access))).toEqual(new Set(['admin']));
  });

  it('finds an order by its number, ships it with tracking the customer sees, and records who did it', async () => {
    const boss = await admin(ctx.app, ctx.database.db);
    const buyer = await customer(ctx.app, { name: 'Ada Fairweather' });
    const part = await insertPart(ctx.database.db, { name: 'Brake disc, vented' });
    const order = await place(buyer, part.id);
    await pay(buyer, order._id);

    const found = await staff(boss, 'GET', `/api/staff/orders?q=${order.number}`);
    expect(found.statusCode).toBe(200);
    const page = found.json<StaffOrderPage>();
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      _id: order._id,
      number: order.number,
      customerName: 'Ada Fairweather',
      customerEmail: buyer.email,
      payment: 'paid',
      fulfilment: 'not shipped',
    });
    // The bare digits find it too; so do part of the email and part of the part's name.
    for (const q of [order.number.slice(2), buyer.email.slice(0, 12), 'disc, VENT']) {
      const res = await staff(boss, 'GET', `/api/staff/orders?q=${encodeURIComponent(q)}`);
      expect(
        res.json<StaffOrderPage>().items.map((i) => i._id),
        q,
      ).toContain(order._id);
    }

    const unshippable = await staff(boss, 'POST', `/api/staff/orders/${order._id}/ship`, {
      carrier: '',
      trackingNumber: 'x',
    });
    expect(unshippable.statusCode).toBe(400);
    expect(unshippable.json()).toMatchObject({ fields: { carrier: 'Carrier is required' } });

    // Two staff members ship it at once: one shipment, one refusal.
    const [a, b] = await Promise.all(
      ['JD0002', 'JD0003'].map((trackingNumber) =>
        staff(boss, 'POST', `/api/staff/orders/${order._id}/ship`, {
          carrier: 'DHL',
          trackingNumber,
        }),
      ),
    );
    expect([a!.statusCode, b!.statusCode].sort()).toEqual([200, 409]);

    const seen = await ctx.app.inject({
      method: 'GET',
      url: `/api/purchase/${order._id}`,
      headers: as(buyer),
    });
    expect(seen.json()).toMatchObject({ status: 'shipped', carrier: 'DHL' });
    expect(seen.json<OrderResponse>().trackingNumber).toMatch(/^JD000[23]$/);

    await ctx.app.storefront.outbox.runDue();
    const details = (
      await staff(boss, 'GET', `/api/staff/orders/${order._id}`)
    ).json<StaffOrderDetails>();
    expect(details).toMatchObject({
      payment: 'paid',
      fulfilment: 'shipped',
      customer: { email: buyer.email, name: 'Ada Fairweather' },
      paymentRecord: { provider: 'sandbox', status: 'succeeded', amount: order.partPrice },
    });
    expect(details.timeline.map((t) => t.to)).toEqual(['unpaid', 'paid', 'shipped']);
    expect(details.timeline.at(-1)).toMatchObject({ actor: 'staff', actorEmail: boss.email });
    expect(details.emails.map((m) => m.kind)).toEqual(expect.arrayContaining(['paid', 'shipped']));

    const delivered = await staff(boss, 'POST', `/api/staff/orders/${order._id}/deliver`);
    expect(delivered.json()).toMatchObject({ status: 'delivered' });
    const again = await staff(boss, 'POST', `/api/staff/orders/${order._id}/deliver`);
    expect(again.statusCode).toBe(409);

    const audit = (await staff(boss, 'GET', '/api/staff/audit?pageSize=200')).json<AuditPage>();
    const mine = audit.items.filter((e) => e.targetId === order._id);
    expect(mine.map((e) => e.action)).toEqual(['order.deliver', 'order.ship']);
    expect(mine[1]).toMatchObject({ actorEmail: boss.email });
    expect(mine[1]!.summary).toContain(order.number);
  });

  it('cancels a paid order: stock back, a full refund carried out, the customer sees it refunded', async () => {
    const boss = await admin(ctx.app, ctx.database.db);
    const buyer = await customer(ctx.app);
    const part = await insertPart(ctx.database.db, { availableQuantity: 100 });
    const order = await place(buyer, part.id, 10);
    await pay(buyer, order._id);
    expect(await availableOf(part.id)).toBe(90);

    // Staff cancel it twice at once: one cancel, one refund, stock back once.
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        staff(boss, 'POST', `/api/staff/orders/${order._id}/cancel`, { reason: 'Out of spec' }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await availableOf(part.id)).toBe(100);
    const recorded = await ctx.database.db
      .select()
      .from(refunds)
      .where(eq(refunds.orderId, order._id));
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ amountCents: Math.round(order.partPrice * 100) });

    await ctx.app.storefront.outbox.runDue();
    const details = (
      await staff(boss, 'GET', `/api/staff/orders/${order._id}`)
    ).json<StaffOrderDetails>();
    expect(details).toMatchObject({ payment: 'refunded', fulfilment: 'canceled' });
    expect(details.refunds[0]).toMatchObject({ status: 'succeeded', amount: order.partPrice });
    expect(details.timeline.at(-1)).toMatchObject({ to: 'canceled', note: 'Out of spec' });

    const canceled = await ctx.app.inject({
      method: 'GET',
      url: '/api/purchase?status=canceled',
      headers: as(buyer),
    });
    expect(canceled.json<OrderResponse[]>()[0]).toMatchObject({
      _id: order._id,
      refund: { status: 'succeeded', amount: order.partPrice },
    });

    const shipped = await place(buyer, part.id, 10);
    await pay(buyer, shipped._id);
    await staff(boss, 'POST', `/api/staff/orders/${shipped._id}/ship`, {
      carrier: 'UPS',
      trackingNumber: '1Z999',
    });
    const late = await staff(boss, 'POST', `/api/staff/orders/${shipped._id}/cancel`, {});
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error: 'ORDER_NOT_CANCELABLE' });
  });

  it('cancels an unpaid order for the customer, with its stock back and no refund', async () => {
    const boss = await admin(ctx.app, ctx.database.db);
    const buyer = await customer(ctx.app);
    const part = await insertPart(ctx.database.db, { availableQuantity: 50 });
    const order = await place(buyer, part.id, 20);
    const res = await staff(boss, 'POST', `/api/staff/orders/${order._id}/cancel`, {});
    expect(res.json()).toMatchObject({ status: 'canceled' });
    expect(await availableOf(part.id)).toBe(50);
    const details = (
      await staff(boss, 'GET', `/api/staff/orders/${order._id}`)
    ).json<StaffOrderDetails>();
    expect(details).toMatchObject({ payment: 'voided', refunds: [] });
  });

  it('pages through the filtered orders both ways, with totals of the whole filter', async () => {
    const boss = await admin(ctx.app, ctx.database.db);
    const buyer = await customer(ctx.app);
    const part = await insertPart(ctx.database.db, { name: 'Pager test bushing', price: 2 });
    const placed: OrderResponse[] = [];
    for (let i = 0; i < 7; i += 1) placed.push(await place(buyer, part.id, 10));
    const q = 'Pager test bushing';
    const filter = `q=${encodeURIComponent(q)}&status=unpaid`;
    const base = `/api/staff/orders?${filter}&pageSize=3`;
    const totals = (query: string) =>
      staff(boss, 'GET', `/api/staff/orders/totals?${query}`).then((r) =>
        r.json<StaffOrderTotals>(),
      );
    const seen: string[][] = [];
    let page = (await staff(boss, 'GET', base)).json<StaffOrderPage>();
    expect(await totals(filter)).toEqual({ count: 7, value: 140 });
    expect(page.prevCursor).toBeNull();
    seen.push(page.items.map((i) => i._id));
    while (page.nextCursor) {
      page = (await staff(boss, 'GET', `${base}&after=${page.nextCursor}`)).json<StaffOrderPage>();
      seen.push(page.items.map((i) => i._id));
    }
    expect(seen.map((s) => s.length)).toEqual([3, 3, 1]);
    expect(seen.flat()).toEqual(placed.map((o) => o._id).reverse());
    // And back from the last page to the one before it.
    const back = (
      await staff(boss, 'GET', `${base}&before=${page.prevCursor}`)
    ).json<StaffOrderPage>();
    expect(back.items.map((i) => i._id)).toEqual(seen[1]);

    const today = new Date().toISOString().slice(0, 10);
    expect((await totals(`${filter}&from=${today}&to=${today}`)).count).toBe(7);
    expect(await totals(`${filter}&to=2001-01-01`)).toEqual({ count: 0, value: 0 });
    const ranged = await staff(boss, 'GET', `${base}&from=${today}&to=${today}`);
    expect(ranged.json<StaffOrderPage>().items).toHaveLength(3);

    for (const bad of ['status=lost', 'pageSize=1000', 'from=yesterday', 'q=' + 'x'.repeat(101)]) {
      const res = await staff(boss, 'GET', `/api/staff/orders?${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ error: 'VALIDATION_FAILED' });
    }
    for (const bad of ['status=lost', 'from=yesterday', 'q=' + 'x'.repeat(101)]) {
      const res = await staff(boss, 'GET', `/api/staff/orders/totals?${bad}`);
      expect(res.statusCode, bad).toBe(400);
    }
  });

  it('exports the filtered orders as CSV a spreadsheet cannot be tricked by', async () => {
    const boss = await admin(ctx.app, ctx.database.db);
    const buyer = await customer(ctx.app, { name: '=HYPERLINK("http://evil")' });
    const part = await insertPart(ctx.database.db, { name: 'Gasket, "head", 2 mm' });
    const order = await place(buyer, part.id);
    const res = await staff(boss, 'GET', `/api/staff/orders.csv?q=${order.number}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('orders.csv');
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Order,Date,Customer,Email,Part,Quantity,Total,Status,Payment,Fulfilment,Carrier,Tracking number,' +
        'Line,Part number,Unit price,Line total,Reference,Line status',
    );
    // One row per line: a one-part order is one row.
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${order.number},`);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(lines[1]).toContain('"Gasket, ""head"", 2 mm"');
    expect(lines[1]).toContain(',unpaid,unpaid,not shipped,,');
  });

  it('sums today, the last 30 days, orders to ship and low stock', async () => {
    const boss = await admin(ctx.app, ctx.database.db);
    const before = (await staff(boss, 'GET', '/api/staff/overview')).json<StaffOverview>();
    const buyer = await customer(ctx.app);
    // Below LOW_STOCK_FACTOR times its minimum once the order is placed.
    const part = await insertPart(ctx.database.db, {
      minOrderQuantity: 10,
      availableQuantity: 35,
      price: 3,
    });
    const order = await place(buyer, part.id, 10);
    await pay(buyer, order._id);
    const after = (await staff(boss, 'GET', '/api/staff/overview')).json<StaffOverview>();
    expect(after.today.paidOrders - before.today.paidOrders).toBe(1);
    expect(after.today.revenue - before.today.revenue).toBeCloseTo(30);
    expect(after.last30Days.paidOrders - before.last30Days.paidOrders).toBe(1);
    expect(after.waitingToShip - before.waitingToShip).toBe(1);
    expect(after.lowStockParts - before.lowStockParts).toBe(1);
  });

  it('grants and revokes admins, never the last one, and a revoked admin is refused at once', async () => {
    const boss = await admin(ctx.app, ctx.database.db);
    const helper = await admin(ctx.app, ctx.database.db);
    const newcomer = await customer(ctx.app);

    // The newcomer has not proved the address: the grant waits for that.
    const granted = await staff(boss, 'POST', '/api/staff/admins', { email: newcomer.email });
    expect(granted.statusCode).toBe(200);
    expect(granted.json<AdminEntry[]>().find((a) => a.email === newcomer.email)).toMatchObject({
      pending: true,
      source: 'staff',
      grantedBy: boss.email,
    });
    const stillCustomer = await staff(newcomer, 'GET', '/api/staff/overview');
    expect(stillCustomer.statusCode).toBe(403);
    const bad = await staff(boss, 'POST', '/api/staff/admins', { email: 'not an address' });
    expect(bad.statusCode).toBe(400);

    expect((await staff(helper, 'GET', '/api/staff/overview')).statusCode).toBe(200);
    const revoked = await staff(
      boss,
      'DELETE',
      `/api/staff/admins/${encodeURIComponent(helper.email)}`,
    );
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json<AdminEntry[]>().map((a) => a.email)).not.toContain(helper.email);
    expect((await staff(helper, 'GET', '/api/staff/overview')).statusCode).toBe(403);
    const unknown = await staff(
      boss,
      'DELETE',
      `/api/staff/admins/${encodeURIComponent('nobody@example.com')}`,
    );
    expect(unknown.statusCode).toBe(404);

    const audit = (await staff(boss, 'GET', '/api/staff/audit')).json<AuditPage>();
    expect(audit.items.slice(0, 2).map((e) => e.action)).toEqual(['role.revoke', 'role.grant']);
  });

  it('keeps one admin when every admin revokes every other at once', async () => {
    // A fresh app would be cleaner, but the file shares one: remove all but two admins first.
    const a = await admin(ctx.app, ctx.database.db);
    const b = await admin(ctx.app, ctx.database.db);
    const list = (await staff(a, 'GET', '/api/staff/admins')).json<AdminEntry[]>();
    for (const entry of list.filter((e) => ![a.email, b.email].includes(e.email)))
      expect(
        (await staff(a, 'DELETE', `/api/staff/admins/${encodeURIComponent(entry.email)}`))
          .statusCode,
      ).toBe(200);
    const results = await Promise.all([
      staff(a, 'DELETE', `/api/staff/admins/${encodeURIComponent(b.email)}`),
      staff(b, 'DELETE', `/api/staff/admins/${encodeURIComponent(a.email)}`),
      staff(a, 'DELETE', `/api/staff/admins/${encodeURIComponent(a.email)}`),
      staff(b, 'DELETE', `/api/staff/admins/${encodeURIComponent(b.email)}`),
    ]);
    const codes = results.map((r) => r.statusCode);
    // Only one revocation can go through; each other one finds the last admin (409), finds its
    // target already gone (404), or comes from the admin just revoked (403).
    expect(
      codes.filter((c) => c === 200),
      String(codes),
    ).toHaveLength(1);
    expect(
      codes.filter((c) => ![200, 403, 404, 409].includes(c)),
      String(codes),
    ).toEqual([]);
    expect(await ctx.database.db.select().from(userRoles)).toHaveLength(1);
  });
});
