import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { ApiKeyView, CompanyResponse, CreatedApiKey } from '@storefront/contract';
import { admin, customer } from '../../test/accounts.js';
import { buildApp } from '../../app.js';
import { memoryMailer, useTestApp } from '../../test/test-app.js';
import { apiKeys } from './api-keys.tables.js';

type Who = { auth: Record<string, string> } | null;

const companyBody = {
  name: 'Harbour Fleet Ltd',
  taxId: 'GB 999 1111 22',
  billingAddress: {
    street: '1 Quay',
    city: 'Hull',
    postalCode: 'HU1 1AA',
    country: 'United Kingdom',
  },
  deliveryAddresses: [],
};

describe('API keys', () => {
  const ctx = useTestApp({ authRateLimit: false, mailRateLimit: false });
  const call = (who: Who, method: string, url: string, payload?: unknown) =>
    ctx.app.inject({
      method: method as 'GET',
      url,
      headers: who ? who.auth : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const withKey = (secret: string, method: string, url: string, payload?: unknown) =>
    call({ auth: { authorization: `Bearer ${secret}` } }, method, url, payload);

  async function staffKey(body: Record<string, unknown> = {}) {
    const staff = await admin(ctx.app, ctx.database.db);
    const res = await call(staff, 'POST', '/api/staff/api-keys', {
      name: 'Warehouse ERP',
      scopes: ['stock:write', 'orders:read'],
      ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return { staff, key: res.json<CreatedApiKey>() };
  }

  it('shows a staff key once, keeps only its hash and prefix, and audits its making', async () => {
    const { staff, key } = await staffKey();
    expect(key.secret).toMatch(/^sfk_s_[A-Za-z0-9_-]{43}$/);
    expect(key.secret.startsWith(key.prefix)).toBe(true);
    expect(key).toMatchObject({ kind: 'staff', companyId: null, lastUsedAt: null });
    // Nowhere in the table is the key itself.
    const rows = await ctx.database.db.execute(sql`select * from api_keys where id = ${key.id}`);
    expect(JSON.stringify((rows as unknown as { rows: unknown[] }).rows)).not.toContain(
      key.secret.slice(key.prefix.length),
    );
    const list = await call(staff, 'GET', '/api/staff/api-keys');
    const listed = list.json<ApiKeyView[]>().find((k) => k.id === key.id);
    expect(listed).toMatchObject({ name: 'Warehouse ERP', prefix: key.prefix });
    expect(listed).not.toHaveProperty('secret');
    const audit = await call(staff, 'GET', '/api/staff/audit');
    expect(audit.json<{ items: { summary: string }[] }>().items.map((i) => i.summary)).toContain(
      `Made the staff API key "Warehouse ERP" (${key.prefix}…): stock:write, orders:read`,
    );
  });

  it('lets only admins manage staff keys, and checks the body after who is asking', async () => {
    const buyer = await customer(ctx.app);
    expect((await call(null, 'GET', '/api/staff/api-keys')).statusCode).toBe(401);
    expect((await call(buyer, 'GET', '/api/staff/api-keys')).statusCode).toBe(403);
    const refused = await call(buyer, 'POST', '/api/staff/api-keys', { name: 'x', scopes: [] });
    expect(refused.statusCode).toBe(403);
    const staff = await admin(ctx.app, ctx.database.db);
    for (const body of [
      { name: 'x', scopes: ['orders:write'] },
      { name: 'x', scopes: [] },
      { name: 'x', scopes: ['stock:write', 'stock:write'] },
      { name: 'a\u0000b', scopes: ['stock:write'] },
      { name: 'x', scopes: ['stock:write'], expiresAt: '2001-01-01T00:00:00Z' },
      { name: 'x', scopes: ['stock:write'], rateLimitPerMinute: 0 },
      { name: 'x', scopes: ['stock:write'], admin: true },
      [1, 2],
    ]) {
      const res = await call(staff, 'POST', '/api/staff/api-keys', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
  });

  it('lets a key in with its own name and scopes, and records when it was last used', async () => {
    const { key } = await staffKey({ name: 'Stock feed' });
    const res = await withKey(key.secret, 'GET', '/api/v1/key');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      name: 'Stock feed',
      kind: 'staff',
      companyId: null,
      scopes: ['stock:write', 'orders:read'],
      expiresAt: null,
    });
    const [row] = await ctx.database.db
      .select({ lastUsedAt: apiKeys.lastUsedAt })
      .from(apiKeys)
      .where(sql`${apiKeys.id} = ${key.id}`);
    expect(row?.lastUsedAt).toBeInstanceOf(Date);
  });

  it('refuses no key, a sign-in key, an unknown key, a revoked and an expired one with 401', async () => {
    const shopper = await customer(ctx.app);
    const { staff, key } = await staffKey();
    const expect401 = async (headers: Record<string, string>, code: string) => {
      const res = await call({ auth: headers }, 'GET', '/api/v1/key');
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json()).toMatchObject({ error: code });
    };
    await expect401({}, 'API_KEY_MISSING');
    await expect401(shopper.auth, 'API_KEY_INVALID');
    await expect401({ authorization: `Bearer ${key.secret}x` }, 'API_KEY_INVALID');
    await expect401({ authorization: `Bearer sfk_${'x'.repeat(5000)}` }, 'API_KEY_INVALID');

    expect((await withKey(key.secret, 'GET', '/api/v1/key')).statusCode).toBe(200);
    const revoked = await call(staff, 'DELETE', `/api/staff/api-keys/${key.id}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json<ApiKeyView[]>().find((k) => k.id === key.id)?.revokedAt).toEqual(
      expect.any(String),
    );
    await expect401({ authorization: `Bearer ${key.secret}` }, 'API_KEY_REVOKED');
    // A second revocation names no live key.
    expect((await call(staff, 'DELETE', `/api/staff/api-keys/${key.id}`)).statusCode).toBe(404);

    const { key: old } = await staffKey();
    await ctx.database.db.execute(
      sql`update api_keys set expires_at = now() - interval '1 second' where id = ${old.id}`,
    );
    ctx.app.storefront.keyGuard.forget();
    await expect401({ authorization: `Bearer ${old.secret}` }, 'API_KEY_EXPIRED');
  });

  it('is refused on another instance within SESSION_CHECK_CACHE_MS of its revocation', async () => {
    const other = await buildApp({
      config: { ...ctx.config, sessionCheckCacheMs: 300 },
      database: ctx.database,
      mailer: memoryMailer(),
    });
    try {
      const { staff, key } = await staffKey();
      const there = () =>
        other.inject({
          method: 'GET',
          url: '/api/v1/key',
          headers: { authorization: `Bearer ${key.secret}` },
        });
      expect((await there()).statusCode).toBe(200);
      expect((await call(staff, 'DELETE', `/api/staff/api-keys/${key.id}`)).statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 350));
      expect((await there()).json()).toMatchObject({ error: 'API_KEY_REVOKED' });
    } finally {
      await other.close();
    }
  });

  it('answers 403 outside the key’s scopes', async () => {
    const { key } = await staffKey({ scopes: ['orders:read'] });
    const request = { headers: { authorization: `Bearer ${key.secret}` } } as FastifyRequest;
    await expect(
      ctx.app.storefront.keyGuard.requireKey(request, ['stock:write']),
    ).rejects.toMatchObject({ statusCode: 403, code: 'SCOPE_MISSING' });
    await expect(
      ctx.app.storefront.keyGuard.requireKey(request, ['stock:write', 'orders:read']),
    ).resolves.toMatchObject({ name: 'Warehouse ERP' });
  });

  it('limits each key to its own rate, with Retry-After', async () => {
    const { key } = await staffKey({ rateLimitPerMinute: 3 });
    const { key: other } = await staffKey({ rateLimitPerMinute: 3 });
    for (let i = 0; i < 3; i += 1)
      expect((await withKey(key.secret, 'GET', '/api/v1/key')).statusCode).toBe(200);
    const limited = await withKey(key.secret, 'GET', '/api/v1/key');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ error: 'RATE_LIMITED' });
    // Another key keeps its own count.
    expect((await withKey(other.secret, 'GET', '/api/v1/key')).statusCode).toBe(200);
  });

  it('lets a company owner make company keys with company scopes only; 404 to anyone else', async () => {
    const owner = await customer(ctx.app);
    const outsider = await customer(ctx.app);
    const staff = await admin(ctx.app, ctx.database.db);
    const company = (
      await call(owner, 'POST', '/api/companies', companyBody)
    ).json<CompanyResponse>();
    const url = `/api/companies/${company.id}/api-keys`;
    const made = await call(owner, 'POST', url, { name: 'Fleet ERP', scopes: ['orders:write'] });
    expect(made.statusCode, made.body).toBe(201);
    const key = made.json<CreatedApiKey>();
    expect(key.secret).toMatch(/^sfk_c_/);
    expect(key).toMatchObject({ kind: 'company', companyId: company.id });
    expect(
      (await call(owner, 'POST', url, { name: 'x', scopes: ['stock:write'] })).statusCode,
    ).toBe(400);
    for (const who of [outsider, staff]) {
      expect((await call(who, 'GET', url)).statusCode).toBe(404);
      expect(
        (await call(who, 'POST', url, { name: 'x', scopes: ['orders:read'] })).statusCode,
      ).toBe(404);
      expect((await call(who, 'DELETE', `${url}/${key.id}`)).statusCode).toBe(404);
    }
    // A company key is not a staff key: staff cannot revoke it from the staff list.
    expect((await call(staff, 'DELETE', `/api/staff/api-keys/${key.id}`)).statusCode).toBe(404);
    const self = await withKey(key.secret, 'GET', '/api/v1/key');
    expect(self.json()).toMatchObject({ kind: 'company', companyId: company.id });
    expect((await call(owner, 'GET', url)).json<ApiKeyView[]>()).toHaveLength(1);
    expect((await call(owner, 'DELETE', `${url}/${key.id}`)).statusCode).toBe(200);
    expect((await withKey(key.secret, 'GET', '/api/v1/key')).statusCode).toBe(401);
  });
});
