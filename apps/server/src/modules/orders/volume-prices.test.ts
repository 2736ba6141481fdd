import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  CartResponse,
  LinesRefusal,
  OrderResponse,
  PartResponse,
  type CheckoutBody,
} from '@storefront/contract';
import { admin, customer } from '../../test/accounts.js';
import { insertPart } from '../../test/factories.js';
import { payInSandbox } from '../../test/pay.js';
import { useTestApp } from '../../test/test-app.js';
import { orderEmails } from '../mail/mail.tables.js';
import { parts } from '../parts/parts.tables.js';
import { orderLines } from './orders.tables.js';
import { pdfText } from '../../test/pdf-text.js';

/**
 * Volume prices (issue 22) from the staff form to the invoice: the ladder's validation, each line
 * priced at its step wherever it shows, the nudge's arithmetic, and a ladder edited between the
 * cart and the order shown to the buyer instead of charged.
 */
type Customer = Awaited<ReturnType<typeof customer>>;
type Line = CheckoutBody['lines'][number];
const shipTo = { street: '3 Mill Lane', city: 'Derby', postalCode: 'DE1 2AB', country: 'UK' };

const newPart = {
  name: 'Brake pad set',
  description: 'Front axle brake pad set with wear sensor, for workshop use. '.repeat(2),
  mOrderQuantity: 10,
  availableQuantity: 1000,
  price: 10,
  url: '/images/parts/brake-pads.svg',
  packSize: 5,
};

describe('volume prices', () => {
  const ctx = useTestApp({
    authRateLimit: false,
    openOrderLimits: { count: 1000, valueCents: 1e12 },
  });
  let boss: Awaited<ReturnType<typeof admin>> | undefined;
  const staff = async () => (boss ??= await admin(ctx.app, ctx.database.db));
  const create = async (body: Record<string, unknown>) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/parts',
      headers: (await staff()).auth,
      payload: body,
    });
  const edit = async (id: string, body: Record<string, unknown>) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/parts/${id}`,
      headers: (await staff()).auth,
      payload: body,
    });
  const cartOf = async (buyer: Customer) =>
    CartResponse.parse(
      (await ctx.app.inject({ method: 'GET', url: '/api/cart', headers: buyer.auth })).json(),
    );
  const setLine = (buyer: Customer, partId: string, body: Record<string, unknown>) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/cart/lines/${partId}`,
      headers: buyer.auth,
      payload: body,
    });
  const checkout = (buyer: Customer, lines: Line[]) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: buyer.auth,
      payload: { lines, shipTo, phone: '01332 000000' },
    });
  const ladderPart = async () => {
    const res = await create({
      ...newPart,
      priceTiers: [
        { minQuantity: 40, price: 8.2 },
        { minQuantity: 100, price: 7.6 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    return PartResponse.parse(res.json());
  };

  it('keeps a valid ladder and shows it with the part', async () => {
    const part = await ladderPart();
    expect(part.priceTiers).toEqual([
      { minQuantity: 40, price: 8.2 },
      { minQuantity: 100, price: 7.6 },
    ]);
    const read = await ctx.app.inject(`/api/parts/${part._id}`);
    expect(PartResponse.parse(read.json()).priceTiers).toEqual(part.priceTiers);
  });

  it('refuses a step at or below the minimum, not in whole packs, not rising, or not cheaper, field by field', async () => {
    const cases: [unknown[], string, string][] = [
      [[{ minQuantity: 10, price: 9 }], 'priceTiers.0.minQuantity', 'above the minimum'],
      [[{ minQuantity: 42, price: 9 }], 'priceTiers.0.minQuantity', 'whole number of packs of 5'],
      [
        [
          { minQuantity: 50, price: 9 },
          { minQuantity: 50, price: 8 },
        ],
        'priceTiers.1.minQuantity',
        'larger quantity',
      ],
      [[{ minQuantity: 40, price: 10 }], 'priceTiers.0.price', 'below $10.00'],
      [
        [
          { minQuantity: 40, price: 8 },
          { minQuantity: 100, price: 8.5 },
        ],
        'priceTiers.1.price',
        'below $8.00',
      ],
      [[{ minQuantity: 40, price: 'cheap' }], 'priceTiers.0.price', 'must be a number'],
      [[{ minQuantity: 40, price: 8.123 }], 'priceTiers.0.price', 'two decimals'],
    ];
    for (const [priceTiers, field, words] of cases) {
      const res = await create({ ...newPart, priceTiers });
      expect(res.statusCode, JSON.stringify(priceTiers)).toBe(400);
      const body = res.json<{ error: string; fields: Record<string, string> }>();
      expect(body.error).toBe('VALIDATION_FAILED');
      expect(body.fields[field], JSON.stringify(body.fields)).toContain(words);
    }
    const tooMany = Array.from({ length: 11 }, (_, i) => ({
      minQuantity: 20 + i * 5,
      price: 9.9 - i * 0.1,
    }));
    expect((await create({ ...newPart, priceTiers: tooMany })).statusCode).toBe(400);
  });

  it('checks the stored ladder again when an edit changes the price, minimum or packs without it', async () => {
    const part = await ladderPart();
    const base = { ...newPart, name: part.name };
    // A price below the first step would make buying more dearer.
    const cheaper = await edit(part._id, { ...base, price: 8 });
    expect(cheaper.statusCode).toBe(400);
    expect(cheaper.json<{ fields: Record<string, string> }>().fields.priceTiers).toBeDefined();
    const packs = await edit(part._id, { ...base, packSize: 30, mOrderQuantity: 30 });
    expect(packs.statusCode).toBe(400);
    // With a ladder that fits, the same edit goes through; an empty ladder removes it.
    const fitting = await edit(part._id, {
      ...base,
      packSize: 30,
      mOrderQuantity: 30,
      priceTiers: [{ minQuantity: 120, price: 7 }],
    });
    expect(fitting.statusCode, fitting.body).toBe(200);
    expect(PartResponse.parse(fitting.json()).priceTiers).toEqual([{ minQuantity: 120, price: 7 }]);
    const cleared = await edit(part._id, { ...base, priceTiers: [] });
    expect(PartResponse.parse(cleared.json()).priceTiers).toEqual([]);
  });

  it('prices each cart line at its step and nudges only where buying more costs less in total', async () => {
    const part = await ladderPart();
    const buyer = await customer(ctx.app);
    // 35 × $10 = $350; 40 × $8.20 = $328: five more cost $22 less.
    await setLine(buyer, part._id, { quantity: 35 });
    let line = (await cartOf(buyer)).lines[0]!;
    expect(line).toMatchObject({ unitPrice: 10, priceStep: null, lineTotal: 350, problems: [] });
    expect(line.nudge).toEqual({
      quantity: 40,
      add: 5,
      savingCents: 2200,
      message: 'Add 5 more: you pay $22.00 less overall',
    });
    // 20 × $10 = $200 against 40 × $8.20 = $328: a lower unit price only, so no nudge.
    await setLine(buyer, part._id, { quantity: 20 });
    expect((await cartOf(buyer)).lines[0]!.nudge).toBeNull();
    // At 40 the line is priced at its step, and changing the quantity is not a price change.
    await setLine(buyer, part._id, { quantity: 40 });
    line = (await cartOf(buyer)).lines[0]!;
    expect(line).toMatchObject({ unitPrice: 8.2, priceStep: 40, lineTotal: 328, problems: [] });
    // 95 × $8.20 = $779; 100 × $7.60 = $760.
    await setLine(buyer, part._id, { quantity: 95 });
    expect((await cartOf(buyer)).lines[0]!.nudge?.message).toBe(
      'Add 5 more: you pay $19.00 less overall',
    );
    await setLine(buyer, part._id, { quantity: 100 });
    const cart = await cartOf(buyer);
    expect(cart.lines[0]).toMatchObject({ unitPrice: 7.6, priceStep: 100, nudge: null });
    expect(cart.subtotal).toBe(760);
  });

  it('does not nudge past the stock or the maximum', async () => {
    const part = await ladderPart();
    await ctx.database.db
      .update(parts)
      .set({ availableQuantity: 38 })
      .where(eq(parts.id, part._id));
    const buyer = await customer(ctx.app);
    await setLine(buyer, part._id, { quantity: 35 });
    expect((await cartOf(buyer)).lines[0]!.nudge).toBeNull();
  });

  it('shows a ladder edited after the line was added as a price change, and the fix takes it', async () => {
    const part = await ladderPart();
    const buyer = await customer(ctx.app);
    await setLine(buyer, part._id, { quantity: 40 });
    const edited = await edit(part._id, {
      ...newPart,
      priceTiers: [
        { minQuantity: 40, price: 8.9 },
        { minQuantity: 100, price: 7.6 },
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const line = (await cartOf(buyer)).lines[0]!;
    expect(line.unitPrice).toBe(8.9);
    expect(line.problems.map((p) => [p.code, p.seenUnitPrice, p.unitPrice])).toEqual([
      ['PRICE_CHANGED', 8.2, 8.9],
    ]);
    await setLine(buyer, part._id, { quantity: 40, acceptPrice: true });
    expect((await cartOf(buyer)).lines[0]!.problems).toEqual([]);
    // The ladder as now accepted: moving to the next step is no price change.
    await setLine(buyer, part._id, { quantity: 100 });
    expect((await cartOf(buyer)).lines[0]!.problems).toEqual([]);
  });

  it('orders at the step, says which on the order, its mail and its invoice, and refuses a ladder changed since the buyer saw it', async () => {
    const part = await ladderPart();
    const plain = await insertPart(ctx.database.db, { price: 4.5, minOrderQuantity: 10 });
    const buyer = await customer(ctx.app);
    // The buyer saw $8.20 at 40; staff edit the ladder before the order goes in.
    await edit(part._id, {
      ...newPart,
      priceTiers: [
        { minQuantity: 40, price: 8.5 },
        { minQuantity: 100, price: 7.6 },
      ],
    });
    const stale = await checkout(buyer, [
      { partId: part._id, quantity: 40, unitPrice: 8.2 },
      { partId: plain.id, quantity: 10, unitPrice: 4.5 },
    ]);
    expect(stale.statusCode).toBe(409);
    const refusal = LinesRefusal.parse(stale.json());
    expect(refusal.problems.map((p) => [p.line, p.code, p.seenUnitPrice, p.unitPrice])).toEqual([
      [0, 'PRICE_CHANGED', 8.2, 8.5],
    ]);
    const placed = await checkout(buyer, [
      { partId: part._id, quantity: 40, unitPrice: 8.5 },
      { partId: plain.id, quantity: 10, unitPrice: 4.5 },
    ]);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = OrderResponse.parse(placed.json());
    expect(order.lines.map((l) => [l.quantity, l.unitPrice, l.priceStep, l.total])).toEqual([
      [40, 8.5, 40, 340],
      [10, 4.5, null, 45],
    ]);
    expect(order.partPrice).toBe(385);
    const stored = await ctx.database.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order._id));
    expect(stored.map((l) => l.priceStep).sort()).toEqual([40, null]);

    await ctx.app.storefront.outbox.runDue();
    const [mail] = await ctx.database.db
      .select()
      .from(orderEmails)
      .where(eq(orderEmails.orderId, order._id));
    expect(mail?.textBody).toContain('40 × $8.50 (volume price from 40) = $340.00');
    expect(mail?.textBody).toContain('10 × $4.50 = $45.00');

    await payInSandbox(ctx.app, buyer, order._id);
    const invoice = await ctx.app.inject({
      method: 'GET',
      url: `/api/purchase/${order._id}/invoice`,
      headers: buyer.auth,
    });
    expect(invoice.statusCode).toBe(200);
    const text = await pdfText(invoice.rawPayload);
    expect(text).toContain('volume price from 40');
  });

  it('charges every order placed while staff edit the ladder exactly the price its buyer saw', async () => {
    const part = await ladderPart();
    const buyers = await Promise.all(Array.from({ length: 6 }, () => customer(ctx.app)));
    const results = await Promise.all([
      ...buyers.map((b) => checkout(b, [{ partId: part._id, quantity: 40, unitPrice: 8.2 }])),
      edit(part._id, {
        ...newPart,
        priceTiers: [
          { minQuantity: 40, price: 8.4 },
          { minQuantity: 100, price: 7.6 },
        ],
      }),
    ]);
    const orders = results.slice(0, 6);
    expect(results[6]!.statusCode).toBe(200);
    for (const res of orders) expect([201, 409]).toContain(res.statusCode);
    const placed = orders
      .filter((r) => r.statusCode === 201)
      .map((r) => OrderResponse.parse(r.json()));
    for (const order of placed) expect(order.lines[0]!.unitPrice).toBe(8.2);
    for (const res of orders.filter((r) => r.statusCode === 409))
      expect(LinesRefusal.parse(res.json()).problems[0]!.code).toBe('PRICE_CHANGED');
  });
});
