import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { admin, cookieHeader, customer, signIn } from '../../test/accounts.js';
import { useTestApp } from '../../test/test-app.js';
import { revokeAdmin } from '../users/roles.service.js';
import { users } from './auth.tables.js';

const origin = { origin: 'http://localhost:3000' };

/**
 * Every way a session ends must end the access keys issued for it at once, on this instance:
 * the guards check the session on each call (with a cache the identity provider's hooks clear).
 */
describe('access keys end with their session', () => {
  const ctx = useTestApp({ authRateLimit: false });
  // A read that needs a live key and touches nothing else.
  const profileStatus = async (email: string, key: string) =>
    (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/users/${encodeURIComponent(email)}`,
        headers: { authorization: `Bearer ${key}` },
      })
    ).statusCode;

  it('at logout', async () => {
    const me = await customer(ctx.app);
    expect(await profileStatus(me.email, me.key)).toBe(200);
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: me.cookie, ...origin },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect(await profileStatus(me.email, me.key)).toBe(401);
  });

  it('at a password change that revokes the other sessions, for every key of the account', async () => {
    const me = await customer(ctx.app, { password: 'first-pass' });
    const otherBrowser = await signIn(ctx.app, me.email, 'first-pass');
    const otherCookie = cookieHeader(otherBrowser.headers['set-cookie']);
    const otherKey = (
      (
        await ctx.app.inject({
          method: 'PUT',
          url: `/api/users/${me.email}`,
          headers: { cookie: otherCookie, ...origin },
          payload: { currentUser: { email: me.email } },
        })
      ).json() as { key: string }
    ).key;
    const changed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie: me.cookie, ...origin },
      payload: {
        currentPassword: 'first-pass',
        newPassword: 'second-pass',
        revokeOtherSessions: true,
      },
    });
    expect(changed.statusCode).toBe(200);
    expect(await profileStatus(me.email, otherKey)).toBe(401);
    expect(await profileStatus(me.email, me.key)).toBe(401);
    // The browser that changed it holds a new session, which earns a new key.
    const renewed = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${me.email}`,
      headers: { cookie: cookieHeader(changed.headers['set-cookie']), ...origin },
      payload: { currentUser: { email: me.email } },
    });
    expect(await profileStatus(me.email, (renewed.json() as { key: string }).key)).toBe(200);
  });

  it('at a password reset', async () => {
    const me = await customer(ctx.app);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: origin,
      payload: { email: me.email, redirectTo: '/reset-password' },
    });
    await ctx.app.storefront.outbox.runDue();
    const mail = ctx.mailer.sent.find((m) => m.to === me.email && /reset-password/.test(m.text));
    const token = decodeURIComponent(/token=([^\s&]+)/.exec(mail!.text)![1]!);
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: origin,
      payload: { token, newPassword: 'brand-new-pass' },
    });
    expect(reset.statusCode).toBe(200);
    expect(await profileStatus(me.email, me.key)).toBe(401);
  });

  it('when the account is removed', async () => {
    const me = await customer(ctx.app);
    await ctx.database.db.delete(users).where(eq(users.id, me.userId));
    ctx.app.storefront.guards.forget();
    expect(await profileStatus(me.email, me.key)).toBe(401);
  });

  it('and a role change takes effect on the same key at once', async () => {
    const boss = await admin(ctx.app, ctx.database.db);
    await admin(ctx.app, ctx.database.db); // someone must stay admin
    const addPart = () =>
      ctx.app.inject({ method: 'POST', url: '/api/parts', headers: boss.auth, payload: {} });
    expect((await addPart()).statusCode).toBe(400); // allowed in, then refused for the empty body
    await ctx.database.db.transaction((tx) => revokeAdmin(tx, boss.email));
    ctx.app.storefront.guards.forget(); // what the console does after a role change
    expect((await addPart()).statusCode).toBe(403);
  });

  it('refuses a key that names a session of another account', async () => {
    const alice = await customer(ctx.app);
    const bob = await customer(ctx.app);
    const bobSession = JSON.parse(Buffer.from(bob.key.split('.')[0]!, 'base64url').toString()).sid;
    const forged = ctx.app.storefront.accessKeys.issue({
      userId: alice.userId,
      sessionId: bobSession,
      email: alice.email,
    });
    expect(await profileStatus(alice.email, forged)).toBe(401);
  });
});
