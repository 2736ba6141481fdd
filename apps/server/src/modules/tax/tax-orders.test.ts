import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  lineTaxCents,
  type CompanyResponse,
  type OrderResponse,
  type TaxRegionResponse,
} from '@storefront/contract';
import { admin, customer } from '../../test/accounts.js';
import { insertPart } from '../../test/factories.js';
import { useTestApp } from '../../test/test-app.js';
import { california } from '../../test/tax-kit.js';
import { caller } from '../../test/price-kit.js';
import { orderLines } from '../orders/orders.tables.js';
import { parts } from '../parts/parts.tables.js';
import { payments } from '../payments/payments.tables.js';

type Who = { auth: Record<string, string> };
const berlin = {
  street: 'Unter den Linden 1',
  city: 'Berlin',
  postalCode: '10117',
  country: 'Germany',
};

describe('taxes on orders: computed at placing from the region and the buyer, stored per line', () => {
  const ctx = useTestApp({
    authRateLimit: false,
    mailRateLimit: false,
    openOrderLimits: { count: 1000, valueCents: 1e12 },
  });
  const db = () => ctx.database.db;
  const call = (who: Who | null, method: string, url: string, payload?: unknown) =>
    caller(ctx.app)(who, method, url, payload);

  let seed:
    | {
        staff: Who;
        ca: TaxRegionResponse;
        brake: { id: string; priceCents: number };
        filter: { id: string; priceCents: number };
      }
    | undefined;
  async function given() {
    if (seed) return seed;
    const staff = await admin(ctx.app, db());
    const ca = (
      await call(staff, 'POST', '/api/staff/tax-regions', {
        country: 'US',
        state: 'CA',
        rate: 8.25,
        categoryRates: [{ category: 'filters', rate: 5 }],
      })
    ).json<TaxRegionResponse>();
    await call(staff, 'POST', '/api/staff/tax-regions', { country: 'DE', rate: 19 });
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
    seed = { staff, ca, brake, filter };
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
        taxId: 'US 77',
        billingAddress: california,
        deliveryAddresses: [],
      })
    ).json<CompanyResponse>();
    return { id: made.id, owner };
  }

  it('taxes a consumer in a taxed region per line and per rate; the payment asks the gross', async () => {
    const { brake, filter } = await given();
    const buyer = await customer(ctx.app);
    const res = await checkout(buyer, california, [
      { part: brake, quantity: 3 },
      { part: filter, quantity: 7 },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json<OrderResponse>();
    const brakeTax = lineTaxCents(3702, 825); // 305.415 → 305
    const filterTax = lineTaxCents(6993, 500); // 349.65 → 350
    expect([brakeTax, filterTax]).toEqual([305, 350]);
    expect(order.tax).toEqual({
      treatment: 'standard',
      region: 'US-CA',
      net: 106.95,
      tax: 6.55,
      rates: [
        { rate: 8.25, net: 37.02, tax: 3.05 },
        { rate: 5, net: 69.93, tax: 3.5 },
      ],
      note: null,
      certificateNumber: null,
      buyerVatId: null,
    });
    expect(order.partPrice).toBe(113.5);
    expect(order.lines.map((l) => [l.total, l.taxRate, l.tax])).toEqual([
      [37.02, 8.25, 3.05],
      [69.93, 5, 3.5],
    ]);
    await call(buyer, 'POST', '/api/create-payment-intent', { orderId: order._id });
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, order._id));
    expect(payment?.amountCents).toBe(11_350);
  });

  it('charges nothing and changes nothing outside every region', async () => {
    const { brake } = await given();
    const buyer = await customer(ctx.app);
    const order = (
      await checkout(buyer, { ...california, state: 'NY' }, [{ part: brake, quantity: 2 }])
    ).json<OrderResponse>();
    expect(order.tax).toBeUndefined();
    expect(order.partPrice).toBe(24.68);
    expect(order.lines[0]).not.toHaveProperty('tax');
  });

  it('keeps a placed order’s tax when the rate changes later', async () => {
    const { staff, ca, brake } = await given();
    const buyer = await customer(ctx.app);
    const placed = (
      await checkout(buyer, california, [{ part: brake, quantity: 1 }])
    ).json<OrderResponse>();
    expect(placed.tax?.tax).toBe(1.02);
    await call(staff, 'PUT', `/api/staff/tax-regions/${ca.id}`, {
      country: 'US',
      state: 'CA',
      rate: 10,
      categoryRates: [{ category: 'filters', rate: 5 }],
    });
    const read = (await call(buyer, 'GET', `/api/purchase/${placed._id}`)).json<OrderResponse>();
    expect(read.tax).toEqual(placed.tax);
    expect(read.partPrice).toBe(13.36);
    const next = (
      await checkout(buyer, california, [{ part: brake, quantity: 1 }])
    ).json<OrderResponse>();
    expect(next.tax?.tax).toBe(1.23);
    await call(staff, 'PUT', `/api/staff/tax-regions/${ca.id}`, {
      country: 'US',
      state: 'CA',
      rate: 8.25,
      categoryRates: [{ category: 'filters', rate: 5 }],
    });
  });

  it('exempts a verified certificate for its region, taxes an expired one and says why', async () => {
    const { staff, brake } = await given();
    const dealer = await company('Resale Dealer');
    const status = `/api/staff/companies/${dealer.id}/tax-status`;
    await call(staff, 'PUT', status, {
      kind: 'exempt',
      certificateNumber: 'SR-KH-1234',
      regions: ['US-CA'],
      expiresOn: '2099-01-31',
    });
    // Not yet verified: taxed, and the order says why.
    const unverified = (
      await checkout(dealer.owner, california, [{ part: brake, quantity: 10 }], {
        companyId: dealer.id,
        payment: 'card',
      })
    ).json<OrderResponse>();
    expect(unverified.tax).toMatchObject({
      treatment: 'standard',
      tax: 10.18,
      note: 'Tax charged: exemption certificate SR-KH-1234 is not yet verified.',
    });
    await call(staff, 'POST', `${status}/verify`);
    const exempt = (
      await checkout(dealer.owner, california, [{ part: brake, quantity: 10 }], {
        companyId: dealer.id,
        payment: 'card',
      })
    ).json<OrderResponse>();
    expect(exempt.partPrice).toBe(123.4);
    expect(exempt.tax).toMatchObject({
      treatment: 'exempt',
      tax: 0,
      rates: [],
      certificateNumber: 'SR-KH-1234',
    });
    await call(staff, 'PUT', status, {
      kind: 'exempt',
      certificateNumber: 'SR-KH-1234',
      regions: ['US-CA'],
      expiresOn: '2020-01-31',
    });
    await call(staff, 'POST', `${status}/verify`);
    const expired = (
      await checkout(dealer.owner, california, [{ part: brake, quantity: 10 }], {
        companyId: dealer.id,
        payment: 'card',
      })
    ).json<OrderResponse>();
    expect(expired.tax).toMatchObject({
      treatment: 'standard',
      tax: 10.18,
      note: 'Tax charged: exemption certificate SR-KH-1234 expired on 2020-01-31.',
      certificateNumber: null,
    });
    expect(expired.partPrice).toBe(133.58);
  });

  it('reverse-charges a confirmed VAT id; tax counts toward the credit limit on account', async () => {
    const { staff, brake } = await given();
    const importer = await company('Kfz Import GmbH');
    const status = `/api/staff/companies/${importer.id}/tax-status`;
    await call(staff, 'PUT', status, { kind: 'reverse_charge', vatId: 'DE136695976' });
    await call(staff, 'POST', `${status}/verify`);
    const reverse = (
      await checkout(importer.owner, berlin, [{ part: brake, quantity: 5 }], {
        companyId: importer.id,
        payment: 'card',
      })
    ).json<OrderResponse>();
    expect(reverse.tax).toMatchObject({
      treatment: 'reverse_charge',
      region: 'DE',
      tax: 0,
      buyerVatId: 'DE136695976',
    });
    expect(reverse.partPrice).toBe(61.7);

    // A standard company on account in California: $123.40 net is $133.58 with tax.
    const fleet = await company('Fleet On Account');
    const terms = await call(staff, 'PUT', `/api/staff/companies/${fleet.id}/terms`, {
      termsDays: 30,
      creditLimit: 130,
    });
    expect(terms.statusCode, terms.body).toBe(200);
    const over = await checkout(fleet.owner, california, [{ part: brake, quantity: 10 }], {
      companyId: fleet.id,
      payment: 'account',
    });
    expect(over.statusCode).toBe(409);
    const under = await checkout(fleet.owner, california, [{ part: brake, quantity: 9 }], {
      companyId: fleet.id,
      payment: 'account',
    });
    expect(under.statusCode, under.body).toBe(201);
    expect(under.json<OrderResponse>().partPrice).toBe(120.22);
    const lines = await db()
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, under.json<OrderResponse>()._id));
    expect(lines.map((l) => [l.totalCents, l.taxRateBp, l.taxCents])).toEqual([[11_106, 825, 916]]);
  });
});
