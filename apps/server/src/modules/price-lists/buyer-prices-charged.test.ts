import { inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  utcToday,
  type CartResponse,
  type LinesRefusal,
  type OrderResponse,
} from '@storefront/contract';
import { customer } from '../../test/accounts.js';
import { payInSandbox } from '../../test/pay.js';
import { addBuyer, caller, companyOf, giveList, pricedPart, shipTo } from '../../test/price-kit.js';
import { useTestApp } from '../../test/test-app.js';
import { priceListAssignments, priceLists } from './price-lists.tables.js';
import { pdfText } from '../../test/pdf-text.js';

/*
 * Decision 061, "Whose prices a request sees": checkout charges the order's company's prices, the
 * price the cart showed; a plain customer and another company pay theirs at the same moment; a
 * list that ends between the cart and the order is refused line by line; and for random lists the
 * cart's prices are what the placing statement charges.
 */

const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

describe('buyer prices: what each buyer is charged', () => {
  const ctx = useTestApp({
    authRateLimit: false,
    mailRateLimit: false,
    openOrderLimits: { count: 1000, valueCents: 1e12 },
  });
  const db = () => ctx.database.db;
  const call = (...a: Parameters<ReturnType<typeof caller>>) => caller(ctx.app)(...a);
  type Who = Parameters<typeof call>[0];

  // Seeded once for the file: two companies with a list each, their owners, a plain customer.
  let seed: Awaited<ReturnType<typeof seedOnce>> | undefined;
  async function seedOnce() {
    const ownerA = await customer(ctx.app);
    const ownerB = await customer(ctx.app);
    const plain = await customer(ctx.app);
    const fleet = await companyOf(ctx.app, ownerA, 'Fleet Ltd');
    const other = await companyOf(ctx.app, ownerB, 'Other Ltd');
    // Public: $55.00, $49.50 from 10. Fleet: 10% off, and $41.20 fixed from 10. Other: 50% off.
    const brake = await pricedPart(db(), {
      sku: 'BC-BRAKE-1',
      price: 55,
      category: 'brakes',
      ladder: [{ minQuantity: 10, unitCents: 4950 }],
    });
    const filter = await pricedPart(db(), { sku: 'BC-FILTER-1', price: 20, category: 'filters' });
    await giveList(db(), fleet.id, {
      name: 'Fleet 2027',
      percentOffBp: 1000,
      fixed: [{ partId: brake.id, minQuantity: 10, unitCents: 4120 }],
    });
    await giveList(db(), other.id, { name: 'Other 50', percentOffBp: 5000 });
    return { ownerA, ownerB, plain, fleet, other, brake, filter };
  }
  const given = async () => (seed ??= await seedOnce());

  /** Fills the cart, reads it as the checkout page does, and checks out exactly those lines. */
  async function cartThenCheckout(
    who: Who,
    lines: { partId: string; quantity: number }[],
    companyId?: string,
  ) {
    await call(who, 'DELETE', '/api/cart');
    for (const line of lines) await call(who, 'POST', '/api/cart/lines', line);
    const cart = (await call(who, 'GET', '/api/cart')).json<CartResponse>();
    const placed = await call(who, 'POST', '/api/checkout', {
      lines: cart.lines.map((l) => ({
        partId: l.partId,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
      })),
      shipTo,
      phone: '0123456789',
      fromCart: true,
      ...(companyId ? { companyId } : {}),
    });
    return { cart, placed };
  }

  it("charges a member the company's prices, as the cart showed them, on the order and its invoice", async () => {
    const { ownerA, fleet, brake, filter } = await given();
    const { cart, placed } = await cartThenCheckout(
      ownerA,
      [
        { partId: brake.id, quantity: 10 },
        { partId: filter.id, quantity: 5 },
      ],
      fleet.id,
    );
    expect(cart.subtotal).toBe(502);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<OrderResponse>();
    expect(order).toMatchObject({ companyId: fleet.id, company: 'Fleet Ltd', partPrice: 502 });
    expect(order.lines.map((l) => [l.sku, l.unitPrice, l.total])).toEqual([
      ['BC-BRAKE-1', 41.2, 412],
      ['BC-FILTER-1', 18, 90],
    ]);
    // The stored order and its lines hold the same amounts (the database's own checks hold them).
    const stored = await db().execute(
      sql`select o.total_cents::int as total, sum(l.total_cents)::int as lines
            from orders o join order_lines l on l.order_id = o.id
           where o.id = ${order._id} group by o.total_cents`,
    );
    expect((stored as unknown as { rows: Record<string, unknown>[] }).rows[0]).toEqual({
      total: 50200,
      lines: 50200,
    });
    await payInSandbox(ctx.app, ownerA, order._id);
    const invoice = await call(ownerA, 'GET', `/api/purchase/${order._id}/invoice`);
    expect(invoice.statusCode).toBe(200);
    const text = await pdfText(invoice.rawPayload);
    for (const expected of ['$41.20', '$412.00', '$18.00', '$90.00', '$502.00', 'Fleet Ltd'])
      expect(text).toContain(expected);
    expect(text).not.toContain('$49.50');
  });

  it('charges a plain customer and another company their own prices for the same parts at the same moment', async () => {
    const { ownerA, ownerB, plain, fleet, other, brake } = await given();
    const place = (who: Who, companyId?: string) =>
      call(who, 'POST', '/api/checkout', {
        lines: [
          {
            partId: brake.id,
            quantity: 10,
            unitPrice: who === plain ? 49.5 : who === ownerB ? 24.75 : 41.2,
          },
        ],
        shipTo,
        phone: '0123456789',
        ...(companyId ? { companyId } : {}),
      });
    const answers = await Promise.all([
      place(ownerA, fleet.id),
      place(plain),
      place(ownerB, other.id),
      place(ownerA, fleet.id),
      place(plain),
      place(ownerB, other.id),
    ]);
    const charged = answers.map((a) => {
      expect(a.statusCode, a.body).toBe(201);
      return a.json<OrderResponse>().lines[0]!.unitPrice;
    });
    expect(charged).toEqual([41.2, 49.5, 24.75, 41.2, 49.5, 24.75]);
    // A plain customer cannot claim Fleet's price: the line is refused as changed.
    const claimed = await call(plain, 'POST', '/api/checkout', {
      lines: [{ partId: brake.id, quantity: 10, unitPrice: 41.2 }],
      shipTo,
      phone: '0123456789',
    });
    expect(claimed.statusCode).toBe(409);
    expect(claimed.json<LinesRefusal>().problems[0]).toMatchObject({ code: 'PRICE_CHANGED' });
    // Nor order for a company they are not in.
    const outsider = await call(plain, 'POST', '/api/checkout', {
      lines: [{ partId: brake.id, quantity: 10, unitPrice: 41.2 }],
      shipTo,
      phone: '0123456789',
      companyId: fleet.id,
    });
    expect(outsider.statusCode).toBe(404);
  });

  it("places the spec's one-part purchase for the company the buyer buys for, at its price", async () => {
    const { fleet, brake } = await given();
    const buyer = await customer(ctx.app);
    await addBuyer(db(), fleet.id, buyer.userId);
    const bought = await call(buyer, 'POST', '/api/purchase', {
      partId: brake.id,
      minimum: 10,
      address: '1 Quay, Hull',
      phone: '0123456789',
    });
    expect(bought.statusCode, bought.body).toBe(201);
    expect(bought.json<OrderResponse>()).toMatchObject({
      companyId: fleet.id,
      company: 'Fleet Ltd',
      unitPrice: 41.2,
      partPrice: 412,
    });
    await call(buyer, 'PUT', '/api/me/buying-for', { companyId: null });
    const personal = await call(buyer, 'POST', '/api/purchase', {
      partId: brake.id,
      minimum: 10,
      address: '1 Quay, Hull',
      phone: '0123456789',
    });
    expect(personal.json<OrderResponse>()).toMatchObject({ companyId: null, unitPrice: 49.5 });
  });

  it('shows line by line a price that changed between the cart and the order, then charges the new one', async () => {
    const { brake, filter } = await given();
    const owner = await customer(ctx.app);
    const shortLived = await companyOf(ctx.app, owner, 'Short Lived Ltd');
    const listId = await giveList(db(), shortLived.id, {
      name: 'Until today',
      validUntil: utcToday(),
      percentOffBp: 2000,
    });
    await call(owner, 'DELETE', '/api/cart');
    await call(owner, 'POST', '/api/cart/lines', { partId: brake.id, quantity: 2 });
    await call(owner, 'POST', '/api/cart/lines', { partId: filter.id, quantity: 1 });
    const seen = (await call(owner, 'GET', '/api/cart')).json<CartResponse>();
    expect(seen.lines.map((l) => l.unitPrice)).toEqual([44, 16]);
    // The list ends (as if midnight UTC passed) before the buyer places the order.
    await db().execute(
      sql`update price_lists set valid_until = ${yesterday()}::date where id = ${listId}::uuid`,
    );
    const body = (cart: CartResponse) => ({
      lines: cart.lines.map((l) => ({
        partId: l.partId,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
      })),
      shipTo,
      phone: '0123456789',
      companyId: shortLived.id,
    });
    const refused = await call(owner, 'POST', '/api/checkout', body(seen));
    expect(refused.statusCode).toBe(409);
    expect(refused.json<LinesRefusal>().problems.map((p) => [p.line, p.code, p.message])).toEqual([
      [0, 'PRICE_CHANGED', 'The price changed from $44.00 to $55.00 a piece.'],
      [1, 'PRICE_CHANGED', 'The price changed from $16.00 to $20.00 a piece.'],
    ]);
    const now = (await call(owner, 'GET', '/api/cart')).json<CartResponse>();
    expect(now.lines.map((l) => [l.unitPrice, l.publicUnitPrice])).toEqual([
      [55, undefined],
      [20, undefined],
    ]);
    const placed = await call(owner, 'POST', '/api/checkout', body(now));
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json<OrderResponse>().partPrice).toBe(130);
  });

  it("refuses a company's prices on a personal order: switching whom they buy for shows the changes", async () => {
    const { ownerA, brake } = await given();
    const { placed } = await cartThenCheckout(ownerA, [{ partId: brake.id, quantity: 10 }]);
    expect(placed.statusCode).toBe(409);
    expect(placed.json<LinesRefusal>().problems[0]).toMatchObject({
      code: 'PRICE_CHANGED',
      message: 'The price changed from $41.20 to $49.50 a piece.',
    });
  });

  it("charges, for random lists and quantities, exactly the cart's line prices", async () => {
    const { brake, filter } = await given();
    const owner = await customer(ctx.app);
    const company = await companyOf(ctx.app, owner, 'Random Ltd');
    const today = utcToday();
    const aList = fc.record({
      priority: fc.integer({ min: -1, max: 2 }),
      active: fc.constantFrom('open', 'ended', 'not-yet', 'today'),
      percentOffBp: fc.option(fc.integer({ min: 1, max: 9999 }), { nil: null }),
      fixed: fc.uniqueArray(
        fc.record({
          part: fc.integer({ min: 0, max: 1 }),
          minQuantity: fc.integer({ min: 1, max: 30 }),
          unitCents: fc.integer({ min: 1, max: 7000 }),
        }),
        { selector: (e) => `${e.part}:${e.minQuantity}`, maxLength: 4 },
      ),
    });
    const dates = {
      open: {},
      ended: { validUntil: '2020-01-01' },
      'not-yet': { validFrom: '2999-01-01' },
      today: { validFrom: today, validUntil: today },
    } as const;
    await fc.assert(
      fc.asyncProperty(
        fc.array(aList, { maxLength: 3 }),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 30 }),
        async (lists, brakeQuantity, filterQuantity) => {
          const mine = await db()
            .select({ id: priceListAssignments.listId })
            .from(priceListAssignments)
            .where(sql`${priceListAssignments.companyId} = ${company.id}::uuid`);
          if (mine.length > 0)
            await db()
              .delete(priceLists)
              .where(
                inArray(
                  priceLists.id,
                  mine.map((m) => m.id),
                ),
              );
          for (const [n, l] of lists.entries())
            await giveList(db(), company.id, {
              name: `Random ${n}`,
              priority: l.priority,
              percentOffBp: l.percentOffBp,
              ...dates[l.active],
              fixed: l.fixed.map((e) => ({
                partId: [brake.id, filter.id][e.part]!,
                minQuantity: e.minQuantity,
                unitCents: e.unitCents,
              })),
            });
          const { cart, placed } = await cartThenCheckout(
            owner,
            [
              { partId: brake.id, quantity: brakeQuantity },
              { partId: filter.id, quantity: filterQuantity },
            ],
            company.id,
          );
          expect(placed.statusCode, placed.body).toBe(201);
          const order = placed.json<OrderResponse>();
          expect(order.lines.map((l) => [l.partId, l.unitPrice, l.total])).toEqual(
            cart.lines.map((l) => [l.partId, l.unitPrice, l.lineTotal]),
          );
          expect(order.partPrice).toBe(cart.subtotal);
        },
      ),
      { numRuns: 25 },
    );
  });
});
