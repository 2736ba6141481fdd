import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import {
  nextReturnStatus,
  RETURN_ACTIONS,
  type OrderResponse,
  type ReturnAction,
  type ReturnOptions,
  type ReturnResponse,
  type ReturnSummary,
} from '@storefront/contract';
import { customer } from '../../test/accounts.js';
import { insertPart } from '../../test/factories.js';
import { formData } from '../../test/import-kit.js';
import { pdfText } from '../../test/pdf-text.js';
import { payInSandbox } from '../../test/pay.js';
import { returnsKit } from '../../test/returns-kit.js';
import { useTestApp } from '../../test/test-app.js';
import { auditLog } from '../audit/audit.tables.js';
import { companyCreditNotes, companyInvoices } from '../companies/companies.tables.js';
import { orders } from '../orders/orders.tables.js';
import { parts } from '../parts/parts.tables.js';
import { stockMovements } from '../parts/stock.tables.js';
import { refunds } from '../payments/payments.tables.js';
import { returnLines, returns } from './returns.tables.js';

type Person = Awaited<ReturnType<typeof customer>>;
const DAY = 86_400_000;
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'returns-test-'));
const photo = () =>
  sharp({ create: { width: 160, height: 120, channels: 3, background: '#aa3300' } })
    .png()
    .toBuffer();

describe('returns', () => {
  const ctx = useTestApp({
    dataDir,
    authRateLimit: false,
    mailRateLimit: false,
    openOrderLimits: { count: 1000, valueCents: 1e12 },
  });
  afterAll(async () => fs.rm(dataDir, { recursive: true, force: true }));
  const { call, staff, act, checkout, shipAndDeliver, delivered, companyOnAccount } =
    returnsKit(ctx);
  const stockOf = async (partId: string) =>
    (await ctx.database.db.select().from(parts).where(eq(parts.id, partId)))[0]!.availableQuantity;

  const ask = (
    who: Person,
    orderId: string,
    lines: { lineNo: number; quantity: number }[],
    reason = 'not_needed',
    note?: string,
  ) => call(who, 'POST', '/api/returns', { orderId, reason, lines, ...(note ? { note } : {}) });

  it('takes a line back from a card buyer: approve, receive, inspect (stock back as "returned"), settle with the fee, refund through the job', async () => {
    const buyer = await customer(ctx.app);
    const disc = await insertPart(ctx.database.db, { price: 40, minOrderQuantity: 1 });
    const pads = await insertPart(ctx.database.db, { price: 12.5, minOrderQuantity: 1 });
    const order = await delivered(buyer, [
      { part: disc, quantity: 4 },
      { part: pads, quantity: 2 },
    ]);

    const options = await call(buyer, 'GET', `/api/returns/options?orderId=${order._id}`);
    expect(options.statusCode, options.body).toBe(200);
    expect(options.json<ReturnOptions>()).toMatchObject({
      paymentMode: 'card',
      fees: { not_needed: 15, wrong_part: 0 },
      lines: [
        { lineNo: 1, delivered: 4, returnable: 4, unitPrice: 40 },
        { lineNo: 2, delivered: 2, returnable: 2, unitPrice: 12.5 },
      ],
    });

    const made = await ask(
      buyer,
      order._id,
      [{ lineNo: 1, quantity: 2 }],
      'not_needed',
      'Ordered too many',
    );
    expect(made.statusCode, made.body).toBe(201);
    const ret = made.json<ReturnResponse>();
    expect(ret).toMatchObject({
      status: 'requested',
      reason: 'not_needed',
      note: 'Ordered too many',
      orderNumber: order.number,
      lines: [{ lineNo: 1, quantity: 2, unitPrice: 40, received: null }],
      settlement: null,
    });
    expect(ret.number).toMatch(/^R-\d{5,}$/);
    const again = (
      await call(buyer, 'GET', `/api/returns/options?orderId=${order._id}`)
    ).json<ReturnOptions>();
    expect(again.lines[0]).toMatchObject({ returnable: 2 });

    // The buyer's list and page; staff's queue by status and reason.
    expect(
      (await call(buyer, 'GET', '/api/returns')).json<ReturnSummary[]>().map((r) => r.id),
    ).toEqual([ret.id]);
    const queue = await call(
      await staff(),
      'GET',
      '/api/staff/returns?status=requested&reason=not_needed',
    );
    expect(queue.json<ReturnSummary[]>().map((r) => r.id)).toContain(ret.id);
    const none = await call(await staff(), 'GET', '/api/staff/returns?reason=wrong_part');
    expect(none.json<ReturnSummary[]>().map((r) => r.id)).not.toContain(ret.id);
    const old = await call(await staff(), 'GET', '/api/staff/returns?olderThanDays=1');
    expect(old.json<ReturnSummary[]>().map((r) => r.id)).not.toContain(ret.id);

    const overview = await call(await staff(), 'GET', '/api/staff/overview');
    expect(overview.json<{ openReturns: number }>().openReturns).toBeGreaterThanOrEqual(1);
    const approved = await act(ret.id, 'approve', { message: 'Send it in its box' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<ReturnResponse>().arriveBy).not.toBeNull();
    // Receiving more than was asked is refused; a line not named too.
    expect((await act(ret.id, 'receive', { lines: [{ lineNo: 1, quantity: 3 }] })).statusCode).toBe(
      400,
    );
    expect((await act(ret.id, 'receive', { lines: [{ lineNo: 2, quantity: 1 }] })).statusCode).toBe(
      400,
    );
    const received = await act(ret.id, 'receive', { lines: [{ lineNo: 1, quantity: 2 }] });
    expect(received.json<ReturnResponse>()).toMatchObject({
      status: 'received',
      lines: [{ received: 2 }],
    });

    const before = await stockOf(disc.id);
    expect(
      (await act(ret.id, 'inspect', { lines: [{ lineNo: 1, resaleable: 2, scrapped: 1 }] }))
        .statusCode,
    ).toBe(400);
    const inspected = await act(ret.id, 'inspect', {
      lines: [{ lineNo: 1, resaleable: 1, scrapped: 1 }],
    });
    expect(inspected.statusCode, inspected.body).toBe(200);
    expect(await stockOf(disc.id)).toBe(before + 1);
    const [movement] = await ctx.database.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.partId, disc.id), eq(stockMovements.kind, 'returned')));
    expect(movement).toMatchObject({
      delta: 1,
      orderId: order._id,
      reason: ret.number.replace(/^/, 'Return '),
    });

    const waiveWithoutReason = await act(ret.id, 'settle', { waiveFee: true });
    expect(waiveWithoutReason.statusCode).toBe(400);
    const settled = await act(ret.id, 'settle', {});
    expect(settled.statusCode, settled.body).toBe(200);
    // 2 × $40 = $80, less 15%: $68.
    expect(settled.json<ReturnResponse>().settlement).toMatchObject({
      method: 'card',
      gross: 80,
      fee: 12,
      amount: 68,
      refundStatus: 'pending',
      creditNoteNumber: null,
    });
    const [refund] = await ctx.database.db
      .select()
      .from(refunds)
      .where(eq(refunds.returnId, ret.id));
    expect(refund).toMatchObject({ amountCents: 6800, reason: 'returned', status: 'pending' });

    await ctx.app.storefront.outbox.runDue();
    const seen = (await call(buyer, 'GET', `/api/returns/${ret.id}`)).json<ReturnResponse>();
    expect(seen.settlement).toMatchObject({ refundStatus: 'succeeded', amount: 68 });
    expect(seen.history.map((h) => h.to)).toEqual([
      'requested',
      'approved',
      'received',
      'inspected',
      'settled',
    ]);
    const orderSeen = (
      await call(buyer, 'GET', `/api/purchase/${order._id}`)
    ).json<OrderResponse>();
    expect(orderSeen.refund).toMatchObject({ status: 'succeeded', amount: 68 });

    // Every staff step is audited; the buyer got a mail at each step.
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, ret.id));
    expect(audit.map((a) => a.action).sort()).toEqual(
      ['return.approve', 'return.inspect', 'return.receive', 'return.settle'].sort(),
    );
    const subjects = ctx.mailer.sent.filter((m) => m.to === buyer.email).map((m) => m.subject);
    for (const word of ['requested', 'approved', 'received', 'inspected', 'settled'])
      expect(
        subjects.some(
          (s) =>
            s.includes(`${ret.number} is ${word}`) ||
            s.includes(`received your return ${ret.number}`),
        ),
        word,
      ).toBe(true);
  });

  it('shows returns to no one else: 404 on every return route for another customer and another company', async () => {
    const buyer = await customer(ctx.app);
    const stranger = await customer(ctx.app);
    const part = await insertPart(ctx.database.db, { price: 10, minOrderQuantity: 1 });
    const order = await delivered(buyer, [{ part, quantity: 3 }]);
    const upload = async (who: Person) => {
      const form = formData([
        { field: 'image', name: 'damage.png', content: await photo(), type: 'image/png' },
      ]);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/returns/photos',
        headers: { ...who.auth, ...form.headers },
        payload: form.payload,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ id: string; url: string }>();
    };
    const shot = await upload(buyer);
    const strangersShot = await upload(stranger);
    // Before it is sent, only its uploader sees a photo; nobody may send another's.
    expect((await call(buyer, 'GET', shot.url)).statusCode).toBe(200);
    expect((await call(stranger, 'GET', shot.url)).statusCode).toBe(404);
    const withTheirs = await call(buyer, 'POST', '/api/returns', {
      orderId: order._id,
      reason: 'damaged_in_transit',
      lines: [{ lineNo: 1, quantity: 1 }],
      photoIds: [strangersShot.id],
    });
    expect(withTheirs.statusCode).toBe(400);
    const four = await call(buyer, 'POST', '/api/returns', {
      orderId: order._id,
      reason: 'damaged_in_transit',
      lines: [{ lineNo: 1, quantity: 1 }],
      photoIds: [shot.id, shot.id, shot.id, shot.id],
    });
    expect(four.statusCode).toBe(400);
    const made = await call(buyer, 'POST', '/api/returns', {
      orderId: order._id,
      reason: 'damaged_in_transit',
      lines: [{ lineNo: 1, quantity: 1 }],
      photoIds: [shot.id],
    });
    expect(made.statusCode, made.body).toBe(201);
    const ret = made.json<ReturnResponse>();
    expect(ret.photos).toEqual([{ id: shot.id, url: shot.url }]);
    const image = await call(buyer, 'GET', shot.url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect((await call(await staff(), 'GET', shot.url)).statusCode).toBe(200);
    expect((await call(stranger, 'GET', shot.url)).statusCode).toBe(404);
    expect((await call(null, 'GET', shot.url)).statusCode).toBe(401);

    const slip = await call(buyer, 'GET', `/api/returns/${ret.id}/slip`);
    expect(slip.statusCode).toBe(200);
    expect(slip.headers['content-type']).toMatch(/application\/pdf/);
    const text = await pdfText(slip.rawPayload);
    expect(text).toContain(`Return slip ${ret.number}`);
    expect(text).toContain(ret.lines[0]!.partName);
    expect((await call(stranger, 'GET', `/api/returns/${ret.id}/slip`)).statusCode).toBe(404);

    expect((await call(stranger, 'GET', `/api/returns/${ret.id}`)).statusCode).toBe(404);
    expect(
      (await call(stranger, 'GET', `/api/returns/options?orderId=${order._id}`)).statusCode,
    ).toBe(404);
    expect((await ask(stranger, order._id, [{ lineNo: 1, quantity: 1 }])).statusCode).toBe(404);
    expect((await call(stranger, 'GET', '/api/returns')).json()).toEqual([]);
    expect((await call(null, 'GET', `/api/returns/${ret.id}`)).statusCode).toBe(401);
    expect(
      (await call(stranger, 'POST', `/api/staff/returns/${ret.id}/approve`, {})).statusCode,
    ).toBe(403);
  });

  it('checks windows against the server clock: closed, "no return" with its reason, a defect under warranty', async () => {
    const buyer = await customer(ctx.app);
    const starter = await insertPart(ctx.database.db, {
      name: 'Starter motor',
      price: 90,
      minOrderQuantity: 1,
    });
    const order = await delivered(buyer, [{ part: starter, quantity: 2 }]);
    await ctx.database.db
      .update(orders)
      .set({ deliveredAt: new Date(Date.now() - 31 * DAY) })
      .where(eq(orders.id, order._id));
    const late = await ask(buyer, order._id, [{ lineNo: 1, quantity: 1 }], 'not_needed');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error: 'RETURN_WINDOW_CLOSED' });
    // No warranty yet: a defect is refused too.
    expect(
      (await ask(buyer, order._id, [{ lineNo: 1, quantity: 1 }], 'defective')).statusCode,
    ).toBe(409);

    const policy = await call(
      await staff(),
      'PUT',
      `/api/staff/parts/${starter.id}/return-policy`,
      {
        returnDays: null,
        noReturnReason: 'Electrical parts are not taken back once fitted',
        warrantyMonths: 12,
      },
    );
    expect(policy.statusCode, policy.body).toBe(200);
    const noReturn = await ask(buyer, order._id, [{ lineNo: 1, quantity: 1 }], 'wrong_part');
    expect(noReturn.json()).toEqual({
      error: 'NO_RETURN',
      message: 'Starter motor cannot be returned: Electrical parts are not taken back once fitted',
    });
    const claim = await ask(buyer, order._id, [{ lineNo: 1, quantity: 1 }], 'defective');
    expect(claim.statusCode, claim.body).toBe(201);
    expect(
      (await call(await staff(), 'GET', `/api/staff/parts/${starter.id}/return-policy`)).json(),
    ).toMatchObject({ warrantyMonths: 12 });
    expect(
      (
        await call(
          await staff(),
          'GET',
          '/api/staff/parts/00000000-0000-4000-8000-000000000000/return-policy',
        )
      ).statusCode,
    ).toBe(404);

    // Not delivered yet: nothing can be returned.
    const fresh = await checkout(buyer, [{ part: starter, quantity: 1 }]);
    expect((await ask(buyer, fresh._id, [{ lineNo: 1, quantity: 1 }])).json()).toMatchObject({
      error: 'ORDER_NOT_DELIVERED',
    });
  });

  it('never lets returns hold more than was delivered, under many concurrent requests; a canceled line cannot be returned', async () => {
    const buyer = await customer(ctx.app);
    const a = await insertPart(ctx.database.db, { price: 5, minOrderQuantity: 1 });
    const b = await insertPart(ctx.database.db, { price: 7, minOrderQuantity: 1 });
    const order = await checkout(buyer, [
      { part: a, quantity: 5 },
      { part: b, quantity: 1 },
    ]);
    await payInSandbox(ctx.app, buyer, order._id);
    const cancel = await call(
      await staff(),
      'POST',
      `/api/staff/orders/${order._id}/lines/2/cancel`,
      {
        reason: 'Out of stock',
      },
    );
    expect(cancel.statusCode, cancel.body).toBe(200);
    await shipAndDeliver(order._id);
    expect((await ask(buyer, order._id, [{ lineNo: 2, quantity: 1 }])).json()).toMatchObject({
      error: 'LINE_CANCELED',
    });

    const answers = await Promise.all(
      Array.from({ length: 20 }, () => ask(buyer, order._id, [{ lineNo: 1, quantity: 1 }])),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 409)).toHaveLength(15);
    const [held] = await ctx.database.db
      .select({ n: sql<string>`sum(${returnLines.quantity})` })
      .from(returnLines)
      .where(eq(returnLines.orderId, order._id));
    expect(Number(held!.n)).toBe(5);

    // A refused return frees what it held; a return received short frees the rest.
    const made = answers.filter((r) => r.statusCode === 201).map((r) => r.json<ReturnResponse>());
    expect((await act(made[0]!.id, 'refuse', { message: 'Not this one' })).statusCode).toBe(200);
    expect((await act(made[1]!.id, 'approve')).statusCode).toBe(200);
    expect(
      (await act(made[1]!.id, 'receive', { lines: [{ lineNo: 1, quantity: 0 }] })).statusCode,
    ).toBe(200);
    const options = (
      await call(buyer, 'GET', `/api/returns/options?orderId=${order._id}`)
    ).json<ReturnOptions>();
    expect(options.lines[0]).toMatchObject({ returnable: 2 });
    const racing = await Promise.all(
      Array.from({ length: 10 }, () => ask(buyer, order._id, [{ lineNo: 1, quantity: 1 }])),
    );
    expect(racing.filter((r) => r.statusCode === 201)).toHaveLength(2);
  });

  it('allows each action only from the statuses of the table, and refuses it from every other', async () => {
    const buyer = await customer(ctx.app);
    const part = await insertPart(ctx.database.db, { price: 3, minOrderQuantity: 1 });
    const order = await delivered(buyer, [{ part, quantity: 50 }]);
    const bodies: Record<ReturnAction, object> = {
      approve: {},
      refuse: { message: 'No' },
      receive: { lines: [{ lineNo: 1, quantity: 1 }] },
      inspect: { lines: [{ lineNo: 1, resaleable: 0, scrapped: 1 }] },
      settle: {},
    };
    // A return brought to each status along the way.
    const path: ReturnAction[] = ['approve', 'receive', 'inspect', 'settle'];
    const reach = async (steps: ReturnAction[]) => {
      const ret = (
        await ask(buyer, order._id, [{ lineNo: 1, quantity: 1 }], 'wrong_part')
      ).json<ReturnResponse>();
      for (const s of steps) expect((await act(ret.id, s, bodies[s])).statusCode, s).toBe(200);
      return ret.id;
    };
    const statuses = [
      { status: 'requested', steps: [] as ReturnAction[] },
      { status: 'approved', steps: path.slice(0, 1) },
      { status: 'received', steps: path.slice(0, 2) },
      { status: 'inspected', steps: path.slice(0, 3) },
      { status: 'settled', steps: path },
      { status: 'refused', steps: ['refuse'] as ReturnAction[] },
    ] as const;
    for (const { status, steps } of statuses) {
      for (const action of RETURN_ACTIONS) {
        const id = await reach(steps);
        const res = await act(id, action, bodies[action]);
        const allowed = nextReturnStatus(status, action);
        expect(res.statusCode, `${action} from ${status}: ${res.body}`).toBe(allowed ? 200 : 409);
        if (allowed) expect(res.json<ReturnResponse>().status).toBe(allowed);
        else expect(res.json()).toMatchObject({ error: 'RETURN_STATUS' });
      }
    }
  });

  it('settles once under 20 concurrent calls: one refund of exactly the accepted lines; a waived fee says why', async () => {
    const buyer = await customer(ctx.app);
    const part = await insertPart(ctx.database.db, { price: 19.99, minOrderQuantity: 1 });
    const order = await delivered(buyer, [{ part, quantity: 3 }]);
    const ret = (await ask(buyer, order._id, [{ lineNo: 1, quantity: 3 }])).json<ReturnResponse>();
    await act(ret.id, 'approve');
    await act(ret.id, 'receive', { lines: [{ lineNo: 1, quantity: 3 }] });
    await act(ret.id, 'inspect', { lines: [{ lineNo: 1, resaleable: 2, scrapped: 0 }] });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        act(ret.id, 'settle', { waiveFee: true, waiveReason: 'Our slow delivery' }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(19);
    const rows = await ctx.database.db.select().from(refunds).where(eq(refunds.orderId, order._id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amountCents: 3998, returnId: ret.id });
    const done = answers.find((r) => r.statusCode === 200)!.json<ReturnResponse>();
    expect(done.settlement).toMatchObject({
      gross: 39.98,
      fee: 0,
      amount: 39.98,
      feeWaivedReason: 'Our slow delivery',
    });
  });

  it('credits an order on account with a numbered credit note, once under 20 concurrent settles; staff fees apply', async () => {
    const owner = await customer(ctx.app);
    const { company, member } = await companyOnAccount(owner, 'Returns Garage');
    const fees = await call(await staff(), 'PUT', '/api/staff/return-fees', {
      fees: { wrong_part: 0, damaged_in_transit: 0, defective: 0, not_needed: 10 },
    });
    expect(fees.json()).toEqual({
      fees: { wrong_part: 0, damaged_in_transit: 0, defective: 0, not_needed: 10 },
    });
    const part = await insertPart(ctx.database.db, { price: 25, minOrderQuantity: 1 });
    const order = await checkout(owner, [{ part, quantity: 8 }], {
      companyId: company.id,
      payment: 'account',
    });
    await shipAndDeliver(order._id);

    // Another member of the company returns it and sees it; an outsider does not.
    const made = await ask(member, order._id, [{ lineNo: 1, quantity: 4 }]);
    expect(made.statusCode, made.body).toBe(201);
    const ret = made.json<ReturnResponse>();
    expect((await call(owner, 'GET', `/api/returns/${ret.id}`)).statusCode).toBe(200);
    expect(
      (await call(owner, 'GET', '/api/returns')).json<ReturnSummary[]>().map((r) => r.id),
    ).toContain(ret.id);
    expect((await call(await customer(ctx.app), 'GET', `/api/returns/${ret.id}`)).statusCode).toBe(
      404,
    );

    await act(ret.id, 'approve');
    await act(ret.id, 'receive', { lines: [{ lineNo: 1, quantity: 4 }] });
    await act(ret.id, 'inspect', { lines: [{ lineNo: 1, resaleable: 4, scrapped: 0 }] });
    const answers = await Promise.all(Array.from({ length: 20 }, () => act(ret.id, 'settle')));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const done = answers.find((r) => r.statusCode === 200)!.json<ReturnResponse>();
    // 4 × $25 = $100, less 10%: $90 credited.
    expect(done.settlement).toMatchObject({ method: 'account', gross: 100, fee: 10, amount: 90 });
    expect(done.settlement?.creditNoteNumber).toMatch(/^CN-\d+$/);
    const [invoice] = await ctx.database.db
      .select()
      .from(companyInvoices)
      .where(eq(companyInvoices.orderId, order._id));
    expect(invoice).toMatchObject({ amountCents: 20_000, creditedCents: 9000 });
    const notes = await ctx.database.db
      .select()
      .from(companyCreditNotes)
      .where(eq(companyCreditNotes.invoiceId, invoice!.id));
    expect(notes).toHaveLength(1);
    expect(
      await ctx.database.db.select().from(refunds).where(eq(refunds.orderId, order._id)),
    ).toEqual([]);
    const [row] = await ctx.database.db.select().from(returns).where(eq(returns.id, ret.id));
    expect(row).toMatchObject({ status: 'settled', amountCents: 9000, creditNoteId: notes[0]!.id });
  });
});
