import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  CartResponse,
  coreDepositLabel,
  type CompanyResponse,
  type CreatedApiKey,
  type OrderResponse,
  type PartResponse,
  type ReturnOptions,
  type ReturnResponse,
  type StaffOverview,
  type V1Order,
} from '@storefront/contract';
import { customer } from '../../test/accounts.js';
import { insertPart } from '../../test/factories.js';
import { payInSandbox } from '../../test/pay.js';
import { pdfText } from '../../test/pdf-text.js';
import { returnsKit, returnsShipTo, type KitLine, type KitPart } from '../../test/returns-kit.js';
import { california } from '../../test/tax-kit.js';
import { useTestApp } from '../../test/test-app.js';
import { companyCreditNotes, companyInvoices } from '../companies/companies.tables.js';
import { orders } from '../orders/orders.tables.js';
import { outboxJobs } from '../outbox/outbox.tables.js';
import { parts } from '../parts/parts.tables.js';
import { refunds } from '../payments/payments.tables.js';
import { sweepOverdueCores } from './core-sweep.js';
import { coreDepositClaims, returns } from './returns.tables.js';

type Person = Awaited<ReturnType<typeof customer>>;
const DAY = 24 * 60 * 60 * 1000;
const mail = { publicUrl: 'http://localhost', brandName: 'Shop' };

/** Issue 38: core deposits, bought with the part and given back when the old part returns (069). */
describe('core deposits', () => {
  const ctx = useTestApp({
    authRateLimit: false,
    mailRateLimit: false,
    openOrderLimits: { count: 1000, valueCents: 1e12 },
  });
  const db = () => ctx.database.db;
  const { call, staff, act, checkout, shipAndDeliver } = returnsKit(ctx);
  const stockOf = async (partId: string) =>
    (await db().select().from(parts).where(eq(parts.id, partId)))[0]!.availableQuantity;

  /** A remanufactured part: $100, a $25 core deposit, set through the staff form's API. */
  const corePart = async (coreCharge = 25): Promise<KitPart> => {
    const made = await insertPart(db(), { price: 100, minOrderQuantity: 1 });
    const edited = await call(await staff(), 'PUT', `/api/parts/${made.id}`, {
      name: made.name,
      description: made.description,
      mOrderQuantity: 1,
      price: 100,
      url: made.imageUrl,
      coreCharge,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    return made;
  };
  /** Shipped and delivered, `daysAgo` days ago by the shop's clock. */
  const deliver = async (orderId: string, daysAgo = 0) => {
    await shipAndDeliver(orderId);
    if (daysAgo > 0)
      await db()
        .update(orders)
        .set({ deliveredAt: new Date(Date.now() - daysAgo * DAY) })
        .where(eq(orders.id, orderId));
  };
  const delivered = async (who: Person, lines: KitLine[], daysAgo = 0) => {
    const order = await checkout(who, lines);
    await payInSandbox(ctx.app, who, order._id);
    await deliver(order._id, daysAgo);
    return order;
  };
  const ask = (who: Person, orderId: string, lines: object[], reason = 'core_return') =>
    call(who, 'POST', '/api/returns', { orderId, reason, lines });
  /** Approved and received whole, then inspected as `judged` ([full, damaged]). */
  const inspect = async (
    id: string,
    lines: { lineNo: number; quantity: number; judged: [number, number] }[],
    extra: object = {},
  ) => {
    expect((await act(id, 'approve')).statusCode).toBe(200);
    const received = await act(id, 'receive', {
      lines: lines.map((l) => ({ lineNo: l.lineNo, quantity: l.quantity })),
    });
    expect(received.statusCode, received.body).toBe(200);
    return act(id, 'inspect', {
      lines: lines.map((l) => ({
        lineNo: l.lineNo,
        resaleable: l.judged[0],
        scrapped: l.judged[1],
      })),
      ...extra,
    });
  };

  it('takes a core charge from staff only as money, and shows it on the part and in the cart', async () => {
    const part = await corePart(25);
    const seen = (await call(null, 'GET', `/api/parts/${part.id}`)).json<PartResponse>();
    expect(seen.coreCharge).toBe(25);
    // A part without one says nothing of it: the specification's shape stays as it was.
    const plain = await insertPart(db(), { price: 10, minOrderQuantity: 1 });
    expect((await call(null, 'GET', `/api/parts/${plain.id}`)).json()).not.toHaveProperty(
      'coreCharge',
    );
    for (const coreCharge of [-1, 'abc', 1.234, 2_000_000, { a: 1 }]) {
      const res = await call(await staff(), 'PUT', `/api/parts/${part.id}`, {
        name: 'Alternator, remanufactured',
        description: 'Remanufactured alternator, tested to the original specification.',
        mOrderQuantity: 1,
        price: 100,
        url: '/images/parts/oil-filter.svg',
        coreCharge,
      });
      expect(res.statusCode, JSON.stringify(coreCharge)).toBe(400);
      expect(res.json()).toMatchObject({ error: 'VALIDATION_FAILED' });
    }
    expect((await db().select().from(parts).where(eq(parts.id, part.id)))[0]!.coreChargeCents).toBe(
      2500,
    );
    // A buyer cannot set one.
    const buyer = await customer(ctx.app);
    expect(
      (await call(buyer, 'PUT', `/api/parts/${part.id}`, { coreCharge: 0 })).statusCode,
    ).toBeGreaterThanOrEqual(400);

    await call(buyer, 'PUT', `/api/cart/lines/${part.id}`, { quantity: 2 });
    const cart = CartResponse.parse((await call(buyer, 'GET', '/api/cart')).json());
    expect(cart.lines[0]).toMatchObject({ coreCharge: 25, lineTotal: 200 });
    expect(cart).toMatchObject({ subtotal: 200, coreDeposits: 50 });
  });

  it('charges the deposit as its own line: order, payment, invoice, mail and staff CSV', async () => {
    const buyer = await customer(ctx.app);
    const part = await corePart(25);
    const other = await insertPart(db(), { price: 10, minOrderQuantity: 1 });
    const order = await checkout(buyer, [
      { part, quantity: 2 },
      { part: other, quantity: 3 },
    ]);
    // 2 × $100 + 3 × $10 + 2 × $25 deposit.
    expect(order).toMatchObject({ partPrice: 280, coreDeposits: 50 });
    expect(order.lines[0]).toMatchObject({ total: 200, coreCharge: 25, coreDeposit: 50 });
    expect(order.lines[1]).not.toHaveProperty('coreDeposit');
    await payInSandbox(ctx.app, buyer, order._id);
    const paid = (await call(buyer, 'GET', `/api/purchase/${order._id}`)).json<OrderResponse>();
    expect(paid.status).toBe('paid');

    const invoice = await call(buyer, 'GET', `/api/purchase/${order._id}/invoice`);
    expect(invoice.statusCode).toBe(200);
    const text = (await pdfText(invoice.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain('Core deposit, refunded when the old part is returned within 30 days');
    expect(text).toContain('Core deposits (refundable)');
    expect(text).toContain('$280.00');

    await ctx.app.storefront.outbox.runDue();
    const sent = (await call(buyer, 'GET', `/api/purchase/${order._id}/emails`)).json<
      { kind: string; text: string }[]
    >();
    const placedMail = sent.find((m) => m.text.includes(coreDepositLabel()));
    expect(placedMail, 'the placed mail shows the deposit line').toBeDefined();
    expect(placedMail!.text).toContain('2 × $25.00 = $50.00');

    const csv = await call(
      await staff(),
      'GET',
      `/api/staff/orders.csv?q=${encodeURIComponent(buyer.email)}`,
    );
    expect(csv.statusCode).toBe(200);
    const [header, ...rows] = csv.body.trim().split('\r\n');
    expect(header).toContain('Line core deposit,Order core deposits');
    expect(rows.find((r) => r.includes(part.id) || r.includes('50.00'))).toMatch(/50\.00,50\.00$/);
  });

  it('gives the deposit back once for cores returned: full, damaged in part, or refused; no stock moves', async () => {
    const buyer = await customer(ctx.app);
    const part = await corePart(25);
    const plain = await insertPart(db(), { price: 10, minOrderQuantity: 1 });
    const order = await delivered(buyer, [
      { part, quantity: 3 },
      { part: plain, quantity: 1 },
    ]);
    const options = (
      await call(buyer, 'GET', `/api/returns/options?orderId=${order._id}`)
    ).json<ReturnOptions>();
    expect(options.lines[0]).toMatchObject({
      coreCharge: 25,
      coresReturnable: 3,
      coreKeptAt: null,
    });
    expect(options.lines[0]!.coreDueBy).not.toBeNull();
    expect(options.lines[1]).toMatchObject({ coreCharge: 0, coresReturnable: 0, coreDueBy: null });

    // No deposit on the other line; no more cores than bought; an outsider sees no order.
    expect((await ask(buyer, order._id, [{ lineNo: 2, quantity: 1 }])).json()).toMatchObject({
      error: 'NO_CORE_DEPOSIT',
    });
    expect((await ask(buyer, order._id, [{ lineNo: 1, quantity: 4 }])).statusCode).toBe(409);
    expect(
      (await ask(await customer(ctx.app), order._id, [{ lineNo: 1, quantity: 1 }])).statusCode,
    ).toBe(404);

    const made = await ask(buyer, order._id, [{ lineNo: 1, quantity: 3 }]);
    expect(made.statusCode, made.body).toBe(201);
    const ret = made.json<ReturnResponse>();
    expect(ret.lines[0]).toMatchObject({ coreCharge: 25, quantity: 3 });
    // Every core is on its way: none can be asked again, but the parts themselves still can.
    expect((await ask(buyer, order._id, [{ lineNo: 1, quantity: 1 }])).json()).toMatchObject({
      error: 'RETURN_QUANTITY',
    });

    const stock = await stockOf(part.id);
    // A damaged core needs its share and the reason.
    const noShare = await inspect(ret.id, [{ lineNo: 1, quantity: 3, judged: [1, 1] }]);
    expect(noShare.statusCode).toBe(400);
    expect(noShare.json()).toMatchObject({ fields: { coreDamagedPercent: expect.any(String) } });
    const noWhy = await act(ret.id, 'inspect', {
      lines: [{ lineNo: 1, resaleable: 1, scrapped: 1 }],
      coreDamagedPercent: 40,
    });
    expect(noWhy.statusCode).toBe(400);
    const judged = await act(ret.id, 'inspect', {
      lines: [{ lineNo: 1, resaleable: 1, scrapped: 1 }],
      coreDamagedPercent: 40,
      note: 'Housing cracked',
    });
    expect(judged.statusCode, judged.body).toBe(200);
    expect(judged.json<ReturnResponse>().coreDamagedPercent).toBe(40);
    expect(await stockOf(part.id)).toBe(stock);

    const answers = await Promise.all(Array.from({ length: 20 }, () => act(ret.id, 'settle')));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const done = answers.find((r) => r.statusCode === 200)!.json<ReturnResponse>();
    // $25 in full, 40% of $25 for the damaged one, nothing for the refused one; no fee, no tax.
    expect(done.settlement).toMatchObject({
      gross: 0,
      fee: 0,
      tax: 0,
      coreDeposit: 35,
      amount: 35,
      method: 'card',
    });
    const made2 = await db().select().from(refunds).where(eq(refunds.returnId, ret.id));
    expect(made2).toEqual([expect.objectContaining({ amountCents: 3500, taxCents: 0 })]);

    // The refused core may be sent again, but the line's deposit is never given back twice:
    // at most what is left of it ($75 less $35 = $40, so one more full core: $25).
    const again = await ask(buyer, order._id, [{ lineNo: 1, quantity: 1 }]);
    expect(again.statusCode, again.body).toBe(201);
    const second = again.json<ReturnResponse>();
    expect(
      (await inspect(second.id, [{ lineNo: 1, quantity: 1, judged: [1, 0] }])).statusCode,
    ).toBe(200);
    const settled = (await act(second.id, 'settle')).json<ReturnResponse>();
    expect(settled.settlement).toMatchObject({ coreDeposit: 25, amount: 25 });
    expect((await ask(buyer, order._id, [{ lineNo: 1, quantity: 1 }])).statusCode).toBe(409);
  });

  it('gives back a piece’s deposit with the part itself when it comes back, and then owes no core for it', async () => {
    const buyer = await customer(ctx.app);
    const part = await corePart(25);
    const order = await delivered(buyer, [{ part, quantity: 2 }]);
    const made = await ask(buyer, order._id, [{ lineNo: 1, quantity: 1 }], 'wrong_part');
    expect(made.statusCode, made.body).toBe(201);
    const ret = made.json<ReturnResponse>();
    expect((await inspect(ret.id, [{ lineNo: 1, quantity: 1, judged: [1, 0] }])).statusCode).toBe(
      200,
    );
    const settled = (await act(ret.id, 'settle')).json<ReturnResponse>();
    // $100 for the part (no fee for a wrong part) and its $25 deposit.
    expect(settled.settlement).toMatchObject({ gross: 100, coreDeposit: 25, amount: 125 });
    // One core is left to send back.
    const options = (
      await call(buyer, 'GET', `/api/returns/options?orderId=${order._id}`)
    ).json<ReturnOptions>();
    expect(options.lines[0]).toMatchObject({ coresReturnable: 1, returnable: 1 });
    expect((await ask(buyer, order._id, [{ lineNo: 1, quantity: 2 }])).statusCode).toBe(409);
    expect((await ask(buyer, order._id, [{ lineNo: 1, quantity: 1 }])).statusCode).toBe(201);
  });

  it('reminds of overdue cores once and keeps the deposit once after the grace period, however many sweeps run', async () => {
    const buyer = await customer(ctx.app);
    const part = await corePart(30);
    const order = await delivered(buyer, [{ part, quantity: 2 }], 31);
    const reminders = async () =>
      (await db().select().from(outboxJobs)).filter((j) =>
        ((j.payload as { subject?: string }).subject ?? '').includes(
          `cores for order ${order.number} are overdue`,
        ),
      );
    const overview = async () =>
      (await call(await staff(), 'GET', '/api/staff/overview')).json<StaffOverview>();
    const before = (await overview()).overdueCores;
    expect(before).toBeGreaterThanOrEqual(2);

    const swept = await Promise.all(Array.from({ length: 8 }, () => sweepOverdueCores(db(), mail)));
    expect(swept.reduce((n, s) => n + s.reminded, 0)).toBe(1);
    expect(await reminders()).toHaveLength(1);
    expect((await reminders())[0]!.payload).toMatchObject({ to: buyer.email });
    await sweepOverdueCores(db(), mail);
    expect(await reminders()).toHaveLength(1);

    // One core on its way: the overview counts one fewer.
    const made = await ask(buyer, order._id, [{ lineNo: 1, quantity: 1 }]);
    expect(made.statusCode, made.body).toBe(201);
    expect((await overview()).overdueCores).toBe(before - 1);

    // Past the window and the grace period: the other core's deposit is kept, once.
    await db()
      .update(orders)
      .set({ deliveredAt: new Date(Date.now() - 45 * DAY) })
      .where(eq(orders.id, order._id));
    const kept = await Promise.all(Array.from({ length: 8 }, () => sweepOverdueCores(db(), mail)));
    expect(kept.reduce((n, s) => n + s.kept, 0)).toBe(1);
    const claims = await db()
      .select()
      .from(coreDepositClaims)
      .where(and(eq(coreDepositClaims.orderId, order._id), eq(coreDepositClaims.kind, 'kept')));
    expect(claims).toEqual([expect.objectContaining({ pieces: 1, cents: 3000 })]);
    expect((await overview()).overdueCores).toBe(before - 2);
    // No core return any more for it; the one already on its way still settles.
    expect((await ask(buyer, order._id, [{ lineNo: 1, quantity: 1 }])).json()).toMatchObject({
      error: 'CORE_DEPOSIT_KEPT',
    });
    const ret = made.json<ReturnResponse>();
    expect((await inspect(ret.id, [{ lineNo: 1, quantity: 1, judged: [1, 0] }])).statusCode).toBe(
      200,
    );
    expect((await act(ret.id, 'settle')).json<ReturnResponse>().settlement).toMatchObject({
      coreDeposit: 30,
    });
  });

  it('credits a company on account for a returned core with a credit note of the deposit, without tax; the order feed carries it', async () => {
    const boss = await staff();
    const owner = await customer(ctx.app);
    const company = (
      await call(owner, 'POST', '/api/companies', {
        name: 'Core Garage',
        taxId: 'GB 7',
        billingAddress: returnsShipTo,
        deliveryAddresses: [returnsShipTo],
      })
    ).json<CompanyResponse>();
    await call(boss, 'PUT', `/api/staff/companies/${company.id}/terms`, {
      termsDays: 30,
      creditLimit: 100_000,
    });
    const key = (
      await call(owner, 'POST', `/api/companies/${company.id}/api-keys`, {
        name: 'ERP',
        scopes: ['orders:read', 'orders:write'],
      })
    ).json<CreatedApiKey>();
    const part = await corePart(40);
    const [row] = await db().select().from(parts).where(eq(parts.id, part.id));
    const placed = await call(
      { auth: { authorization: `Bearer ${key.secret}` } },
      'POST',
      '/api/v1/orders',
      {
        lines: [{ partNumber: row!.sku, quantity: 2 }],
        phone: '+44 1 2345',
        shipTo: returnsShipTo,
        payment: 'account',
      },
      { 'idempotency-key': 'core-feed-1' },
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const v1 = placed.json<V1Order>();
    expect(v1).toMatchObject({
      totalCents: 20_000 + 8000,
      netCents: 20_000,
      coreDepositCents: 8000,
      lines: [{ totalCents: 20_000, coreChargeCents: 4000, coreDepositCents: 8000 }],
    });
    const [invoice] = await db()
      .select()
      .from(companyInvoices)
      .where(eq(companyInvoices.orderId, v1.id));
    expect(invoice).toMatchObject({ amountCents: 28_000 });

    await deliver(v1.id);
    const made = await ask(owner, v1.id, [{ lineNo: 1, quantity: 2 }]);
    expect(made.statusCode, made.body).toBe(201);
    const ret = made.json<ReturnResponse>();
    expect((await inspect(ret.id, [{ lineNo: 1, quantity: 2, judged: [2, 0] }])).statusCode).toBe(
      200,
    );
    const answers = await Promise.all(Array.from({ length: 20 }, () => act(ret.id, 'settle')));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const [note] = await db()
      .select()
      .from(companyCreditNotes)
      .where(eq(companyCreditNotes.invoiceId, invoice!.id));
    expect(note).toMatchObject({ amountCents: 8000, taxCents: 0 });
    const [settled] = await db().select().from(returns).where(eq(returns.id, ret.id));
    expect(settled).toMatchObject({ amountCents: 8000, coreCents: 8000, taxCents: 0 });
  });
  it('lets no more cores be asked back than were bought, under many concurrent requests', async () => {
    const buyer = await customer(ctx.app);
    const part = await corePart(20);
    const order = await delivered(buyer, [{ part, quantity: 3 }]);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => ask(buyer, order._id, [{ lineNo: 1, quantity: 1 }])),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(9);
    expect((await db().select().from(returns).where(eq(returns.orderId, order._id))).length).toBe(
      3,
    );
    // Hostile inspection bodies are a 400 that changes nothing.
    const ret = answers.find((r) => r.statusCode === 201)!.json<ReturnResponse>();
    await act(ret.id, 'approve');
    await act(ret.id, 'receive', { lines: [{ lineNo: 1, quantity: 1 }] });
    for (const coreDamagedPercent of ['50', -1, 101, 12.345, null, { $gt: 0 }]) {
      const bad = await act(ret.id, 'inspect', {
        lines: [{ lineNo: 1, resaleable: 0, scrapped: 1 }],
        coreDamagedPercent,
        note: 'Cracked\u0000',
      });
      expect(bad.statusCode, JSON.stringify(coreDamagedPercent)).toBe(400);
    }
    const [still] = await db().select().from(returns).where(eq(returns.id, ret.id));
    expect(still).toMatchObject({ status: 'received', coreDamagedBp: null });
  });

  it('never taxes the deposit: a taxed order charges tax on the part alone', async () => {
    const boss = await staff();
    const region = await call(boss, 'POST', '/api/staff/tax-regions', {
      country: 'US',
      state: 'CA',
      rate: 8.25,
    });
    expect(region.statusCode, region.body).toBe(201);
    const buyer = await customer(ctx.app);
    const part = await corePart(25);
    const order = await checkout(buyer, [{ part, quantity: 2 }], { shipTo: california });
    // $200 of parts at 8.25% is $16.50 of tax; the $50 deposit is not taxed.
    expect(order.tax).toMatchObject({ net: 200, tax: 16.5 });
    expect(order).toMatchObject({ partPrice: 266.5, coreDeposits: 50 });
    // The cart's tax before placing says the same (the checkout adds the deposits beside it).
    await call(buyer, 'PUT', `/api/cart/lines/${part.id}`, { quantity: 2 });
    const preview = await call(buyer, 'POST', '/api/cart/tax', { country: 'US', state: 'CA' });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ tax: { net: 200, tax: 16.5 } });
  });
});
