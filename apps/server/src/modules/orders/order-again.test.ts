import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { OrderAgainResponse, OrderResponse, type CheckoutBody } from '@storefront/contract';
import { customer } from '../../test/accounts.js';
import { insertPart } from '../../test/factories.js';
import { useTestApp } from '../../test/test-app.js';
import { parts } from '../parts/parts.tables.js';

type Customer = Awaited<ReturnType<typeof customer>>;
type Line = CheckoutBody['lines'][number];
const shipTo = { street: '3 Mill Lane', city: 'Derby', postalCode: 'DE1 2AB', country: 'UK' };

describe('order again', () => {
  const ctx = useTestApp({
    authRateLimit: false,
    openOrderLimits: { count: 1000, valueCents: 1e12 },
  });
  const checkout = async (buyer: Customer, lines: Line[]) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: buyer.auth,
      payload: { lines, shipTo, phone: '01332 000000' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return OrderResponse.parse(res.json());
  };
  const again = (who: Customer | null, orderId: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/purchase/${orderId}/order-again`,
      headers: who ? who.auth : {},
    });
  const setPart = (id: string, values: Partial<typeof parts.$inferInsert>) =>
    ctx.database.db.update(parts).set(values).where(eq(parts.id, id));

  it('puts the live lines back in the cart through its checks and says what changed', async () => {
    const buyer = await customer(ctx.app);
    const same = await insertPart(ctx.database.db, { price: 5, minOrderQuantity: 10 });
    const repriced = await insertPart(ctx.database.db, { price: 8, minOrderQuantity: 10 });
    const replaced = await insertPart(ctx.database.db, { price: 3, minOrderQuantity: 10 });
    const short = await insertPart(ctx.database.db, { price: 2, minOrderQuantity: 10 });
    const gone = await insertPart(ctx.database.db, { price: 4, minOrderQuantity: 10 });
    const order = await checkout(buyer, [
      { partId: same.id, quantity: 20, unitPrice: 5, reference: 'Van 7' },
      { partId: repriced.id, quantity: 10, unitPrice: 8 },
      { partId: replaced.id, quantity: 30, unitPrice: 3 },
      { partId: short.id, quantity: 40, unitPrice: 2 },
      { partId: gone.id, quantity: 10, unitPrice: 4 },
    ]);
    await setPart(repriced.id, { priceCents: 850 });
    await setPart(replaced.id, { archivedAt: new Date() });
    const successor = await insertPart(ctx.database.db, { price: 3.2, minOrderQuantity: 10 });
    await setPart(successor.id, { supersededNumbers: [replaced.sku.toUpperCase()] });
    await setPart(short.id, { availableQuantity: 25 });
    await setPart(gone.id, { archivedAt: new Date() });

    const res = await again(buyer, order._id);
    expect(res.statusCode, res.body).toBe(200);
    const answer = OrderAgainResponse.parse(res.json());
    expect(answer.added).toBe(4);
    // Lines merged in one statement share their time: the cart lists them by part then.
    const byPart = (rows: [string, number, string | null][]) =>
      [...rows].sort(([a], [b]) => a.localeCompare(b));
    expect(byPart(answer.cart.lines.map((l) => [l.partId, l.quantity, l.reference]))).toEqual(
      byPart([
        [same.id, 20, 'Van 7'],
        [repriced.id, 10, null],
        [successor.id, 30, null],
        [short.id, 40, null],
      ]),
    );
    expect(answer.changes.map((c) => [c.lineNo, c.kind])).toEqual([
      [2, 'PRICE'],
      [3, 'SUPERSEDED'],
      [3, 'PRICE'],
      [4, 'STOCK'],
      [5, 'ARCHIVED'],
    ]);
    expect(answer.changes[1]!.message).toBe(
      `${replaced.sku} is replaced by ${successor.sku}: that part went into the cart.`,
    );
    expect(answer.changes[0]!.message).toBe('Now $8.50 a piece (you paid $8.00).');
    // The cart checks the short line like any other: its fix is offered there.
    const shortLine = answer.cart.lines.find((l) => l.partId === short.id)!;
    expect(shortLine.problems.map((p) => [p.code, p.suggested])).toEqual([['ABOVE_STOCK', 25]]);

    // Again: quantities add to the lines already there, as adding to the cart does.
    const twice = OrderAgainResponse.parse((await again(buyer, order._id)).json());
    expect(twice.cart.lines.find((l) => l.partId === same.id)?.quantity).toBe(40);
  });

  it('answers 404 to anyone but the order’s customer, and 401 without a key, changing no cart', async () => {
    const buyer = await customer(ctx.app);
    const other = await customer(ctx.app);
    const part = await insertPart(ctx.database.db);
    const order = await checkout(buyer, [{ partId: part.id, quantity: 10, unitPrice: 12.5 }]);
    expect((await again(other, order._id)).statusCode).toBe(404);
    expect((await again(other, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await again(null, order._id)).statusCode).toBe(401);
    const cart = await ctx.app.inject({ method: 'GET', url: '/api/cart', headers: other.auth });
    expect(cart.json<{ lines: unknown[] }>().lines).toEqual([]);
  });

  it('lets a member of the order’s company order it again into their own cart, and nobody else', async () => {
    const owner = await customer(ctx.app);
    const colleague = await customer(ctx.app);
    const outsider = await customer(ctx.app);
    const made = await ctx.app.inject({
      method: 'POST',
      url: '/api/companies',
      headers: owner.auth,
      payload: {
        name: 'Mill Lane Garage Ltd',
        taxId: 'GB 999 0000 11',
        billingAddress: shipTo,
        deliveryAddresses: [],
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const companyId = made.json<{ id: string }>().id;
    await ctx.database.db.execute(
      sql`insert into company_members (company_id, user_id, role)
          values (${companyId}::uuid, ${colleague.userId}, 'buyer')`,
    );
    const part = await insertPart(ctx.database.db, { price: 6, minOrderQuantity: 10 });
    const placed = await ctx.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: owner.auth,
      payload: {
        lines: [{ partId: part.id, quantity: 30, unitPrice: 6 }],
        shipTo,
        phone: '01332 000000',
        companyId,
        payment: 'card',
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = OrderResponse.parse(placed.json());
    const res = await again(colleague, order._id);
    expect(res.statusCode, res.body).toBe(200);
    expect(OrderAgainResponse.parse(res.json()).cart.lines.map((l) => l.quantity)).toEqual([30]);
    // The owner's cart is untouched: the lines went into the colleague's.
    const ownerCart = await ctx.app.inject({
      method: 'GET',
      url: '/api/cart',
      headers: owner.auth,
    });
    expect(ownerCart.json<{ lines: unknown[] }>().lines).toEqual([]);
    expect((await again(outsider, order._id)).statusCode).toBe(404);
  });
});
