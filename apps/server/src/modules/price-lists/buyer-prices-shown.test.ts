import { describe, expect, it } from 'vitest';
import type {
  BuyingForResponse,
  CartResponse,
  CatalogPage,
  CompanyPriceLists,
  PartListResponse,
  PartPageResponse,
  PartResponse,
  PriceExplanation,
  QuickOrderResponse,
  QuoteResponse,
  SuggestResponse,
} from '@storefront/contract';
import { admin, customer } from '../../test/accounts.js';
import { addBuyer, caller, companyOf, giveList, pricedPart } from '../../test/price-kit.js';
import { useTestApp } from '../../test/test-app.js';

/*
 * Decision 061, "Whose prices a request sees": a company buyer sees their list's prices on every
 * catalog read, the cart and quick order; a visitor, a plain customer and a member of another
 * company see the public price of the same parts at the same moment; a removed member at once.
 */
describe('buyer prices: what each caller is shown', () => {
  const ctx = useTestApp({ authRateLimit: false, mailRateLimit: false });
  const db = () => ctx.database.db;
  const call = (...a: Parameters<ReturnType<typeof caller>>) => caller(ctx.app)(...a);

  // Seeded once for the file: two companies with a list each, their members, a plain customer.
  let seed: Awaited<ReturnType<typeof seedOnce>> | undefined;
  async function seedOnce() {
    const ownerA = await customer(ctx.app);
    const buyerA = await customer(ctx.app);
    const ownerB = await customer(ctx.app);
    const plain = await customer(ctx.app);
    const fleet = await companyOf(ctx.app, ownerA, 'Fleet Ltd');
    const other = await companyOf(ctx.app, ownerB, 'Other Ltd');
    await addBuyer(db(), fleet.id, buyerA.userId);
    // Public: $55.00, $49.50 from 10. Fleet: 10% off, and $41.20 fixed from 10.
    const brake = await pricedPart(db(), {
      sku: 'BP-BRAKE-1',
      price: 55,
      category: 'brakes',
      ladder: [{ minQuantity: 10, unitCents: 4950 }],
    });
    const filter = await pricedPart(db(), { sku: 'BP-FILTER-1', price: 20, category: 'filters' });
    await giveList(db(), fleet.id, {
      name: 'Fleet 2027',
      percentOffBp: 1000,
      fixed: [{ partId: brake.id, minQuantity: 10, unitCents: 4120 }],
    });
    // Other's list would make the brake $27.50: never shown to Fleet's members or anyone else.
    await giveList(db(), other.id, { name: 'Other 50', percentOffBp: 5000 });
    return { ownerA, buyerA, ownerB, plain, fleet, other, brake, filter };
  }
  const given = async () => (seed ??= await seedOnce());
  let staff: Awaited<ReturnType<typeof admin>> | undefined;
  const staffOf = async () => (staff ??= await admin(ctx.app, db()));

  const partOf = (who: Parameters<typeof call>[0], id: string) =>
    call(who, 'GET', `/api/parts/${id}`).then((r) => r.json<PartResponse>());

  it("shows a member their list's price on the list, the part, its page, search and suggestions", async () => {
    const { ownerA, brake, filter } = await given();
    const list = await call(ownerA, 'GET', '/api/parts?limit=24');
    expect(list.headers['cache-control']).toBe('private, no-store');
    const items = list.json<PartListResponse>();
    expect(items.find((p) => p._id === brake.id)).toMatchObject({ price: 49.5, listPrice: 55 });
    expect(items.find((p) => p._id === filter.id)).toMatchObject({ price: 18, listPrice: 20 });

    const one = await partOf(ownerA, brake.id);
    // The ladder is theirs: from 10 pieces, the fixed $41.20 (the public step is $49.50).
    expect(one).toMatchObject({
      price: 49.5,
      listPrice: 55,
      priceTiers: [{ minQuantity: 10, price: 41.2 }],
    });

    const page = (
      await call(ownerA, 'GET', `/api/catalog/parts/${brake.sku}`)
    ).json<PartPageResponse>();
    expect(page.part).toMatchObject({ price: 49.5, listPrice: 55, sku: 'BP-BRAKE-1' });

    const search = (await call(ownerA, 'GET', '/api/catalog?q=BP-FILTER-1')).json<CatalogPage>();
    expect(search.items.find((i) => i._id === filter.id)).toMatchObject({
      price: 18,
      listPrice: 20,
    });
    const suggest = (
      await call(ownerA, 'GET', '/api/catalog/suggest?q=BP-BRAKE-1')
    ).json<SuggestResponse>();
    expect(suggest.items.find((i) => i.id === brake.id)).toMatchObject({
      price: 49.5,
      listPrice: 55,
    });
  });

  it('prices the cart and quick order at the list, with the public price beside and an honest nudge', async () => {
    const { buyerA, brake, filter } = await given();
    await call(buyerA, 'DELETE', '/api/cart');
    await call(buyerA, 'POST', '/api/cart/lines', { partId: brake.id, quantity: 9 });
    const cart = (
      await call(buyerA, 'POST', '/api/cart/lines', { partId: filter.id, quantity: 3 })
    ).json<CartResponse>();
    const brakeLine = cart.lines.find((l) => l.partId === brake.id)!;
    expect(brakeLine).toMatchObject({
      unitPrice: 49.5,
      publicUnitPrice: 55,
      seenUnitPrice: 49.5,
      lineTotal: 445.5,
      problems: [],
    });
    // 9 at $49.50 = $445.50; 10 at the list's $41.20 = $412.00: the nudge counts the buyer's price.
    expect(brakeLine.nudge).toMatchObject({ quantity: 10, add: 1, savingCents: 3350 });
    expect(cart.lines.find((l) => l.partId === filter.id)).toMatchObject({
      unitPrice: 18,
      publicUnitPrice: 20,
      lineTotal: 54,
    });
    expect(cart.subtotal).toBe(499.5);

    const quick = (
      await call(buyerA, 'POST', '/api/quick-order/resolve', {
        text: 'BP-BRAKE-1 1\nBP-FILTER-1 2',
      })
    ).json<QuickOrderResponse>();
    // The brake row adds to the 9 in the cart: 10 pieces, at the list's fixed price.
    expect(quick.rows[0]).toMatchObject({
      totalAfter: 10,
      unitPriceAfter: 41.2,
      publicUnitPriceAfter: 49.5,
      part: { unitPrice: 49.5, listPrice: 55 },
    });
    expect(quick.rows[1]).toMatchObject({ unitPriceAfter: 18, publicUnitPriceAfter: 20 });
  });

  it("starts a company's quote from the company's prices; the same member's own quote from the public", async () => {
    const { buyerA, fleet, brake, filter } = await given();
    const lines = [
      { partId: brake.id, quantity: 12 },
      { partId: filter.id, quantity: 5 },
    ];
    const asked = async (companyId?: string) => {
      const res = await call(buyerA, 'POST', '/api/quotes', {
        lines,
        ...(companyId ? { companyId } : {}),
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<QuoteResponse>();
    };
    const company = await asked(fleet.id);
    expect(company.versions[0]!.lines).toMatchObject([
      { partId: brake.id, listUnitPrice: 41.2 },
      { partId: filter.id, listUnitPrice: 18 },
    ]);
    // Staff read the same starting prices.
    const staffView = (
      await call(await staffOf(), 'GET', `/api/staff/quotes/${company.id}`)
    ).json<QuoteResponse>();
    expect(staffView.versions[0]!.lines.map((l) => l.listUnitPrice)).toEqual([41.2, 18]);
    const personal = await asked();
    expect(personal.versions[0]!.lines).toMatchObject([
      { partId: brake.id, listUnitPrice: 49.5 },
      { partId: filter.id, listUnitPrice: 20 },
    ]);
  });

  it("shows a company's members their own lists and why they pay; 404 to everyone else", async () => {
    const { ownerA, buyerA, ownerB, plain, fleet, other, brake } = await given();
    for (const member of [ownerA, buyerA]) {
      const lists = await call(member, 'GET', `/api/companies/${fleet.id}/price-lists`);
      expect(lists.statusCode, lists.body).toBe(200);
      expect(lists.json<CompanyPriceLists>().assignments).toMatchObject([
        { listName: 'Fleet 2027', active: true },
      ]);
      const why = await call(
        member,
        'GET',
        `/api/companies/${fleet.id}/price-explanation?partNumber=${brake.sku}&quantity=12`,
      );
      expect(why.json<PriceExplanation>()).toMatchObject({
        party: 'company',
        unitPrice: 41.2,
        company: { name: 'Fleet Ltd' },
      });
    }
    const staff = await staffOf();
    for (const who of [ownerB, plain, staff])
      for (const url of [
        `/api/companies/${fleet.id}/price-lists`,
        `/api/companies/${fleet.id}/price-explanation?partNumber=${brake.sku}&quantity=1`,
      ])
        expect((await call(who, 'GET', url)).statusCode, url).toBe(404);
    expect((await call(null, 'GET', `/api/companies/${fleet.id}/price-lists`)).statusCode).toBe(
      401,
    );
    // Their own company's lists, never another's through a mixed-up id.
    const theirs = await call(ownerB, 'GET', `/api/companies/${other.id}/price-lists`);
    expect(theirs.json<CompanyPriceLists>().assignments.map((a) => a.listName)).toEqual([
      'Other 50',
    ]);
    const bad = await call(
      ownerA,
      'GET',
      `/api/companies/${fleet.id}/price-explanation?partNumber=&quantity=0`,
    );
    expect(bad.statusCode).toBe(400);
  });

  it('shows a visitor, a plain customer and another company the public price at the same moment', async () => {
    const { ownerA, ownerB, plain, brake } = await given();
    const who = [ownerA, null, plain, ownerB, ownerA, null, plain, ownerB];
    const answers = await Promise.all(
      who.flatMap((w) => [
        partOf(w, brake.id),
        call(w, 'GET', `/api/catalog/parts/${brake.sku}`).then(
          (r) => r.json<PartPageResponse>().part,
        ),
      ]),
    );
    answers.forEach((part, i) => {
      const w = who[Math.floor(i / 2)];
      if (w === ownerA) expect(part).toMatchObject({ price: 49.5, listPrice: 55 });
      else if (w === ownerB) expect(part).toMatchObject({ price: 27.5, listPrice: 55 });
      else {
        expect(part.price).toBe(55);
        expect(part).not.toHaveProperty('listPrice');
        expect(part.priceTiers).toEqual([{ minQuantity: 10, price: 49.5 }]);
      }
    });
    // A visitor still gets the shared, cacheable answer.
    const visitor = await call(null, 'GET', `/api/parts/${brake.id}`);
    expect(visitor.headers.etag).toBeTruthy();
    expect(visitor.headers['cache-control']).toBe('no-cache');
  });

  it('chooses whom a member buys for: their one company by default, themselves, never an outsider', async () => {
    const { buyerA, fleet, other, brake } = await given();
    const start = (await call(buyerA, 'GET', '/api/me/buying-for')).json<BuyingForResponse>();
    expect(start).toEqual({
      companyId: fleet.id,
      chosen: false,
      companies: [{ id: fleet.id, name: 'Fleet Ltd' }],
    });
    const outsider = await call(buyerA, 'PUT', '/api/me/buying-for', { companyId: other.id });
    expect(outsider.statusCode).toBe(404);
    const unknown = await call(buyerA, 'PUT', '/api/me/buying-for', {
      companyId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    expect((await call(null, 'GET', '/api/me/buying-for')).statusCode).toBe(401);

    const myself = await call(buyerA, 'PUT', '/api/me/buying-for', { companyId: null });
    expect(myself.json<BuyingForResponse>()).toMatchObject({ companyId: null, chosen: true });
    expect((await partOf(buyerA, brake.id)).price).toBe(55);
    const back = await call(buyerA, 'PUT', '/api/me/buying-for', { companyId: fleet.id });
    expect(back.json<BuyingForResponse>()).toMatchObject({ companyId: fleet.id, chosen: true });
    expect((await partOf(buyerA, brake.id)).price).toBe(49.5);
  });

  it('shows a removed member the public price on their next request', async () => {
    const { ownerA, fleet, brake } = await given();
    const leaving = await customer(ctx.app);
    await addBuyer(db(), fleet.id, leaving.userId);
    await call(leaving, 'PUT', '/api/me/buying-for', { companyId: fleet.id });
    await call(leaving, 'POST', '/api/cart/lines', { partId: brake.id, quantity: 10 });
    expect((await partOf(leaving, brake.id)).price).toBe(49.5);
    const removed = await call(
      ownerA,
      'DELETE',
      `/api/companies/${fleet.id}/members/${leaving.userId}`,
    );
    expect(removed.statusCode).toBe(200);
    const after = await partOf(leaving, brake.id);
    expect(after.price).toBe(55);
    expect(after).not.toHaveProperty('listPrice');
    const cart = (await call(leaving, 'GET', '/api/cart')).json<CartResponse>();
    expect(cart.lines[0]).toMatchObject({ unitPrice: 49.5, lineTotal: 495 });
    expect(cart.lines[0]).not.toHaveProperty('publicUnitPrice');
    expect(
      (await call(leaving, 'GET', '/api/me/buying-for')).json<BuyingForResponse>(),
    ).toMatchObject({ companyId: null, companies: [] });
  });
});
