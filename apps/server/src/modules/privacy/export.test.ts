import { describe, expect, it } from 'vitest';
import { busyCustomer, caller } from '../../test/privacy-kit.js';
import { useTestApp } from '../../test/test-app.js';

describe('downloading my data', () => {
  const ctx = useTestApp({
    authRateLimit: false,
    openOrderLimits: { count: 1000, valueCents: 1e12 },
  });

  it("holds everything about the caller, and nothing of another customer's", async () => {
    const a = await busyCustomer(ctx.app, ctx.database.db, ctx.mailer.sent);
    const b = await busyCustomer(ctx.app, ctx.database.db, ctx.mailer.sent);
    const call = caller(ctx.app);
    const res = await call(a.user, 'GET', '/api/me/data');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="my-data-/);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json();
    expect(Object.keys(data)).toEqual(
      expect.arrayContaining([
        'exportedAt',
        'account',
        'profile',
        'cart',
        'orders',
        'reviews',
        'mailsSent',
        'companies',
        'quotes',
      ]),
    );
    expect(data.account).toMatchObject({ name: a.name, email: a.email });
    expect(data.profile).toMatchObject({
      phone: a.phone,
      address: '7 Quay Street, Hull',
      vehicle: { make: 'Toyota', model: 'Corolla', year: 2015 },
    });
    expect(data.orders.map((o: { number: string }) => o.number)).toEqual([
      a.paidOrder.number,
      a.droppedOrder.number,
    ]);
    expect(data.orders[0].lines).toHaveLength(1);
    expect(data.cart).toEqual([expect.objectContaining({ quantity: 3 })]);
    expect(data.reviews).toHaveLength(1);
    expect(data.mailsSent.length).toBeGreaterThan(0);
    // The quote with its request, staff's offer and the rejection, messages included.
    expect(data.quotes.requested).toHaveLength(1);
    expect(data.quotes.requested[0]).toMatchObject({
      status: 'rejected',
      note: expect.stringContaining(a.name),
    });
    expect(data.quotes.requested[0].versions.map((v: { version: number }) => v.version)).toEqual([
      0, 1,
    ]);
    expect(data.quotes.requested[0].history.map((h: { to: string }) => h.to)).toEqual([
      'requested',
      'offered',
      'rejected',
    ]);
    expect(data.companies.memberships).toEqual([
      expect.objectContaining({ companyId: a.company.id, role: 'buyer' }),
    ]);
    const text = res.body;
    for (const other of [b.email, b.name, b.phone, b.paidOrder.number, b.droppedOrder.number])
      expect(text).not.toContain(other);
    // Nothing that works as a credential leaves: no password hash, no session token.
    expect(text).not.toMatch(/"password"|"token"|scrypt|\$argon/);
  });

  it('answers only a signed-in caller', async () => {
    expect((await caller(ctx.app)(null, 'GET', '/api/me/data')).statusCode).toBe(401);
  });
});
