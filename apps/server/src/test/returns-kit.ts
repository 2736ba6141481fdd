import { expect } from 'vitest';
import type { CompanyResponse, OrderResponse, ReturnAction } from '@storefront/contract';
import { companyMembers } from '../modules/companies/companies.tables.js';
import { admin, customer } from './accounts.js';
import { payInSandbox } from './pay.js';
import type { TestContext } from './test-app.js';

/* What the returns tests share (decisions 064, 065, 069): calls as a person, staff's steps, and
 * card orders placed, paid, shipped and delivered through the real API. */

type Person = Awaited<ReturnType<typeof customer>>;
type Who = Person | { auth: Record<string, string> } | null;
export type KitPart = { id: string; priceCents: number };
export type KitLine = { part: KitPart; quantity: number };

/** The ship-to of the returns tests' orders. */
export const returnsShipTo = {
  street: '3 Mill Lane',
  city: 'Leeds',
  postalCode: 'LS2 7QT',
  country: 'UK',
};

export function returnsKit(ctx: TestContext) {
  const call = (
    who: Who,
    method: string,
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    ctx.app.inject({
      method: method as 'GET',
      url,
      headers: { ...(who ? who.auth : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  let staffMember: Person | undefined;
  const staff = async () => (staffMember ??= await admin(ctx.app, ctx.database.db));
  /** A staff step on a return (`POST /api/staff/returns/{id}/{action}`). */
  const act = async (id: string, action: ReturnAction, body: object = {}) =>
    call(await staff(), 'POST', `/api/staff/returns/${id}/${action}`, body);
  /** The lines checked out at the prices the buyer saw (201 expected). */
  const checkout = async (who: Person, lines: KitLine[], extra: Record<string, unknown> = {}) => {
    const res = await call(who, 'POST', '/api/checkout', {
      lines: lines.map((l) => ({
        partId: l.part.id,
        quantity: l.quantity,
        unitPrice: l.part.priceCents / 100,
      })),
      shipTo: returnsShipTo,
      phone: '0113 496 0000',
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<OrderResponse>();
  };
  /** Staff ship and deliver an order (200 each). */
  const shipAndDeliver = async (orderId: string) => {
    const boss = await staff();
    const ship = await call(boss, 'POST', `/api/staff/orders/${orderId}/ship`, {
      carrier: 'DPD',
      trackingNumber: '1550',
    });
    expect(ship.statusCode, ship.body).toBe(200);
    const deliver = await call(boss, 'POST', `/api/staff/orders/${orderId}/deliver`);
    expect(deliver.statusCode, deliver.body).toBe(200);
  };
  /** A card order of the lines, paid, shipped and delivered. */
  const delivered = async (who: Person, lines: KitLine[]) => {
    const order = await checkout(who, lines);
    await payInSandbox(ctx.app, who, order._id);
    await shipAndDeliver(order._id);
    return order;
  };
  /**
   * A company `owner` makes, with another member (a buyer) and payment terms staff set: 30 days
   * and `creditLimit` dollars on account.
   */
  const companyOnAccount = async (owner: Person, name: string, creditLimit = 10_000) => {
    const created = await call(owner, 'POST', '/api/companies', {
      name,
      taxId: 'GB 999 8888 77',
      billingAddress: {
        street: '12 Dock Road',
        city: 'Leeds',
        postalCode: 'LS1 4AP',
        country: 'UK',
      },
      deliveryAddresses: [returnsShipTo],
    });
    expect(created.statusCode, created.body).toBe(201);
    const company = created.json<CompanyResponse>();
    const member = await customer(ctx.app);
    await ctx.database.db
      .insert(companyMembers)
      .values({ companyId: company.id, userId: member.userId, role: 'buyer' });
    const terms = await call(await staff(), 'PUT', `/api/staff/companies/${company.id}/terms`, {
      termsDays: 30,
      creditLimit,
    });
    expect(terms.statusCode, terms.body).toBe(200);
    return { company, member };
  };
  return { call, staff, act, checkout, shipAndDeliver, delivered, companyOnAccount };
}
