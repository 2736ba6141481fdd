import { describe, expect, it } from 'vitest';
import { cookieHeader, signUp, syncKey, uniqueEmail } from '../../test/accounts.js';
import { useTestApp } from '../../test/test-app.js';

const origin = { origin: 'http://localhost:3000' };

/** A JSON body with a byte-order mark, and a form: what Better Auth would also have accepted. */
const encodings = {
  json: (body: Record<string, string>) => ({
    headers: { ...origin, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  }),
  bom: (body: Record<string, string>) => ({
    headers: { ...origin, 'content-type': 'application/json; charset=utf-8' },
    payload: `\uFEFF${JSON.stringify(body)}`,
  }),
  form: (body: Record<string, string>) => ({
    headers: { ...origin, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(body).toString(),
  }),
};

describe('sign-in limits without a trusted proxy (the default)', () => {
  const ctx = useTestApp();
  // Each test signs in from its own address: the per-address limit is shared by a whole file.
  const attempt = (email: string, password: string, from: string, forwardedFor?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: from,
      headers: { ...origin, ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
      payload: { email, password },
    });

  it('ignores X-Forwarded-For: a client rotating it is still one client', async () => {
    const user = await signUp(ctx.app);
    const codes: number[] = [];
    for (let i = 0; i < 12; i += 1)
      codes.push(
        (await attempt(user.email, 'wrong-guess', '10.9.0.1', `10.0.${i}.${i}`)).statusCode,
      );
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(codes.slice(10)).toEqual([429, 429]);
  });

  it('keys the account on the value the provider reads, whatever the encoding', async () => {
    const user = await signUp(ctx.app, { password: 'right-pass' });
    // Every encoding the provider accepts is accepted here too, and signs in.
    for (const encode of Object.values(encodings)) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: '10.9.0.2',
        ...encode({ email: user.email, password: 'right-pass' }),
      });
      expect(res.statusCode).toBe(200);
    }
    // Wrong guesses in any encoding count against the same account.
    const target = await signUp(ctx.app);
    const codes: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const encode = [encodings.form, encodings.bom, encodings.json][i % 3]!;
      const email = i % 2 === 0 ? target.email.toUpperCase() : ` ${target.email}`;
      codes.push(
        (
          await ctx.app.inject({
            method: 'POST',
            url: '/api/auth/sign-in/email',
            remoteAddress: '10.9.0.3',
            ...encode({ email, password: 'wrong-guess' }),
          })
        ).statusCode,
      );
    }
    expect(codes.at(-1)).toBe(429);
  });

  it('forgets a source’s failures when the owner gets in', async () => {
    const user = await signUp(ctx.app, { password: 'right-pass' });
    for (let i = 0; i < 9; i += 1) await attempt(user.email, 'typo', '10.9.0.4');
    expect((await attempt(user.email, 'right-pass', '10.9.0.4')).statusCode).toBe(200);
    for (let i = 0; i < 9; i += 1)
      expect((await attempt(user.email, 'typo', '10.9.0.4')).statusCode).toBe(401);
  });

  it('refuses other content types and unknown identity endpoints', async () => {
    const xml = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { ...origin, 'content-type': 'text/xml' },
      payload: '<email>a@b.co</email>',
    });
    expect(xml.statusCode).toBe(415);
    for (const url of ['/api/auth/update-user', '/api/auth/delete-user', '/api/auth/list-sessions'])
      expect(
        (await ctx.app.inject({ method: 'POST', url, headers: origin, payload: {} })).statusCode,
      ).toBe(404);
  });
});

describe('sign-in limits behind a trusted proxy', () => {
  const ctx = useTestApp({ trustProxy: 1 });
  const attempt = (email: string, password: string, client: string, cookie?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { ...origin, 'x-forwarded-for': client, ...(cookie ? { cookie } : {}) },
      payload: { email, password },
    });

  it('slows an attacker rotating addresses down, but never locks the owner’s browser out', async () => {
    const owner = await signUp(ctx.app, { password: 'owner-pass' });
    // The owner signed in from their browser before: it holds the device cookie.
    const earlier = await attempt(owner.email, 'owner-pass', '203.0.113.7');
    expect(earlier.statusCode).toBe(200);
    const device = cookieHeader(earlier.headers['set-cookie'])
      .split('; ')
      .find((c) => c.startsWith('sf_device='))!;
    expect(device).toBeDefined();

    const codes: number[] = [];
    for (let i = 0; i < 55; i += 1)
      codes.push((await attempt(owner.email, 'guess', `198.51.${i}.1`)).statusCode);
    // The ceiling is 50 an hour for every source without the cookie, the owner's first sign-in
    // included.
    expect(codes.filter((c) => c === 401)).toHaveLength(49);
    expect(codes.slice(49)).toEqual(Array(6).fill(429));

    // The owner's browser still gets in; a new address without the cookie waits like the attacker.
    expect((await attempt(owner.email, 'owner-pass', '203.0.113.7', device)).statusCode).toBe(200);
    expect((await attempt(owner.email, 'owner-pass', '192.0.2.99')).statusCode).toBe(429);
    // A cookie made for another account does not help.
    const other = await signUp(ctx.app, { password: 'other-pass' });
    const theirs = await attempt(other.email, 'other-pass', '192.0.2.5');
    const theirDevice = cookieHeader(theirs.headers['set-cookie'])
      .split('; ')
      .find((c) => c.startsWith('sf_device='))!;
    expect((await attempt(owner.email, 'owner-pass', '192.0.2.6', theirDevice)).statusCode).toBe(
      429,
    );
  });
});

describe('registering a taken address', () => {
  const ctx = useTestApp();
  const register = (email: string, password = 'secret123') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: origin,
      payload: { name: 'Someone', email, password },
    });

  it('answers in neutral words, mails the owner once, and limits tries per address', async () => {
    const owner = await signUp(ctx.app);
    await ctx.app.storefront.outbox.runDue();
    const before = ctx.mailer.sent.length;
    const first = await register(owner.email);
    expect(first.statusCode).toBe(400);
    expect(first.json()).toMatchObject({ error: 'SIGN_UP_NOT_POSSIBLE' });
    expect(first.headers['set-cookie']).toBeUndefined();
    expect((await register(owner.email)).statusCode).toBe(400);
    await ctx.app.storefront.outbox.runDue();
    const notices = ctx.mailer.sent.slice(before).filter((m) => m.to === owner.email);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.subject).toMatch(/tried to create/);
    // The signed-up owner already used one try of three this hour.
    expect((await register(owner.email)).statusCode).toBe(429);
    // A new address still signs up at once and lands signed in (the spec's flow).
    const fresh = await register(uniqueEmail('fresh'));
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers['set-cookie']).toBeDefined();
  });
});

describe('writes authorized by a cookie come from the shop', () => {
  const ctx = useTestApp({ authRateLimit: false });

  it('refuses the sign-in sync from another site, or with no origin', async () => {
    const user = await signUp(ctx.app);
    expect((await syncKey(ctx.app, user.cookie, user.email)).statusCode).toBe(200);
    for (const headers of [{ origin: 'https://evil.example' }, {}]) {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: `/api/users/${user.email}`,
        headers: { cookie: user.cookie, ...headers },
        payload: { currentUser: { email: user.email } },
      });
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('HSTS', () => {
  const plain = useTestApp({ publicUrl: 'http://localhost:3000' });
  const secure = useTestApp({ publicUrl: 'https://shop.example.com' });

  it('is sent only when the shop is served over https', async () => {
    const onPlain = await plain.app.inject({ method: 'GET', url: '/blogs' });
    expect(onPlain.headers['strict-transport-security']).toBeUndefined();
    const onSecure = await secure.app.inject({ method: 'GET', url: '/blogs' });
    expect(onSecure.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});
