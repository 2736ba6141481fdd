import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { customer, signIn, cookieHeader, admin as makeAdmin } from '../../test/accounts.js';
import { useTestApp, type TestContext } from '../../test/test-app.js';
import { seedDemoAccounts, demoAccounts } from '../../db/seed-demo-accounts.js';
import { markEmailVerified } from '../auth/identity.service.js';
import {
  grantAdmin,
  LastAdminError,
  listAdmins,
  revokeAdmin,
  syncEnvAdmins,
} from './roles.service.js';
import { userRoles } from './users.tables.js';

type Customer = Awaited<ReturnType<typeof customer>>;
const origin = { origin: 'http://localhost:3000' };

async function isAdminNow(app: FastifyInstance, user: Customer): Promise<boolean> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/admin/${encodeURIComponent(user.email)}`,
    headers: user.auth,
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { admin: boolean }).admin;
}

/** The link the shop mailed to `to` whose path is `page`, after the outbox ran. */
async function mailedToken(ctx: TestContext, to: string, page: string): Promise<string> {
  await ctx.app.storefront.outbox.runDue();
  const mail = [...ctx.mailer.sent].reverse().find((m) => m.to === to && m.text.includes(page));
  expect(mail, `a mail to ${to} with ${page}`).toBeDefined();
  return decodeURIComponent(new RegExp(`${page}\\?token=([^\\s&]+)`).exec(mail!.text)![1]!);
}

const verify = (app: FastifyInstance, token: string, cookie?: string) =>
  app.inject({
    method: 'GET',
    url: `/api/auth/verify-email?token=${encodeURIComponent(token)}`,
    headers: cookie ? { cookie } : {},
  });

describe('an address grants a role only once its owner has proved it', () => {
  const ctx = useTestApp({
    authRateLimit: false,
    adminEmails: ['boss@example.com', 'owner@example.com'],
  });
  beforeAll(async () => {
    await syncEnvAdmins(ctx.database.db, ctx.config.adminEmails);
  });

  it('gives nothing to whoever registers an ADMIN_EMAILS address first', async () => {
    const squatter = await customer(ctx.app, { email: 'boss@example.com' });
    expect(await isAdminNow(ctx.app, squatter)).toBe(false);
    const add = await ctx.app.inject({
      method: 'POST',
      url: '/api/parts',
      headers: squatter.auth,
      payload: {},
    });
    expect(add.statusCode).toBe(403);
    expect(
      (await listAdmins(ctx.database.db)).find((a) => a.email === 'boss@example.com'),
    ).toMatchObject({ pending: true, source: 'env' });
  });

  it('confirms an address only for someone signed in as that account, then grants the role', async () => {
    const boss = await customer(ctx.app, { email: 'owner@example.com' });
    const token = await mailedToken(ctx, 'owner@example.com', '/verify-email');
    // The mailbox alone proves nothing: someone who did not make the account cannot confirm it.
    expect((await verify(ctx.app, token)).statusCode).toBe(401);
    const stranger = await customer(ctx.app);
    expect((await verify(ctx.app, token, stranger.cookie)).statusCode).toBe(403);
    expect(await isAdminNow(ctx.app, boss)).toBe(false);

    const confirmed = await verify(ctx.app, token, boss.cookie);
    expect(confirmed.statusCode).toBe(200);
    // The same key, the role read by user id: it takes effect at once.
    expect(await isAdminNow(ctx.app, boss)).toBe(true);
  });
});

describe('a password reset proves the address', () => {
  const ctx = useTestApp({ authRateLimit: false });

  it('makes the owner the admin the address was promised, and ends the squatter’s sessions', async () => {
    const squatter = await customer(ctx.app, { email: 'ceo@example.com', password: 'squatter1' });
    expect(await grantAdmin(ctx.database.db, 'ceo@example.com', 'command')).toBe('pending');
    expect(await isAdminNow(ctx.app, squatter)).toBe(false);

    // The real owner takes the address back through the mailbox.
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: origin,
      payload: { email: 'ceo@example.com', redirectTo: '/reset-password' },
    });
    const token = await mailedToken(ctx, 'ceo@example.com', '/reset-password');
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: origin,
      payload: { token, newPassword: 'owner-secret-1' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(ctx.app, 'ceo@example.com', 'squatter1')).statusCode).toBe(401);
    // Every session ended with the reset: the squatter's key no longer works.
    const old = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/ceo@example.com',
      headers: squatter.auth,
    });
    expect(old.statusCode).toBe(401);
    const signedIn = await signIn(ctx.app, 'ceo@example.com', 'owner-secret-1');
    const cookie = cookieHeader(signedIn.headers['set-cookie']);
    const sync = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/ceo@example.com',
      headers: { cookie, ...origin },
      payload: { currentUser: { email: 'ceo@example.com' } },
    });
    const key = (sync.json() as { key: string }).key;
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/ceo@example.com',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(res.json()).toEqual({ admin: true });
  });
});

describe('changing email', () => {
  const ctx = useTestApp({ authRateLimit: false, adminEmails: ['chief@example.com'] });
  beforeAll(async () => {
    await syncEnvAdmins(ctx.database.db, ctx.config.adminEmails);
  });

  const changeEmail = (user: Customer, newEmail: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/change-email',
      headers: { cookie: user.cookie, ...origin },
      payload: { newEmail },
    });
  const emailOf = async (user: Customer) =>
    (
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/auth/get-session',
          headers: { cookie: user.cookie },
        })
      ).json() as { user: { email: string } }
    ).user.email;

  it('takes effect only when the new address confirms it, so nobody moves onto an admin address', async () => {
    const mallory = await customer(ctx.app);
    await markEmailVerified(ctx.database.db, mallory.userId);
    await ctx.app.storefront.outbox.runDue();
    const before = ctx.mailer.sent.length;
    const asked = await changeEmail(mallory, 'chief@example.com');
    expect(asked.statusCode).toBe(200);
    // Nothing changed yet: the account keeps its address and has no role.
    expect(await emailOf(mallory)).toBe(mallory.email);
    expect(await isAdminNow(ctx.app, mallory)).toBe(false);
    // The confirmation went to the new address, and only there.
    await ctx.app.storefront.outbox.runDue();
    const sent = ctx.mailer.sent.slice(before);
    expect(sent.map((m) => m.to)).toEqual(['chief@example.com']);
    // Its owner, signed in to their own account, cannot complete someone else's change.
    const token = await mailedToken(ctx, 'chief@example.com', '/verify-email');
    const chief = await customer(ctx.app);
    expect((await verify(ctx.app, token, chief.cookie)).statusCode).toBe(403);
    expect(await emailOf(mallory)).toBe(mallory.email);
  });

  it('keeps roles with the user id when an admin changes address; the old address grants nothing', async () => {
    const boss = await makeAdmin(ctx.app, ctx.database.db);
    const oldEmail = boss.email;
    const newEmail = `moved-${Date.now()}@example.com`;
    expect((await changeEmail(boss, newEmail)).statusCode).toBe(200);
    const token = await mailedToken(ctx, newEmail, '/verify-email');
    expect((await verify(ctx.app, token, boss.cookie)).statusCode).toBe(200);
    expect(await emailOf(boss)).toBe(newEmail);
    // The old key named the old address: it is ended, and a new one comes from the session.
    const stale = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/${encodeURIComponent(newEmail)}`,
      headers: boss.auth,
    });
    expect(stale.statusCode).toBe(401);
    const renewed = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${encodeURIComponent(newEmail)}`,
      headers: { cookie: boss.cookie, ...origin },
      payload: { currentUser: { email: newEmail } },
    });
    const key = (renewed.json() as { key: string }).key;
    const still = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/${encodeURIComponent(newEmail)}`,
      headers: { authorization: `Bearer ${key}` },
    });
    expect(still.json()).toEqual({ admin: true });
    const newcomer = await customer(ctx.app, { email: oldEmail });
    await markEmailVerified(ctx.database.db, newcomer.userId);
    expect(await isAdminNow(ctx.app, newcomer)).toBe(false);
  });
});

/**
 * Revokes both addresses in two concurrent transactions. On PostgreSQL a third transaction first
 * holds back every write to `user_roles` (but not reads) for a moment, so both revocations are
 * sure to have counted the admins before either deletes: the worst interleaving, every time.
 */
async function revokeBothAtOnce(ctx: TestContext, emails: string[]) {
  const { db } = ctx.database;
  const revokeAll = () =>
    Promise.allSettled(emails.map((email) => db.transaction((tx) => revokeAdmin(tx, email))));
  if (ctx.database.kind === 'pglite') return revokeAll();
  let outcomes: Awaited<ReturnType<typeof revokeAll>> = [];
  let held!: () => void;
  const holding = new Promise<void>((resolve) => (held = resolve));
  await Promise.all([
    db.transaction(async (tx) => {
      await tx.execute(sql`lock table ${userRoles} in exclusive mode`);
      held();
      await new Promise((resolve) => setTimeout(resolve, 300));
    }),
    holding.then(async () => {
      outcomes = await revokeAll();
    }),
  ]);
  return outcomes;
}

describe('granting and revoking', () => {
  const ctx = useTestApp({ authRateLimit: false });

  it('grants at once to a proved address, as a pending grant otherwise, and never revokes the last admin', async () => {
    const proved = await customer(ctx.app);
    await markEmailVerified(ctx.database.db, proved.userId);
    expect(await grantAdmin(ctx.database.db, proved.email, 'command')).toBe('granted');
    expect(await grantAdmin(ctx.database.db, proved.email, 'command')).toBe('already');
    expect(await grantAdmin(ctx.database.db, 'not-yet@example.com', 'command')).toBe('pending');
    const list = await listAdmins(ctx.database.db);
    expect(list.find((a) => a.email === proved.email)).toMatchObject({ pending: false });
    expect(list.find((a) => a.email === 'not-yet@example.com')).toMatchObject({ pending: true });

    await expect(
      ctx.database.db.transaction((tx) => revokeAdmin(tx, proved.email)),
    ).rejects.toBeInstanceOf(LastAdminError);
    expect(await isAdminNow(ctx.app, proved)).toBe(true);
    const second = await makeAdmin(ctx.app, ctx.database.db);
    const revoked = await ctx.database.db.transaction((tx) => revokeAdmin(tx, proved.email));
    expect(revoked.revoked).toBe(true);
    ctx.app.storefront.guards.forget();
    expect(await isAdminNow(ctx.app, proved)).toBe(false);
    expect(await isAdminNow(ctx.app, second)).toBe(true);
  });

  it('keeps the last admin when two admins revoke each other at the same moment', async () => {
    const db = ctx.database.db;
    for (const entry of await listAdmins(db))
      if (!entry.pending)
        await db.transaction((tx) => revokeAdmin(tx, entry.email)).catch(() => {});
    const a = await makeAdmin(ctx.app, db);
    const b = await makeAdmin(ctx.app, db);
    for (const entry of await listAdmins(db))
      if (!entry.pending && ![a.email, b.email].includes(entry.email))
        await db.transaction((tx) => revokeAdmin(tx, entry.email));
    for (let round = 0; round < 5; round += 1) {
      const outcomes = await revokeBothAtOnce(ctx, [a.email, b.email]);
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      const left = (await listAdmins(db)).filter((e) => !e.pending);
      expect(left).toHaveLength(1);
      // Back to two for the next round.
      await grantAdmin(db, left[0]!.email === a.email ? b.email : a.email, 'command');
    }
  });
});

describe('the demo accounts', () => {
  const ctx = useTestApp({ authRateLimit: false });

  it('seeds a proved admin and a customer', async () => {
    expect(await seedDemoAccounts(ctx.database.db, ctx.app.storefront.auth)).toEqual({
      seeded: true,
    });
    const roleOf = async (account: { email: string; password: string }) => {
      const signedIn = await signIn(ctx.app, account.email, account.password);
      expect(signedIn.statusCode).toBe(200);
      const cookie = cookieHeader(signedIn.headers['set-cookie']);
      const sync = await ctx.app.inject({
        method: 'PUT',
        url: `/api/users/${account.email}`,
        headers: { cookie, ...origin },
        payload: { currentUser: { email: account.email } },
      });
      const key = (sync.json() as { key: string }).key;
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/admin/${account.email}`,
        headers: { authorization: `Bearer ${key}` },
      });
      return (res.json() as { admin: boolean }).admin;
    };
    expect(await roleOf(demoAccounts.admin)).toBe(true);
    expect(await roleOf(demoAccounts.customer)).toBe(false);
  });
});
