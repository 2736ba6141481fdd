import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/raw-rows.js';
import { TEST_AUTH_SECRET, useTestApp } from '../../test/test-app.js';
import {
  cookieHeader,
  customer,
  signIn,
  signUp,
  syncKey,
  uniqueEmail,
} from '../../test/accounts.js';
import { createAccessKeys } from './access-key.js';

describe('sign-up, sign-in and the access key', () => {
  const ctx = useTestApp();

  it('signs up, signs in and trades the session for a working access key', async () => {
    const user = await signUp(ctx.app, { name: 'Ada', password: 'secret123' });
    const res = await signIn(ctx.app, user.email, 'secret123');
    expect(res.statusCode).toBe(200);
    const cookie = cookieHeader(res.headers['set-cookie']);
    const sync = await syncKey(ctx.app, cookie, user.email);
    expect(sync.statusCode).toBe(200);
    const { key } = sync.json() as { key: string };
    const profile = await ctx.app.inject({
      method: 'GET',
      url: `/api/users/${user.email}`,
      headers: { authorization: `Bearer ${key}` },
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toEqual({
      name: 'Ada',
      email: user.email,
      address: '',
      phone: '',
      education: '',
    });
  });

  it('never stores the password as given', async () => {
    const user = await signUp(ctx.app, { password: 'plain-text-secret' });
    const rows = await ctx.database.db.execute(
      `select password from accounts where user_id = '${user.userId}'`,
    );
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain('plain-text-secret');
  });

  it('refuses a password shorter than 6 characters and a wrong password', async () => {
    const short = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: 'http://localhost:3000' },
      payload: { name: 'Short', email: uniqueEmail(), password: '12345' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      error: 'VALIDATION_FAILED',
      fields: { password: 'Password must be at least 6 characters' },
    });
    const user = await signUp(ctx.app);
    const wrong = await signIn(ctx.app, user.email, 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      error: 'INVALID_EMAIL_OR_PASSWORD',
      message: 'Invalid email or password',
    });
  });

  it('refuses a taken address in neutral words, without signing anyone in', async () => {
    const user = await signUp(ctx.app);
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: 'http://localhost:3000' },
      payload: { name: 'Again', email: user.email, password: 'secret123' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      error: 'SIGN_UP_NOT_POSSIBLE',
      message:
        'We could not create an account with these details. If you already have an account, sign in or reset your password.',
    });
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(again.body).not.toMatch(/exists|registered|taken/i);
  });

  it('refuses the key sync without a session', async () => {
    const email = uniqueEmail();
    const res = await syncKey(ctx.app, '', email);
    expect(res.statusCode).toBe(401);
  });

  it("refuses the key sync with another user's session", async () => {
    const alice = await signUp(ctx.app);
    const bob = await signUp(ctx.app);
    const res = await syncKey(ctx.app, alice.cookie, bob.email);
    expect(res.statusCode).toBe(403);
  });

  it('refuses a forged key and an expired key', async () => {
    const user = await customer(ctx.app);
    const forger = createAccessKeys('an-attacker-guess-at-the-secret-0123456789', 3600);
    const sessionId = JSON.parse(Buffer.from(user.key.split('.')[0]!, 'base64url').toString())
      .sid as string;
    const forged = forger.issue({ userId: user.userId, sessionId, email: user.email });
    const expired = createAccessKeys(TEST_AUTH_SECRET, 60).issue(
      { userId: user.userId, sessionId, email: user.email },
      Date.now() - 120_000,
    );
    for (const key of [forged, expired, 'garbage']) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/users/${user.email}`,
        headers: { authorization: `Bearer ${key}` },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: 'UNAUTHORIZED' });
    }
  });

  it('signs out: the session no longer earns a key', async () => {
    const user = await signUp(ctx.app);
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: user.cookie, origin: 'http://localhost:3000' },
    });
    expect(out.statusCode).toBe(200);
    expect((await syncKey(ctx.app, user.cookie, user.email)).statusCode).toBe(401);
  });
});

describe('password reset by email', () => {
  const ctx = useTestApp();

  const requestReset = (email: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: 'http://localhost:3000' },
      payload: { email, redirectTo: '/reset-password' },
    });

  it('mails a link to our reset page whose token sets a new password', async () => {
    const user = await signUp(ctx.app, { password: 'old-password' });
    const res = await requestReset(user.email);
    expect(res.statusCode).toBe(200);
    await ctx.app.storefront.outbox.runDue();
    const mail = ctx.mailer.sent.find((m) => m.to === user.email && /Reset/.test(m.subject));
    expect(mail?.text).toContain('http://localhost:3000/reset-password?token=');
    const token = decodeURIComponent(/token=([^\s&]+)/.exec(mail!.text)![1]!);
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: 'http://localhost:3000' },
      payload: { newPassword: 'new-password', token },
    });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(ctx.app, user.email, 'old-password')).statusCode).toBe(401);
    expect((await signIn(ctx.app, user.email, 'new-password')).statusCode).toBe(200);
  });

  it('answers the same whether or not the email exists, and mails nobody unknown', async () => {
    const resets = () => ctx.mailer.sent.filter((m) => /Reset your password/.test(m.subject));
    await ctx.app.storefront.outbox.runDue();
    const before = resets().length;
    const unknown = await requestReset('nobody-here@example.com');
    const known = await requestReset((await signUp(ctx.app)).email);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    await ctx.app.storefront.outbox.runDue();
    expect(resets().length).toBe(before + 1);
  });

  it('does the same work for an address with an account as for one without, until after the answer', async () => {
    const db = ctx.database.db;
    const counts = async () => {
      const [row] = rowsOf(
        await db.execute(sql`select (select count(*)::int from verifications) as tokens,
          (select count(*)::int from outbox_jobs where kind = 'mail') as mails,
          (select count(*)::int from outbox_jobs where kind = 'password-reset') as requests`),
      );
      return {
        tokens: Number(row?.tokens),
        mails: Number(row?.mails),
        requests: Number(row?.requests),
      };
    };
    const known = (await signUp(ctx.app)).email;
    await ctx.app.storefront.outbox.runDue();
    // Each answer wrote one queued request and nothing else: no token, no mail, whoever it was.
    for (const email of [known, `nobody-${Date.now()}@example.com`]) {
      const before = await counts();
      expect((await requestReset(email)).statusCode).toBe(200);
      expect(await counts()).toEqual({ ...before, requests: before.requests + 1 });
    }
    // Carried out afterwards: one token and one mail, for the account only; the address is
    // not kept in the finished request.
    const before = await counts();
    await ctx.app.storefront.outbox.runDue();
    expect(await counts()).toMatchObject({ tokens: before.tokens + 1, mails: before.mails + 1 });
    const kept = rowsOf(
      await db.execute(
        sql`select payload::text as p from outbox_jobs where kind = 'password-reset'`,
      ),
    );
    expect(kept.map((r) => String(r.p)).join()).not.toContain(known);
  });

  it('refuses a made-up token', async () => {
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: 'http://localhost:3000' },
      payload: { newPassword: 'whatever123', token: 'made-up' },
    });
    expect(reset.statusCode).toBe(400);
  });
});

describe('rate limiting', () => {
  const ctx = useTestApp();

  it('answers 429 with a clear message after too many sign-in attempts on one account', async () => {
    const user = await signUp(ctx.app);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1)
      statuses.push((await signIn(ctx.app, user.email, 'wrong-password')).statusCode);
    expect(statuses.slice(0, 8).every((s) => s === 401)).toBe(true);
    const limited = await signIn(ctx.app, user.email, 'secret123');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      error: 'RATE_LIMITED',
      message: expect.stringMatching(/Too many attempts/),
    });
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('limits reset requests per account', async () => {
    const user = await signUp(ctx.app);
    const send = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        headers: { origin: 'http://localhost:3000' },
        payload: { email: user.email },
      });
    for (let i = 0; i < 3; i += 1) expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(429);
  });
});
