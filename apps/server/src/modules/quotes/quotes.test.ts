import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderResponse, QuoteResponse } from '@storefront/contract';
import { admin, customer } from '../../test/accounts.js';
import { insertPart } from '../../test/factories.js';
import { payInSandbox } from '../../test/pay.js';
import { useTestApp } from '../../test/test-app.js';
import { companyMembers } from '../companies/companies.tables.js';
import { orderLines, orders } from '../orders/orders.tables.js';
import { parts } from '../parts/parts.tables.js';
import { expireQuotes } from './quote-expiry.js';
import { quoteEvents, quotes } from './quotes.tables.js';

type Person = Awaited<ReturnType<typeof customer>>;
const shipTo = { street: '12 Dock Road', city: 'Leeds', postalCode: 'LS1 4AP', country: 'UK' };
const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const mail = { publicUrl: 'http://localhost:3000', brandName: 'Test shop' };

describe('quotes', () => {
  const ctx = useTestApp({
    authRateLimit: false,
    mailRateLimit: false,
    openOrderLimits: { count: 1000, valueCents: 1e12 },
  });
  let staff: Person;
  const call = (who: Person | null, method: string, url: string, payload?: unknown) =>
    ctx.app.inject({
      method: method as 'GET',
      url,
      headers: who ? who.auth : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  beforeAll(async () => {
    staff = await admin(ctx.app, ctx.database.db);
  });

  const newPart = (over: { min?: number; stock?: number; price?: number } = {}) =>
    insertPart(ctx.database.db, {
      minOrderQuantity: over.min ?? 10,
      availableQuantity: over.stock ?? 1000,
      price: over.price ?? 12.5,
    });

  async function request(buyer: Person, lines: unknown[], extra: object = {}) {
    const res = await call(buyer, 'POST', '/api/quotes', {
      lines,
      note: 'For the fleet',
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<QuoteResponse>();
  }

  async function offer(id: string, basedOn: number, lines: unknown[], validUntil = day(7)) {
    const res = await call(staff, 'POST', `/api/staff/quotes/${id}/offer`, {
      basedOn,
      lines,
      message: 'Our best price',
      validUntil,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<QuoteResponse>();
  }

  const accept = (who: Person, id: string, version: number, extra: object = {}) =>
    call(who, 'POST', `/api/quotes/${id}/accept`, {
      version,
      shipTo,
      phone: '0123456789',
      ...extra,
    });

  it('runs request, offer, accept and pay; the cart stays; prices are the quoted ones', async () => {
    const a = await newPart({ price: 12.5 });
    const b = await newPart({ price: 40 });
    // From 50 pieces a costs $11.00: the request shows staff that price at its 100.
    await ctx.database.db
      .update(parts)
      .set({ tierQuantities: [50], tierCents: [1100] })
      .where(eq(parts.id, a.id));
    const buyer = await customer(ctx.app);
    const added = await call(buyer, 'POST', '/api/cart/lines', { partId: a.id, quantity: 10 });
    expect(added.statusCode).toBeLessThan(300);
    const cartBefore = (await call(buyer, 'GET', '/api/cart')).json();

    const quote = await request(buyer, [
      { partId: a.id, quantity: 100, targetUnitPrice: 10 },
      { partId: b.id, quantity: 20 },
    ]);
    expect(quote).toMatchObject({ status: 'requested', version: 0, note: 'For the fleet' });
    expect(quote.number).toMatch(/^Q-\d{4}-\d{6}$/);
    expect(quote.versions[0]!.lines).toMatchObject([
      { partId: a.id, quantity: 100, targetUnitPrice: 10, unitPrice: null, listUnitPrice: 11 },
      { partId: b.id, quantity: 20, targetUnitPrice: null, listUnitPrice: 40 },
    ]);
    expect((await call(buyer, 'GET', '/api/cart')).json()).toEqual(cartBefore);
    expect((await call(buyer, 'GET', '/api/quotes')).json()).toMatchObject([{ id: quote.id }]);
    const listed = (await call(staff, 'GET', '/api/staff/quotes?status=requested')).json<
      { id: string }[]
    >();
    expect(listed.map((q) => q.id)).toContain(quote.id);

    const offered = await offer(quote.id, 0, [
      { partId: a.id, quantity: 100, unitPrice: 10.5 },
      { partId: b.id, quantity: 20, unitPrice: 35 },
    ]);
    expect(offered).toMatchObject({ status: 'offered', version: 1, total: 1750 });
    expect(offered.versions[1]!.changes).toEqual([
      expect.objectContaining({ partId: a.id, kind: 'price' }),
    ]);

    // The catalog price and a ladder change after the offer: the quoted prices hold.
    await ctx.database.db
      .update(parts)
      .set({ priceCents: 999, tierQuantities: [50], tierCents: [800] })
      .where(eq(parts.id, a.id));
    const res = await accept(buyer, quote.id, 1);
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json<OrderResponse>();
    expect(order.partPrice).toBe(1750);
    expect(order.lines).toMatchObject([
      { partId: a.id, quantity: 100, unitPrice: 10.5, priceStep: null, total: 1050 },
      { partId: b.id, quantity: 20, unitPrice: 35, total: 700 },
    ]);
    expect(order.lines[0]!.reference).toBe(`Quote ${quote.number}`);
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row!.quoteId).toBe(quote.id);
    const [stock] = await ctx.database.db.select().from(parts).where(eq(parts.id, a.id));
    expect(stock!.availableQuantity).toBe(900);

    // Pressed again: the same order, nothing more reserved.
    const again = await accept(buyer, quote.id, 1);
    expect(again.statusCode).toBe(200);
    expect(again.json<OrderResponse>()._id).toBe(order._id);
    const [still] = await ctx.database.db.select().from(parts).where(eq(parts.id, a.id));
    expect(still!.availableQuantity).toBe(900);

    await payInSandbox(ctx.app, buyer, order._id);
    const paid = await call(buyer, 'GET', `/api/purchase/${order._id}`);
    expect(paid.json()).toMatchObject({ status: 'paid' });

    const seen = (await call(buyer, 'GET', `/api/quotes/${quote.id}`)).json<QuoteResponse>();
    expect(seen).toMatchObject({
      status: 'accepted',
      orderId: order._id,
      orderNumber: order.number,
    });
    expect(seen.history.map((h) => h.to)).toEqual(['requested', 'offered', 'accepted']);

    await ctx.app.storefront.outbox.runDue();
    const subjects = ctx.mailer.sent.map((m) => `${m.to} ${m.subject}`);
    expect(subjects).toContainEqual(`${staff.email} Quote requested: ${quote.number}`);
    expect(subjects).toContainEqual(
      `${buyer.email} Your quote ${quote.number}: our offer (${ctx.config.brandName})`,
    );
    expect(subjects).toContainEqual(`${staff.email} Quote accepted: ${quote.number}`);
  });

  it('answers 404 to everyone but the requester, their company and staff, on every route', async () => {
    const part = await newPart();
    const buyer = await customer(ctx.app);
    const stranger = await customer(ctx.app);
    const quote = await request(buyer, [{ partId: part.id, quantity: 10 }]);
    await offer(quote.id, 0, [{ partId: part.id, quantity: 10, unitPrice: 9 }]);
    const answer = { version: 1, message: 'x' };
    for (const [method, url, body] of [
      ['GET', `/api/quotes/${quote.id}`, undefined],
      ['POST', `/api/quotes/${quote.id}/accept`, { version: 1, shipTo, phone: '0123456789' }],
      ['POST', `/api/quotes/${quote.id}/reject`, answer],
      ['POST', `/api/quotes/${quote.id}/revision`, answer],
      ['POST', `/api/quotes/${quote.id}/accept`, {}],
      ['GET', '/api/quotes/not-a-uuid', undefined],
    ] as const) {
      const res = await call(stranger, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call(stranger, 'GET', '/api/quotes')).json()).toEqual([]);
    // Staff routes are the console's: a customer is refused there as on every staff route.
    expect((await call(stranger, 'GET', `/api/staff/quotes/${quote.id}`)).statusCode).toBe(403);
    expect(
      (await call(stranger, 'POST', `/api/staff/quotes/${quote.id}/decline`, { message: 'no' }))
        .statusCode,
    ).toBe(403);
    expect((await call(null, 'GET', `/api/quotes/${quote.id}`)).statusCode).toBe(401);
    const [row] = await ctx.database.db.select().from(quotes).where(eq(quotes.id, quote.id));
    expect(row).toMatchObject({ status: 'offered', version: 1, orderId: null });
  });

  it('lets the buyer withdraw a request staff have not answered, and only then', async () => {
    const part = await newPart();
    const buyer = await customer(ctx.app, { name: 'Wanda Withdraw' });
    const stranger = await customer(ctx.app);
    const quote = await request(buyer, [{ partId: part.id, quantity: 10 }]);
    const url = `/api/quotes/${quote.id}/withdraw`;
    expect((await call(stranger, 'POST', url, {})).statusCode).toBe(404);
    expect((await call(buyer, 'POST', url, { version: 0 })).statusCode).toBe(400);
    const withdrawn = await call(buyer, 'POST', url, {});
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json<QuoteResponse>()).toMatchObject({
      status: 'rejected',
      history: [
        { actor: 'buyer', to: 'requested' },
        { actor: 'buyer', from: 'requested', to: 'rejected', message: 'Request withdrawn' },
      ],
    });
    expect((await call(buyer, 'POST', url, {})).statusCode).toBe(409);
    // An offer is answered (accepted or rejected), not withdrawn.
    const offered = await request(buyer, [{ partId: part.id, quantity: 10 }]);
    await offer(offered.id, 0, [{ partId: part.id, quantity: 10, unitPrice: 9 }]);
    const refused = await call(buyer, 'POST', `/api/quotes/${offered.id}/withdraw`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'QUOTE_NOT_OPEN', quote: { status: 'offered' } });
  });

  it('withdraws once when the buyer asks many times at once', async () => {
    const part = await newPart();
    const buyer = await customer(ctx.app);
    const quote = await request(buyer, [{ partId: part.id, quantity: 10 }]);
    const url = `/api/quotes/${quote.id}/withdraw`;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call(buyer, 'POST', url, {})),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
    const after = (await call(buyer, 'GET', `/api/quotes/${quote.id}`)).json<QuoteResponse>();
    expect(after.history.filter((h) => h.to === 'rejected')).toHaveLength(1);
  });

  it('tells staff who asked: the buyer and the company, in the list and on the quote', async () => {
    const part = await newPart();
    const buyer = await customer(ctx.app, { name: 'Bea Buyer' });
    const quote = await request(buyer, [{ partId: part.id, quantity: 10 }]);
    const who = { name: 'Bea Buyer', email: buyer.email };
    const list = (await call(staff, 'GET', '/api/staff/quotes')).json<QuoteResponse[]>();
    expect(list.find((q) => q.id === quote.id)).toMatchObject({ buyer: who, companyName: null });
    expect((await call(staff, 'GET', `/api/staff/quotes/${quote.id}`)).json()).toMatchObject({
      buyer: who,
      companyName: null,
    });
  });

  it('shares a company quote with the members of the company, and only them', async () => {
    const part = await newPart();
    const owner = await customer(ctx.app);
    const colleague = await customer(ctx.app);
    const outsider = await customer(ctx.app);
    const company = await call(owner, 'POST', '/api/companies', {
      name: 'Dock Road Motors Ltd',
      taxId: 'GB 123 4567 89',
      billingAddress: shipTo,
      deliveryAddresses: [],
    });
    expect(company.statusCode, company.body).toBe(201);
    const companyId = company.json<{ id: string }>().id;
    await ctx.database.db
      .insert(companyMembers)
      .values({ companyId, userId: colleague.userId, role: 'buyer' });
    // Asking for a company the caller is not in tells them nothing.
    const foreign = await call(outsider, 'POST', '/api/quotes', {
      lines: [{ partId: part.id, quantity: 10 }],
      companyId,
    });
    expect(foreign.statusCode).toBe(404);
    const quote = await request(owner, [{ partId: part.id, quantity: 10 }], { companyId });
    expect((await call(colleague, 'GET', '/api/quotes')).json()).toMatchObject([{ id: quote.id }]);
    expect((await call(outsider, 'GET', `/api/quotes/${quote.id}`)).statusCode).toBe(404);
    // The owner of another company is an outsider here too, on reads and on every answer.
    const rival = await customer(ctx.app);
    const rivalCompany = await call(rival, 'POST', '/api/companies', {
      name: 'Quay Street Fleet Ltd',
      taxId: 'GB 987 6543 21',
      billingAddress: shipTo,
      deliveryAddresses: [],
    });
    expect(rivalCompany.statusCode, rivalCompany.body).toBe(201);
    expect((await call(rival, 'GET', `/api/quotes/${quote.id}`)).statusCode).toBe(404);
    expect((await call(rival, 'GET', '/api/quotes')).json()).toEqual([]);
    await offer(quote.id, 0, [{ partId: part.id, quantity: 10, unitPrice: 11 }]);
    for (const path of ['reject', 'revision'])
      expect(
        (await call(rival, 'POST', `/api/quotes/${quote.id}/${path}`, { version: 1, message: 'x' }))
          .statusCode,
      ).toBe(404);
    expect((await accept(rival, quote.id, 1)).statusCode).toBe(404);
    const res = await accept(colleague, quote.id, 1);
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await ctx.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, res.json<OrderResponse>()._id));
    expect(row).toMatchObject({
      companyId,
      userId: colleague.userId,
      company: 'Dock Road Motors Ltd',
    });
    // The requester presses accept too: the one order.
    const again = await accept(owner, quote.id, 1);
    expect(again.json<OrderResponse>()._id).toBe(row!.id);
    // On account needs a company quote.
    const personal = await request(outsider, [{ partId: part.id, quantity: 10 }]);
    await offer(personal.id, 0, [{ partId: part.id, quantity: 10, unitPrice: 11 }]);
    expect((await accept(outsider, personal.id, 1, { payment: 'account' })).statusCode).toBe(400);
  });

  it('follows current membership: a removed requester loses the quote, its mails and the cancel of its order', async () => {
    const part = await newPart({ price: 20 });
    const owner = await customer(ctx.app);
    const requester = await customer(ctx.app);
    const made = await call(owner, 'POST', '/api/companies', {
      name: 'Lock Street Vans Ltd',
      taxId: 'GB 555 4444 33',
      billingAddress: shipTo,
      deliveryAddresses: [],
    });
    const companyId = made.json<{ id: string }>().id;
    await ctx.database.db
      .insert(companyMembers)
      .values({ companyId, userId: requester.userId, role: 'buyer' });
    const terms = await call(staff, 'PUT', `/api/staff/companies/${companyId}/terms`, {
      termsDays: 30,
      creditLimit: 10_000,
    });
    expect(terms.statusCode, terms.body).toBe(200);
    const placed = await call(requester, 'POST', '/api/checkout', {
      lines: [{ partId: part.id, quantity: 10, unitPrice: 20 }],
      shipTo,
      phone: '0113 496 0000',
      companyId,
      payment: 'account',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<OrderResponse>();
    const quote = await request(requester, [{ partId: part.id, quantity: 10 }], { companyId });
    await offer(quote.id, 0, [{ partId: part.id, quantity: 10, unitPrice: 18 }]);
    await ctx.app.storefront.outbox.runDue();
    const mailsTo = (email: string) =>
      ctx.mailer.sent.filter((m) => m.to === email && m.subject.includes(quote.number)).length;
    expect(mailsTo(requester.email)).toBe(1);

    const removed = await call(
      owner,
      'DELETE',
      `/api/companies/${companyId}/members/${requester.userId}`,
    );
    expect(removed.statusCode, removed.body).toBe(200);

    // Reads and every answer: 404, and the quote stays as it was.
    expect((await call(requester, 'GET', `/api/quotes/${quote.id}`)).statusCode).toBe(404);
    expect((await call(requester, 'GET', '/api/quotes')).json()).toEqual([]);
    for (const path of ['reject', 'revision'])
      expect(
        (
          await call(requester, 'POST', `/api/quotes/${quote.id}/${path}`, {
            version: 1,
            message: 'x',
          })
        ).statusCode,
      ).toBe(404);
    expect((await accept(requester, quote.id, 1)).statusCode).toBe(404);
    const [row] = await ctx.database.db.select().from(quotes).where(eq(quotes.id, quote.id));
    expect(row).toMatchObject({ status: 'offered', version: 1, orderId: null });
    // The company still sees and answers it.
    expect((await call(owner, 'GET', `/api/quotes/${quote.id}`)).statusCode).toBe(200);

    // Staff's next offer goes to the company's owner, not to the removed member.
    await offer(quote.id, 1, [{ partId: part.id, quantity: 10, unitPrice: 17 }]);
    await ctx.app.storefront.outbox.runDue();
    expect(mailsTo(requester.email)).toBe(1);
    expect(mailsTo(owner.email)).toBe(1);

    // The order they placed on the company's account stays the company's: no cancel.
    const cancel = await call(requester, 'DELETE', `/api/purchase/${order._id}`);
    expect(cancel.statusCode).toBe(403);
    const [kept] = await ctx.database.db.select().from(orders).where(eq(orders.id, order._id));
    expect(kept?.status).toBe('paid');
  });

  it("puts a company quote on the company's account when its terms allow", async () => {
    const part = await newPart({ price: 20 });
    const owner = await customer(ctx.app);
    const made = await call(owner, 'POST', '/api/companies', {
      name: 'Canal Fleet Ltd',
      taxId: 'GB 987 6543 21',
      billingAddress: shipTo,
      deliveryAddresses: [],
    });
    const companyId = made.json<{ id: string }>().id;
    const terms = await call(staff, 'PUT', `/api/staff/companies/${companyId}/terms`, {
      termsDays: 30,
      creditLimit: 1000,
    });
    expect(terms.statusCode, terms.body).toBe(200);
    const quote = await request(owner, [{ partId: part.id, quantity: 100 }], { companyId });
    await offer(quote.id, 0, [{ partId: part.id, quantity: 100, unitPrice: 15 }]);
    // Past the credit limit ($1,500 against $1,000): refused, nothing ordered, still offered.
    const over = await accept(owner, quote.id, 1, { payment: 'account' });
    expect(over.statusCode).toBe(409);
    expect(
      (await ctx.database.db.select().from(quotes).where(eq(quotes.id, quote.id)))[0],
    ).toMatchObject({ status: 'offered', orderId: null });
    const smaller = await offer(quote.id, 1, [{ partId: part.id, quantity: 60, unitPrice: 15 }]);
    expect(smaller.total).toBe(900);
    const res = await accept(owner, quote.id, 2, { payment: 'account' });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await ctx.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, res.json<OrderResponse>()._id));
    expect(row).toMatchObject({
      companyId,
      paymentMode: 'account',
      status: 'paid',
      totalCents: 90_000,
      quoteId: quote.id,
    });
  });

  it('moves only along the flow and refuses a stale version with the current one', async () => {
    const part = await newPart();
    const buyer = await customer(ctx.app);
    const q = await request(buyer, [{ partId: part.id, quantity: 10 }]);
    const line = (unitPrice: number) => [{ partId: part.id, quantity: 10, unitPrice }];
    // Nothing to answer while only requested.
    for (const path of ['accept', 'reject', 'revision']) {
      const res =
        path === 'accept'
          ? await accept(buyer, q.id, 1)
          : await call(buyer, 'POST', `/api/quotes/${q.id}/${path}`, { version: 1 });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: 'QUOTE_NOT_OPEN', quote: { status: 'requested' } });
    }
    await offer(q.id, 0, line(11));
    // Staff editing from a version since replaced.
    const stale = await call(staff, 'POST', `/api/staff/quotes/${q.id}/offer`, {
      basedOn: 0,
      lines: line(10),
      validUntil: day(3),
    });
    expect(stale.statusCode).toBe(409);
    await offer(q.id, 1, line(10.5));
    // The buyer answers version 1, which staff have changed since.
    for (const path of ['accept', 'reject', 'revision']) {
      const res =
        path === 'accept'
          ? await accept(buyer, q.id, 1)
          : await call(buyer, 'POST', `/api/quotes/${q.id}/${path}`, { version: 1 });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        error: 'QUOTE_STALE',
        quote: { version: 2, versions: [{ version: 0 }, { version: 1 }, { version: 2 }] },
      });
    }
    const revised = await call(buyer, 'POST', `/api/quotes/${q.id}/revision`, {
      version: 2,
      message: 'Can you do 10?',
    });
    expect(revised.json()).toMatchObject({ status: 'revision_requested', version: 2 });
    expect((await accept(buyer, q.id, 2)).statusCode).toBe(409);
    const third = await offer(q.id, 2, line(10));
    expect(third.versions[3]!.changes).toMatchObject([{ kind: 'price' }]);
    const rejected = await call(buyer, 'POST', `/api/quotes/${q.id}/reject`, { version: 3 });
    expect(rejected.json()).toMatchObject({ status: 'rejected' });
    // Rejected is final.
    for (const res of [
      await accept(buyer, q.id, 3),
      await call(buyer, 'POST', `/api/quotes/${q.id}/revision`, { version: 3 }),
      await call(staff, 'POST', `/api/staff/quotes/${q.id}/decline`, {}),
      await call(staff, 'POST', `/api/staff/quotes/${q.id}/offer`, {
        basedOn: 3,
        lines: line(9),
        validUntil: day(3),
      }),
    ])
      expect(res.statusCode).toBe(409);
    const history = await ctx.database.db
      .select()
      .from(quoteEvents)
      .where(eq(quoteEvents.quoteId, q.id));
    expect(history.map((e) => `${e.fromStatus}>${e.toStatus}@${e.version}`)).toEqual([
      'null>requested@0',
      'requested>offered@1',
      'offered>offered@2',
      'offered>revision_requested@2',
      'revision_requested>offered@3',
      'offered>rejected@3',
    ]);

    // Staff decline an open request; it cannot then be offered or answered.
    const d = await request(buyer, [{ partId: part.id, quantity: 10 }]);
    const declined = await call(staff, 'POST', `/api/staff/quotes/${d.id}/decline`, {
      message: 'We do not make these in that number',
    });
    expect(declined.json()).toMatchObject({ status: 'declined' });
    expect(
      (
        await call(staff, 'POST', `/api/staff/quotes/${d.id}/offer`, {
          basedOn: 0,
          lines: line(9),
          validUntil: day(3),
        })
      ).statusCode,
    ).toBe(409);
    expect((await accept(buyer, d.id, 1)).statusCode).toBe(409);
    // A sent version is never changed, whoever tries.
    await expect(
      ctx.database.db.execute(
        sql`update quote_lines set unit_price_cents = 1 where quote_id = ${q.id}`,
      ),
    ).rejects.toThrow();
    for (const change of [sql`total_cents = 1`, sql`message = 'another text'`])
      await expect(
        ctx.database.db.execute(
          sql`update quote_versions set ${change} where quote_id = ${q.id} and version = 1`,
        ),
      ).rejects.toThrow();
  });

  it('expires an offer past its date once, mails the buyer, and refuses its accept', async () => {
    const part = await newPart();
    const buyer = await customer(ctx.app);
    const q = await request(buyer, [{ partId: part.id, quantity: 10 }]);
    await offer(q.id, 0, [{ partId: part.id, quantity: 10, unitPrice: 9 }], day(0));
    await ctx.database.db
      .update(quotes)
      .set({ validUntil: new Date(Date.now() - 1000) })
      .where(eq(quotes.id, q.id));
    const late = await accept(buyer, q.id, 1);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error: 'QUOTE_EXPIRED' });
    expect(await expireQuotes(ctx.database.db, mail)).toBeGreaterThanOrEqual(1);
    expect(await expireQuotes(ctx.database.db, mail)).toBe(0);
    const seen = (await call(buyer, 'GET', `/api/quotes/${q.id}`)).json<QuoteResponse>();
    expect(seen.status).toBe('expired');
    expect(seen.history.filter((h) => h.to === 'expired')).toHaveLength(1);
    expect((await accept(buyer, q.id, 1)).json()).toMatchObject({ error: 'QUOTE_NOT_OPEN' });
    await ctx.app.storefront.outbox.runDue();
    expect(
      ctx.mailer.sent.filter((m) => m.to === buyer.email && m.subject.includes('has expired')),
    ).toHaveLength(1);
  });

  it('accepts all lines or none when stock has gone, naming what is missing', async () => {
    const a = await newPart({ stock: 1000 });
    const b = await newPart({ stock: 1000 });
    const buyer = await customer(ctx.app);
    const q = await request(buyer, [
      { partId: a.id, quantity: 50 },
      { partId: b.id, quantity: 60 },
    ]);
    await offer(q.id, 0, [
      { partId: a.id, quantity: 50, unitPrice: 9 },
      { partId: b.id, quantity: 60, unitPrice: 9 },
    ]);
    await ctx.database.db.update(parts).set({ availableQuantity: 20 }).where(eq(parts.id, b.id));
    const res = await accept(buyer, q.id, 1);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: 'LINES_UNAVAILABLE',
      problems: [{ partId: b.id, code: 'ABOVE_STOCK', available: 20 }],
    });
    const [stillA] = await ctx.database.db.select().from(parts).where(eq(parts.id, a.id));
    expect(stillA!.availableQuantity).toBe(1000);
    const [row] = await ctx.database.db.select().from(quotes).where(eq(quotes.id, q.id));
    expect(row).toMatchObject({ status: 'offered', orderId: null });
    expect(
      await ctx.database.db.select().from(orders).where(eq(orders.quoteId, q.id)),
    ).toHaveLength(0);
    // Stock back: the same offer can be accepted.
    await ctx.database.db.update(parts).set({ availableQuantity: 100 }).where(eq(parts.id, b.id));
    expect((await accept(buyer, q.id, 1)).statusCode).toBe(201);
  });

  it('refuses offers and requests that break the rules with 400, changing nothing', async () => {
    const part = await newPart({ min: 10 });
    const archived = await newPart();
    await ctx.database.db
      .update(parts)
      .set({ archivedAt: new Date() })
      .where(eq(parts.id, archived.id));
    const buyer = await customer(ctx.app);
    for (const lines of [
      [],
      [{ partId: part.id, quantity: 0 }],
      [{ partId: part.id, quantity: 5 }],
      [{ partId: part.id, quantity: 10, targetUnitPrice: -1 }],
      [{ partId: archived.id, quantity: 10 }],
      [{ partId: '00000000-0000-4000-8000-000000000000', quantity: 10 }],
      [
        { partId: part.id, quantity: 10 },
        { partId: part.id, quantity: 20 },
      ],
    ]) {
      const res = await call(buyer, 'POST', '/api/quotes', { lines });
      expect(res.statusCode, JSON.stringify(lines)).toBe(400);
    }
    const q = await request(buyer, [{ partId: part.id, quantity: 10 }]);
    for (const body of [
      { basedOn: 0, lines: [{ partId: part.id, quantity: 10, unitPrice: 0 }], validUntil: day(2) },
      { basedOn: 0, lines: [{ partId: part.id, quantity: 10, unitPrice: -3 }], validUntil: day(2) },
      {
        basedOn: 0,
        lines: [{ partId: part.id, quantity: 10, unitPrice: 2e6 }],
        validUntil: day(2),
      },
      {
        basedOn: 0,
        lines: [{ partId: part.id, quantity: 10, unitPrice: 1.001 }],
        validUntil: day(2),
      },
      { basedOn: 0, lines: [{ partId: part.id, quantity: 7, unitPrice: 5 }], validUntil: day(2) },
      { basedOn: 0, lines: [{ partId: part.id, quantity: 10, unitPrice: 5 }], validUntil: day(-1) },
      {
        basedOn: 0,
        lines: [{ partId: part.id, quantity: 10, unitPrice: 5 }],
        validUntil: day(400),
      },
      {
        basedOn: 0,
        lines: [{ partId: part.id, quantity: 10, unitPrice: 5 }],
        validUntil: '2026-02-31',
      },
      { basedOn: 0, lines: [{ partId: part.id, quantity: 10, unitPrice: 5 }] },
      {
        basedOn: 0,
        lines: [{ partId: part.id, quantity: 10, unitPrice: 5, status: 'x' }],
        validUntil: day(2),
      },
    ]) {
      const res = await call(staff, 'POST', `/api/staff/quotes/${q.id}/offer`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ error: 'VALIDATION_FAILED' });
    }
    const [row] = await ctx.database.db.select().from(quotes).where(eq(quotes.id, q.id));
    expect(row).toMatchObject({ status: 'requested', version: 0 });
    const lines = await ctx.database.db.select().from(orderLines);
    expect(lines.every((l) => l.unitPriceCents > 0)).toBe(true);
  });
});
