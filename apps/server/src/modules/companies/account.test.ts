import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AccountInvoice, CompanyResponse, OrderResponse } from '@storefront/contract';
import { buildApp } from '../../app.js';
import { admin, customer } from '../../test/accounts.js';
import { insertPart } from '../../test/factories.js';
import { memoryMailer, useTestApp } from '../../test/test-app.js';
import { orders } from '../orders/orders.tables.js';
import { parts } from '../parts/parts.tables.js';
import { companies, companyInvoices, companyMembers } from './companies.tables.js';

type Customer = Awaited<ReturnType<typeof customer>>;
const shipTo = { street: '3 Mill Lane', city: 'Leeds', postalCode: 'LS2 7QT', country: 'UK' };
const companyBody = (name: string) => ({
  name,
  taxId: 'GB 999 8888 77',
  billingAddress: { street: '12 Dock Road', city: 'Leeds', postalCode: 'LS1 4AP', country: 'UK' },
  deliveryAddresses: [shipTo],
});

describe('company orders and payment on account', () => {
  const ctx = useTestApp({
    authRateLimit: false,
    openOrderLimits: { count: 1000, valueCents: 1e12 },
  });
  const call = (
    who: { auth: Record<string, string> } | null,
    method: string,
    url: string,
    payload?: unknown,
  ) =>
    ctx.app.inject({
      method: method as 'GET',
      url,
      headers: who ? who.auth : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  /** A company with its owner and `buyers` more members (written directly: invitations have their own tests). */
  async function company(name: string, buyers = 1) {
    const owner = await customer(ctx.app);
    const res = await call(owner, 'POST', '/api/companies', companyBody(name));
    const made = res.json<CompanyResponse>();
    const members: Customer[] = [];
    for (let i = 0; i < buyers; i += 1) {
      const buyer = await customer(ctx.app);
      await ctx.database.db
        .insert(companyMembers)
        .values({ companyId: made.id, userId: buyer.userId, role: 'buyer' });
      members.push(buyer);
    }
    return { id: made.id, owner, buyers: members };
  }

  let staffMember: Awaited<ReturnType<typeof admin>> | undefined;
  const staff = async () => (staffMember ??= await admin(ctx.app, ctx.database.db));
  const approve = async (companyId: string, creditLimit: number, termsDays = 30) => {
    const res = await call(await staff(), 'PUT', `/api/staff/companies/${companyId}/terms`, {
      termsDays,
      creditLimit,
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const checkout = (
    who: Customer,
    part: { id: string; priceCents: number },
    quantity: number,
    extra: Record<string, unknown> = {},
  ) =>
    call(who, 'POST', '/api/checkout', {
      lines: [{ partId: part.id, quantity, unitPrice: part.priceCents / 100 }],
      shipTo,
      phone: '0113 496 0000',
      ...extra,
    });
  const stockOf = async (partId: string) =>
    (await ctx.database.db.select().from(parts).where(eq(parts.id, partId)))[0]?.availableQuantity;
  const companyRow = async (id: string) =>
    (await ctx.database.db.select().from(companies).where(eq(companies.id, id)))[0]!;

  it('records the buyer and the company on a company order, with the company’s name and tax id, and shows it to every member only', async () => {
    const a = await company('Alpha Fleet', 2);
    const b = await company('Bravo Garages');
    const stranger = await customer(ctx.app);
    const part = await insertPart(ctx.database.db, { price: 10, minOrderQuantity: 1 });
    const placed = await checkout(a.buyers[0]!, part, 3, {
      companyId: a.id,
      payment: 'card',
      company: 'Someone Else Ltd',
      taxId: 'XX 1',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<OrderResponse>();
    expect(order).toMatchObject({
      companyId: a.id,
      company: 'Alpha Fleet',
      taxId: 'GB 999 8888 77',
      paymentMode: 'card',
      status: 'unpaid',
      email: a.buyers[0]!.email,
    });
    // Every member sees it, with who placed it.
    for (const member of [a.owner, a.buyers[1]!]) {
      const list = await call(member, 'GET', `/api/companies/${a.id}/orders`);
      expect(list.json()).toEqual([
        expect.objectContaining({ _id: order._id, email: a.buyers[0]!.email }),
      ]);
      expect((await call(member, 'GET', `/api/purchase/${order._id}`)).statusCode).toBe(200);
    }
    // Outsiders: the other company's members and a plain customer.
    for (const outsider of [b.owner, b.buyers[0]!, stranger]) {
      expect((await call(outsider, 'GET', `/api/companies/${a.id}/orders`)).statusCode).toBe(404);
      expect((await call(outsider, 'GET', `/api/purchase/${order._id}`)).statusCode).toBe(404);
      expect((await call(outsider, 'GET', `/api/purchase/${order._id}/invoice`)).statusCode).toBe(
        404,
      );
      // Ordering for a company one is not in, by card or on account: 404 and nothing placed.
      for (const payment of ['card', 'account']) {
        const res = await checkout(outsider, part, 1, { companyId: a.id, payment });
        expect(res.statusCode).toBe(404);
      }
    }
    expect(await stockOf(part.id)).toBe(497);
    // Only a company order goes on account.
    const personal = await checkout(stranger, part, 1, { payment: 'account' });
    expect(personal.statusCode).toBe(400);
    // A member who leaves no longer sees the company's orders.
    await ctx.database.db
      .delete(companyMembers)
      .where(eq(companyMembers.userId, a.buyers[1]!.userId));
    expect((await call(a.buyers[1]!, 'GET', `/api/companies/${a.id}/orders`)).statusCode).toBe(404);
  });

  it('confirms an order on account at once, reserves its stock, invoices it with a due date and counts its credit', async () => {
    const c = await company('Charlie Haulage');
    const buyer = c.buyers[0]!;
    const part = await insertPart(ctx.database.db, { price: 25, minOrderQuantity: 1 });
    const refused = await checkout(buyer, part, 2, { companyId: c.id, payment: 'account' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'NO_ACCOUNT_TERMS' });
    // Terms come from staff only.
    expect(
      (
        await call(c.owner, 'PUT', `/api/staff/companies/${c.id}/terms`, {
          termsDays: 30,
          creditLimit: 1e6,
        })
      ).statusCode,
    ).toBe(403);
    await approve(c.id, 1000);
    const res = await checkout(buyer, part, 4, { companyId: c.id, payment: 'account' });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json<OrderResponse>();
    expect(order).toMatchObject({ status: 'paid', paymentMode: 'account', partPrice: 100 });
    expect(await stockOf(part.id)).toBe(496);
    const [invoice] = await ctx.database.db
      .select()
      .from(companyInvoices)
      .where(eq(companyInvoices.orderId, order._id));
    expect(invoice?.amountCents).toBe(10_000);
    const days = (invoice!.dueAt.getTime() - invoice!.issuedAt.getTime()) / 86_400_000;
    expect(Math.round(days)).toBe(30);
    expect((await companyRow(c.id)).creditUsedCents).toBe(10_000);
    const view = await call(c.owner, 'GET', `/api/companies/${c.id}`);
    expect(view.json().standing).toMatchObject({
      terms: 'approved',
      creditUsed: 100,
      creditAvailable: 900,
    });
    // The mail: confirmed on account, the invoice attached.
    await ctx.app.storefront.outbox.runDue();
    const mail = ctx.mailer.sent.find(
      (m) => m.to === buyer.email && /confirmed on account/.test(m.subject),
    );
    expect(mail?.text).toMatch(/Invoice due/);
    expect(mail?.attachments?.[0]?.contentType).toBe('application/pdf');
    // The invoice PDF, for the company's members.
    const pdf = await call(c.owner, 'GET', `/api/purchase/${order._id}/invoice`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toMatch(/application\/pdf/);
    // Past the limit: refused with the figures, nothing placed.
    const before = await ctx.database.db.select().from(orders).where(eq(orders.companyId, c.id));
    const big = await checkout(buyer, part, 37, { companyId: c.id, payment: 'account' });
    expect(big.statusCode).toBe(409);
    expect(big.json()).toMatchObject({
      error: 'CREDIT_LIMIT',
      orderTotal: 925,
      creditLimit: 1000,
      creditUsed: 100,
      creditAvailable: 900,
    });
    expect(big.json().message).toMatch(/\$925\.00.*\$1,000\.00/);
    expect(
      await ctx.database.db.select().from(orders).where(eq(orders.companyId, c.id)),
    ).toHaveLength(before.length);
    expect(await stockOf(part.id)).toBe(496);
    // Exactly the rest still fits.
    expect(
      (await checkout(buyer, part, 36, { companyId: c.id, payment: 'account' })).statusCode,
    ).toBe(201);
    expect((await companyRow(c.id)).creditUsedCents).toBe(100_000);
  });

  it('never lets members ordering at the same moment pass the limit together', async () => {
    const d = await company('Delta Parts', 8);
    await approve(d.id, 1000);
    const part = await insertPart(ctx.database.db, {
      price: 300,
      minOrderQuantity: 1,
      availableQuantity: 1000,
    });
    const answers = await Promise.all(
      d.buyers.flatMap((buyer) => [
        checkout(buyer, part, 1, { companyId: d.id, payment: 'account' }),
        checkout(buyer, part, 1, { companyId: d.id, payment: 'account' }),
      ]),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(13);
    const row = await companyRow(d.id);
    expect(row.creditUsedCents).toBe(90_000);
    expect(await stockOf(part.id)).toBe(997);
    const [{ total } = { total: 0 }] = await ctx.database.db
      .select({ total: sql<string>`sum(amount_cents)` })
      .from(companyInvoices)
      .where(eq(companyInvoices.companyId, d.id));
    expect(Number(total)).toBe(90_000);
  });

  it('releases stock and credit when an order on account is canceled before shipping; after shipping staff issue a credit note', async () => {
    const e = await company('Echo Motors');
    await approve(e.id, 5000);
    const buyer = e.buyers[0]!;
    const part = await insertPart(ctx.database.db, { price: 50, minOrderQuantity: 1 });
    const first = (
      await checkout(buyer, part, 10, { companyId: e.id, payment: 'account' })
    ).json<OrderResponse>();
    expect((await companyRow(e.id)).creditUsedCents).toBe(50_000);
    // Another member may not cancel it; its buyer may.
    expect((await call(e.owner, 'DELETE', `/api/purchase/${first._id}`)).statusCode).toBe(404);
    const canceled = await call(buyer, 'DELETE', `/api/purchase/${first._id}`);
    expect(canceled.json()).toEqual({ deletedCount: 1 });
    expect(await stockOf(part.id)).toBe(500);
    expect((await companyRow(e.id)).creditUsedCents).toBe(0);
    // Staff cancel another before shipping: the same.
    const second = (
      await checkout(buyer, part, 4, { companyId: e.id, payment: 'account' })
    ).json<OrderResponse>();
    const staffCancel = await call(
      await staff(),
      'POST',
      `/api/staff/orders/${second._id}/cancel`,
      {
        reason: 'Customer phoned',
      },
    );
    expect(staffCancel.statusCode, staffCancel.body).toBe(200);
    expect(await stockOf(part.id)).toBe(500);
    expect((await companyRow(e.id)).creditUsedCents).toBe(0);
    // Shipped: no cancel; a credit note instead.
    const third = (
      await checkout(buyer, part, 6, { companyId: e.id, payment: 'account' })
    ).json<OrderResponse>();
    const staffView = await call(await staff(), 'GET', `/api/staff/orders/${third._id}`);
    expect(staffView.json()).toMatchObject({ payment: 'on account' });
    const ship = await call(await staff(), 'POST', `/api/staff/orders/${third._id}/ship`, {
      carrier: 'DPD',
      trackingNumber: '15501234',
    });
    expect(ship.statusCode, ship.body).toBe(200);
    const late = await call(buyer, 'DELETE', `/api/purchase/${third._id}`);
    expect(late.statusCode).toBe(409);
    const [invoice] = await ctx.database.db
      .select()
      .from(companyInvoices)
      .where(eq(companyInvoices.orderId, third._id));
    const note = await call(
      await staff(),
      'POST',
      `/api/staff/invoices/${invoice!.id}/credit-notes`,
      {
        amount: 100,
        reason: 'Two parts returned damaged',
      },
    );
    expect(note.statusCode, note.body).toBe(201);
    expect(note.json().number).toMatch(/^CN-\d+$/);
    expect((await companyRow(e.id)).creditUsedCents).toBe(20_000);
    const notePdf = await call(buyer, 'GET', `/api/credit-notes/${note.json().id}`);
    expect(notePdf.statusCode).toBe(200);
    expect(notePdf.headers['content-type']).toMatch(/application\/pdf/);
    expect(
      (await call(await customer(ctx.app), 'GET', `/api/credit-notes/${note.json().id}`))
        .statusCode,
    ).toBe(404);
    const tooMuch = await call(
      await staff(),
      'POST',
      `/api/staff/invoices/${invoice!.id}/credit-notes`,
      {
        amount: 201,
        reason: 'More than is open',
      },
    );
    expect(tooMuch.statusCode).toBe(400);
  });

  it('takes a line staff cancel off the invoice and the credit, but not below what was paid', async () => {
    const j = await company('Juliet Trucks');
    await approve(j.id, 5000);
    const [a, b, c] = await Promise.all(
      [30, 20, 20].map((price) => insertPart(ctx.database.db, { price, minOrderQuantity: 1 })),
    );
    const placed = await call(j.buyers[0]!, 'POST', '/api/checkout', {
      lines: [
        { partId: a!.id, quantity: 10, unitPrice: 30 },
        { partId: b!.id, quantity: 10, unitPrice: 20 },
        { partId: c!.id, quantity: 5, unitPrice: 20 },
      ],
      shipTo,
      phone: '0113 496 0000',
      companyId: j.id,
      payment: 'account',
    });
    const order = placed.json<OrderResponse>();
    expect(order.partPrice).toBe(600);
    const [invoice] = await ctx.database.db
      .select()
      .from(companyInvoices)
      .where(eq(companyInvoices.orderId, order._id));
    const paid = await call(await staff(), 'POST', `/api/staff/invoices/${invoice!.id}/payments`, {
      amount: 450,
      receivedOn: '2026-11-24',
      reference: 'BACS 9',
    });
    expect(paid.statusCode).toBe(200);
    const cancelLine = async (lineNo: number) =>
      call(await staff(), 'POST', `/api/staff/orders/${order._id}/lines/${lineNo}/cancel`, {
        reason: 'Out of stock',
      });
    // $600 − $200 would ask less than the $450 received: refused, nothing changed.
    const refused = await cancelLine(2);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'INVOICE_PAID' });
    expect(await stockOf(b!.id)).toBe(490);
    const done = await cancelLine(3);
    expect(done.statusCode, done.body).toBe(200);
    const [lowered] = await ctx.database.db
      .select()
      .from(companyInvoices)
      .where(eq(companyInvoices.orderId, order._id));
    expect(lowered?.amountCents).toBe(50_000);
    expect((await companyRow(j.id)).creditUsedCents).toBe(5_000);
    expect(await stockOf(c!.id)).toBe(500);
    // Nothing was charged by card, so nothing is refunded.
    const after = await call(j.buyers[0]!, 'GET', `/api/purchase/${order._id}`);
    expect(after.json()).toMatchObject({ partPrice: 500, refund: null, paymentMode: 'account' });
  });

  it('records payments: a part payment leaves the rest due, no more than is due, and frees the credit', async () => {
    const f = await company('Foxtrot Fleet');
    await approve(f.id, 5000);
    const part = await insertPart(ctx.database.db, { price: 40, minOrderQuantity: 1 });
    const order = (
      await checkout(f.buyers[0]!, part, 10, { companyId: f.id, payment: 'account' })
    ).json<OrderResponse>();
    const [invoice] = await ctx.database.db
      .select()
      .from(companyInvoices)
      .where(eq(companyInvoices.orderId, order._id));
    const pay = async (who: { auth: Record<string, string> }, body: unknown) =>
      call(who, 'POST', `/api/staff/invoices/${invoice!.id}/payments`, body);
    expect(
      (await pay(f.owner, { amount: 400, receivedOn: '2026-11-20', reference: 'BACS 1' }))
        .statusCode,
    ).toBe(403);
    for (const bad of [
      { amount: -5, receivedOn: '2026-11-20', reference: 'x' },
      { amount: 10.001, receivedOn: '2026-11-20', reference: 'x' },
      { amount: 10, receivedOn: '2026-02-30', reference: 'x' },
      { amount: 10, receivedOn: '2026-11-20', reference: '' },
      { amount: 10, receivedOn: '2026-11-20', reference: 'a\u0000b' },
      { amount: 10, receivedOn: '2026-11-20', reference: 'x', companyId: f.id },
    ]) {
      const res = await pay(await staff(), bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const part1 = await pay(await staff(), {
      amount: 150,
      receivedOn: '2026-11-20',
      reference: 'BACS 1',
    });
    expect(part1.statusCode, part1.body).toBe(200);
    expect(part1.json<AccountInvoice>()).toMatchObject({ amount: 400, paid: 150, open: 250 });
    expect((await companyRow(f.id)).creditUsedCents).toBe(25_000);
    const over = await pay(await staff(), {
      amount: 250.01,
      receivedOn: '2026-11-21',
      reference: 'BACS 2',
    });
    expect(over.statusCode).toBe(400);
    const rest = await pay(await staff(), {
      amount: 250,
      receivedOn: '2026-11-21',
      reference: 'BACS 2',
    });
    expect(rest.json<AccountInvoice>()).toMatchObject({
      paid: 400,
      open: 0,
      payments: [
        { amount: 150, receivedOn: '2026-11-20', reference: 'BACS 1' },
        { amount: 250, receivedOn: '2026-11-21', reference: 'BACS 2' },
      ],
    });
    expect((await companyRow(f.id)).creditUsedCents).toBe(0);
    expect(
      (await pay(await staff(), { amount: 1, receivedOn: '2026-11-22', reference: 'BACS 3' }))
        .statusCode,
    ).toBe(409);
    expect(
      (await call(await staff(), 'POST', '/api/staff/invoices/not-an-id/payments', {})).statusCode,
    ).toBe(404);
  });

  it("tells the buyer an order on account is due on its invoice's day until staff record the payment, then paid", async () => {
    const g = await company('Golf Garages');
    await approve(g.id, 5000, 30);
    const part = await insertPart(ctx.database.db, { price: 25, minOrderQuantity: 1 });
    const buyer = g.buyers[0]!;
    const placed = (
      await checkout(buyer, part, 4, { companyId: g.id, payment: 'account' })
    ).json<OrderResponse>();
    const [invoice] = await ctx.database.db
      .select()
      .from(companyInvoices)
      .where(eq(companyInvoices.orderId, placed._id));
    const views = async () => {
      const one = (await call(buyer, 'GET', `/api/purchase/${placed._id}`)).json<OrderResponse>();
      const mine = (
        await call(buyer, 'GET', `/api/purchase?email=${encodeURIComponent(buyer.email)}`)
      ).json<OrderResponse[]>();
      const company = (await call(g.owner, 'GET', `/api/companies/${g.id}/orders`)).json<
        OrderResponse[]
      >();
      return [
        one,
        mine.find((o) => o._id === placed._id),
        company.find((o) => o._id === placed._id),
      ];
    };
    for (const view of await views()) {
      expect(view).toMatchObject({
        status: 'paid',
        account: { dueAt: invoice!.dueAt.toISOString(), paid: false },
      });
    }
    const paid = await call(await staff(), 'POST', `/api/staff/invoices/${invoice!.id}/payments`, {
      amount: 100,
      receivedOn: '2026-11-20',
      reference: 'BACS 9',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    for (const view of await views()) expect(view?.account).toMatchObject({ paid: true });
    const card = (await checkout(buyer, part, 1)).json<OrderResponse>();
    expect((await call(buyer, 'GET', `/api/purchase/${card._id}`)).json()).toMatchObject({
      account: null,
    });
  });

  it('records concurrent payments against one invoice without ever taking more than is due', async () => {
    const k = await company('Kilo Couriers');
    await approve(k.id, 5000);
    const part = await insertPart(ctx.database.db, { price: 25, minOrderQuantity: 1 });
    const order = (
      await checkout(k.buyers[0]!, part, 10, { companyId: k.id, payment: 'account' })
    ).json<OrderResponse>();
    const [invoice] = await ctx.database.db
      .select()
      .from(companyInvoices)
      .where(eq(companyInvoices.orderId, order._id));
    const admin = await staff();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call(admin, 'POST', `/api/staff/invoices/${invoice!.id}/payments`, {
          amount: 100,
          receivedOn: '2026-11-24',
          reference: `BACS ${i}`,
        }),
      ),
    );
    // $250 due: two payments of $100 fit, the third would pass it.
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(answers.filter((r) => r.statusCode === 400)).toHaveLength(4);
    const [after] = await ctx.database.db
      .select()
      .from(companyInvoices)
      .where(eq(companyInvoices.id, invoice!.id));
    expect(after?.paidCents).toBe(20_000);
    expect((await companyRow(k.id)).creditUsedCents).toBe(5_000);
  });

  it('keeps credit and stock right when cancels, payments and orders of one company run at once (one lock order, no deadlock)', async () => {
    const l = await company('Lima Logistics', 4);
    await approve(l.id, 100_000);
    const [p1, p2] = await Promise.all(
      [10, 15].map((price) =>
        insertPart(ctx.database.db, { price, minOrderQuantity: 1, availableQuantity: 1000 }),
      ),
    );
    const order = (buyer: Customer) =>
      call(buyer, 'POST', '/api/checkout', {
        lines: [
          { partId: p2!.id, quantity: 2, unitPrice: 15 },
          { partId: p1!.id, quantity: 3, unitPrice: 10 },
        ],
        shipTo,
        phone: '0113 496 0000',
        companyId: l.id,
        payment: 'account',
      });
    const first = await Promise.all(l.buyers.map((b) => order(b)));
    const placed = first.map((r) => r.json<OrderResponse>());
    const invoices = await ctx.database.db
      .select()
      .from(companyInvoices)
      .where(eq(companyInvoices.companyId, l.id));
    const admin = await staff();
    const answers = await Promise.all([
      ...placed.map((o, i) => call(l.buyers[i]!, 'DELETE', `/api/purchase/${o._id}`)),
      ...l.buyers.map((b) => order(b)),
      ...invoices.map((inv) =>
        call(admin, 'POST', `/api/staff/invoices/${inv.id}/payments`, {
          amount: 10,
          receivedOn: '2026-11-24',
          reference: 'BACS',
        }),
      ),
    ]);
    const codes = answers.map((r) => r.statusCode);
    // Each cancel, order and payment either went through or was refused as it should be; a
    // payment on an invoice its cancel voided first is refused (409), never a deadlock or a 5xx.
    expect(codes.slice(0, 4)).toEqual([200, 200, 200, 200]);
    expect(codes.slice(4, 8)).toEqual([201, 201, 201, 201]);
    for (const code of codes.slice(8)) expect([200, 409]).toContain(code);
    const row = await companyRow(l.id);
    const open = (
      await ctx.database.db
        .select()
        .from(companyInvoices)
        .where(eq(companyInvoices.companyId, l.id))
    ).reduce((sum, i) => sum + (i.voidedAt ? 0 : i.amountCents - i.paidCents - i.creditedCents), 0);
    expect(row.creditUsedCents).toBe(open);
    expect(open).toBe(4 * 6_000);
    expect(await stockOf(p1!.id)).toBe(1000 - 4 * 3);
    expect(await stockOf(p2!.id)).toBe(1000 - 4 * 2);
  });

  it('sends the overdue reminder once, across runs at once, instances and restarts, and lists due and overdue invoices', async () => {
    const g = await company('Golf Garages');
    await approve(g.id, 5000, 14);
    const part = await insertPart(ctx.database.db, { price: 20, minOrderQuantity: 1 });
    const late = (
      await checkout(g.buyers[0]!, part, 5, { companyId: g.id, payment: 'account' })
    ).json<OrderResponse>();
    const onTime = (
      await checkout(g.buyers[0]!, part, 2, { companyId: g.id, payment: 'account' })
    ).json<OrderResponse>();
    await ctx.database.db
      .update(companyInvoices)
      .set({ dueAt: sql`now() - interval '1 day'` })
      .where(eq(companyInvoices.orderId, late._id));
    const lists = await call(await staff(), 'GET', '/api/staff/invoices');
    const { overdue, due } = lists.json<{ overdue: AccountInvoice[]; due: AccountInvoice[] }>();
    expect(overdue.map((i) => i.orderId)).toContain(late._id);
    expect(due.map((i) => i.orderId)).toContain(onTime._id);
    expect(due.map((i) => i.orderId)).not.toContain(late._id);
    // Two runs at once, then another instance on the same database, then a run after a restart.
    const other = await buildApp({
      config: ctx.config,
      database: ctx.database,
      mailer: memoryMailer(),
    });
    await other.ready();
    const claimed = await Promise.all([
      ctx.app.storefront.remindOverdueInvoices(),
      other.storefront.remindOverdueInvoices(),
      ctx.app.storefront.remindOverdueInvoices(),
    ]);
    await other.close();
    const again = await buildApp({
      config: ctx.config,
      database: ctx.database,
      mailer: memoryMailer(),
    });
    await again.ready();
    claimed.push(await again.storefront.remindOverdueInvoices());
    await again.close();
    expect(claimed.reduce((a, b) => a + b, 0)).toBe(1);
    await ctx.app.storefront.outbox.runDue();
    const reminders = ctx.mailer.sent.filter((m) => /is overdue/.test(m.subject));
    expect(reminders).toHaveLength(1);
    expect(reminders[0]?.to).toBe(g.buyers[0]!.email);
    expect(reminders[0]?.text).toMatch(/\$100\.00 is still open/);
    // The staff console: companies and their standing.
    const list = await call(await staff(), 'GET', '/api/staff/companies');
    expect(list.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: g.id,
          members: 2,
          standing: expect.objectContaining({
            terms: 'approved',
            termsDays: 14,
            creditUsed: 140,
            overdue: 100,
          }),
        }),
      ]),
    );
    expect((await call(g.owner, 'GET', '/api/staff/companies')).statusCode).toBe(403);
    const orders = await call(await staff(), 'GET', `/api/staff/companies/${g.id}/orders`);
    expect(orders.json()).toHaveLength(2);
  });

  it('refuses orders on account once staff suspend terms; cards still work', async () => {
    const h = await company('Hotel Vans');
    await approve(h.id, 5000);
    const part = await insertPart(ctx.database.db, { price: 20, minOrderQuantity: 1 });
    const suspend = await call(await staff(), 'POST', `/api/staff/companies/${h.id}/terms/suspend`);
    expect(suspend.json().standing).toMatchObject({ terms: 'suspended', creditAvailable: 0 });
    const refused = await checkout(h.buyers[0]!, part, 1, { companyId: h.id, payment: 'account' });
    expect(refused.json()).toMatchObject({ error: 'NO_ACCOUNT_TERMS' });
    const card = await checkout(h.buyers[0]!, part, 1, { companyId: h.id, payment: 'card' });
    expect(card.json()).toMatchObject({ status: 'unpaid', paymentMode: 'card', companyId: h.id });
    const fresh = await company('India Imports');
    expect(
      (await call(await staff(), 'POST', `/api/staff/companies/${fresh.id}/terms/suspend`))
        .statusCode,
    ).toBe(409);
    for (const bad of [
      { termsDays: 0, creditLimit: 10 },
      { termsDays: 30, creditLimit: -1 },
      { termsDays: 30 },
    ]) {
      expect(
        (await call(await staff(), 'PUT', `/api/staff/companies/${h.id}/terms`, bad)).statusCode,
      ).toBe(400);
    }
    expect(
      (
        await call(
          await staff(),
          'GET',
          `/api/staff/companies/00000000-0000-4000-8000-000000000000`,
        )
      ).statusCode,
    ).toBe(404);
  });
});
