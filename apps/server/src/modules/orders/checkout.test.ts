import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { OrderEmailResponse, OrderResponse } from '@storefront/contract';
import { buildApp } from '../../app.js';
import { admin, customer } from '../../test/accounts.js';
import { insertPart } from '../../test/factories.js';
import { payInSandbox } from '../../test/pay.js';
import { memoryMailer, useTestApp } from '../../test/test-app.js';
import { orderEmails } from '../mail/mail.tables.js';
import { orderEvents, orderLines, orders } from './orders.tables.js';
import { pdfText } from '../../test/pdf-text.js';

type Customer = Awaited<ReturnType<typeof customer>>;
const shipTo = {
  street: '12 Dock Road',
  city: 'Leeds',
  postalCode: 'LS1 4AP',
  country: 'United Kingdom',
};

describe('checkout', () => {
  const ctx = useTestApp({
    authRateLimit: false,
    openOrderLimits: { count: 1000, valueCents: 1e12 },
  });
  const place = (buyer: Customer, body: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/api/purchase', headers: buyer.auth, payload: body });
  const pay = (buyer: Customer, orderId: string) => payInSandbox(ctx.app, buyer, orderId);

  it('numbers orders sequentially and uniquely, however many are placed at once', async () => {
    const buyers = await Promise.all(Array.from({ length: 5 }, () => customer(ctx.app)));
    const part = await insertPart(ctx.database.db, {
      minOrderQuantity: 1,
      availableQuantity: 10_000,
    });
    const placed = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        place(buyers[i % 5]!, { partId: part.id, minimum: 1, shipTo, phone: '0123456789' }),
      ),
    );
    const numbers = placed.map((r) => Number(r.json<OrderResponse>().number.slice(2)));
    expect(new Set(numbers).size).toBe(40);
    const sorted = [...numbers].sort((a, b) => a - b);
    expect(sorted.at(-1)! - sorted[0]!).toBe(39);
    expect(placed[0]!.json<OrderResponse>().number).toMatch(/^A-\d{5,}$/);
  });

  it('keeps the ship-to address in parts and the business fields, and still takes the spec’s single field', async () => {
    const buyer = await customer(ctx.app);
    const part = await insertPart(ctx.database.db);
    const structured = await place(buyer, {
      partId: part.id,
      minimum: 10,
      shipTo,
      phone: '0123456789',
      company: 'Dock Road Motors Ltd',
      taxId: 'GB 123 4567 89',
      poNumber: 'PO-7781',
    });
    expect(structured.statusCode).toBe(201);
    expect(structured.json()).toMatchObject({
      address: '12 Dock Road, LS1 4AP Leeds, United Kingdom',
      shipTo,
      company: 'Dock Road Motors Ltd',
      taxId: 'GB 123 4567 89',
      poNumber: 'PO-7781',
    });
    const single = await place(buyer, {
      partId: part.id,
      minimum: 10,
      address: '1 Spec Street',
      phone: '0123456789',
    });
    expect(single.json()).toMatchObject({ address: '1 Spec Street', company: null });
    const neither = await place(buyer, { partId: part.id, minimum: 10, phone: '0123456789' });
    expect(neither.statusCode).toBe(400);
    expect(neither.json()).toMatchObject({ fields: { address: 'Address is required' } });
    const missingCity = await place(buyer, {
      partId: part.id,
      minimum: 10,
      shipTo: { ...shipTo, city: '' },
      phone: '0123456789',
    });
    expect(missingCity.json()).toMatchObject({ fields: { 'shipTo.city': 'City is required' } });
  });

  it('places one order for one idempotency key, however often and however concurrently it is sent', async () => {
    const buyer = await customer(ctx.app);
    const part = await insertPart(ctx.database.db, { availableQuantity: 1000 });
    const body = {
      partId: part.id,
      minimum: 10,
      shipTo,
      phone: '0123456789',
      idempotencyKey: 'reload-test-key-0001',
    };
    const answers = await Promise.all(Array.from({ length: 8 }, () => place(buyer, body)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(7);
    expect(new Set(answers.map((a) => a.json<OrderResponse>()._id)).size).toBe(1);
    const later = await place(buyer, body);
    expect(later.statusCode).toBe(200);
    const mine = await ctx.database.db.select().from(orders).where(eq(orders.userId, buyer.userId));
    expect(mine).toHaveLength(1);
    const [line] = await ctx.database.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.partId, part.id));
    expect(line?.quantity).toBe(10);
    // Another customer's identical key is theirs alone.
    const other = await customer(ctx.app);
    expect((await place(other, body)).statusCode).toBe(201);
  });

  it('mails the customer once per step, keeps what it sent, and attaches the invoice to the receipt', async () => {
    const boss = await admin(ctx.app, ctx.database.db);
    const buyer = await customer(ctx.app, { name: 'Paula Payer' });
    const part = await insertPart(ctx.database.db, { name: 'Radiator Hose', price: 7.25 });
    const placed = (
      await place(buyer, {
        partId: part.id,
        minimum: 12,
        shipTo,
        phone: '0123456789',
        poNumber: 'PO-1',
      })
    ).json<OrderResponse>();
    await ctx.app.storefront.outbox.runDue();
    const placedMail = ctx.mailer.sent.filter(
      (m) => m.to === buyer.email && m.subject.includes(placed.number),
    );
    expect(placedMail).toHaveLength(1);
    expect(placedMail[0]?.text).toContain(`/dashboard/payment/${placed._id}`);
    expect(placedMail[0]?.html).toContain(placed.number);

    await pay(buyer, placed._id);
    // The provider's event and the app's report both say "paid": one receipt, one staff mail.
    const intentId = (
      await ctx.database.db.select().from(orders).where(eq(orders.id, placed._id))
    )[0]!.transactionId!;
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/purchase/${placed._id}`,
      headers: buyer.auth,
      payload: { purchase: placed._id, transactionId: intentId },
    });
    await ctx.app.storefront.outbox.runDue();
    await ctx.app.storefront.outbox.runDue();
    const receipts = ctx.mailer.sent.filter(
      (m) => m.to === buyer.email && m.subject === `Payment received for order ${placed.number}`,
    );
    expect(receipts).toHaveLength(1);
    const invoice = receipts[0]?.attachments?.[0];
    expect(invoice?.filename).toBe(`invoice-${placed.number}.pdf`);
    const text = await pdfText(invoice!.content);
    expect(text).toContain(placed.number);
    expect(text).toContain('$87.00');
    expect(text).toContain('PO-1');
    const staff = ctx.mailer.sent.filter((m) =>
      m.subject.startsWith(`New paid order ${placed.number}`),
    );
    expect(staff).toHaveLength(1);
    expect(staff[0]?.to).toContain(boss.email);

    const read = await ctx.app.inject({
      method: 'GET',
      url: `/api/purchase/${placed._id}/emails`,
      headers: buyer.auth,
    });
    const emails = read.json<OrderEmailResponse[]>();
    expect(emails.map((e) => e.kind)).toEqual(['placed', 'paid']);
    expect(emails[1]?.text).toContain(placed.number);
    const stranger = await customer(ctx.app);
    const peek = await ctx.app.inject({
      method: 'GET',
      url: `/api/purchase/${placed._id}/emails`,
      headers: stranger.auth,
    });
    expect(peek.statusCode).toBe(404);

    // The timeline says who did what.
    const events = await ctx.database.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, placed._id));
    expect(events.map((e) => [e.actor, e.fromStatus, e.toStatus])).toEqual([
      ['customer', null, 'unpaid'],
      ['provider', 'unpaid', 'paid'],
    ]);
  });

  it('serves the invoice of a paid order to its customer and staff only', async () => {
    const buyer = await customer(ctx.app);
    const part = await insertPart(ctx.database.db, { price: 3 });
    const placed = (
      await place(buyer, {
        partId: part.id,
        minimum: 10,
        shipTo,
        phone: '0123456789',
        company: 'Fleet Co',
        taxId: 'DE123456789',
      })
    ).json<OrderResponse>();
    const get = (who: Customer) =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/purchase/${placed._id}/invoice`,
        headers: who.auth,
      });
    expect((await get(buyer)).statusCode).toBe(409);
    await pay(buyer, placed._id);
    const res = await get(buyer);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(res.rawPayload);
    for (const expected of [placed.number, '$30.00', 'Fleet Co', 'DE123456789', 'Leeds'])
      expect(text).toContain(expected);
    expect((await get(await customer(ctx.app))).statusCode).toBe(404);
    expect((await get(await admin(ctx.app, ctx.database.db))).statusCode).toBe(200);
  });

  it('lists canceled orders when asked, and mails the cancellation once', async () => {
    const buyer = await customer(ctx.app);
    const part = await insertPart(ctx.database.db);
    const keep = (
      await place(buyer, { partId: part.id, minimum: 10, shipTo, phone: '0123456789' })
    ).json<OrderResponse>();
    const drop = (
      await place(buyer, { partId: part.id, minimum: 10, shipTo, phone: '0123456789' })
    ).json<OrderResponse>();
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/purchase/${drop._id}`,
      headers: buyer.auth,
    });
    const list = (query: string) =>
      ctx.app
        .inject({
          method: 'GET',
          url: `/api/purchase?email=${buyer.email}${query}`,
          headers: buyer.auth,
        })
        .then((r) => r.json<OrderResponse[]>().map((o) => o._id));
    expect(await list('')).toEqual([keep._id]);
    expect(await list('&status=canceled')).toEqual([drop._id]);
    await ctx.app.storefront.outbox.runDue();
    const canceled = ctx.mailer.sent.filter((m) => m.subject === `Order ${drop.number} canceled`);
    expect(canceled).toHaveLength(1);
    expect(canceled[0]?.text).toContain('as you asked');
    expect(canceled[0]?.text).toContain('Nothing was charged.');
  });
});

describe('a queued mail survives the process', () => {
  const ctx = useTestApp({ authRateLimit: false });
  const later: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const close of later) await close();
  });

  it('is sent once by the next process when the first one stopped between commit and sending', async () => {
    const buyer = await customer(ctx.app);
    const part = await insertPart(ctx.database.db);
    const placed = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/purchase',
        headers: buyer.auth,
        payload: { partId: part.id, minimum: 10, shipTo, phone: '0123456789' },
      })
    ).json<OrderResponse>();
    // This app never runs its worker: as if it died right after the order committed.
    await ctx.app.close();
    const [queued] = await ctx.database.db
      .select()
      .from(orderEmails)
      .where(eq(orderEmails.orderId, placed._id));
    expect(queued?.sentAt).toBeNull();

    const mailer = memoryMailer();
    const next = await buildApp({ config: ctx.config, database: ctx.database, mailer });
    later.push(() => next.close());
    await next.storefront.outbox.runDue();
    await next.storefront.outbox.runDue();
    expect(mailer.sent.filter((m) => m.subject.includes(placed.number))).toHaveLength(1);
  });
});
