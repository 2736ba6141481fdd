import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { OrderResponse, ReturnOptions, ReturnWindows } from '@storefront/contract';
import { admin, customer } from '../../test/accounts.js';
import { insertPart } from '../../test/factories.js';
import { payInSandbox } from '../../test/pay.js';
import { useTestApp } from '../../test/test-app.js';
import { auditLog } from '../audit/audit.tables.js';
import { orders } from '../orders/orders.tables.js';
import { parts } from '../parts/parts.tables.js';

const shipTo = { street: '3 Mill Lane', city: 'Leeds', postalCode: 'LS2 7QT', country: 'UK' };
const DAY = 86_400_000;

/** Decision 065: return windows by category; a part's own wins, then its category's, then 30 days. */
describe('return windows per category', () => {
  const ctx = useTestApp({
    authRateLimit: false,
    mailRateLimit: false,
    openOrderLimits: { count: 1000, valueCents: 1e12 },
  });
  const db = () => ctx.database.db;
  type Who = { auth: Record<string, string> };
  const call = (who: Who | null, method: string, url: string, payload?: unknown) =>
    ctx.app.inject({
      method: method as 'GET',
      url,
      headers: who ? who.auth : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  it('applies the part’s window, else its category’s, else the default, on the server’s clock; only staff set them', async () => {
    const staff = await admin(ctx.app, db());
    const buyer = await customer(ctx.app);
    const part = async (category: string) => {
      const made = await insertPart(db(), { price: 20, minOrderQuantity: 1 });
      await db().update(parts).set({ category }).where(eq(parts.id, made.id));
      return made;
    };
    const disc = await part('brakes'); // brakes: 60 days
    const pads = await part('brakes'); // its own 20 days win over its category's 60
    const bulb = await part('lighting'); // lighting: 10 days
    const hose = await part('cooling'); // no window: the default 30

    expect((await call(buyer, 'GET', '/api/staff/return-windows')).statusCode).toBe(403);
    expect(
      (await call(buyer, 'PUT', '/api/staff/return-windows', { windows: { brakes: 1 } }))
        .statusCode,
    ).toBe(403);
    const bad = await call(staff, 'PUT', '/api/staff/return-windows', {
      windows: { wheels: 10, brakes: -1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'VALIDATION_FAILED' });
    const set = await call(staff, 'PUT', '/api/staff/return-windows', {
      windows: { brakes: 60, lighting: 10, cooling: null },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<ReturnWindows>()).toEqual({
      defaultDays: 30,
      windows: { brakes: 60, lighting: 10 },
    });
    expect((await call(staff, 'GET', '/api/staff/return-windows')).json()).toEqual(set.json());
    const own = await call(staff, 'PUT', `/api/staff/parts/${pads.id}/return-policy`, {
      returnDays: 20,
      noReturnReason: null,
      warrantyMonths: 0,
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(
      (await db().select().from(auditLog).where(eq(auditLog.action, 'return.windows'))).map(
        (a) => a.summary,
      ),
    ).toEqual(['Return windows by category: brakes 60 days, lighting 10 days']);

    const placed = await call(buyer, 'POST', '/api/checkout', {
      lines: [disc, pads, bulb, hose].map((p) => ({
        partId: p.id,
        quantity: 1,
        unitPrice: p.priceCents / 100,
      })),
      shipTo,
      phone: '0113 496 0000',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<OrderResponse>();
    await payInSandbox(ctx.app, buyer, order._id);
    await call(staff, 'POST', `/api/staff/orders/${order._id}/ship`, {
      carrier: 'DPD',
      trackingNumber: '1',
    });
    await call(staff, 'POST', `/api/staff/orders/${order._id}/deliver`);
    const deliveredAt = new Date(Date.now() - 25 * DAY);
    await db().update(orders).set({ deliveredAt }).where(eq(orders.id, order._id));

    const options = (
      await call(buyer, 'GET', `/api/returns/options?orderId=${order._id}`)
    ).json<ReturnOptions>();
    const until = (days: number) => new Date(deliveredAt.getTime() + days * DAY).toISOString();
    expect(options.lines.map((l) => l.returnUntil)).toEqual([
      until(60),
      until(20),
      until(10),
      until(30),
    ]);
    const ask = (lineNo: number) =>
      call(buyer, 'POST', '/api/returns', {
        orderId: order._id,
        reason: 'not_needed',
        lines: [{ lineNo, quantity: 1 }],
      });
    // 25 days after delivery: the disc (60) and the hose (30) may come back; the pads (own 20)
    // and the bulb (lighting 10) may not.
    expect((await ask(1)).statusCode).toBe(201);
    expect((await ask(2)).json()).toMatchObject({ error: 'RETURN_WINDOW_CLOSED' });
    expect((await ask(3)).json()).toMatchObject({ error: 'RETURN_WINDOW_CLOSED' });
    expect((await ask(4)).statusCode).toBe(201);

    // The part editor still shows the part's own policy, not its category's.
    expect(
      (await call(staff, 'GET', `/api/staff/parts/${disc.id}/return-policy`)).json(),
    ).toMatchObject({ returnDays: null });
    // Clearing every window brings back the default.
    const cleared = await call(staff, 'PUT', '/api/staff/return-windows', { windows: {} });
    expect(cleared.json()).toEqual({ defaultDays: 30, windows: {} });
  });

  it('keeps one set of windows when staff save many at once', async () => {
    const staff = await admin(ctx.app, db());
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(staff, 'PUT', '/api/staff/return-windows', {
          windows: { brakes: 10 + i, filters: 40 + i },
        }),
      ),
    );
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const now = (await call(staff, 'GET', '/api/staff/return-windows')).json<ReturnWindows>();
    expect(Object.keys(now.windows).sort()).toEqual(['brakes', 'filters']);
    expect(now.windows.filters! - now.windows.brakes!).toBe(30);
  });
});
