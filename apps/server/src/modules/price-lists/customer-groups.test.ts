import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type {
  CartResponse,
  CatalogCard,
  CatalogPage,
  CustomerGroupDetails,
  CustomerGroupSummary,
  OrderResponse,
  PartResponse,
  PriceExplanation,
  PriceListDetails,
  QuoteResponse,
} from '@storefront/contract';
import { admin, customer } from '../../test/accounts.js';
import { caller, companyOf, giveList, pricedPart, shipTo } from '../../test/price-kit.js';
import { useTestApp } from '../../test/test-app.js';
import { auditLog } from '../audit/audit.tables.js';
import { customerGroupMembers } from './price-lists.tables.js';

type Who = { auth: Record<string, string> } | null;

/*
 * Decision 062, customer groups: people buying for themselves who share price lists. A member
 * sees and pays the group's prices everywhere (catalog, cart, checkout, quotes); anyone else the
 * public price; a company buyer buying for the company, the company's.
 */
describe('customer groups: price lists for people buying for themselves', () => {
  const ctx = useTestApp({ authRateLimit: false, mailRateLimit: false });
  const db = () => ctx.database.db;
  const call = (...a: Parameters<ReturnType<typeof caller>>) => caller(ctx.app)(...a);

  let seed: Awaited<ReturnType<typeof seedOnce>> | undefined;
  async function seedOnce() {
    const staff = await admin(ctx.app, db());
    const person = await customer(ctx.app);
    const plain = await customer(ctx.app);
    const owner = await customer(ctx.app);
    const fleet = await companyOf(ctx.app, owner, 'Group Fleet Ltd');
    // Public: $30.00, $27.00 from 10.
    const pads = await pricedPart(db(), {
      sku: 'CG-PADS-1',
      price: 30,
      category: 'brakes',
      ladder: [{ minQuantity: 10, unitCents: 2700 }],
    });
    const bulb = await pricedPart(db(), { sku: 'CG-BULB-1', price: 4, category: 'lighting' });
    // The fleet's own list: 50% off.
    await giveList(db(), fleet.id, { name: 'Fleet half', percentOffBp: 5000 });
    return { staff, person, plain, owner, fleet, pads, bulb };
  }
  const given = async () => (seed ??= await seedOnce());
  const priceOf = async (who: Who, id: string) =>
    (await call(who, 'GET', `/api/parts/${id}`)).json<PartResponse>();

  let made = 0;
  /** A group with `person` in it and a list: 20% off, pads fixed at $21.00 from 10. */
  async function groupWithList(members: { email: string }[]) {
    const { staff, pads } = await given();
    made += 1;
    const group = await call(staff, 'POST', '/api/staff/customer-groups', {
      name: `Trade counter ${made}`,
    });
    expect(group.statusCode, group.body).toBe(201);
    const groupId = group.json<CustomerGroupDetails>().id;
    for (const m of members) {
      const added = await call(staff, 'POST', `/api/staff/customer-groups/${groupId}/members`, {
        email: m.email,
      });
      expect(added.statusCode, added.body).toBe(200);
    }
    const list = (
      await call(staff, 'POST', '/api/staff/price-lists', {
        name: `Trade ${made}`,
        percentOff: 20,
      })
    ).json<PriceListDetails>();
    await call(staff, 'POST', `/api/staff/price-lists/${list.id}/entries`, {
      entries: [{ partNumber: pads.sku, minQuantity: 10, price: 21 }],
    });
    const assigned = await call(
      staff,
      'PUT',
      `/api/staff/price-lists/${list.id}/groups/${groupId}`,
      { priority: 3 },
    );
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json<PriceListDetails>().groups).toEqual([
      { groupId, groupName: `Trade counter ${made}`, priority: 3 },
    ]);
    return { groupId, listId: list.id };
  }

  it("shows and charges a member the group's prices, quotes from them, and explains them; others pay public", async () => {
    const { staff, person, plain, pads, bulb } = await given();
    const { groupId } = await groupWithList([person]);

    expect(await priceOf(person, pads.id)).toMatchObject({
      price: 24,
      listPrice: 30,
      priceTiers: [{ minQuantity: 10, price: 21 }],
    });
    expect(await priceOf(plain, pads.id)).toMatchObject({ price: 30 });
    expect(await priceOf(plain, pads.id)).not.toHaveProperty('listPrice');
    expect(await priceOf(null, pads.id)).not.toHaveProperty('listPrice');

    await call(person, 'DELETE', '/api/cart');
    await call(person, 'POST', '/api/cart/lines', { partId: pads.id, quantity: 10 });
    await call(person, 'POST', '/api/cart/lines', { partId: bulb.id, quantity: 5 });
    const cart = (await call(person, 'GET', '/api/cart')).json<CartResponse>();
    expect(cart.lines.map((l) => [l.partId, l.unitPrice, l.publicUnitPrice])).toEqual([
      [pads.id, 21, 27],
      [bulb.id, 3.2, 4],
    ]);
    const placed = await call(person, 'POST', '/api/checkout', {
      lines: cart.lines.map((l) => ({
        partId: l.partId,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
      })),
      shipTo,
      phone: '0123456789',
      fromCart: true,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<OrderResponse>();
    expect(order.companyId).toBeNull();
    expect(order.lines.map((l) => [l.sku, l.unitPrice, l.total])).toEqual([
      ['CG-PADS-1', 21, 210],
      ['CG-BULB-1', 3.2, 16],
    ]);

    const quote = await call(person, 'POST', '/api/quotes', {
      lines: [{ partId: pads.id, quantity: 12 }],
    });
    expect(quote.json<QuoteResponse>().versions[0]!.lines[0]!.listUnitPrice).toBe(21);
    const plainQuote = await call(plain, 'POST', '/api/quotes', {
      lines: [{ partId: pads.id, quantity: 12 }],
    });
    expect(plainQuote.json<QuoteResponse>().versions[0]!.lines[0]!.listUnitPrice).toBe(27);

    const why = await call(
      staff,
      'GET',
      `/api/staff/customer-groups/${groupId}/price-explanation?partNumber=${pads.sku}&quantity=12`,
    );
    expect(why.statusCode, why.body).toBe(200);
    expect(why.json<PriceExplanation>()).toMatchObject({
      party: 'group',
      unitPrice: 21,
      publicPrice: 27,
      decidedBy: { source: { kind: 'fixed', minQuantity: 10 } },
    });
    expect(why.json<PriceExplanation>().summary).toMatch(/^Trade \d+: fixed \$21\.00 from 10/);
  });

  it('prices a company buyer by the company when buying for it, by their group when buying for themselves', async () => {
    const { owner, fleet, pads } = await given();
    await groupWithList([owner]);
    expect((await priceOf(owner, pads.id)).price).toBe(15);
    await call(owner, 'PUT', '/api/me/buying-for', { companyId: null });
    expect((await priceOf(owner, pads.id)).price).toBe(24);
    await call(owner, 'PUT', '/api/me/buying-for', { companyId: fleet.id });
    expect((await priceOf(owner, pads.id)).price).toBe(15);
  });

  it('keeps a person in one group, moves them, and gives the public price at once when they leave', async () => {
    const { staff, pads } = await given();
    const mover = await customer(ctx.app);
    const first = await groupWithList([mover]);
    const second = await groupWithList([]);
    // Twenty concurrent moves between the two groups: one membership at the end, no error.
    const moves = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(
          staff,
          'POST',
          `/api/staff/customer-groups/${i % 2 ? first.groupId : second.groupId}/members`,
          { email: mover.email },
        ),
      ),
    );
    expect(moves.map((m) => m.statusCode)).toEqual(Array<number>(20).fill(200));
    const rows = await db()
      .select()
      .from(customerGroupMembers)
      .where(eq(customerGroupMembers.userId, mover.userId));
    expect(rows).toHaveLength(1);
    const groupId = rows[0]!.groupId;
    expect((await priceOf(mover, pads.id)).price).toBe(24);
    const out = await call(
      staff,
      'DELETE',
      `/api/staff/customer-groups/${groupId}/members/${mover.userId}`,
    );
    expect(out.statusCode).toBe(200);
    expect((await priceOf(mover, pads.id)).price).toBe(30);
    expect(
      (await call(staff, 'DELETE', `/api/staff/customer-groups/${groupId}/members/${mover.userId}`))
        .statusCode,
    ).toBe(404);

    // Deleting a group returns its members to public prices.
    await call(staff, 'POST', `/api/staff/customer-groups/${first.groupId}/members`, {
      email: mover.email,
    });
    expect((await priceOf(mover, pads.id)).price).toBe(24);
    const gone = await call(staff, 'DELETE', `/api/staff/customer-groups/${first.groupId}`);
    expect(gone.json<CustomerGroupSummary[]>().map((g) => g.id)).not.toContain(first.groupId);
    expect((await priceOf(mover, pads.id)).price).toBe(30);
    const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, first.groupId));
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        'customer-group.create',
        'customer-group.add-member',
        'customer-group.delete',
      ]),
    );
  });

  it('lets only staff in, names unknown people and taken names, and answers odd bodies with 400', async () => {
    const { staff, plain, owner } = await given();
    const { groupId, listId } = await groupWithList([]);
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/staff/customer-groups'],
      ['POST', '/api/staff/customer-groups', { name: 'Mine' }],
      ['GET', `/api/staff/customer-groups/${groupId}`],
      ['PUT', `/api/staff/customer-groups/${groupId}`, { name: 'Mine' }],
      ['DELETE', `/api/staff/customer-groups/${groupId}`],
      ['POST', `/api/staff/customer-groups/${groupId}/members`, { email: plain.email }],
      ['DELETE', `/api/staff/customer-groups/${groupId}/members/${plain.userId}`],
      ['PUT', `/api/staff/price-lists/${listId}/groups/${groupId}`, { priority: 1 }],
      ['DELETE', `/api/staff/price-lists/${listId}/groups/${groupId}`],
      [
        'GET',
        `/api/staff/customer-groups/${groupId}/price-explanation?partNumber=CG-PADS-1&quantity=1`,
      ],
    ];
    for (const [method, url, body] of routes) {
      expect((await call(null, method, url, body)).statusCode, url).toBe(401);
      expect((await call(plain, method, url, body)).statusCode, url).toBe(403);
      expect((await call(owner, method, url, body)).statusCode, url).toBe(403);
    }
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await call(staff, 'GET', `/api/staff/customer-groups/${missing}`)).statusCode).toBe(
      404,
    );
    expect(
      (
        await call(staff, 'PUT', `/api/staff/price-lists/${listId}/groups/${missing}`, {
          priority: 1,
        })
      ).statusCode,
    ).toBe(404);
    const nobody = await call(staff, 'POST', `/api/staff/customer-groups/${groupId}/members`, {
      email: 'nobody@example.com',
    });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().fields.email).toBe('No customer has this email address');
    for (const body of [{}, { name: '' }, { name: 'x'.repeat(101) }, { name: 'A\u0000' }, []])
      expect(
        (await call(staff, 'POST', '/api/staff/customer-groups', body)).statusCode,
        JSON.stringify(body),
      ).toBe(400);
    // The same name made twenty times at once, in any case: one group.
    const same = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(staff, 'POST', '/api/staff/customer-groups', {
          name: i % 2 ? 'Body shops' : 'BODY SHOPS',
        }),
      ),
    );
    expect(same.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(same.filter((r) => r.statusCode === 409)).toHaveLength(19);
  });

  it('answers 200 or 404, never an error, when a group is deleted under members and lists being added', async () => {
    const { staff } = await given();
    const people = await Promise.all(Array.from({ length: 6 }, () => customer(ctx.app)));
    const { groupId, listId } = await groupWithList([]);
    const answers = await Promise.all([
      ...people.map((p) =>
        call(staff, 'POST', `/api/staff/customer-groups/${groupId}/members`, { email: p.email }),
      ),
      call(staff, 'DELETE', `/api/staff/customer-groups/${groupId}`),
      ...Array.from({ length: 6 }, (_, i) =>
        call(staff, 'PUT', `/api/staff/price-lists/${listId}/groups/${groupId}`, { priority: i }),
      ),
    ]);
    for (const a of answers) expect([200, 404], a.body).toContain(a.statusCode);
    expect((await call(staff, 'GET', `/api/staff/customer-groups/${groupId}`)).statusCode).toBe(
      404,
    );
    const left = await db()
      .select()
      .from(customerGroupMembers)
      .where(eq(customerGroupMembers.groupId, groupId));
    expect(left).toEqual([]);
  });

  it("sorts a member's search by the group's prices, and a visitor's by the public", async () => {
    const { staff, pads, bulb } = await given();
    const shopper = await customer(ctx.app);
    const { listId } = await groupWithList([shopper]);
    // Pads from one piece at $2.00 for the group: cheaper than the bulb ($3.20 with 20% off).
    await call(staff, 'POST', `/api/staff/price-lists/${listId}/entries`, {
      entries: [{ partNumber: pads.sku, minQuantity: 1, price: 2 }],
    });
    const order = async (who: Who) => {
      const cards: CatalogCard[] = [];
      for (let page = 1; page < 50; page += 1) {
        const body = (
          await call(who, 'GET', `/api/catalog?sort=price-asc&pageSize=48&page=${page}`)
        ).json<CatalogPage>();
        cards.push(...body.items);
        if (page >= body.pageCount) break;
      }
      return cards.filter((c) => c.sku.startsWith('CG-')).map((c) => [c.sku, c.price]);
    };
    expect(await order(shopper)).toEqual([
      [pads.sku, 2],
      [bulb.sku, 3.2],
    ]);
    expect(await order(null)).toEqual([
      [bulb.sku, 4],
      [pads.sku, 30],
    ]);
  });
});
