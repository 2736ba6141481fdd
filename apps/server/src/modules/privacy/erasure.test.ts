import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { admin, signIn } from '../../test/accounts.js';
import { busyCustomer, caller, findEverywhere, shipTo } from '../../test/privacy-kit.js';
import { useTestApp } from '../../test/test-app.js';
import { auditLog } from '../audit/audit.tables.js';
import { expireRetainedOrders } from '../orders/orders.privacy.js';
import { orders } from '../orders/orders.tables.js';
import { reviews } from '../reviews/reviews.tables.js';
import { pdfText } from '../../test/pdf-text.js';

/** Where the invoice's retained fields live: only these may still hold the person's name. */
const RETAINED = new Set(['orders.name']);

describe('deleting an account', () => {
  const ctx = useTestApp({
    authRateLimit: false,
    openOrderLimits: { count: 1000, valueCents: 1e12 },
  });

  it('erases an account that used every feature: its email, name and phone stay only in the invoice fields', async () => {
    const c = await busyCustomer(ctx.app, ctx.database.db, ctx.mailer.sent);
    const call = caller(ctx.app);
    // Before: the person is everywhere (the scan finds what it should).
    const before = (await findEverywhere(ctx.database.db, c.email)).map((h) => h.where);
    expect(before).toEqual(
      expect.arrayContaining(['users.email', 'orders.email', 'outbox_jobs.payload']),
    );

    const res = await call(c.user, 'POST', '/api/me/delete', { password: c.user.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted: true });

    // Every session and key has ended; the password no longer signs in.
    expect((await call(c.user, 'GET', '/api/me/data')).statusCode).toBe(401);
    expect((await signIn(ctx.app, c.email, c.user.password)).statusCode).not.toBe(200);

    expect(await findEverywhere(ctx.database.db, c.email)).toEqual([]);
    expect(await findEverywhere(ctx.database.db, c.phone)).toEqual([]);
    const names = await findEverywhere(ctx.database.db, c.name);
    expect(names.map((h) => h.where).filter((w) => !RETAINED.has(w))).toEqual([]);

    // The paid order keeps the invoice's fields; the canceled one keeps nothing.
    const [paid] = await ctx.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, c.paidOrder._id));
    expect(paid).toMatchObject({
      name: c.name,
      company: 'Quay Garage Ltd',
      taxId: 'GB 999 8888 77',
      email: '',
      phone: '',
      poNumber: null,
      shipStreet: '',
    });
    expect(paid?.address).toContain('Dock Road');
    expect(paid?.personalDataErasedAt).not.toBeNull();
    const [dropped] = await ctx.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, c.droppedOrder._id));
    expect(dropped).toMatchObject({ name: 'Erased customer', address: '', company: null });

    // Staff can still print the invoice, with the terms it was sold under.
    const staff = await admin(ctx.app, ctx.database.db);
    const invoice = await call(staff, 'GET', `/api/purchase/${c.paidOrder._id}/invoice`);
    expect(invoice.statusCode).toBe(200);
    const text = await pdfText(invoice.rawPayload);
    expect(text).toContain(c.name);
    expect(text).toMatch(/Terms of sale of .+, version 1/);

    // The review stays under a neutral name; the audit log says an erasure happened, no more.
    const theirReviews = await ctx.database.db
      .select()
      .from(reviews)
      .where(eq(reviews.userId, c.user.userId));
    expect(theirReviews.map((r) => r.name)).toEqual(['Former customer']);
    const entries = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, c.user.userId));
    expect(entries.map((e) => e.action)).toEqual(['account.erase']);
    expect(JSON.stringify(entries)).not.toContain(c.email);

    // Past INVOICE_RETENTION_YEARS, the invoice's fields go too: the name is then nowhere.
    expect(await expireRetainedOrders(ctx.database.db, 10, new Date())).toBe(0);
    const later = new Date(Date.now() + 11 * 366 * 24 * 3600 * 1000);
    expect(await expireRetainedOrders(ctx.database.db, 10, later)).toBeGreaterThanOrEqual(1);
    expect(await findEverywhere(ctx.database.db, c.name)).toEqual([]);
  });

  it('is refused, with the reason, while an order is unpaid or for a wrong password; nothing changes', async () => {
    const c = await busyCustomer(ctx.app, ctx.database.db, ctx.mailer.sent);
    const call = caller(ctx.app);
    const wrong = await call(c.user, 'POST', '/api/me/delete', { password: 'not-the-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: 'WRONG_PASSWORD' });
    expect((await call(c.user, 'POST', '/api/me/delete', {})).statusCode).toBe(400);

    const open = await call(c.user, 'POST', '/api/purchase', {
      partId: c.part.id,
      minimum: 1,
      shipTo,
      phone: c.phone,
    });
    expect(open.statusCode).toBe(201);
    const refused = await call(c.user, 'POST', '/api/me/delete', { password: c.user.password });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'ERASURE_BLOCKED' });
    expect(refused.json().message).toContain(open.json().number);
    // Still signed in, still all there.
    expect((await call(c.user, 'GET', '/api/me/data')).statusCode).toBe(200);
    expect((await findEverywhere(ctx.database.db, c.email)).length).toBeGreaterThan(0);
  });

  it('is refused while a quote waits for an answer, naming it', async () => {
    const c = await busyCustomer(ctx.app, ctx.database.db, ctx.mailer.sent);
    const call = caller(ctx.app);
    const asked = await call(c.user, 'POST', '/api/quotes', {
      lines: [{ partId: c.part.id, quantity: 50 }],
    });
    expect(asked.statusCode).toBe(201);
    const refused = await call(c.user, 'POST', '/api/me/delete', { password: c.user.password });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(asked.json().number);
    // Once staff decline it, nothing waits: the account may go.
    const declined = await call(c.staff, 'POST', `/api/staff/quotes/${asked.json().id}/decline`, {
      message: 'Not in that number',
    });
    expect(declined.statusCode).toBe(200);
    expect(
      (await call(c.user, 'POST', '/api/me/delete', { password: c.user.password })).statusCode,
    ).toBe(200);
  });

  it("is refused while the customer is a company's last owner", async () => {
    const c = await busyCustomer(ctx.app, ctx.database.db, ctx.mailer.sent);
    const call = caller(ctx.app);
    const refused = await call(c.owner, 'POST', '/api/me/delete', { password: c.owner.password });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('last owner');
    // A plain member may leave: the company stays, without them.
    expect(
      (await call(c.user, 'POST', '/api/me/delete', { password: c.user.password })).statusCode,
    ).toBe(200);
    const company = await call(c.owner, 'GET', `/api/companies/${c.company.id}`);
    expect(company.statusCode).toBe(200);
    expect(JSON.stringify(company.json())).not.toContain(c.email);
  });

  it('holds when the same account is deleted many times at once: one erasure, no error', async () => {
    const c = await busyCustomer(ctx.app, ctx.database.db, ctx.mailer.sent);
    const call = caller(ctx.app);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        call(c.user, 'POST', '/api/me/delete', { password: c.user.password }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.every((s) => s < 500)).toBe(true);
    expect(codes.filter((s) => s === 200)).toHaveLength(1);
    const erasures = await ctx.database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.targetId} = ${c.user.userId} and ${auditLog.action} = 'account.erase'`);
    expect(erasures).toHaveLength(1);
    expect(await findEverywhere(ctx.database.db, c.email)).toEqual([]);
  });
});
