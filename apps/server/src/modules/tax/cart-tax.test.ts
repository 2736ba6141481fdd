import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CartTaxResponse, CompanyResponse, OrderResponse } from '@storefront/contract';
import { admin, customer } from '../../test/accounts.js';
import { insertPart } from '../../test/factories.js';
import { useTestApp } from '../../test/test-app.js';
import { california } from '../../test/tax-kit.js';
import { caller } from '../../test/price-kit.js';
import { parts } from '../parts/parts.tables.js';

type Who = { auth: Record<string, string> };
const ca = { country: 'US', state: 'CA' };

describe('the cart’s tax before placing (decision 066): what placing then charges', () => {
  const ctx = useTestApp({
    authRateLimit: false,
    mailRateLimit: false,
    openOrderLimits: { count: 1000, valueCents: 1e12 },
  });
  const db = () => ctx.database.db;
  const call = (who: Who | null, method: string, url: string, payload?: unknown) =>
    caller(ctx.app)(who, method, url, payload);
  const preview = async (who: Who, body: unknown) => {
    const res = await call(who, 'POST', '/api/cart/tax', body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<CartTaxResponse>();
  };
  const part = async (price: number, category: string) => {
    const made = await insertPart(db(), { price, minOrderQuantity: 1, availableQuantity: 1e5 });
    await db().update(parts).set({ category }).where(eq(parts.id, made.id));
    return made;
  };
  const fill = async (who: Who, lines: { id: string; quantity: number }[]) => {
    for (const l of lines) {
      const res = await call(who, 'POST', '/api/cart/lines', {
        partId: l.id,
        quantity: l.quantity,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  };
  const checkoutCart = async (who: Who, shipTo: object, extra: Record<string, unknown> = {}) => {
    const cart = (await call(who, 'GET', '/api/cart')).json<{
      lines: { partId: string; quantity: number; unitPrice: number }[];
    }>();
    return call(who, 'POST', '/api/checkout', {
      lines: cart.lines.map((l) => ({
        partId: l.partId,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
      })),
      shipTo,
      phone: '0113 496 0000',
      fromCart: true,
      ...extra,
    });
  };

  it('says nothing where no region is configured, and asks for a signed-in caller', async () => {
    const brake = await part(12.34, 'brakes');
    const buyer = await customer(ctx.app);
    await fill(buyer, [{ id: brake.id, quantity: 2 }]);
    expect(await preview(buyer, { country: 'US', state: 'CA' })).toEqual({
      collects: false,
      tax: null,
    });
    expect(await preview(buyer, {})).toEqual({ collects: false, tax: null });
    expect((await call(null, 'POST', '/api/cart/tax', { country: 'US' })).statusCode).toBe(401);
  });

  it('refuses odd bodies with a 400 naming the field', async () => {
    const buyer = await customer(ctx.app);
    for (const body of [
      { country: 'US', extra: 1 },
      { country: 7 },
      { country: 'US', state: 'x'.repeat(61) },
      [],
    ]) {
      const res = await call(buyer, 'POST', '/api/cart/tax', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ error: 'VALIDATION_FAILED' });
    }
  });

  it('shows per rate exactly what the placed order then charges, and nothing outside every region', async () => {
    const staff = await admin(ctx.app, db());
    const made = await call(staff, 'POST', '/api/staff/tax-regions', {
      country: 'US',
      state: 'CA',
      rate: 8.25,
      categoryRates: [{ category: 'filters', rate: 5 }],
    });
    expect(made.statusCode, made.body).toBe(201);
    const brake = await part(12.34, 'brakes');
    const filter = await part(9.99, 'filters');
    const buyer = await customer(ctx.app);
    await fill(buyer, [
      { id: brake.id, quantity: 3 },
      { id: filter.id, quantity: 7 },
    ]);
    // No country yet: only that the shop collects tax (the cart page's estimate asks so first).
    expect(await preview(buyer, {})).toEqual({ collects: true, tax: null });
    expect(await preview(buyer, { country: 'US', state: 'NY' })).toEqual({
      collects: true,
      tax: null,
    });
    const before = await preview(buyer, { country: 'united states', state: 'ca' });
    expect(before.tax).toEqual({
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
    const placed = await checkoutCart(buyer, california);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<OrderResponse>();
    expect(order.tax).toEqual(before.tax);
    expect(order.partPrice).toBe(113.5);
    // The cart was emptied by the order: nothing left to tax.
    expect((await preview(buyer, ca)).tax).toMatchObject({ net: 0, tax: 0, rates: [] });
  });

  it('reads the company the caller buys for: an exemption says so, an unverified one says why', async () => {
    const staff = await admin(ctx.app, db());
    const brake = await part(12.34, 'brakes');
    const owner = await customer(ctx.app);
    const dealer = (
      await call(owner, 'POST', '/api/companies', {
        name: 'Preview Dealer',
        taxId: 'US 78',
        billingAddress: california,
        deliveryAddresses: [],
      })
    ).json<CompanyResponse>();
    const status = `/api/staff/companies/${dealer.id}/tax-status`;
    await call(staff, 'PUT', status, {
      kind: 'exempt',
      certificateNumber: 'SR-PV-1',
      regions: ['US-CA'],
      expiresOn: '2099-01-31',
    });
    await fill(owner, [{ id: brake.id, quantity: 10 }]);
    // Buying for themselves (chosen: their only company is the default): taxed as a consumer.
    await call(owner, 'PUT', '/api/me/buying-for', { companyId: null });
    expect((await preview(owner, ca)).tax).toMatchObject({ tax: 10.18, note: null });
    const chose = await call(owner, 'PUT', '/api/me/buying-for', { companyId: dealer.id });
    expect(chose.statusCode, chose.body).toBe(200);
    expect((await preview(owner, ca)).tax).toMatchObject({
      treatment: 'standard',
      tax: 10.18,
      note: 'Tax charged: exemption certificate SR-PV-1 is not yet verified.',
    });
    await call(staff, 'POST', `${status}/verify`);
    const exempt = await preview(owner, ca);
    expect(exempt.tax).toEqual({
      treatment: 'exempt',
      region: 'US-CA',
      net: 123.4,
      tax: 0,
      rates: [],
      note: null,
      certificateNumber: 'SR-PV-1',
      buyerVatId: null,
    });
    const placed = await checkoutCart(owner, california, { companyId: dealer.id, payment: 'card' });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json<OrderResponse>().tax).toEqual(exempt.tax);
    // Another account naming nothing sees only its own (empty) cart, never the company's status.
    const stranger = await customer(ctx.app);
    expect((await preview(stranger, ca)).tax).toMatchObject({
      treatment: 'standard',
      net: 0,
    });
  });
});
