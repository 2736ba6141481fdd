import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  LinesRefusal,
  OrderResponse,
  StaffOrderDetails,
  type CheckoutBody,
} from '@storefront/contract';
import type { Db } from '../../db/database.js';
import { rowsOf } from '../../db/raw-rows.js';
import { admin, customer } from '../../test/accounts.js';
import { insertPart } from '../../test/factories.js';
import { payInSandbox } from '../../test/pay.js';
import { useTestApp } from '../../test/test-app.js';
import { cartLines } from '../cart/cart.tables.js';
import { parts } from '../parts/parts.tables.js';
import { stockMovements } from '../parts/stock.tables.js';
import { orderLines, orders } from './orders.tables.js';

type Customer = Awaited<ReturnType<typeof customer>>;
type Line = CheckoutBody['lines'][number];

const shipTo = { street: '3 Mill Lane', city: 'Derby', postalCode: 'DE1 2AB', country: 'UK' };

const stockOf = async (db: Db, ids: string[]) => {
  const rows = await db
    .select({ id: parts.id, available: parts.availableQuantity })
    .from(parts)
    .where(inArray(parts.id, ids));
  return Object.fromEntries(rows.map((r) => [r.id, r.available]));
};

/** Every part's stock equals its ledger: the opening balance plus every movement since. */
const ledgerHolds = async (db: Db, ids: string[]) => {
  const rows = rowsOf(
    await db.execute(sql`
      select p.id, p.available_quantity, coalesce(sum(m.delta), 0)::int as moved
        from parts p left join stock_movements m on m.part_id = p.id
       where p.id = any(${sql.param(ids)}::uuid[])
       group by p.id, p.available_quantity`),
  );
  return rows.map((r) => ({
    id: r.id,
    available: Number(r.available_quantity),
    moved: Number(r.moved),
  }));
};

describe('orders of several lines', () => {
  const ctx = useTestApp({
    authRateLimit: false,
    openOrderLimits: { count: 1000, valueCents: 1e12 },
  });
  const checkout = (buyer: Customer, lines: Line[], extra: Partial<CheckoutBody> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: buyer.auth,
      payload: { lines, shipTo, phone: '01332 000000', ...extra },
    });

  it('places every line in one order with one total, reserves each line and writes its ledger row', async () => {
    const buyer = await customer(ctx.app);
    const a = await insertPart(ctx.database.db, { price: 8.2, minOrderQuantity: 10 });
    const b = await insertPart(ctx.database.db, { price: 0.35, minOrderQuantity: 50 });
    const c = await insertPart(ctx.database.db, { price: 120, minOrderQuantity: 1 });
    const res = await checkout(buyer, [
      { partId: a.id, quantity: 40, unitPrice: 8.2, reference: 'Job 1182' },
      { partId: b.id, quantity: 100, unitPrice: 0.35 },
      { partId: c.id, quantity: 2, unitPrice: 120, reference: 'VIN WVWZZZ1JZXW000001' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const order = OrderResponse.parse(res.json());
    expect(order.partPrice).toBe(328 + 35 + 240);
    expect(order.partName).toBe(`${a.name} and 2 more parts`);
    expect(order.minimum).toBe(142);
    expect(order.unitPrice).toBeNull();
    expect(order.lines.map((l) => [l.lineNo, l.partId, l.quantity, l.total, l.reference])).toEqual([
      [1, a.id, 40, 328, 'Job 1182'],
      [2, b.id, 100, 35, null],
      [3, c.id, 2, 240, 'VIN WVWZZZ1JZXW000001'],
    ]);
    expect(await stockOf(ctx.database.db, [a.id, b.id, c.id])).toEqual({
      [a.id]: a.availableQuantity - 40,
      [b.id]: b.availableQuantity - 100,
      [c.id]: c.availableQuantity - 2,
    });
    const moves = await ctx.database.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.orderId, order._id));
    expect(moves.map((m) => [m.partId, m.delta]).sort()).toEqual(
      [
        [a.id, -40],
        [b.id, -100],
        [c.id, -2],
      ].sort(),
    );
    // Listed in My Orders as one order, and paid once for all its lines.
    const mine = (
      await ctx.app.inject({ method: 'GET', url: '/api/purchase', headers: buyer.auth })
    ).json<OrderResponse[]>();
    expect(mine.map((o) => [o._id, o.lines.length])).toEqual([[order._id, 3]]);
    await payInSandbox(ctx.app, buyer, order._id);
    const paid = await ctx.app.inject({
      method: 'GET',
      url: `/api/purchase/${order._id}`,
      headers: buyer.auth,
    });
    expect(paid.json<OrderResponse>().status).toBe('paid');
  });

  it('refuses the whole order when one line cannot go, naming every line with its fix, and changes nothing', async () => {
    const buyer = await customer(ctx.app);
    const ok = await insertPart(ctx.database.db, { minOrderQuantity: 10, availableQuantity: 500 });
    const short = await insertPart(ctx.database.db, {
      minOrderQuantity: 10,
      availableQuantity: 35,
    });
    const packs = await insertPart(ctx.database.db, { minOrderQuantity: 10 });
    await ctx.database.db.update(parts).set({ packSize: 10 }).where(eq(parts.id, packs.id));
    const gone = await insertPart(ctx.database.db);
    await ctx.database.db
      .update(parts)
      .set({ archivedAt: new Date() })
      .where(eq(parts.id, gone.id));
    const before = await stockOf(ctx.database.db, [ok.id, short.id, packs.id]);
    const res = await checkout(buyer, [
      { partId: ok.id, quantity: 20, unitPrice: 12.5 },
      { partId: short.id, quantity: 40, unitPrice: 12.5 },
      { partId: packs.id, quantity: 45, unitPrice: 12.5 },
      { partId: gone.id, quantity: 10, unitPrice: 12.5 },
    ]);
    expect(res.statusCode).toBe(409);
    const refusal = LinesRefusal.parse(res.json());
    expect(refusal.error).toBe('LINES_UNAVAILABLE');
    const byLine = Object.fromEntries(refusal.problems.map((p) => [p.line, p]));
    expect(byLine[0]).toBeUndefined();
    expect(byLine[1]).toMatchObject({
      code: 'ABOVE_STOCK',
      requested: 40,
      available: 35,
      suggested: 35,
      action: 'Reduce to 35, all in stock',
    });
    expect(byLine[2]).toMatchObject({
      code: 'NOT_PACK_MULTIPLE',
      requested: 45,
      options: [40, 50],
      message: 'Sold in packs of 10: 40 or 50?',
    });
    expect(byLine[3]).toMatchObject({ code: 'ARCHIVED', suggested: null, action: 'Remove' });
    expect(await stockOf(ctx.database.db, [ok.id, short.id, packs.id])).toEqual(before);
    const placed = await ctx.database.db
      .select()
      .from(orders)
      .where(eq(orders.userId, buyer.userId));
    expect(placed).toHaveLength(0);
  });

  it('refuses a price that changed since the buyer saw it, and places the order once they confirm the new one', async () => {
    const buyer = await customer(ctx.app);
    const a = await insertPart(ctx.database.db, { price: 10 });
    const b = await insertPart(ctx.database.db, { price: 20 });
    await ctx.database.db.update(parts).set({ priceCents: 2150 }).where(eq(parts.id, b.id));
    const seen = [
      { partId: a.id, quantity: 10, unitPrice: 10 },
      { partId: b.id, quantity: 10, unitPrice: 20 },
    ];
    const res = await checkout(buyer, seen);
    expect(res.statusCode).toBe(409);
    const problems = LinesRefusal.parse(res.json()).problems;
    expect(problems).toEqual([
      expect.objectContaining({
        line: 1,
        partId: b.id,
        code: 'PRICE_CHANGED',
        seenUnitPrice: 20,
        unitPrice: 21.5,
        message: 'The price changed from $20.00 to $21.50 a piece.',
      }),
    ]);
    const again = await checkout(buyer, [seen[0]!, { ...seen[1]!, unitPrice: 21.5 }]);
    expect(again.statusCode).toBe(201);
    expect(again.json<OrderResponse>().partPrice).toBe(100 + 215);
  });

  it('sums the same part asked for twice and checks the sum against the stock', async () => {
    const buyer = await customer(ctx.app);
    const part = await insertPart(ctx.database.db, { minOrderQuantity: 10, availableQuantity: 50 });
    const twice = [
      { partId: part.id, quantity: 30, unitPrice: 12.5, reference: 'Bay 1' },
      { partId: part.id, quantity: 30, unitPrice: 12.5, reference: 'Bay 2' },
    ];
    const refused = await checkout(buyer, twice);
    expect(refused.statusCode).toBe(409);
    expect(LinesRefusal.parse(refused.json()).problems).toEqual([
      expect.objectContaining({ line: 0, code: 'ABOVE_STOCK', requested: 60, suggested: 50 }),
    ]);
    const placed = await checkout(buyer, [twice[0]!, { ...twice[1]!, quantity: 20 }]);
    expect(placed.statusCode).toBe(201);
    const order = placed.json<OrderResponse>();
    expect(order.lines).toHaveLength(1);
    expect(order.lines[0]).toMatchObject({ quantity: 50, reference: 'Bay 1; Bay 2' });
    expect((await stockOf(ctx.database.db, [part.id]))[part.id]).toBe(0);
  });

  it('takes at most 200 lines, and refuses bad lines with a 400 before anything else', async () => {
    const buyer = await customer(ctx.app);
    const part = await insertPart(ctx.database.db);
    const line = { partId: part.id, quantity: 10, unitPrice: 12.5 };
    const cases: [unknown, string][] = [
      [[], 'The order has no lines'],
      [Array.from({ length: 201 }, () => line), 'An order holds at most 200 lines'],
      [[{ ...line, partId: 'nope' }], 'Part must be a part id'],
      [[{ ...line, quantity: 2.5 }], 'Minimum order amount must be a whole number'],
      [[{ ...line, unitPrice: 0.001 }], 'Unit price has at most cents'],
      [[{ ...line, reference: 'x'.repeat(65) }], 'Reference must be at most 64 characters'],
      ['lines', 'Lines must be a list'],
    ];
    for (const [lines, message] of cases) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/checkout',
        headers: buyer.auth,
        payload: { lines, shipTo, phone: '01332 000000' },
      });
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/checkout',
      payload: { lines: [line], shipTo, phone: '01332 000000' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('places a repeat of the same request once (the idempotency key)', async () => {
    const buyer = await customer(ctx.app);
    const a = await insertPart(ctx.database.db);
    const b = await insertPart(ctx.database.db);
    const lines = [
      { partId: a.id, quantity: 10, unitPrice: 12.5 },
      { partId: b.id, quantity: 10, unitPrice: 12.5 },
    ];
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => checkout(buyer, lines, { idempotencyKey: 'checkout-key-1' })),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(5);
    expect(new Set(answers.map((a) => a.json<OrderResponse>()._id)).size).toBe(1);
    expect(await stockOf(ctx.database.db, [a.id, b.id])).toEqual({
      [a.id]: a.availableQuantity - 10,
      [b.id]: b.availableQuantity - 10,
    });
  });

  it('takes the ordered lines out of the cart, and only those', async () => {
    const buyer = await customer(ctx.app);
    const a = await insertPart(ctx.database.db);
    const b = await insertPart(ctx.database.db);
    for (const part of [a, b])
      await ctx.app.inject({
        method: 'POST',
        url: '/api/cart/lines',
        headers: buyer.auth,
        payload: { partId: part.id, quantity: 10 },
      });
    const res = await checkout(buyer, [{ partId: a.id, quantity: 10, unitPrice: 12.5 }], {
      fromCart: true,
    });
    expect(res.statusCode).toBe(201);
    const left = await ctx.database.db
      .select({ partId: cartLines.partId })
      .from(cartLines)
      .where(eq(cartLines.userId, buyer.userId));
    expect(left).toEqual([{ partId: b.id }]);
  });

  it('never deadlocks nor oversells: carts {A,B} and {B,A} checked out at once, hundreds of times', async () => {
    const buyers = await Promise.all(Array.from({ length: 30 }, () => customer(ctx.app)));
    const a = await insertPart(ctx.database.db, { minOrderQuantity: 1, availableQuantity: 300 });
    const b = await insertPart(ctx.database.db, { minOrderQuantity: 1, availableQuantity: 300 });
    const ab = [
      { partId: a.id, quantity: 1, unitPrice: 12.5 },
      { partId: b.id, quantity: 1, unitPrice: 12.5 },
    ];
    const ba = [ab[1]!, ab[0]!];
    // 400 checkouts of 2 lines for 300 of each: some must be refused, none may fail otherwise.
    const answers = await Promise.all(
      Array.from({ length: 400 }, (_, i) => checkout(buyers[i % 30]!, i % 2 ? ab : ba)),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s !== 201 && s !== 409)).toEqual([]);
    const refused = answers.filter((r) => r.statusCode === 409).map((r) => r.json());
    expect(refused.every((body) => body.error === 'LINES_UNAVAILABLE')).toBe(true);
    const placed = statuses.filter((s) => s === 201).length;
    expect(placed).toBe(300);
    expect(await stockOf(ctx.database.db, [a.id, b.id])).toEqual({ [a.id]: 0, [b.id]: 0 });
    const ledger = await ledgerHolds(ctx.database.db, [a.id, b.id]);
    expect(ledger).toHaveLength(2);
    for (const part of ledger) expect(part.available).toBe(part.moved);
  });

  it('keeps every line right when stock falls, a cancel and the sweep run during checkouts', async () => {
    const buyers = await Promise.all(Array.from({ length: 10 }, () => customer(ctx.app)));
    const boss = await admin(ctx.app, ctx.database.db);
    const a = await insertPart(ctx.database.db, { minOrderQuantity: 5, availableQuantity: 200 });
    const b = await insertPart(ctx.database.db, { minOrderQuantity: 5, availableQuantity: 200 });
    const lines = (first: string, second: string) => [
      { partId: first, quantity: 5, unitPrice: 12.5 },
      { partId: second, quantity: 5, unitPrice: 12.5 },
    ];
    // Orders to cancel and to sweep while others are placed.
    const toCancel = [];
    for (let i = 0; i < 6; i += 1) {
      const res = await checkout(buyers[i]!, lines(a.id, b.id));
      toCancel.push(res.json<OrderResponse>()._id);
    }
    await ctx.database.db
      .update(orders)
      .set({ updatedAt: new Date(Date.now() - 100 * 3_600_000) })
      .where(inArray(orders.id, toCancel.slice(3)));
    const work = [
      ...Array.from({ length: 40 }, (_, i) =>
        checkout(buyers[i % 10]!, i % 2 ? lines(a.id, b.id) : lines(b.id, a.id)),
      ),
      ...toCancel.slice(0, 3).map((id, i) =>
        ctx.app.inject({
          method: 'DELETE',
          url: `/api/purchase/${id}`,
          headers: buyers[i]!.auth,
        }),
      ),
      ctx.app.storefront.sweepUnpaidOrders(48),
      ...Array.from({ length: 5 }, () =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/staff/parts/${a.id}/stock`,
          headers: boss.auth,
          payload: { kind: 'adjust', delta: -10, reason: 'Damaged in the store' },
        }),
      ),
    ];
    const results = await Promise.all(work);
    for (const r of results)
      if (typeof r === 'object' && r && 'statusCode' in r)
        expect([200, 201, 409], r.body).toContain(r.statusCode);
    for (const part of await ledgerHolds(ctx.database.db, [a.id, b.id])) {
      expect(part.available).toBe(part.moved);
      expect(part.available).toBeGreaterThanOrEqual(0);
    }
    // What is out equals what the live orders hold: every line of every order that is not canceled.
    const [held] = rowsOf(
      await ctx.database.db.execute(sql`
        select coalesce(sum(l.quantity) filter (where l.part_id = ${a.id}), 0)::int as a,
               coalesce(sum(l.quantity) filter (where l.part_id = ${b.id}), 0)::int as b
          from order_lines l join orders o on o.id = l.order_id
         where o.status <> 'canceled' and l.canceled_at is null`),
    );
    const stock = await stockOf(ctx.database.db, [a.id, b.id]);
    const adjusted = results.filter(
      (r) => typeof r === 'object' && r && 'statusCode' in r && r.statusCode === 200 && r.json().id,
    ).length;
    expect(stock[b.id]).toBe(200 - Number(held!.b));
    expect(stock[a.id]! + Number(held!.a)).toBeLessThanOrEqual(200);
    expect(adjusted).toBeGreaterThanOrEqual(0);
  });

  it('lets staff cancel one line: stock back, out of the total, a paid line refunded, the customer told', async () => {
    const buyer = await customer(ctx.app);
    const boss = await admin(ctx.app, ctx.database.db);
    const [a, b, c] = await Promise.all(
      [5, 7, 11].map((price) => insertPart(ctx.database.db, { price, minOrderQuantity: 10 })),
    );
    const placeThree = async () => {
      const res = await checkout(buyer, [
        { partId: a!.id, quantity: 10, unitPrice: 5 },
        { partId: b!.id, quantity: 10, unitPrice: 7 },
        { partId: c!.id, quantity: 10, unitPrice: 11 },
      ]);
      return res.json<OrderResponse>();
    };
    const cancelLine = (id: string, lineNo: number | string, headers = boss.auth) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/staff/orders/${id}/lines/${lineNo}/cancel`,
        headers,
        payload: { reason: 'Discontinued colour' },
      });

    // Unpaid: the line leaves the total; paying then charges the new total.
    const unpaid = await placeThree();
    const before = await stockOf(ctx.database.db, [b!.id]);
    const res = await cancelLine(unpaid._id, 2);
    expect(res.statusCode, res.body).toBe(200);
    const changed = OrderResponse.parse(res.json());
    expect(changed.partPrice).toBe(160);
    expect(changed.lines.find((l) => l.lineNo === 2)?.canceledAt).not.toBeNull();
    expect(changed.status).toBe('unpaid');
    expect((await stockOf(ctx.database.db, [b!.id]))[b!.id]).toBe(before[b!.id]! + 10);
    expect((await cancelLine(unpaid._id, 2)).statusCode).toBe(409);
    await payInSandbox(ctx.app, buyer, unpaid._id);
    const paidUnpaid = await ctx.app.inject({
      method: 'GET',
      url: `/api/staff/orders/${unpaid._id}`,
      headers: boss.auth,
    });
    const details = StaffOrderDetails.parse(paidUnpaid.json());
    expect(details.order.status).toBe('paid');
    expect(details.paymentRecord?.amount).toBe(160);
    expect(details.timeline.some((e) => e.note?.startsWith('Line 2 canceled'))).toBe(true);

    // Paid: the line is refunded, the rest stays paid; the last line cancels the whole order.
    const paid = await placeThree();
    await payInSandbox(ctx.app, buyer, paid._id);
    const first = await cancelLine(paid._id, 1);
    expect(first.statusCode).toBe(200);
    expect(first.json<OrderResponse>()).toMatchObject({ status: 'paid', partPrice: 180 });
    expect((await cancelLine(paid._id, 3)).json<OrderResponse>().partPrice).toBe(70);
    const last = await cancelLine(paid._id, 2);
    expect(last.json<OrderResponse>().status).toBe('canceled');
    await ctx.app.storefront.outbox.runDue();
    const after = StaffOrderDetails.parse(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/staff/orders/${paid._id}`,
          headers: boss.auth,
        })
      ).json(),
    );
    expect(after.refunds.map((r) => r.amount).sort((x, y) => x - y)).toEqual([50, 70, 110]);
    expect(after.refunds.every((r) => r.status === 'succeeded')).toBe(true);
    expect(after.order.refund).toEqual({ status: 'succeeded', amount: 230 });
    expect(after.emails.some((m) => m.kind === 'line-canceled')).toBe(true);
    const lineMail = after.emails.find((m) => m.kind === 'line-canceled');
    expect(lineMail?.text).toContain('We will refund $50.00 to your card.');

    // Refused to customers and outsiders, and for lines and orders that do not exist.
    expect((await cancelLine(paid._id, 1, buyer.auth)).statusCode).toBe(403);
    expect((await cancelLine(paid._id, 1, { authorization: '' })).statusCode).toBe(401);
    expect((await cancelLine(unpaid._id, 9)).statusCode).toBe(404);
    expect((await cancelLine(unpaid._id, 'x')).statusCode).toBe(400);
    expect((await cancelLine('00000000-0000-4000-8000-000000000000', 1)).statusCode).toBe(404);
  });

  it('cancels a line once when staff press twice at once', async () => {
    const buyer = await customer(ctx.app);
    const boss = await admin(ctx.app, ctx.database.db);
    const [a, b] = await Promise.all([insertPart(ctx.database.db), insertPart(ctx.database.db)]);
    const order = (
      await checkout(buyer, [
        { partId: a!.id, quantity: 10, unitPrice: 12.5 },
        { partId: b!.id, quantity: 10, unitPrice: 12.5 },
      ])
    ).json<OrderResponse>();
    await payInSandbox(ctx.app, buyer, order._id);
    const before = await stockOf(ctx.database.db, [a!.id]);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/staff/orders/${order._id}/lines/1/cancel`,
          headers: boss.auth,
          payload: {},
        }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect((await stockOf(ctx.database.db, [a!.id]))[a!.id]).toBe(before[a!.id]! + 10);
    const lines = await ctx.database.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order._id));
    expect(lines.filter((l) => l.canceledAt)).toHaveLength(1);
  });
});
