import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CartResponse, MAX_CART_LINES } from '@storefront/contract';
import { customer } from '../../test/accounts.js';
import { insertPart } from '../../test/factories.js';
import { useTestApp } from '../../test/test-app.js';
import { parts } from '../parts/parts.tables.js';
import { carts } from './cart.tables.js';

type Customer = Awaited<ReturnType<typeof customer>>;

describe('the cart', () => {
  const ctx = useTestApp({ authRateLimit: false });
  const call = (who: Customer | null, method: string, url: string, payload?: unknown) =>
    ctx.app.inject({
      method: method as 'GET',
      url,
      headers: who ? who.auth : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const cartOf = async (who: Customer) =>
    CartResponse.parse((await call(who, 'GET', '/api/cart')).json());
  const add = (who: Customer, partId: string, quantity: number | string, reference?: string) =>
    call(who, 'POST', '/api/cart/lines', { partId, quantity, reference });

  it('keeps one line per part: adding again adds to its quantity, on the server for every device', async () => {
    const buyer = await customer(ctx.app);
    const part = await insertPart(ctx.database.db, { price: 4.5, minOrderQuantity: 10 });
    expect((await add(buyer, part.id, 10, 'Job card 77')).statusCode).toBe(200);
    const second = await add(buyer, part.id, 20);
    const cart = CartResponse.parse(second.json());
    expect(cart.lines).toHaveLength(1);
    expect(cart.lines[0]).toMatchObject({
      partId: part.id,
      quantity: 30,
      reference: 'Job card 77',
      unitPrice: 4.5,
      lineTotal: 135,
      problems: [],
    });
    expect(cart).toMatchObject({ lineCount: 1, subtotal: 135, ready: true });
    // Another sign-in of the same account (another device) reads the same cart.
    expect((await cartOf(buyer)).lines[0]?.quantity).toBe(30);
    // Another customer sees none of it.
    expect((await cartOf(await customer(ctx.app))).lines).toEqual([]);
  });

  it('sends a cart of many lines compressed to a browser that accepts it, and plain to one that does not', async () => {
    const buyer = await customer(ctx.app);
    for (let i = 0; i < 8; i += 1) {
      const part = await insertPart(ctx.database.db, { price: 3 + i, minOrderQuantity: 1 });
      expect((await add(buyer, part.id, 1, `Job card ${i}`)).statusCode).toBe(200);
    }
    const plain = await call(buyer, 'GET', '/api/cart');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const packed = await ctx.app.inject({
      method: 'GET',
      url: '/api/cart',
      headers: { ...buyer.auth, 'accept-encoding': 'br, gzip' },
    });
    expect(packed.headers['content-encoding']).toBe('br');
    expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(CartResponse.parse(plain.json()).lineCount).toBe(8);
  });

  it('shows each problem of a line with what to do, and keeps the line until the buyer fixes it', async () => {
    const buyer = await customer(ctx.app);
    const packs = await insertPart(ctx.database.db, { minOrderQuantity: 20, price: 2 });
    await ctx.database.db
      .update(parts)
      .set({ packSize: 10, maxOrderQuantity: 100 })
      .where(eq(parts.id, packs.id));
    const short = await insertPart(ctx.database.db, {
      minOrderQuantity: 10,
      availableQuantity: 30,
    });
    const repriced = await insertPart(ctx.database.db, { price: 9 });
    const archived = await insertPart(ctx.database.db);
    await add(buyer, packs.id, 45);
    await add(buyer, short.id, 40);
    await add(buyer, repriced.id, 10);
    await add(buyer, archived.id, 10);
    await ctx.database.db.update(parts).set({ priceCents: 950 }).where(eq(parts.id, repriced.id));
    await ctx.database.db
      .update(parts)
      .set({ archivedAt: new Date() })
      .where(eq(parts.id, archived.id));
    const byPart = async () =>
      Object.fromEntries((await cartOf(buyer)).lines.map((l) => [l.partId, l.problems]));
    let problems = await byPart();
    expect(problems[packs.id]).toEqual([
      expect.objectContaining({
        code: 'NOT_PACK_MULTIPLE',
        message: 'Sold in packs of 10: 40 or 50?',
        suggested: 50,
        options: [40, 50],
      }),
    ]);
    expect(problems[short.id]).toEqual([
      expect.objectContaining({
        code: 'ABOVE_STOCK',
        action: 'Reduce to 30, all in stock',
        suggested: 30,
        available: 30,
      }),
    ]);
    expect(problems[repriced.id]).toEqual([
      expect.objectContaining({ code: 'PRICE_CHANGED', seenUnitPrice: 9, unitPrice: 9.5 }),
    ]);
    expect(problems[archived.id]).toEqual([
      expect.objectContaining({ code: 'ARCHIVED', action: 'Remove' }),
    ]);
    expect((await cartOf(buyer)).ready).toBe(false);

    // Above the maximum, then each fix.
    await call(buyer, 'PUT', `/api/cart/lines/${packs.id}`, { quantity: 120 });
    expect((await byPart())[packs.id]).toEqual([
      expect.objectContaining({ code: 'ABOVE_MAXIMUM', suggested: 100, action: 'Use 100' }),
    ]);
    await call(buyer, 'PUT', `/api/cart/lines/${packs.id}`, { quantity: 50 });
    await call(buyer, 'PUT', `/api/cart/lines/${short.id}`, { quantity: 30 });
    await call(buyer, 'PUT', `/api/cart/lines/${repriced.id}`, { quantity: 10, acceptPrice: true });
    await call(buyer, 'DELETE', `/api/cart/lines/${archived.id}`);
    problems = await byPart();
    expect(Object.values(problems).flat()).toEqual([]);
    const cart = await cartOf(buyer);
    expect(cart.ready).toBe(true);
    expect(cart.subtotal).toBe(50 * 2 + 30 * 12.5 + 10 * 9.5);
    // Below the minimum.
    await call(buyer, 'PUT', `/api/cart/lines/${short.id}`, { quantity: 5 });
    expect((await byPart())[short.id]).toEqual([
      expect.objectContaining({ code: 'BELOW_MINIMUM', suggested: 10, action: 'Use 10' }),
    ]);
  });

  it('refuses a reference past 64 characters rather than cutting it, and parts that cannot be added', async () => {
    const buyer = await customer(ctx.app);
    const part = await insertPart(ctx.database.db);
    const long = await add(buyer, part.id, 10, 'x'.repeat(65));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Reference must be at most 64 characters');
    expect((await add(buyer, part.id, 10, 'x'.repeat(64))).statusCode).toBe(200);
    expect((await add(buyer, '00000000-0000-4000-8000-000000000000', 10)).statusCode).toBe(404);
    const archived = await insertPart(ctx.database.db);
    await ctx.database.db
      .update(parts)
      .set({ archivedAt: new Date() })
      .where(eq(parts.id, archived.id));
    expect((await add(buyer, archived.id, 10)).json()).toMatchObject({ error: 'PART_ARCHIVED' });
    for (const bad of [0, -1, 2.5, 'ten', 1_000_001])
      expect((await add(buyer, part.id, bad)).statusCode, String(bad)).toBe(400);
    // Adding past the largest quantity a line holds is refused, not cut.
    await call(buyer, 'PUT', `/api/cart/lines/${part.id}`, { quantity: 999_990 });
    expect((await add(buyer, part.id, 20)).statusCode).toBe(400);
    expect((await cartOf(buyer)).lines[0]?.quantity).toBe(999_990);
  });

  it(`holds at most ${MAX_CART_LINES} lines however many adds arrive at once`, async () => {
    const buyer = await customer(ctx.app);
    const many = await Promise.all(
      Array.from({ length: MAX_CART_LINES + 15 }, () => insertPart(ctx.database.db)),
    );
    const answers = await Promise.all(many.map((part) => add(buyer, part.id, 10)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(MAX_CART_LINES);
    const full = answers.filter((r) => r.statusCode === 409);
    expect(full).toHaveLength(15);
    expect(full[0]!.json()).toMatchObject({ error: 'CART_FULL' });
    expect((await cartOf(buyer)).lineCount).toBe(MAX_CART_LINES);
    const [row] = await ctx.database.db.select().from(carts).where(eq(carts.userId, buyer.userId));
    expect(row?.lineCount).toBe(MAX_CART_LINES);
    // Which adds found the cart full depends on the order they arrived in.
    const refused = many.find((_, i) => answers[i]!.statusCode === 409)!;
    const taken = many.find((_, i) => answers[i]!.statusCode === 200)!;
    // A browser cart merged into a full cart is refused (a part not in it yet: one already in it
    // only adds to its quantity), and its name is not kept: once there is room, the same merge
    // goes in.
    const mergeId = '1b2c3d4e-5f6a-4b7c-9d8e-9f0a1b2c3d4e';
    const merge = () =>
      call(buyer, 'POST', '/api/cart/merge', {
        lines: [{ partId: refused.id, quantity: 10 }],
        mergeId,
      });
    expect((await merge()).json()).toMatchObject({ error: 'CART_FULL' });
    // Emptying it lets lines in again.
    await call(buyer, 'DELETE', '/api/cart');
    expect((await cartOf(buyer)).lineCount).toBe(0);
    expect((await add(buyer, taken.id, 10)).statusCode).toBe(200);
    expect((await merge()).statusCode).toBe(200);
    expect((await cartOf(buyer)).lineCount).toBe(2);
  });

  it('merges a visitor’s cart at sign-in: quantities added, then checked again; unknown parts left out', async () => {
    const buyer = await customer(ctx.app);
    const part = await insertPart(ctx.database.db, { minOrderQuantity: 10 });
    await ctx.database.db.update(parts).set({ packSize: 10 }).where(eq(parts.id, part.id));
    const other = await insertPart(ctx.database.db, { price: 3 });
    await add(buyer, part.id, 40);
    const merged = await call(buyer, 'POST', '/api/cart/merge', {
      lines: [
        { partId: part.id, quantity: 5, reference: 'From the van' },
        { partId: other.id, quantity: 10, seenUnitPrice: 2.5 },
        { partId: '00000000-0000-4000-8000-000000000000', quantity: 10 },
      ],
    });
    expect(merged.statusCode).toBe(200);
    const cart = CartResponse.parse(merged.json());
    expect(cart.lines.map((l) => [l.partId, l.quantity])).toEqual([
      [part.id, 45],
      [other.id, 10],
    ]);
    expect(cart.lines[0]?.problems[0]).toMatchObject({
      code: 'NOT_PACK_MULTIPLE',
      options: [40, 50],
    });
    // The visitor saw $2.50: the cart says the price changed since.
    expect(cart.lines[1]?.problems[0]).toMatchObject({ code: 'PRICE_CHANGED', unitPrice: 3 });
  });

  it('merges a browser cart once under its name, however often and at once it is sent again', async () => {
    const buyer = await customer(ctx.app);
    const part = await insertPart(ctx.database.db, { minOrderQuantity: 10 });
    const mergeId = '6f1c2a9e-0b7d-4c55-9a3e-1d2f3a4b5c6d';
    const send = (id: string | undefined, quantity = 10) =>
      call(buyer, 'POST', '/api/cart/merge', {
        lines: [{ partId: part.id, quantity }],
        ...(id ? { mergeId: id } : {}),
      });
    const quantity = async () => (await cartOf(buyer)).lines[0]?.quantity;
    // The answer of the first was lost; the next page sends it again, twice at once.
    expect((await send(mergeId)).statusCode).toBe(200);
    const again = await Promise.all(Array.from({ length: 6 }, () => send(mergeId)));
    expect(again.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    expect(CartResponse.parse(again[0]!.json()).lines[0]?.quantity).toBe(10);
    expect(await quantity()).toBe(10);
    // Its name in upper case is the same name.
    expect((await send(mergeId.toUpperCase())).statusCode).toBe(200);
    expect(await quantity()).toBe(10);
    // Another browser's cart, sent at once from six pages, merges once too.
    const other = '0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d';
    await Promise.all(Array.from({ length: 6 }, () => send(other, 20)));
    expect(await quantity()).toBe(30);
    // Without a name, as before: each merge adds.
    await send(undefined, 10);
    expect(await quantity()).toBe(40);
    // An odd name is a 400 that merges nothing.
    for (const mergeId of ['x', `${other}\u0000`, 42, ['a'], '\ud800'])
      expect(
        (
          await call(buyer, 'POST', '/api/cart/merge', {
            lines: [{ partId: part.id, quantity: 10 }],
            mergeId,
          })
        ).statusCode,
      ).toBe(400);
    expect(await quantity()).toBe(40);
    // Another account's cart is its own: the same name merges there.
    const second = await customer(ctx.app);
    await call(second, 'POST', '/api/cart/merge', {
      lines: [{ partId: part.id, quantity: 10 }],
      mergeId,
    });
    expect((await cartOf(second)).lines[0]?.quantity).toBe(10);
  });

  it('checks a visitor’s lines without an account and without writing anything', async () => {
    const part = await insertPart(ctx.database.db, { minOrderQuantity: 10, availableQuantity: 25 });
    const res = await call(null, 'POST', '/api/cart/check', {
      lines: [
        { partId: part.id, quantity: 20 },
        { partId: part.id, quantity: 20 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const cart = CartResponse.parse(res.json());
    expect(cart.lines).toEqual([
      expect.objectContaining({
        partId: part.id,
        quantity: 40,
        problems: [expect.objectContaining({ code: 'ABOVE_STOCK', suggested: 25 })],
      }),
    ]);
    expect((await call(null, 'POST', '/api/cart/check', { lines: 'x' })).statusCode).toBe(400);
  });

  it('refuses the signed-out and odd bodies: 401 first, then a 400, never a 5xx', async () => {
    const buyer = await customer(ctx.app);
    const part = await insertPart(ctx.database.db);
    for (const [method, url] of [
      ['GET', '/api/cart'],
      ['POST', '/api/cart/lines'],
      ['PUT', `/api/cart/lines/${part.id}`],
      ['DELETE', `/api/cart/lines/${part.id}`],
      ['DELETE', '/api/cart'],
      ['POST', '/api/cart/merge'],
    ] as const)
      expect((await call(null, method, url, {})).statusCode, `${method} ${url}`).toBe(401);
    const odd: unknown[] = [
      { partId: part.id, quantity: 10, reference: 'a\u0000b' },
      { partId: part.id, quantity: 10, reference: '\ud800' },
      { partId: `${part.id}\u0000`, quantity: 10 },
      { partId: part.id, quantity: { $gt: 1 } },
      { partId: [part.id], quantity: 10 },
      { lines: Array.from({ length: 201 }, () => ({ partId: part.id, quantity: 1 })) },
    ];
    for (const body of odd) {
      const res = await call(buyer, 'POST', '/api/cart/lines', body);
      expect(res.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, JSON.stringify(body)).toBeLessThan(500);
    }
    const merge = await call(buyer, 'POST', '/api/cart/merge', {
      lines: Array.from({ length: 201 }, () => ({ partId: part.id, quantity: 1 })),
    });
    expect(merge.json()).toMatchObject({ message: 'A cart holds at most 200 lines' });
    expect(
      (await call(buyer, 'PUT', '/api/cart/lines/not-a-part', { quantity: 1 })).statusCode,
    ).toBe(404);
    expect((await call(buyer, 'DELETE', '/api/cart/lines/not-a-part')).statusCode).toBe(200);
  });
});
