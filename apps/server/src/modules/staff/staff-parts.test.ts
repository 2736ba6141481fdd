import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type {
  AuditPage,
  OrderResponse,
  PartResponse,
  StaffPartDetails,
  StaffPartPage,
  StaffPartRow,
  StockHistoryPage,
} from '@storefront/contract';
import { admin, customer } from '../../test/accounts.js';
import { insertPart } from '../../test/factories.js';
import { payInSandbox } from '../../test/pay.js';
import { useTestApp } from '../../test/test-app.js';
import { parts } from '../parts/parts.tables.js';
import { stockMovements } from '../parts/stock.tables.js';

type Person = Awaited<ReturnType<typeof customer>>;
const shipTo = { street: '3 Quay Street', city: 'Bristol', postalCode: 'BS1 4DJ', country: 'UK' };

describe('staff parts and the stock ledger', () => {
  const ctx = useTestApp({
    authRateLimit: false,
    openOrderLimits: { count: 10_000, valueCents: 1e12 },
  });
  const call = (
    who: Person | null,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    ctx.app.inject({
      method,
      url,
      headers: who?.auth ?? {},
      ...(payload ? { payload } : {}),
    });
  const place = (buyer: Person, partId: string, quantity: number) =>
    call(buyer, 'POST', '/api/purchase', {
      partId,
      minimum: quantity,
      shipTo,
      phone: '0123456789',
    });
  const levelOf = async (partId: string) =>
    (await ctx.database.db.select().from(parts).where(eq(parts.id, partId)))[0]!.availableQuantity;
  /** The ledger must always add up to the level, whatever ran concurrently. */
  const ledgerSum = async (partId: string) => {
    const [row] = await ctx.database.db
      .select({ sum: sql<string>`coalesce(sum(${stockMovements.delta}), 0)` })
      .from(stockMovements)
      .where(eq(stockMovements.partId, partId));
    return Number(row?.sum);
  };

  it('lists parts by name with search, low-stock and archived filters, and a total', async () => {
    const boss = await admin(ctx.app, ctx.database.db);
    const tag = `Lst${Date.now()}`;
    const low = await insertPart(ctx.database.db, {
      name: `${tag} b low`,
      minOrderQuantity: 10,
      availableQuantity: 25,
    });
    const plenty = await insertPart(ctx.database.db, {
      name: `${tag} a plenty`,
      minOrderQuantity: 10,
      availableQuantity: 5000,
    });
    const none = await insertPart(ctx.database.db, {
      name: `${tag} c none`,
      availableQuantity: 0,
      minOrderQuantity: 1,
    });
    const all = (await call(boss, 'GET', `/api/staff/parts?q=${tag}`)).json<StaffPartPage>();
    expect(all.total).toBe(3);
    expect(all.items.map((p) => p._id)).toEqual([plenty.id, low.id, none.id]);
    expect(all.items.map((p) => p.lowStock)).toEqual([false, true, true]);
    expect(all.lowStockFactor).toBe(3);

    const lows = (
      await call(boss, 'GET', `/api/staff/parts?q=${tag}&stock=low`)
    ).json<StaffPartPage>();
    expect(lows.items.map((p) => p._id)).toEqual([low.id, none.id]);
    const out = (
      await call(boss, 'GET', `/api/staff/parts?q=${tag}&stock=out`)
    ).json<StaffPartPage>();
    expect(out.items.map((p) => p._id)).toEqual([none.id]);

    const page2 = (
      await call(boss, 'GET', `/api/staff/parts?q=${tag}&pageSize=2&page=2`)
    ).json<StaffPartPage>();
    expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page2.items.map((p) => p._id)).toEqual([none.id]);

    // A LIKE wildcard typed in the box matches itself, not everything.
    const wild = (await call(boss, 'GET', `/api/staff/parts?q=${tag}%25`)).json<StaffPartPage>();
    expect(wild.total).toBe(0);

    for (const bad of ['stock=few', 'page=0', 'pageSize=1000', 'show=gone', 'page=x']) {
      const res = await call(boss, 'GET', `/api/staff/parts?${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ error: 'VALIDATION_FAILED' });
    }
  });

  it('receives and adjusts stock as movements with who, why and the level, audited', async () => {
    const boss = await admin(ctx.app, ctx.database.db);
    const part = await insertPart(ctx.database.db, { availableQuantity: 100 });
    const received = await call(boss, 'POST', `/api/staff/parts/${part.id}/stock`, {
      kind: 'receive',
      delta: 40,
      reason: 'Delivery note 7781',
    });
    expect(received.statusCode).toBe(200);
    const afterReceipt = received.json<StaffPartDetails>();
    expect(afterReceipt.part.availableQuantity).toBe(140);
    expect(afterReceipt.history.items[0]).toMatchObject({
      kind: 'receive',
      delta: 40,
      levelAfter: 140,
      reason: 'Delivery note 7781',
      actorEmail: boss.email,
    });
    // The part's stock when it was added opens its history.
    expect(afterReceipt.history.items.at(-1)).toMatchObject({ kind: 'opening', delta: 100 });

    const adjusted = await call(boss, 'POST', `/api/staff/parts/${part.id}/stock`, {
      kind: 'adjust',
      delta: -15,
      reason: 'Damaged in the warehouse',
    });
    expect(adjusted.json<StaffPartDetails>().part.availableQuantity).toBe(125);

    const refusals: [object, number, string][] = [
      [{ kind: 'adjust', delta: -5 }, 400, 'reason'],
      [{ kind: 'receive', delta: -5, reason: 'x' }, 400, 'delta'],
      [{ kind: 'adjust', delta: 0, reason: 'x' }, 400, 'delta'],
      [{ kind: 'adjust', delta: 1.5, reason: 'x' }, 400, 'delta'],
      [{ kind: 'set', delta: 5, reason: 'x' }, 400, 'kind'],
      [{ kind: 'adjust', delta: -126, reason: 'Count' }, 409, 'delta'],
    ];
    for (const [body, status, field] of refusals) {
      const res = await call(boss, 'POST', `/api/staff/parts/${part.id}/stock`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(
        res.json<{ fields?: Record<string, string> }>().fields,
        JSON.stringify(body),
      ).toHaveProperty(field);
    }
    expect(await levelOf(part.id)).toBe(125);
    expect(await ledgerSum(part.id)).toBe(125);

    const audit = (await call(boss, 'GET', '/api/staff/audit')).json<AuditPage>();
    const mine = audit.items.filter((e) => e.targetId === part.id).map((e) => e.action);
    expect(mine).toEqual(['stock.adjust', 'stock.receive']);

    const missing = await call(boss, 'POST', `/api/staff/parts/${crypto.randomUUID()}/stock`, {
      kind: 'receive',
      delta: 1,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('writes orders, cancels and staff refunds into the history, naming the order', async () => {
    const boss = await admin(ctx.app, ctx.database.db);
    const buyer = await customer(ctx.app);
    const part = await insertPart(ctx.database.db, {
      availableQuantity: 100,
      minOrderQuantity: 10,
    });
    const order = (await place(buyer, part.id, 30)).json<OrderResponse>();
    const canceled = await call(buyer, 'DELETE', `/api/purchase/${order._id}`);
    expect(canceled.statusCode).toBeLessThan(300);

    const history = (
      await call(boss, 'GET', `/api/staff/parts/${part.id}/stock`)
    ).json<StockHistoryPage>();
    expect(history.items.map((m) => [m.kind, m.delta, m.levelAfter])).toEqual([
      ['cancel', 30, 100],
      ['order', -30, 70],
      ['opening', 100, 100],
    ]);
    expect(history.items[1]).toMatchObject({
      orderId: order._id,
      orderNumber: order.number,
      actorEmail: buyer.email,
    });

    // A paid order staff cancel is refunded and its stock comes back as a refund movement.
    const paidOrder = (await place(buyer, part.id, 20)).json<OrderResponse>();
    await payInSandbox(ctx.app, buyer, paidOrder._id);
    const staffCancel = await call(boss, 'POST', `/api/staff/orders/${paidOrder._id}/cancel`, {
      reason: 'Customer phoned',
    });
    expect(staffCancel.statusCode).toBe(200);
    const afterRefund = (
      await call(boss, 'GET', `/api/staff/parts/${part.id}`)
    ).json<StaffPartDetails>();
    expect(afterRefund.history.items[0]).toMatchObject({
      kind: 'refund',
      delta: 20,
      levelAfter: 100,
      actorEmail: boss.email,
      orderNumber: paidOrder.number,
    });

    // Paged newest first with a cursor.
    const first = (
      await call(boss, 'GET', `/api/staff/parts/${part.id}/stock?pageSize=4`)
    ).json<StockHistoryPage>();
    expect(first.items).toHaveLength(4);
    const rest = (
      await call(
        boss,
        'GET',
        `/api/staff/parts/${part.id}/stock?pageSize=4&before=${first.nextBefore}`,
      )
    ).json<StockHistoryPage>();
    expect(rest.items.map((m) => m.kind)).toEqual(['opening']);
    expect(rest.nextBefore).toBeNull();
  });

  it('never loses an order or an adjustment made at the same moment', async () => {
    const boss = await admin(ctx.app, ctx.database.db);
    const buyers = await Promise.all(Array.from({ length: 4 }, () => customer(ctx.app)));
    const part = await insertPart(ctx.database.db, {
      availableQuantity: 1000,
      minOrderQuantity: 10,
    });
    const orders = Array.from({ length: 24 }, (_, i) =>
      place(buyers[i % buyers.length]!, part.id, 10),
    );
    const adjustments = Array.from({ length: 24 }, (_, i) =>
      call(boss, 'POST', `/api/staff/parts/${part.id}/stock`, {
        kind: i % 2 ? 'receive' : 'adjust',
        delta: i % 2 ? 7 : -3,
        reason: 'Concurrent count',
      }),
    );
    const results = await Promise.all([...orders, ...adjustments]);
    expect(results.map((r) => r.statusCode).filter((s) => s >= 300)).toEqual([]);
    const expected = 1000 - 24 * 10 + 12 * 7 - 12 * 3;
    expect(await levelOf(part.id)).toBe(expected);
    expect(await ledgerSum(part.id)).toBe(expected);
    // Each movement's level is what the one before it left: a true running balance.
    const rows = await ctx.database.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.partId, part.id))
      .orderBy(stockMovements.id);
    let running = 0;
    for (const m of rows) {
      running += m.delta;
      expect(m.levelAfter).toBe(running);
    }
    expect(rows).toHaveLength(1 + 24 + 24);
  });

  it('keeps the ledger equal to the level for any mix of changes (property)', async () => {
    const boss = await admin(ctx.app, ctx.database.db);
    const part = await insertPart(ctx.database.db, { availableQuantity: 50, minOrderQuantity: 1 });
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.integer({ min: -80, max: 80 }).filter((d) => d !== 0),
          { minLength: 1, maxLength: 6 },
        ),
        async (deltas) => {
          const before = await levelOf(part.id);
          let expected = before;
          for (const delta of deltas) {
            const res = await call(boss, 'POST', `/api/staff/parts/${part.id}/stock`, {
              kind: 'adjust',
              delta,
              reason: 'Property',
            });
            if (expected + delta < 0) expect(res.statusCode).toBe(409);
            else {
              expect(res.statusCode).toBe(200);
              expected += delta;
            }
          }
          expect(await levelOf(part.id)).toBe(expected);
          expect(await ledgerSum(part.id)).toBe(expected);
        },
      ),
      { numRuns: 15 },
    );
  });

  it('archives a part out of the catalog and ordering, keeps past orders, restores it', async () => {
    const boss = await admin(ctx.app, ctx.database.db);
    const buyer = await customer(ctx.app);
    const part = await insertPart(ctx.database.db, { name: 'Withdrawn pump', price: 42 });
    const earlier = (await place(buyer, part.id, 10)).json<OrderResponse>();

    const archived = await call(boss, 'POST', `/api/staff/parts/${part.id}/archive`);
    expect(archived.statusCode).toBe(200);
    expect(archived.json<StaffPartRow>().archivedAt).not.toBeNull();
    // Twice is harmless and keeps the first moment.
    const again = (
      await call(boss, 'POST', `/api/staff/parts/${part.id}/archive`)
    ).json<StaffPartRow>();
    expect(again.archivedAt).toBe(archived.json<StaffPartRow>().archivedAt);

    const catalog = (await call(null, 'GET', '/api/parts')).json<PartResponse[]>();
    expect(catalog.map((p) => p._id)).not.toContain(part.id);
    expect((await call(null, 'GET', `/api/parts/${part.id}`)).statusCode).toBe(404);
    const refused = await place(buyer, part.id, 10);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'PART_ARCHIVED' });

    const mine = (await call(buyer, 'GET', '/api/purchase')).json<OrderResponse[]>();
    expect(mine.find((o) => o._id === earlier._id)).toMatchObject({ partName: 'Withdrawn pump' });
    const staffList = (
      await call(boss, 'GET', `/api/staff/parts?q=Withdrawn&show=archived`)
    ).json<StaffPartPage>();
    expect(staffList.items.map((p) => p._id)).toContain(part.id);

    expect((await call(boss, 'POST', `/api/staff/parts/${part.id}/restore`)).statusCode).toBe(200);
    expect((await call(null, 'GET', `/api/parts/${part.id}`)).statusCode).toBe(200);
    expect((await place(buyer, part.id, 10)).statusCode).toBe(201);
  });
});
