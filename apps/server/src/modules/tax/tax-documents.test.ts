import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CompanyResponse, OrderResponse } from '@storefront/contract';
import { admin, customer } from '../../test/accounts.js';
import { insertPart } from '../../test/factories.js';
import { payInSandbox } from '../../test/pay.js';
import { pdfText } from '../../test/pdf-text.js';
import { useTestApp } from '../../test/test-app.js';
import { california } from '../../test/tax-kit.js';
import { caller } from '../../test/price-kit.js';
import { renderOrderMail } from '../notifications/order-mail.js';
import { toV1Order } from '../orders/order-feed.js';
import { findOrderView } from '../orders/orders.service.js';
import { companyCreditNotes, companyInvoices } from '../companies/companies.tables.js';
import { orders } from '../orders/orders.tables.js';
import { parts } from '../parts/parts.tables.js';
import { refunds } from '../payments/payments.tables.js';

type Who = { auth: Record<string, string> };
const vienna = { street: 'Ring 1', city: 'Wien', postalCode: '1010', country: 'AT' };

describe('taxes on documents: invoices, refunds, line cancels and credit notes', () => {
  const ctx = useTestApp({
    authRateLimit: false,
    mailRateLimit: false,
    openOrderLimits: { count: 1000, valueCents: 1e12 },
    seller: { address: '9 Foundry Way', taxId: 'US-SELLER-9' },
  });
  const db = () => ctx.database.db;
  const call = (who: Who | null, method: string, url: string, payload?: unknown) =>
    caller(ctx.app)(who, method, url, payload);

  let seed:
    | {
        staff: Who;
        brake: { id: string; priceCents: number };
        filter: { id: string; priceCents: number };
      }
    | undefined;
  async function given() {
    if (seed) return seed;
    const staff = await admin(ctx.app, db());
    await call(staff, 'POST', '/api/staff/tax-regions', {
      country: 'US',
      state: 'CA',
      rate: 8.25,
      categoryRates: [{ category: 'filters', rate: 5 }],
    });
    await call(staff, 'POST', '/api/staff/tax-regions', { country: 'AT', rate: 20 });
    const brake = await insertPart(db(), {
      price: 12.34,
      minOrderQuantity: 1,
      availableQuantity: 1e5,
    });
    await db().update(parts).set({ category: 'brakes' }).where(eq(parts.id, brake.id));
    const filter = await insertPart(db(), {
      price: 9.99,
      minOrderQuantity: 1,
      availableQuantity: 1e5,
    });
    await db().update(parts).set({ category: 'filters' }).where(eq(parts.id, filter.id));
    seed = { staff, brake, filter };
    return seed;
  }

  const checkout = (
    who: Who,
    shipTo: Record<string, string>,
    lines: { part: { id: string; priceCents: number }; quantity: number }[],
    extra: Record<string, unknown> = {},
  ) =>
    call(who, 'POST', '/api/checkout', {
      lines: lines.map((l) => ({
        partId: l.part.id,
        quantity: l.quantity,
        unitPrice: l.part.priceCents / 100,
      })),
      shipTo,
      phone: '0113 496 0000',
      ...extra,
    });

  async function company(name: string) {
    const owner = await customer(ctx.app);
    const made = (
      await call(owner, 'POST', '/api/companies', {
        name,
        taxId: 'X 1',
        billingAddress: california,
        deliveryAddresses: [],
      })
    ).json<CompanyResponse>();
    return { id: made.id, owner };
  }

  it('prints tax per rate on a paid invoice; a line cancel then the rest refund exactly the tax charged', async () => {
    const { staff, brake, filter } = await given();
    const buyer = await customer(ctx.app);
    const order = (
      await checkout(buyer, california, [
        { part: brake, quantity: 3 },
        { part: filter, quantity: 7 },
      ])
    ).json<OrderResponse>();
    await payInSandbox(ctx.app, buyer, order._id);
    const invoice = await call(buyer, 'GET', `/api/purchase/${order._id}/invoice`);
    expect(invoice.statusCode).toBe(200);
    const text = await pdfText(invoice.rawPayload);
    for (const expected of [
      'Tax/VAT id: US-SELLER-9',
      'Tax rate',
      '8.25%',
      'Subtotal (net)',
      '$106.95',
      'Tax 8.25% on $37.02',
      '$3.05',
      'Tax 5% on $69.93',
      '$3.50',
      '$113.50',
      'Tax region: US-CA.',
    ])
      expect(text).toContain(expected);

    // The mail, the v1 shape (feed and webhooks) and the staff CSV carry net, tax and gross.
    const view = (await findOrderView(db(), order._id))!;
    const mail = renderOrderMail(
      'placed',
      view,
      { brandName: 'Shop', publicUrl: 'http://localhost', unpaidOrderTtlHours: 24 },
      [],
    );
    for (const expected of ['Net: $106.95', 'Tax 8.25%: $3.05', 'Tax 5%: $3.50', 'Total: $113.50'])
      expect(mail.text).toContain(expected);
    expect(toV1Order(view)).toMatchObject({
      totalCents: 11_350,
      netCents: 10_695,
      taxCents: 655,
      tax: { treatment: 'standard', region: 'US-CA' },
      lines: [
        { totalCents: 3702, taxRateBp: 825, taxCents: 305 },
        { totalCents: 6993, taxRateBp: 500, taxCents: 350 },
      ],
    });
    const csv = (await call(staff, 'GET', '/api/staff/orders.csv')).body.split('\r\n');
    expect(csv[0]).toMatch(/,Net,Tax,Gross,Tax region,Tax treatment,Line tax rate,Line tax$/);
    expect(csv.find((row) => row.startsWith(order.number) && row.includes(',3.05'))).toMatch(
      /,106\.95,6\.55,113\.50,US-CA,standard,8\.25,3\.05$/,
    );

    // Staff cancel the filters line: its gross comes back with exactly its tax.
    const line = await call(staff, 'POST', `/api/staff/orders/${order._id}/lines/2/cancel`, {
      reason: 'Out of stock at the warehouse',
    });
    expect(line.statusCode, line.body).toBe(200);
    const after = (await call(buyer, 'GET', `/api/purchase/${order._id}`)).json<OrderResponse>();
    expect(after.partPrice).toBe(40.07);
    expect(after.tax).toMatchObject({ net: 37.02, tax: 3.05, rates: [{ rate: 8.25, tax: 3.05 }] });
    // Then the rest of the order.
    const whole = await call(staff, 'POST', `/api/staff/orders/${order._id}/cancel`, {
      reason: 'Customer phoned',
    });
    expect(whole.statusCode, whole.body).toBe(200);
    const back = await db().select().from(refunds).where(eq(refunds.orderId, order._id));
    expect(back.map((r) => [r.lineNo ?? 0, r.amountCents, r.taxCents]).sort()).toEqual([
      [0, 4007, 305],
      [2, 7343, 350],
    ]);
    const sum = back.reduce((s, r) => s + r.taxCents, 0);
    expect(sum).toBe(655);
    expect(back.reduce((s, r) => s + r.amountCents, 0)).toBe(11_350);
  });

  it('names the certificate on an exempt invoice and prints "Reverse charge" with both VAT ids', async () => {
    const { staff, brake } = await given();
    const dealer = await company('Resale Dealer');
    const status = `/api/staff/companies/${dealer.id}/tax-status`;
    await call(staff, 'PUT', status, {
      kind: 'exempt',
      certificateNumber: 'SR-KH-1234',
      regions: ['US'],
      expiresOn: '2099-01-31',
    });
    await call(staff, 'POST', `${status}/verify`);
    const exempt = (
      await checkout(dealer.owner, california, [{ part: brake, quantity: 10 }], {
        companyId: dealer.id,
        payment: 'card',
      })
    ).json<OrderResponse>();
    await payInSandbox(ctx.app, dealer.owner, exempt._id);
    const exemptText = await pdfText(
      (await call(dealer.owner, 'GET', `/api/purchase/${exempt._id}/invoice`)).rawPayload,
    );
    expect(exemptText).toContain('Tax exempt: exemption certificate SR-KH-1234.');
    expect(exemptText).toContain('$123.40');

    const importer = await company('Teile Import GmbH');
    await call(staff, 'PUT', `/api/staff/companies/${importer.id}/tax-status`, {
      kind: 'reverse_charge',
      vatId: 'ATU13585627',
    });
    await call(staff, 'POST', `/api/staff/companies/${importer.id}/tax-status/verify`);
    const reverse = (
      await checkout(importer.owner, vienna, [{ part: brake, quantity: 2 }], {
        companyId: importer.id,
        payment: 'card',
      })
    ).json<OrderResponse>();
    await payInSandbox(ctx.app, importer.owner, reverse._id);
    const reverseText = await pdfText(
      (await call(importer.owner, 'GET', `/api/purchase/${reverse._id}/invoice`)).rawPayload,
    );
    for (const expected of [
      'Reverse charge',
      "Buyer's VAT id: ATU13585627",
      'Tax/VAT id: US-SELLER-9',
      '$24.68',
    ])
      expect(reverseText).toContain(expected);
  });

  it('credit notes take back the invoice’s share of the tax, never more than it charged', async () => {
    const { staff, brake } = await given();
    const fleet = await company('Fleet On Account');
    await call(staff, 'PUT', `/api/staff/companies/${fleet.id}/terms`, {
      termsDays: 30,
      creditLimit: 10_000,
    });
    const order = (
      await checkout(fleet.owner, california, [{ part: brake, quantity: 10 }], {
        companyId: fleet.id,
        payment: 'account',
      })
    ).json<OrderResponse>();
    expect(order.partPrice).toBe(133.58); // 123.40 + 10.18
    await call(staff, 'POST', `/api/staff/orders/${order._id}/ship`, {
      carrier: 'DPD',
      trackingNumber: '1',
    });
    const [invoice] = await db()
      .select()
      .from(companyInvoices)
      .where(eq(companyInvoices.orderId, order._id));
    expect(invoice?.amountCents).toBe(13_358);
    const credit = (amount: number) =>
      call(staff, 'POST', `/api/staff/invoices/${invoice!.id}/credit-notes`, {
        amount,
        reason: 'Returned',
      });
    for (const amount of [33.33, 50, 50.25]) expect((await credit(amount)).statusCode).toBe(201);
    const notes = await db()
      .select()
      .from(companyCreditNotes)
      .where(eq(companyCreditNotes.invoiceId, invoice!.id));
    // Cumulative shares of 1,018 cents of tax: 254 (of 3,333), 635 (of 8,333), 1,018 (all).
    expect(notes.map((n) => n.taxCents).sort((a, b) => a - b)).toEqual([254, 381, 383]);
    expect(notes.reduce((s, n) => s + n.taxCents, 0)).toBe(1018);
    const [row] = await db().select().from(orders).where(eq(orders.id, order._id));
    expect(row?.taxCents).toBe(1018);
  });
});
