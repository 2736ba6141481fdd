import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type {
  CompanyResponse,
  OrderResponse,
  ReturnAction,
  ReturnResponse,
} from '@storefront/contract';
import { admin, customer } from '../../test/accounts.js';
import { insertPart } from '../../test/factories.js';
import { useTestApp } from '../../test/test-app.js';
import {
  companies,
  companyCreditBalance,
  companyCreditNotes,
  companyInvoices,
} from '../companies/companies.tables.js';

const shipTo = { street: '12 Dock Road', city: 'Leeds', postalCode: 'LS1 4AP', country: 'UK' };

/**
 * Decision 065: a return on an order on account whose invoice is already paid in full is credited
 * with a credit note whose money goes to the company's credit balance, which pays its next invoice.
 */
describe('returns on an invoice already paid', () => {
  const ctx = useTestApp({
    authRateLimit: false,
    mailRateLimit: false,
    openOrderLimits: { count: 1000, valueCents: 1e12 },
  });
  const db = () => ctx.database.db;
  type Who = { auth: Record<string, string> };
  const call = (who: Who, method: string, url: string, payload?: unknown) =>
    ctx.app.inject({
      method: method as 'GET',
      url,
      headers: who.auth,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  it('credits the paid invoice to the company’s balance once under 20 settles; the next invoice is paid from it; a voided one gives it back', async () => {
    const staff = await admin(ctx.app, db());
    const owner = await customer(ctx.app);
    const company = (
      await call(owner, 'POST', '/api/companies', {
        name: 'Paid Up Garage',
        taxId: 'GB 1',
        billingAddress: shipTo,
        deliveryAddresses: [shipTo],
      })
    ).json<CompanyResponse>();
    await call(staff, 'PUT', `/api/staff/companies/${company.id}/terms`, {
      termsDays: 30,
      creditLimit: 10_000,
    });
    const part = await insertPart(db(), { price: 25, minOrderQuantity: 1, availableQuantity: 1e4 });
    const order = async (quantity: number) => {
      const res = await call(owner, 'POST', '/api/checkout', {
        lines: [{ partId: part.id, quantity, unitPrice: 25 }],
        shipTo,
        phone: '0113 496 0000',
        companyId: company.id,
        payment: 'account',
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<OrderResponse>();
    };
    const invoiceOf = async (orderId: string) =>
      (await db().select().from(companyInvoices).where(eq(companyInvoices.orderId, orderId)))[0]!;
    const balance = async () =>
      (
        await db()
          .select()
          .from(companyCreditBalance)
          .where(eq(companyCreditBalance.companyId, company.id))
      ).reduce((s, e) => s + e.amountCents, 0);

    // 4 × $25 = $100 invoiced, shipped, delivered and paid in full by transfer.
    const first = await order(4);
    await call(staff, 'POST', `/api/staff/orders/${first._id}/ship`, {
      carrier: 'DPD',
      trackingNumber: '1',
    });
    await call(staff, 'POST', `/api/staff/orders/${first._id}/deliver`);
    const invoice = await invoiceOf(first._id);
    const paid = await call(staff, 'POST', `/api/staff/invoices/${invoice.id}/payments`, {
      amount: 100,
      receivedOn: '2026-11-20',
      reference: 'BACS 1',
    });
    expect(paid.statusCode, paid.body).toBe(200);

    // Two back, wrong part (no fee): $50, credited to the balance, once under 20 settles.
    const asked = await call(owner, 'POST', '/api/returns', {
      orderId: first._id,
      reason: 'wrong_part',
      lines: [{ lineNo: 1, quantity: 2 }],
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const ret = asked.json<ReturnResponse>();
    const act = (action: ReturnAction, body: object = {}) =>
      call(staff, 'POST', `/api/staff/returns/${ret.id}/${action}`, body);
    await act('approve');
    await act('receive', { lines: [{ lineNo: 1, quantity: 2 }] });
    await act('inspect', { lines: [{ lineNo: 1, resaleable: 2, scrapped: 0 }] });
    const answers = await Promise.all(Array.from({ length: 20 }, () => act('settle')));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(19);
    const done = answers.find((r) => r.statusCode === 200)!.json<ReturnResponse>();
    expect(done.settlement).toMatchObject({ method: 'account', amount: 50 });
    expect(done.history.at(-1)?.message).toContain("$50.00 of it to the company's credit balance");
    const notes = await db()
      .select()
      .from(companyCreditNotes)
      .where(eq(companyCreditNotes.invoiceId, invoice.id));
    expect(notes.map((n) => n.amountCents)).toEqual([5000]);
    // The paid invoice is untouched; the balance holds the $50.
    expect(await invoiceOf(first._id)).toMatchObject({ paidCents: 10_000, creditedCents: 0 });
    expect(await balance()).toBe(5000);
    const view = (await call(owner, 'GET', `/api/companies/${company.id}`)).json<CompanyResponse>();
    expect(view.standing.creditBalance).toBe(50);

    // The next order's $75 invoice is paid $50 from the balance: $25 still owed.
    const usedBefore = (await db().select().from(companies).where(eq(companies.id, company.id)))[0]!
      .creditUsedCents;
    const second = await order(3);
    expect(await invoiceOf(second._id)).toMatchObject({ amountCents: 7500, paidCents: 5000 });
    expect(await balance()).toBe(0);
    const usedAfter = (await db().select().from(companies).where(eq(companies.id, company.id)))[0]!
      .creditUsedCents;
    expect(usedAfter - usedBefore).toBe(2500);
    // Canceled before shipping, its invoice is void and gives the $50 back to the balance.
    const cancel = await call(staff, 'POST', `/api/staff/orders/${second._id}/cancel`, {
      reason: 'Not needed',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await balance()).toBe(5000);

    // A second return of the rest can never credit more than the invoice charged: two more
    // pieces ($50) bring the notes to $100, the whole invoice.
    const again = await call(owner, 'POST', '/api/returns', {
      orderId: first._id,
      reason: 'wrong_part',
      lines: [{ lineNo: 1, quantity: 2 }],
    });
    const ret2 = again.json<ReturnResponse>();
    for (const [action, body] of [
      ['approve', {}],
      ['receive', { lines: [{ lineNo: 1, quantity: 2 }] }],
      ['inspect', { lines: [{ lineNo: 1, resaleable: 2, scrapped: 0 }] }],
      ['settle', {}],
    ] as const)
      expect(
        (await call(staff, 'POST', `/api/staff/returns/${ret2.id}/${action}`, body)).statusCode,
      ).toBe(200);
    const all = await db()
      .select()
      .from(companyCreditNotes)
      .where(eq(companyCreditNotes.invoiceId, invoice.id));
    expect(all.reduce((s, n) => s + n.amountCents, 0)).toBe(10_000);
    expect(await balance()).toBe(10_000);
  });
});
