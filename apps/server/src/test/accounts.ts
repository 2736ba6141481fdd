import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.js';
import { markEmailVerified } from '../modules/auth/identity.service.js';
import { grantAdmin } from '../modules/users/roles.service.js';

let n = 0;
export const uniqueEmail = (prefix = 'user') =>
  `${prefix}-${Date.now().toString(36)}-${++n}@example.com`;

const origin = (_app: FastifyInstance) => ({ origin: 'http://localhost:3000' });

/** Cookies from a response, as one Cookie header. */
export const cookieHeader = (setCookie: string | string[] | undefined): string =>
  ([] as string[])
    .concat(setCookie ?? [])
    .map((c) => c.split(';')[0])
    .join('; ');

export async function signUp(
  app: FastifyInstance,
  account: { name?: string; email?: string; password?: string } = {},
) {
  const body = {
    name: account.name ?? 'Test User',
    email: account.email ?? uniqueEmail(),
    password: account.password ?? 'secret123',
  };
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: origin(app),
    payload: body,
  });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  return {
    ...body,
    cookie: cookieHeader(res.headers['set-cookie']),
    userId: (res.json() as { user: { id: string } }).user.id,
  };
}

export async function signIn(app: FastifyInstance, email: string, password: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: origin(app),
    payload: { email, password },
  });
}

/** The spec's sign-in sync: trades a provider session for an access key. */
export async function syncKey(app: FastifyInstance, cookie: string, email: string) {
  return app.inject({
    method: 'PUT',
    url: `/api/users/${encodeURIComponent(email)}`,
    headers: { cookie, ...origin(app) },
    payload: { currentUser: { email } },
  });
}

/** A signed-up customer with a key, ready for authorized calls. */
export async function customer(
  app: FastifyInstance,
  account: { name?: string; email?: string; password?: string } = {},
) {
  const user = await signUp(app, account);
  const res = await syncKey(app, user.cookie, user.email);
  if (res.statusCode !== 200) throw new Error(`sync failed: ${res.statusCode} ${res.body}`);
  const key = (res.json() as { key: string }).key;
  return { ...user, key, auth: { authorization: `Bearer ${key}` } };
}

/**
 * A customer whose address is proved (as the verification link would) and who is an admin, the
 * way the admin command names one.
 */
export async function admin(
  app: FastifyInstance,
  db: Db,
  account: { name?: string; email?: string; password?: string } = {},
) {
  const user = await customer(app, account);
  await markEmailVerified(db, user.userId);
  await grantAdmin(db, user.email, 'command');
  app.storefront.guards.forget();
  return user;
}
