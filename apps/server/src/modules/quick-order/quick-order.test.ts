import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  CartResponse,
  QUICK_ORDER_MAX_BYTES,
  QuickOrderResponse,
  type QuickOrderRow,
} from '@storefront/contract';
import { customer } from '../../test/accounts.js';
import { insertPart } from '../../test/factories.js';
import { useTestApp } from '../../test/test-app.js';
import { parts } from '../parts/parts.tables.js';

type Customer = Awaited<ReturnType<typeof customer>>;

describe('quick order', () => {
  const ctx = useTestApp({ authRateLimit: false });
  const call = (who: Customer | null, url: string, payload: unknown) =>
    ctx.app.inject({
      method: 'POST',
      url,
      headers: who ? who.auth : {},
      payload: payload as object,
    });
  const resolve = async (who: Customer, payload: unknown) => {
    const res = await call(who, '/api/quick-order/resolve', payload);
    expect(res.statusCode).toBe(200);
    return QuickOrderResponse.parse(res.json());
  };
  let n = 0;
  /** A part with its own number (so tests do not see each other's parts) and rule. */
  const part = async (
    values: Partial<{
      minOrderQuantity: number;
      availableQuantity: number;
      packSize: number;
      maxOrderQuantity: number | null;
      oemNumbers: string[];
      supersededNumbers: string[];
      tiers: [number, number][];
      archived: boolean;
    }> = {},
  ) => {
    n += 1;
    const row = await insertPart(ctx.database.db, {
      minOrderQuantity: values.minOrderQuantity ?? 10,
      availableQuantity: values.availableQuantity ?? 500,
      price: 3,
    });
    const sku = `QO-${Date.now().toString(36).toUpperCase()}-${n}`;
    await ctx.database.db
      .update(parts)
      .set({
        sku,
        packSize: values.packSize ?? 1,
        maxOrderQuantity: values.maxOrderQuantity ?? null,
        oemNumbers: values.oemNumbers ?? [],
        supersededNumbers: values.supersededNumbers ?? [],
        tierQuantities: (values.tiers ?? []).map(([q]) => q),
        tierCents: (values.tiers ?? []).map(([, c]) => c),
        archivedAt: values.archived ? new Date() : null,
      })
      .where(eq(parts.id, row.id));
    return { id: row.id, sku };
  };
  const brief = (r: QuickOrderRow) => ({
    status: r.status,
    partId: r.part?.partId ?? null,
    fix: r.fix && { kind: r.fix.kind, action: r.fix.action, quantity: r.fix.quantity },
  });

  it('finds each row by our part number or an OEM number, and gives every status its fix', async () => {
    const buyer = await customer(ctx.app);
    const oem = `9K${Date.now().toString(36).toUpperCase()}`;
    const plain = await part();
    const byOem = await part({ oemNumbers: [`${oem}A`] });
    const packs = await part({ minOrderQuantity: 20, packSize: 10, maxOrderQuantity: 100 });
    const short = await part({ availableQuantity: 30 });
    const twinA = await part({ oemNumbers: [`${oem}T`] });
    const twinB = await part({ oemNumbers: [`${oem}T`] });
    const archived = await part({ archived: true });
    const text = [
      `${plain.sku.toLowerCase()}\t10\tJob 7`,
      `${oem.slice(0, 3)} ${oem.slice(3)}-a, 20`,
      `${packs.sku};45`,
      `${packs.sku};5`,
      `${packs.sku} 150`,
      `40 x ${short.sku}`,
      `${oem}T 10`,
      `${archived.sku} 10`,
      'NOPE-1 10',
      `${plain.sku} lots`,
      '<b> 4',
    ].join('\r\n');
    const answer = await resolve(buyer, { text: `\ufeff${text}` });
    expect(answer.rows.map(brief)).toEqual([
      { status: 'FOUND', partId: plain.id, fix: null },
      { status: 'FOUND', partId: byOem.id, fix: null },
      {
        status: 'NOT_PACK_MULTIPLE',
        partId: packs.id,
        fix: { kind: 'quantity', action: 'Use 50', quantity: 50 },
      },
      {
        status: 'BELOW_MINIMUM',
        partId: packs.id,
        fix: { kind: 'quantity', action: 'Use 20', quantity: 20 },
      },
      {
        status: 'ABOVE_MAXIMUM',
        partId: packs.id,
        fix: { kind: 'quantity', action: 'Use 100', quantity: 100 },
      },
      {
        status: 'ABOVE_STOCK',
        partId: short.id,
        fix: { kind: 'quantity', action: 'Reduce to 30, all in stock', quantity: 30 },
      },
      {
        status: 'SEVERAL_MATCHES',
        partId: null,
        fix: { kind: 'pick', action: 'Pick one of 2 matches', quantity: null },
      },
      {
        status: 'ARCHIVED',
        partId: archived.id,
        fix: { kind: 'remove', action: 'Remove', quantity: null },
      },
      {
        status: 'UNKNOWN_NUMBER',
        partId: null,
        fix: { kind: 'remove', action: 'Remove', quantity: null },
      },
      {
        status: 'NOT_A_NUMBER',
        partId: plain.id,
        fix: { kind: 'quantity', action: 'Use 10', quantity: 10 },
      },
      {
        status: 'BAD_PART_NUMBER',
        partId: null,
        fix: { kind: 'remove', action: 'Remove', quantity: null },
      },
    ]);
    expect(answer).toMatchObject({ ready: 2, attention: 9 });
    const [first, second, third] = answer.rows;
    expect(first).toMatchObject({ line: 1, reference: 'Job 7', statusText: 'Ready' });
    expect(second?.part).toMatchObject({ matchedBy: 'oem', matchedOem: `${oem}A` });
    expect(third).toMatchObject({
      statusText: 'Not a whole number of packs',
      message: 'Sold in packs of 10: 40 or 50?',
    });
    expect(answer.rows[6]?.matches.map((m) => m.partId).sort()).toEqual(
      [twinA.id, twinB.id].sort(),
    );
  });

  it('checks a row against what the cart already holds, and writes nothing', async () => {
    const buyer = await customer(ctx.app);
    const p = await part({ availableQuantity: 50 });
    await call(buyer, '/api/cart/lines', { partId: p.id, quantity: 30 });
    const answer = await resolve(buyer, { rows: [{ partNumber: p.sku, quantity: '40' }] });
    expect(answer.rows[0]).toMatchObject({
      status: 'ABOVE_STOCK',
      inCart: 30,
      totalAfter: 70,
      fix: { action: 'Reduce to 20, all in stock', quantity: 20 },
    });
    const fixed = await resolve(buyer, { rows: [{ partNumber: p.sku, quantity: 20, line: 7 }] });
    expect(fixed.rows[0]).toMatchObject({ status: 'FOUND', totalAfter: 50, line: 7 });
    // Rows of the same part add up, as the cart will add them.
    const twice = await resolve(buyer, {
      text: `${p.sku} 10\n${p.sku.toLowerCase()} 15`,
    });
    expect(twice.rows.map((r) => [r.status, r.totalAfter, r.fix?.action ?? null])).toEqual([
      ['FOUND', 40, null],
      ['ABOVE_STOCK', 55, 'Reduce to 10, all in stock'],
    ]);
    expect(twice.rows[1]?.message).toBe(
      'Only 50 pieces in stock. You already have 30 in your cart and 10 on lines above.',
    );
    const cart = CartResponse.parse(
      (await ctx.app.inject({ method: 'GET', url: '/api/cart', headers: buyer.auth })).json(),
    );
    expect(cart.lines.map((l) => l.quantity)).toEqual([30]);
  });

  it('refuses a list past 500 rows or 256 KB in words, and strangers', async () => {
    const buyer = await customer(ctx.app);
    const many = await call(buyer, '/api/quick-order/resolve', {
      text: Array.from({ length: 501 }, (_, i) => `A${i} 1`).join('\n'),
    });
    expect(many.statusCode).toBe(400);
    expect(many.json()).toMatchObject({ error: 'TOO_MANY_ROWS' });
    const large = await call(buyer, '/api/quick-order/resolve', {
      text: `A1 1\n${'é'.repeat(QUICK_ORDER_MAX_BYTES / 2)}`,
    });
    expect(large.statusCode).toBe(400);
    expect(large.json()).toMatchObject({
      error: 'TOO_LARGE',
      message: expect.stringContaining('256 KB'),
    });
    // Text the database cannot store is refused at the door, for every route (the page cleans
    // what it sends; see `cleanPastedText`).
    const nul = await call(buyer, '/api/quick-order/resolve', { text: 'A\u0000B 1\n\ud800 2' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({ fields: { text: expect.any(String) } });
    expect((await call(null, '/api/quick-order/resolve', { text: 'A1 1' })).statusCode).toBe(401);
  });
  it('finds a part by an older number it replaces, says so, and prefers a current number', async () => {
    const buyer = await customer(ctx.app);
    const old = `OLD-${Date.now().toString(36).toUpperCase()}`;
    const replacement = await part({ supersededNumbers: [old] });
    const twiceOld = `OLD2-${Date.now().toString(36).toUpperCase()}`;
    await part({ supersededNumbers: [twiceOld] });
    await part({ supersededNumbers: [twiceOld] });
    const current = await part();
    const shadow = await part({ supersededNumbers: [current.sku] });
    const res = await resolve(buyer, {
      text: `${old.toLowerCase()}\t20\n${twiceOld} 20\n${current.sku} 20`,
    });
    const [byOld, several, byCurrent] = res.rows;
    expect(byOld!.status).toBe('FOUND');
    expect(byOld!.part).toMatchObject({
      partId: replacement.id,
      matchedBy: 'superseded',
      replaces: old,
      matchedOem: null,
    });
    expect(several!.status).toBe('SEVERAL_MATCHES');
    expect(several!.matches.map((m) => m.matchedBy)).toEqual(['superseded', 'superseded']);
    expect(byCurrent!.part?.partId).toBe(current.id);
    expect(byCurrent!.part?.partId).not.toBe(shadow.id);
  });

  it('prices the total after adding at its volume price', async () => {
    const buyer = await customer(ctx.app);
    const laddered = await part({
      tiers: [
        [40, 250],
        [100, 200],
      ],
    });
    await call(buyer, '/api/cart/lines', { partId: laddered.id, quantity: 30 });
    const res = await resolve(buyer, { text: `${laddered.sku} 20\n${laddered.sku} 60` });
    expect(res.rows.map((r) => [r.totalAfter, r.unitPriceAfter, r.priceStepAfter])).toEqual([
      [50, 2.5, 40],
      [110, 2, 100],
    ]);
    const below = await resolve(buyer, { text: `${laddered.sku} 5` });
    // 30 in the cart + 5: below every step, at the part's own price ($3).
    expect(below.rows.map((r) => [r.totalAfter, r.unitPriceAfter, r.priceStepAfter])).toEqual([
      [35, 3, null],
    ]);
  });
});
