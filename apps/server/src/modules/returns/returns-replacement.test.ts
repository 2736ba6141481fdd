import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { OrderResponse, ReturnResponse } from '@storefront/contract';
import { customer } from '../../test/accounts.js';
import { insertPart } from '../../test/factories.js';
import { payInSandbox } from '../../test/pay.js';
import { pdfText } from '../../test/pdf-text.js';
import { returnsKit, returnsShipTo } from '../../test/returns-kit.js';
import { useTestApp } from '../../test/test-app.js';
import { auditLog } from '../audit/audit.tables.js';
import { companyInvoices } from '../companies/companies.tables.js';
import { orderLines, orders } from '../orders/orders.tables.js';
import { parts } from '../parts/parts.tables.js';
import { stockMovements } from '../parts/stock.tables.js';
import { refunds } from '../payments/payments.tables.js';
import { returns } from './returns.tables.js';

type Person = Awaited<ReturnType<typeof customer>>;
const shipTo = returnsShipTo;

/** Issue 38: a warranty claim settled by a replacement order at no charge (decision 065). */
describe('warranty replacement orders', () => {
  const ctx = useTestApp({
    authRateLimit: false,
    mailRateLimit: false,
    openOrderLimits: { count: 1000, valueCents: 1e12 },
  });
  const { call, staff, act, checkout, shipAndDeliver, delivered, companyOnAccount } =
    returnsKit(ctx);
  const stockOf = async (partId: string) =>
    (await ctx.database.db.select().from(parts).where(eq(parts.id, partId)))[0]!.availableQuantity;

  /** A return asked, approved, received whole and inspected as `judged` ([resaleable, scrapped]). */
  const inspected = async (
    who: Person,
    orderId: string,
    lines: { lineNo: number; quantity: number; judged: [number, number] }[],
    reason = 'defective',
  ) => {
    const made = await call(who, 'POST', '/api/returns', {
      orderId,
      reason,
      lines: lines.map((l) => ({ lineNo: l.lineNo, quantity: l.quantity })),
    });
    expect(made.statusCode, made.body).toBe(201);
    const ret = made.json<ReturnResponse>();
    expect((await act(ret.id, 'approve')).statusCode).toBe(200);
    const received = lines.map((l) => ({ lineNo: l.lineNo, quantity: l.quantity }));
    expect((await act(ret.id, 'receive', { lines: received })).statusCode).toBe(200);
    const judged = lines.map((l) => ({
      lineNo: l.lineNo,
      resaleable: l.judged[0],
      scrapped: l.judged[1],
    }));
    const done = await act(ret.id, 'inspect', { lines: judged });
    expect(done.statusCode, done.body).toBe(200);
    return ret;
  };
  const replacementsOf = (returnId: string) =>
    ctx.database.db.select().from(orders).where(eq(orders.replacesReturnId, returnId));

  it('replaces the accepted pieces once under 20 concurrent settles: a paid order at no charge, stock taken, linked both ways', async () => {
    const buyer = await customer(ctx.app);
    const a = await insertPart(ctx.database.db, { price: 40, minOrderQuantity: 1 });
    const b = await insertPart(ctx.database.db, { price: 12.5, minOrderQuantity: 1 });
    const order = await delivered(buyer, [
      { part: a, quantity: 3 },
      { part: b, quantity: 2 },
    ]);
    const ret = await inspected(buyer, order._id, [
      { lineNo: 1, quantity: 2, judged: [1, 1] },
      { lineNo: 2, quantity: 1, judged: [0, 1] },
    ]);
    const before = { a: await stockOf(a.id), b: await stockOf(b.id) };

    // Staff only: a buyer cannot settle their own claim.
    const byBuyer = await call(buyer, 'POST', `/api/staff/returns/${ret.id}/settle`, {
      outcome: 'replacement',
    });
    expect(byBuyer.statusCode).not.toBe(200);
    expect(await replacementsOf(ret.id)).toEqual([]);

    const answers = await Promise.all(
      Array.from({ length: 20 }, () => act(ret.id, 'settle', { outcome: 'replacement' })),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(19);
    const made = await replacementsOf(ret.id);
    expect(made).toHaveLength(1);
    const replacement = made[0]!;
    expect(replacement).toMatchObject({
      userId: buyer.userId,
      status: 'paid',
      totalCents: 0,
      taxCents: 0,
      paymentMode: 'card',
      shipStreet: shipTo.street,
      shipCity: shipTo.city,
      address: order.address,
    });
    const lines = await ctx.database.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, replacement.id));
    expect(
      lines.map((l) => [l.partId, l.quantity, l.unitPriceCents, l.totalCents, l.noCharge]),
    ).toEqual([
      [a.id, 2, 0, 0, true],
      [b.id, 1, 0, 0, true],
    ]);
    // The stock of the pieces sent again is taken, written to the ledger as the order's.
    expect(await stockOf(a.id)).toBe(before.a - 2);
    expect(await stockOf(b.id)).toBe(before.b - 1);
    const moved = await ctx.database.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.orderId, replacement.id));
    expect(moved.map((m) => [m.partId, m.kind, m.delta]).sort()).toEqual(
      [
        [a.id, 'order', -2],
        [b.id, 'order', -1],
      ].sort(),
    );
    // No money moves.
    expect(
      await ctx.database.db.select().from(refunds).where(eq(refunds.orderId, order._id)),
    ).toEqual([]);

    const done = answers.find((r) => r.statusCode === 200)!.json<ReturnResponse>();
    expect(done.status).toBe('settled');
    expect(done.settlement).toMatchObject({
      amount: 0,
      tax: 0,
      fee: 0,
      gross: 92.5,
      refundStatus: null,
      creditNoteId: null,
      replacementOrderId: replacement.id,
      replacementOrderNumber: `A-${replacement.number}`,
    });
    // The buyer sees the link on the return, and the new order among theirs, linked back.
    const seen = (await call(buyer, 'GET', `/api/returns/${ret.id}`)).json<ReturnResponse>();
    expect(seen.settlement?.replacementOrderNumber).toBe(`A-${replacement.number}`);
    const newOrder = await call(buyer, 'GET', `/api/purchase/${replacement.id}`);
    expect(newOrder.statusCode, newOrder.body).toBe(200);
    expect(newOrder.json<OrderResponse>()).toMatchObject({
      status: 'paid',
      partPrice: 0,
      replacesReturn: { id: ret.id, number: ret.number },
      lines: [
        { partId: a.id, quantity: 2, unitPrice: 0, total: 0, noCharge: true },
        { partId: b.id, quantity: 1, unitPrice: 0, total: 0, noCharge: true },
      ],
    });
    // Its invoice (a card order's receipt) shows the pieces at no charge: 0 to pay.
    const invoice = await call(buyer, 'GET', `/api/purchase/${replacement.id}/invoice`);
    expect(invoice.statusCode, invoice.body).toBe(200);
    const invoiceText = await pdfText(invoice.rawPayload);
    expect(invoiceText).toContain(`A-${replacement.number}`);
    expect(invoiceText).toContain('$0.00');
    expect(invoiceText).not.toContain('$40.00');
    const mine = (await call(buyer, 'GET', '/api/purchase')).json<OrderResponse[]>();
    expect(mine.map((o) => o._id)).toContain(replacement.id);
    // An outsider sees neither.
    const stranger = await customer(ctx.app);
    expect((await call(stranger, 'GET', `/api/purchase/${replacement.id}`)).statusCode).toBe(404);
    expect((await call(stranger, 'GET', `/api/returns/${ret.id}`)).statusCode).toBe(404);

    // Audited, mailed, and it ships like any other order.
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, ret.id), eq(auditLog.action, 'return.settle')));
    expect(audit?.summary).toContain(`replacement order A-${replacement.number}`);
    await ctx.app.storefront.outbox.runDue();
    const mail = ctx.mailer.sent.find(
      (m) => m.to === buyer.email && m.subject.includes(`${ret.number} is settled`),
    );
    expect(mail?.text).toContain(`Replaced by order A-${replacement.number} at no charge`);
    await shipAndDeliver(replacement.id);
  });

  it('settles once when refund and replacement calls race: one refund or one order, never both', async () => {
    const buyer = await customer(ctx.app);
    const part = await insertPart(ctx.database.db, { price: 30, minOrderQuantity: 1 });
    const order = await delivered(buyer, [{ part, quantity: 2 }]);
    const ret = await inspected(buyer, order._id, [{ lineNo: 1, quantity: 2, judged: [0, 2] }]);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        act(ret.id, 'settle', i % 2 ? { outcome: 'replacement' } : { outcome: 'refund' }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const made = await replacementsOf(ret.id);
    const paid = await ctx.database.db.select().from(refunds).where(eq(refunds.orderId, order._id));
    expect(made.length + paid.length).toBe(1);
    const [row] = await ctx.database.db.select().from(returns).where(eq(returns.id, ret.id));
    if (made.length === 1) expect(row).toMatchObject({ amountCents: 0, refundId: null });
    else expect(row).toMatchObject({ amountCents: 6000, replacementOrderId: null });
  });

  it('refuses a replacement for a reason other than a defect, and when stock is short (naming the part), changing nothing', async () => {
    const buyer = await customer(ctx.app);
    const part = await insertPart(ctx.database.db, {
      name: 'Remanufactured alternator 90A',
      price: 80,
      minOrderQuantity: 1,
    });
    const order = await delivered(buyer, [{ part, quantity: 4 }]);
    const notWarranty = await inspected(
      buyer,
      order._id,
      [{ lineNo: 1, quantity: 1, judged: [1, 0] }],
      'wrong_part',
    );
    const refused = await act(notWarranty.id, 'settle', { outcome: 'replacement' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'NOT_WARRANTY' });
    const waived = await act(notWarranty.id, 'settle', {
      outcome: 'replacement',
      waiveFee: true,
      waiveReason: 'x',
    });
    expect(waived.statusCode).toBe(400);
    const odd = await act(notWarranty.id, 'settle', { outcome: 'exchange' });
    expect(odd.statusCode).toBe(400);
    expect(
      (await ctx.database.db.select().from(returns).where(eq(returns.id, notWarranty.id)))[0],
    ).toMatchObject({ status: 'inspected', settledAt: null });

    const claim = await inspected(buyer, order._id, [{ lineNo: 1, quantity: 3, judged: [0, 3] }]);
    await ctx.database.db.update(parts).set({ availableQuantity: 2 }).where(eq(parts.id, part.id));
    const short = await act(claim.id, 'settle', { outcome: 'replacement' });
    expect(short.statusCode, short.body).toBe(409);
    expect(short.json()).toMatchObject({ error: 'OUT_OF_STOCK' });
    expect(short.json<{ message: string }>().message).toContain('Remanufactured alternator 90A');
    expect(await stockOf(part.id)).toBe(2);
    expect(await replacementsOf(claim.id)).toEqual([]);
    expect(
      (await ctx.database.db.select().from(returns).where(eq(returns.id, claim.id)))[0],
    ).toMatchObject({ status: 'inspected', settledAt: null, replacementOrderId: null });
    // With the stock back, it goes through.
    await ctx.database.db.update(parts).set({ availableQuantity: 5 }).where(eq(parts.id, part.id));
    expect((await act(claim.id, 'settle', { outcome: 'replacement' })).statusCode).toBe(200);
    expect(await stockOf(part.id)).toBe(2);
    // Staff may still cancel the replacement before it ships: its stock comes back, no refund.
    const [replacement] = await replacementsOf(claim.id);
    const canceled = await call(
      await staff(),
      'POST',
      `/api/staff/orders/${replacement!.id}/cancel`,
      {
        reason: 'Customer collected one in store',
      },
    );
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(await stockOf(part.id)).toBe(5);
    expect(
      await ctx.database.db.select().from(refunds).where(eq(refunds.orderId, replacement!.id)),
    ).toEqual([]);
  });

  it('replaces an order on account for the company: its members see it, no invoice, no credit note; returning it gives back nothing', async () => {
    const owner = await customer(ctx.app);
    const { company, member } = await companyOnAccount(owner, 'Warranty Garage');
    const part = await insertPart(ctx.database.db, { price: 25, minOrderQuantity: 1 });
    const order = await checkout(owner, [{ part, quantity: 2 }], {
      companyId: company.id,
      payment: 'account',
    });
    await shipAndDeliver(order._id);
    const ret = await inspected(member, order._id, [{ lineNo: 1, quantity: 1, judged: [0, 1] }]);
    const settled = await act(ret.id, 'settle', { outcome: 'replacement' });
    expect(settled.statusCode, settled.body).toBe(200);
    const [replacement] = await replacementsOf(ret.id);
    expect(replacement).toMatchObject({
      userId: owner.userId,
      companyId: company.id,
      paymentMode: 'account',
      status: 'paid',
      totalCents: 0,
    });
    const listed = (await call(member, 'GET', `/api/companies/${company.id}/orders`)).json<
      OrderResponse[]
    >();
    expect(listed.find((o) => o._id === replacement!.id)).toMatchObject({
      partPrice: 0,
      replacesReturn: { number: ret.number },
    });
    expect(
      await ctx.database.db
        .select()
        .from(companyInvoices)
        .where(eq(companyInvoices.orderId, replacement!.id)),
    ).toEqual([]);
    const [original] = await ctx.database.db
      .select()
      .from(companyInvoices)
      .where(eq(companyInvoices.orderId, order._id));
    expect(original).toMatchObject({ amountCents: 5000, creditedCents: 0 });

    // Its invoice, if asked for, asks nothing.
    const pdf = await call(member, 'GET', `/api/purchase/${replacement!.id}/invoice`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(await pdfText(pdf.rawPayload)).toContain('$0.00');

    // The replacement delivered and returned again (not needed after all): nothing to give back.
    await shipAndDeliver(replacement!.id);
    const again = await call(member, 'POST', '/api/returns', {
      orderId: replacement!.id,
      reason: 'not_needed',
      lines: [{ lineNo: 1, quantity: 1 }],
    });
    expect(again.statusCode, again.body).toBe(201);
    const second = again.json<ReturnResponse>();
    expect((await act(second.id, 'approve')).statusCode).toBe(200);
    expect(
      (await act(second.id, 'receive', { lines: [{ lineNo: 1, quantity: 1 }] })).statusCode,
    ).toBe(200);
    expect(
      (await act(second.id, 'inspect', { lines: [{ lineNo: 1, resaleable: 1, scrapped: 0 }] }))
        .statusCode,
    ).toBe(200);
    const back = await act(second.id, 'settle');
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json<ReturnResponse>().settlement).toMatchObject({ amount: 0 });
  });
  it('a replaced piece took back no tax: a later refund of the line’s other pieces gives back their own tax only', async () => {
    const boss = await staff();
    const region = await call(boss, 'POST', '/api/staff/tax-regions', {
      country: 'US',
      state: 'NV',
      rate: 10,
    });
    expect(region.statusCode, region.body).toBe(201);
    const buyer = await customer(ctx.app);
    const part = await insertPart(ctx.database.db, { price: 10, minOrderQuantity: 1 });
    const order = await checkout(buyer, [{ part, quantity: 3 }], {
      shipTo: {
        street: '1 Main St',
        city: 'Reno',
        postalCode: '89501',
        country: 'US',
        state: 'NV',
      },
    });
    await payInSandbox(ctx.app, buyer, order._id);
    await shipAndDeliver(order._id);
    const claim = await inspected(buyer, order._id, [{ lineNo: 1, quantity: 1, judged: [0, 1] }]);
    const replaced = await act(claim.id, 'settle', { outcome: 'replacement' });
    expect(replaced.json<ReturnResponse>().settlement).toMatchObject({ amount: 0, tax: 0 });
    const [replacement] = await replacementsOf(claim.id);
    expect(replacement).toMatchObject({ totalCents: 0, taxCents: 0, shipState: 'NV' });

    // 3 × $10 charged $3.00 tax; the other 2 pieces give back 2/3 of it, not all of it.
    const rest = await inspected(
      buyer,
      order._id,
      [{ lineNo: 1, quantity: 2, judged: [2, 0] }],
      'wrong_part',
    );
    const refunded = await act(rest.id, 'settle');
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json<ReturnResponse>().settlement).toMatchObject({
      net: 20,
      tax: 2,
      amount: 22,
    });
  });
});
