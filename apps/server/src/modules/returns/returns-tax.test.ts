import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CompanyResponse, ReturnOptions, ReturnResponse } from '@storefront/contract';
import { customer } from '../../test/accounts.js';
import { insertPart } from '../../test/factories.js';
import { payInSandbox } from '../../test/pay.js';
import { returnsKit } from '../../test/returns-kit.js';
import { useTestApp } from '../../test/test-app.js';
import { california } from '../../test/tax-kit.js';
import { caller } from '../../test/price-kit.js';
import { companyCreditNotes, companyInvoices } from '../companies/companies.tables.js';
import { parts } from '../parts/parts.tables.js';
import { refunds } from '../payments/payments.tables.js';
import { returnLines, returns } from './returns.tables.js';

type Who = { auth: Record<string, string>; email?: string };

/**
 * Decision 065: with tax regions configured, a settled return gives back the tax of its accepted
 * pieces (each line's stored tax, proportionally, rounded half up), in the card refund and in the
 * credit note, never more than the line and the order have left.
 */
describe('returns give back the tax of the accepted pieces', () => {
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
        brake: { id: string; priceCents: number };
        filter: { id: string; priceCents: number };
      }
    | undefined;
  async function given() {
    if (seed) return seed;
    const staff = await kit.staff();
    const region = await call(staff, 'POST', '/api/staff/tax-regions', {
      country: 'US',
      state: 'CA',
      rate: 8.25,
      categoryRates: [{ category: 'filters', rate: 5 }],
    });
    expect(region.statusCode, region.body).toBe(201);
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

  const kit = returnsKit(ctx);
  const checkout = (
    who: Parameters<typeof kit.checkout>[0],
    lines: Parameters<typeof kit.checkout>[1],
    extra: Record<string, unknown> = {},
  ) => kit.checkout(who, lines, { shipTo: california, ...extra });
  const { shipAndDeliver, act } = kit;
  /** A return asked, approved, received in full and accepted (resaleable). */
  const returnAndInspect = async (
    who: Who,
    orderId: string,
    lines: { lineNo: number; quantity: number }[],
    reason: string,
  ) => {
    const made = await call(who, 'POST', '/api/returns', { orderId, reason, lines });
    expect(made.statusCode, made.body).toBe(201);
    const ret = made.json<ReturnResponse>();
    expect((await act(ret.id, 'approve')).statusCode).toBe(200);
    expect((await act(ret.id, 'receive', { lines })).statusCode).toBe(200);
    const inspected = await act(ret.id, 'inspect', {
      lines: lines.map((l) => ({ lineNo: l.lineNo, resaleable: l.quantity, scrapped: 0 })),
    });
    expect(inspected.statusCode, inspected.body).toBe(200);
    return ret;
  };

  it('refunds a card buyer the net less the fee plus the pieces’ tax, once under 20 settles, and never more tax than the line charged', async () => {
    const { brake, filter } = await given();
    const buyer = await customer(ctx.app);
    // 3 × $12.34 = $37.02 at 8.25%: $3.05; 7 × $9.99 = $69.93 at 5%: $3.50.
    const order = await checkout(buyer, [
      { part: brake, quantity: 3 },
      { part: filter, quantity: 7 },
    ]);
    expect(order.partPrice).toBe(113.5);
    await payInSandbox(ctx.app, buyer, order._id);
    await shipAndDeliver(order._id);

    const options = (
      await call(buyer, 'GET', `/api/returns/options?orderId=${order._id}`)
    ).json<ReturnOptions>();
    expect(options.lines).toMatchObject([
      { lineNo: 1, lineTax: 3.05, returnedPieces: 0, returnedTax: 0 },
      { lineNo: 2, lineTax: 3.5, returnedPieces: 0, returnedTax: 0 },
    ]);

    // One brake, not needed (15%): $12.34 less $1.85 = $10.49, plus $1.02 (305 / 3, half up).
    const first = await returnAndInspect(
      buyer,
      order._id,
      [{ lineNo: 1, quantity: 1 }],
      'not_needed',
    );
    const answers = await Promise.all(Array.from({ length: 20 }, () => act(first.id, 'settle')));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(19);
    const done = answers.find((r) => r.statusCode === 200)!.json<ReturnResponse>();
    expect(done.settlement).toMatchObject({
      gross: 12.34,
      fee: 1.85,
      net: 10.49,
      tax: 1.02,
      amount: 11.51,
    });
    const [refund] = await db().select().from(refunds).where(eq(refunds.returnId, first.id));
    expect(refund).toMatchObject({ amountCents: 1151, taxCents: 102, reason: 'returned' });
    expect(await db().select().from(refunds).where(eq(refunds.orderId, order._id))).toHaveLength(1);
    await ctx.app.storefront.outbox.runDue();
    const settledMail = ctx.mailer.sent.find(
      (m) => m.to === buyer.email && m.text.includes(`Return ${first.number} is settled`),
    );
    expect(settledMail?.text).toContain('$11.51 ($10.49 plus tax $1.02) refunded to your card');

    // The form now counts the piece given back.
    const after = (
      await call(buyer, 'GET', `/api/returns/options?orderId=${order._id}`)
    ).json<ReturnOptions>();
    expect(after.lines[0]).toMatchObject({ returnable: 2, returnedPieces: 1, returnedTax: 1.02 });

    // The other two brakes and three filters, a wrong part (no fee): the brakes' tax left is
    // exactly $3.05 - $1.02 = $2.03; three of seven filters: 350 × 3 / 7 = 150 (149.99).
    const second = await returnAndInspect(
      buyer,
      order._id,
      [
        { lineNo: 1, quantity: 2 },
        { lineNo: 2, quantity: 3 },
      ],
      'wrong_part',
    );
    const settled = await act(second.id, 'settle');
    expect(settled.statusCode, settled.body).toBe(200);
    expect(settled.json<ReturnResponse>().settlement).toMatchObject({
      gross: 54.65,
      fee: 0,
      net: 54.65,
      tax: 3.53,
      amount: 58.18,
    });
    const lines = await db().select().from(returnLines).where(eq(returnLines.returnId, second.id));
    expect(lines.map((l) => [l.lineNo, l.taxCents]).sort()).toEqual([
      [1, 203],
      [2, 150],
    ]);
    // The last four filters: the line's tax left, 350 - 150 = 200, so all 350 came back.
    const third = await returnAndInspect(
      buyer,
      order._id,
      [{ lineNo: 2, quantity: 4 }],
      'wrong_part',
    );
    expect((await act(third.id, 'settle')).json<ReturnResponse>().settlement).toMatchObject({
      net: 39.96,
      tax: 2,
      amount: 41.96,
    });
    const all = await db().select().from(refunds).where(eq(refunds.orderId, order._id));
    expect(all.reduce((s, r) => s + r.taxCents, 0)).toBe(655);
    expect(all.reduce((s, r) => s + r.amountCents, 0)).toBe(11_350 - 185);

    // The return's page shows net, tax and total.
    const page = (await call(buyer, 'GET', `/api/returns/${third.id}`)).json<ReturnResponse>();
    expect(page.settlement).toMatchObject({ net: 39.96, tax: 2, amount: 41.96 });
  });

  it('credits a company on account with a credit note holding exactly the pieces’ tax, once under 20 settles; a staff credit note earlier leaves less tax', async () => {
    const { staff, filter, brake } = await given();
    const owner = await customer(ctx.app);
    const company = (
      await call(owner, 'POST', '/api/companies', {
        name: 'Taxed Garage',
        taxId: 'X 1',
        billingAddress: california,
        deliveryAddresses: [],
      })
    ).json<CompanyResponse>();
    await call(staff, 'PUT', `/api/staff/companies/${company.id}/terms`, {
      termsDays: 30,
      creditLimit: 10_000,
    });
    // 4 × $9.99 = $39.96 at 5%: $2.00 (199.8); 10 × $12.34 = $123.40 at 8.25%: $10.18.
    const order = await checkout(
      owner,
      [
        { part: filter, quantity: 4 },
        { part: brake, quantity: 10 },
      ],
      { companyId: company.id, payment: 'account' },
    );
    await shipAndDeliver(order._id);
    const [invoice] = await db()
      .select()
      .from(companyInvoices)
      .where(eq(companyInvoices.orderId, order._id));
    expect(invoice?.amountCents).toBe(3996 + 200 + 12_340 + 1018);

    // Three filters, defective (no fee): $29.97 plus 150 (200 × 3 / 4).
    const ret = await returnAndInspect(owner, order._id, [{ lineNo: 1, quantity: 3 }], 'defective');
    const answers = await Promise.all(Array.from({ length: 20 }, () => act(ret.id, 'settle')));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const done = answers.find((r) => r.statusCode === 200)!.json<ReturnResponse>();
    expect(done.settlement).toMatchObject({
      method: 'account',
      net: 29.97,
      tax: 1.5,
      amount: 31.47,
    });
    const notes = await db()
      .select()
      .from(companyCreditNotes)
      .where(eq(companyCreditNotes.invoiceId, invoice!.id));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ amountCents: 3147, taxCents: 150 });

    // Staff credit nearly the rest of the invoice by hand: its share takes most of the tax left.
    const open = invoice!.amountCents - 3147;
    const manual = await call(staff, 'POST', `/api/staff/invoices/${invoice!.id}/credit-notes`, {
      amount: (open - 1300) / 100,
      reason: 'Goodwill',
    });
    expect(manual.statusCode, manual.body).toBe(201);
    // Every brake back: its line's tax would be $10.18, but only what the invoice has left comes
    // back, and the credit note adds up: net plus tax is its amount.
    const last = await returnAndInspect(
      owner,
      order._id,
      [{ lineNo: 2, quantity: 1 }],
      'wrong_part',
    );
    const settled = await act(last.id, 'settle');
    expect(settled.statusCode, settled.body).toBe(200);
    // Staff's $131.07 took the invoice's share: 1,218 × 16,254 / 17,554 = 1,128 in all. Left:
    // $13.00 owed and 90 cents of tax, so $12.10 net plus $0.90 (the line's 102 would be more).
    const s = settled.json<ReturnResponse>().settlement!;
    expect(s).toMatchObject({ gross: 12.34, fee: 0, net: 12.1, tax: 0.9, amount: 13 });
    const every = await db()
      .select()
      .from(companyCreditNotes)
      .where(eq(companyCreditNotes.invoiceId, invoice!.id));
    expect(every.reduce((t, n) => t + n.taxCents, 0)).toBe(200 + 1018);
    const [row] = await db().select().from(returns).where(eq(returns.id, last.id));
    expect(row?.taxCents).toBe(90);
    const [noteOfReturn] = every.filter((n) => n.id === row?.creditNoteId);
    expect(noteOfReturn?.taxCents).toBe(row?.taxCents);
  });
});
