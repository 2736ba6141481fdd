import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CompanyResponse } from '@storefront/contract';
import { customer, uniqueEmail } from '../../test/accounts.js';
import { useTestApp } from '../../test/test-app.js';
import { markEmailVerified } from '../auth/identity.service.js';
import { companies, companyInvites, companyMembers } from './companies.tables.js';

type Customer = Awaited<ReturnType<typeof customer>>;

const companyBody = (name = 'Dock Road Motors Ltd') => ({
  name,
  taxId: 'GB 123 4567 89',
  billingAddress: {
    street: '12 Dock Road',
    city: 'Leeds',
    postalCode: 'LS1 4AP',
    country: 'United Kingdom',
  },
  deliveryAddresses: [
    {
      label: 'Workshop',
      street: '3 Mill Lane',
      city: 'Leeds',
      postalCode: 'LS2 7QT',
      country: 'United Kingdom',
    },
  ],
});

describe('companies', () => {
  const ctx = useTestApp({ authRateLimit: false });
  const call = (who: Customer | null, method: string, url: string, payload?: unknown) =>
    ctx.app.inject({
      method: method as 'GET',
      url,
      headers: who ? who.auth : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  async function newCompany(owner: Customer, name?: string) {
    const res = await call(owner, 'POST', '/api/companies', companyBody(name));
    expect(res.statusCode).toBe(201);
    return res.json<CompanyResponse>();
  }

  /** The link's code from the last invitation mail sent to `email`. */
  async function inviteCode(email: string): Promise<string> {
    await ctx.app.storefront.outbox.runDue();
    const code = ctx.mailer.sent
      .filter((m) => m.to === email)
      .map((m) => m.text.match(/\/company\/join#([A-Za-z0-9_-]+)/)?.[1])
      .filter(Boolean)
      .at(-1);
    if (!code) throw new Error(`no invitation mail to ${email}`);
    return code;
  }

  async function verified(app = ctx.app) {
    const user = await customer(app, { email: uniqueEmail('member') });
    await markEmailVerified(ctx.database.db, user.userId);
    return user;
  }

  /** A company with an owner, an admin and a buyer, all joined through invitations. */
  async function staffedCompany(name?: string) {
    const owner = await verified();
    const company = await newCompany(owner, name);
    const members: Record<'admin' | 'buyer', Customer> = {
      admin: await verified(),
      buyer: await verified(),
    };
    for (const role of ['admin', 'buyer'] as const) {
      const invited = await call(owner, 'POST', `/api/companies/${company.id}/invites`, {
        email: members[role].email,
        role,
      });
      expect(invited.statusCode).toBe(201);
      const accepted = await call(members[role], 'POST', '/api/company-invites/accept', {
        token: await inviteCode(members[role].email),
      });
      expect(accepted.json()).toEqual({ companyId: company.id, role });
    }
    return { company, owner, ...members };
  }

  it('lets a customer create a company and own it, and takes no role, terms or id from the body', async () => {
    const owner = await customer(ctx.app);
    const company = await newCompany(owner);
    expect(company).toMatchObject({
      name: 'Dock Road Motors Ltd',
      taxId: 'GB 123 4567 89',
      role: 'owner',
      members: [{ userId: owner.userId, role: 'owner' }],
      deliveryAddresses: [{ label: 'Workshop', street: '3 Mill Lane' }],
      standing: { terms: 'none', creditLimit: 0, creditAvailable: 0 },
    });
    const before = await ctx.database.db.select().from(companies);
    for (const extra of [
      { role: 'buyer' },
      { terms: 'approved' },
      { creditLimitCents: 1e9 },
      { id: company.id },
      { termsDays: 30 },
    ]) {
      const res = await call(owner, 'POST', '/api/companies', { ...companyBody(), ...extra });
      expect(res.statusCode).toBe(400);
    }
    expect(await ctx.database.db.select().from(companies)).toHaveLength(before.length);
    const mine = await call(owner, 'GET', '/api/companies');
    expect(mine.json()).toEqual([
      { id: company.id, name: 'Dock Road Motors Ltd', role: 'owner', terms: 'none' },
    ]);
    expect((await call(null, 'POST', '/api/companies', companyBody())).statusCode).toBe(401);
    const bad = await call(owner, 'POST', '/api/companies', {
      ...companyBody(),
      taxId: '<script>',
    });
    expect(bad.json()).toMatchObject({
      error: 'VALIDATION_FAILED',
      fields: { taxId: expect.any(String) },
    });
  });

  it('answers 404 on every company route to the other company’s members and to a plain customer, and changes nothing', async () => {
    const a = await staffedCompany('Alpha Fleet');
    const b = await staffedCompany('Bravo Garages');
    const stranger = await verified();
    const id = a.company.id;
    const routes: [string, string, unknown?][] = [
      ['GET', `/api/companies/${id}`],
      ['PUT', `/api/companies/${id}`, companyBody('Taken over')],
      ['POST', `/api/companies/${id}/invites`, { email: stranger.email, role: 'admin' }],
      ['GET', `/api/companies/${id}/invites`],
      ['DELETE', `/api/companies/${id}/invites/00000000-0000-4000-8000-000000000000`],
      ['PUT', `/api/companies/${id}/members/${a.buyer.userId}`, { role: 'owner' }],
      ['PUT', `/api/companies/${id}/members/${b.owner.userId}`, { role: 'owner' }],
      ['DELETE', `/api/companies/${id}/members/${a.owner.userId}`],
      ['DELETE', `/api/companies/${id}/members/${a.buyer.userId}`],
    ];
    for (const who of [b.owner, b.admin, b.buyer, stranger]) {
      for (const [method, url, body] of routes) {
        const res = await call(who, method, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json()).toMatchObject({ error: 'NOT_FOUND' });
      }
    }
    // A buyer may read the company, nothing more.
    expect((await call(a.buyer, 'GET', `/api/companies/${id}`)).statusCode).toBe(200);
    for (const [method, url, body] of routes.slice(1, 8)) {
      expect((await call(a.buyer, method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    // Malformed ids name nothing either.
    expect((await call(a.owner, 'GET', '/api/companies/not-a-uuid')).statusCode).toBe(404);
    const after = await call(a.owner, 'GET', `/api/companies/${id}`);
    expect(after.json()).toMatchObject({
      name: 'Alpha Fleet',
      members: [
        { userId: a.owner.userId, role: 'owner' },
        { userId: a.admin.userId, role: 'admin' },
        { userId: a.buyer.userId, role: 'buyer' },
      ],
    });
  });

  it('accepts an invitation only from the invited, proved address, once, before it expires', async () => {
    const owner = await verified();
    const company = await newCompany(owner);
    const invitedEmail = uniqueEmail('invited');
    const invite = await call(owner, 'POST', `/api/companies/${company.id}/invites`, {
      email: invitedEmail,
      role: 'buyer',
    });
    expect(invite.statusCode).toBe(201);
    expect(invite.body).not.toMatch(/token/i);
    const code = await inviteCode(invitedEmail);
    // Only the hash is kept.
    const [row] = await ctx.database.db
      .select()
      .from(companyInvites)
      .where(eq(companyInvites.email, invitedEmail));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.tokenHash).not.toContain(code);

    const accept = (who: Customer, token = code) =>
      call(who, 'POST', '/api/company-invites/accept', { token });
    // Someone else holding the link: as if it named nothing.
    const other = await verified();
    expect((await accept(other)).statusCode).toBe(404);
    expect((await accept(other, 'made-up-code')).statusCode).toBe(404);
    // The invited address, not yet proved.
    const invited = await customer(ctx.app, { email: invitedEmail });
    const unproved = await accept(invited);
    expect(unproved.statusCode).toBe(403);
    expect(unproved.json()).toMatchObject({ error: 'EMAIL_NOT_VERIFIED' });
    await markEmailVerified(ctx.database.db, invited.userId);
    // Sent many times at once: one membership, the rest told it was used.
    const answers = await Promise.all(Array.from({ length: 6 }, () => accept(invited)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(5);
    const members = await ctx.database.db
      .select()
      .from(companyMembers)
      .where(eq(companyMembers.companyId, company.id));
    expect(members.map((m) => m.role).sort()).toEqual(['buyer', 'owner']);

    // Revoked, then re-invited: the old link no longer works, the new one does.
    const againEmail = uniqueEmail('again');
    await call(owner, 'POST', `/api/companies/${company.id}/invites`, {
      email: againEmail,
      role: 'buyer',
    });
    const first = await inviteCode(againEmail);
    await call(owner, 'POST', `/api/companies/${company.id}/invites`, {
      email: againEmail,
      role: 'buyer',
    });
    const second = await inviteCode(againEmail);
    const again = await customer(ctx.app, { email: againEmail });
    await markEmailVerified(ctx.database.db, again.userId);
    expect((await accept(again, first)).statusCode).toBe(404);
    expect((await accept(again, second)).statusCode).toBe(200);
    // Inviting a member again is refused.
    const twice = await call(owner, 'POST', `/api/companies/${company.id}/invites`, {
      email: againEmail,
      role: 'buyer',
    });
    expect(twice.json()).toMatchObject({ error: 'ALREADY_MEMBER' });
    // No owner by invitation, no unknown field.
    for (const body of [
      { email: uniqueEmail(), role: 'owner' },
      { email: uniqueEmail(), role: 'buyer', companyId: company.id },
    ]) {
      expect(
        (await call(owner, 'POST', `/api/companies/${company.id}/invites`, body)).statusCode,
      ).toBe(400);
    }
  });

  it('refuses an expired invitation with 410', async () => {
    const owner = await verified();
    const company = await newCompany(owner);
    const invited = await verified();
    await call(owner, 'POST', `/api/companies/${company.id}/invites`, {
      email: invited.email,
      role: 'buyer',
    });
    const code = await inviteCode(invited.email);
    await ctx.database.db
      .update(companyInvites)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(companyInvites.email, invited.email));
    const res = await call(invited, 'POST', '/api/company-invites/accept', { token: code });
    expect(res.statusCode).toBe(410);
    expect(
      await ctx.database.db
        .select()
        .from(companyMembers)
        .where(eq(companyMembers.userId, invited.userId)),
    ).toHaveLength(0);
  });

  it('lets owners and admins manage roles within their rights, and always keeps an owner', async () => {
    const { company, owner, admin, buyer } = await staffedCompany();
    const id = company.id;
    const role = (who: Customer, to: string) =>
      call(
        who,
        'PUT',
        `/api/companies/${id}/members/${who === owner ? admin.userId : buyer.userId}`,
        { role: to },
      );
    // An admin never makes an owner, nor touches one.
    expect((await role(admin, 'owner')).statusCode).toBe(404);
    expect(
      (await call(admin, 'PUT', `/api/companies/${id}/members/${owner.userId}`, { role: 'buyer' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(admin, 'DELETE', `/api/companies/${id}/members/${owner.userId}`)).statusCode,
    ).toBe(404);
    // An admin changes a buyer.
    expect((await role(admin, 'admin')).statusCode).toBe(200);
    expect((await role(admin, 'buyer')).statusCode).toBe(200);
    // The last owner can neither step down nor leave.
    const down = await call(owner, 'PUT', `/api/companies/${id}/members/${owner.userId}`, {
      role: 'admin',
    });
    expect(down.statusCode).toBe(409);
    expect(down.json()).toMatchObject({ error: 'LAST_OWNER' });
    expect(
      (await call(owner, 'DELETE', `/api/companies/${id}/members/${owner.userId}`)).statusCode,
    ).toBe(409);
    // With a second owner, one may go.
    expect((await role(owner, 'owner')).statusCode).toBe(200);
    const [left, demoted] = await Promise.all([
      call(owner, 'DELETE', `/api/companies/${id}/members/${owner.userId}`),
      call(admin, 'PUT', `/api/companies/${id}/members/${admin.userId}`, { role: 'buyer' }),
    ]);
    // Both owners stepping down at once: the database lets exactly one of them.
    expect([left.statusCode, demoted.statusCode].sort()).toEqual([200, 409]);
    const [row] = await ctx.database.db.select().from(companies).where(eq(companies.id, id));
    expect(row?.ownerCount).toBe(1);
    const owners = await ctx.database.db
      .select()
      .from(companyMembers)
      .where(sql`${companyMembers.companyId} = ${id} and ${companyMembers.role} = 'owner'`);
    expect(owners).toHaveLength(1);
    // A buyer leaves on their own.
    expect(
      (await call(buyer, 'DELETE', `/api/companies/${id}/members/${buyer.userId}`)).statusCode,
    ).toBe(200);
    expect((await call(buyer, 'GET', `/api/companies/${id}`)).statusCode).toBe(404);
  });

  it('keeps an owner even against a writer that bypasses the routes', async () => {
    const owner = await verified();
    const company = await newCompany(owner);
    await expect(
      ctx.database.db
        .update(companyMembers)
        .set({ role: 'buyer' })
        .where(eq(companyMembers.companyId, company.id)),
    ).rejects.toThrow();
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await tx.delete(companyMembers).where(eq(companyMembers.companyId, company.id));
      }),
    ).rejects.toThrow();
    const [row] = await ctx.database.db
      .select()
      .from(companies)
      .where(eq(companies.id, company.id));
    expect(row?.ownerCount).toBe(1);
  });

  it('lets owners and admins change the details and addresses, and revoke invitations', async () => {
    const { company, admin, buyer } = await staffedCompany();
    const changed = await call(admin, 'PUT', `/api/companies/${company.id}`, {
      ...companyBody('Renamed Ltd'),
      deliveryAddresses: [],
    });
    expect(changed.json()).toMatchObject({ name: 'Renamed Ltd', deliveryAddresses: [] });
    const email = uniqueEmail('revoked');
    const invite = await call(admin, 'POST', `/api/companies/${company.id}/invites`, {
      email,
      role: 'buyer',
    });
    const list = await call(admin, 'GET', `/api/companies/${company.id}/invites`);
    expect(list.json()).toEqual([expect.objectContaining({ email, role: 'buyer' })]);
    expect(
      (await call(buyer, 'DELETE', `/api/companies/${company.id}/invites/${invite.json().id}`))
        .statusCode,
    ).toBe(404);
    const revoked = await call(
      admin,
      'DELETE',
      `/api/companies/${company.id}/invites/${invite.json().id}`,
    );
    expect(revoked.json()).toEqual([]);
  });
});
