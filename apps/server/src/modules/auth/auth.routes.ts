import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { endpoints, type ApiErrorBody, type Endpoint } from '@storefront/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { AppError, forbidden, notFound, unauthorized } from '../../http/errors.js';
import { assertStorable, parseJsonBody } from '../../http/input.js';
import { requireTrustedOrigin } from '../../http/origin.js';
import { parseOr400 } from '../../http/validate.js';
import { toWebHeaders } from '../../http/web-headers.js';
import { addressKey } from '../limits/limit-keys.js';
import { minutes, tooMany, type Limit, type RateLimiter } from '../limits/rate-limiter.js';
import type { Auth } from './auth.js';
import { findUserByEmail } from './identity.service.js';

export type AuthRoutesOptions = {
  auth: Auth;
  db: Db;
  limiter: RateLimiter;
  config: Config;
  secret: string;
  trustedOrigins: readonly string[];
  /** Tells the owner of an address that someone tried to register it (queued, not sent here). */
  noticeTakenAddress: (email: string) => Promise<void>;
  /**
   * Queues a reset request, to be carried out after the answer (the lookup, the token and the
   * mail): the request does the same work whether or not the address has an account.
   */
  queuePasswordReset: (email: string) => Promise<void>;
};

/** The outbox job that carries out a reset request. */
export const PASSWORD_RESET_JOB = 'password-reset';

/** The provider's own answer to a reset request, the same for every address. */
const RESET_ANSWER = {
  status: true,
  message: 'If this email exists in our system, check your email for the reset link',
};

/**
 * The identity provider's endpoints the shop uses, from the contract: anything else under
 * /api/auth is a 404, so the provider's other endpoints (admin plugins, account listing…) cannot
 * be reached however it is configured.
 */
const IDENTITY = (Object.values(endpoints) as Endpoint[])
  .filter((e) => e.path.startsWith('/api/auth/'))
  .map((e) => ({
    endpoint: e,
    pattern: new RegExp(`^${e.path.replace(/\{(\w+)\}/g, '(?<$1>[^/]+)')}$`),
  }));

/** The endpoint a request names, when its path parameters are ones the contract allows. */
const findIdentityEndpoint = (method: string, pathname: string) =>
  IDENTITY.find((i) => {
    if (i.endpoint.method !== method) return false;
    const match = i.pattern.exec(pathname);
    return match !== null && (i.endpoint.params?.safeParse(match.groups ?? {}).success ?? true);
  })?.endpoint;

/**
 * Limits on the attempts that guess or spam. Sign-in counts per client address, per account and
 * address (a few wrong passwords slow that one source down), and per account across every address
 * with a higher ceiling (an attacker rotating addresses) that a browser which has signed in to the
 * account before (its device cookie) does not count against: the owner is never locked out by a
 * stranger's guesses.
 */
const LIMITS = {
  signInPerIp: { max: 30, windowSeconds: minutes(5) },
  signInPerAccountAndIp: { max: 10, windowSeconds: minutes(15) },
  signInPerAccount: { max: 50, windowSeconds: minutes(60) },
  signInPerKnownDevice: { max: 10, windowSeconds: minutes(15) },
  signUpPerIp: { max: 10, windowSeconds: minutes(10) },
  /** Tight: trying addresses is how accounts are harvested. */
  signUpPerAddress: { max: 3, windowSeconds: minutes(60) },
  resetPerIp: { max: 10, windowSeconds: minutes(15) },
  resetPerAccount: { max: 3, windowSeconds: minutes(15) },
  sensitivePerIp: { max: 10, windowSeconds: minutes(15) },
  otherPerIp: { max: 120, windowSeconds: 60 },
} satisfies Record<string, Limit>;

const DEVICE_COOKIE = 'sf_device';

/**
 * The device cookie: set when a browser signs in to an account, it names that account and that
 * browser, signed so it cannot be made up. It only ever exempts its holder from the per-account
 * ceiling; every other limit still applies.
 */
function deviceCookies(secret: string) {
  const key = createHmac('sha256', secret).update('device-cookie-v1').digest();
  const sign = (data: string) => createHmac('sha256', key).update(data).digest('base64url');
  return {
    issue(email: string): string {
      const payload = `${Buffer.from(email).toString('base64url')}.${randomBytes(9).toString('base64url')}`;
      return `${payload}.${sign(payload)}`;
    },
    /** The browser's id when the cookie is genuine and names this account, else null. */
    read(cookieHeader: string | undefined, email: string): string | null {
      const value = cookieHeader
        ?.split(';')
        .map((c) => c.trim())
        .find((c) => c.startsWith(`${DEVICE_COOKIE}=`))
        ?.slice(DEVICE_COOKIE.length + 1);
      const [owner, device, signature] = value?.split('.') ?? [];
      if (!owner || !device || !signature) return null;
      const expected = Buffer.from(sign(`${owner}.${device}`));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      return Buffer.from(owner, 'base64url').toString() === email ? device : null;
    },
  };
}

/** A body as the identity provider receives it: JSON (a byte-order mark allowed) or a form. */
function parseIdentityBody(request: FastifyRequest): unknown {
  const raw = typeof request.body === 'string' ? request.body : '';
  const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (raw.trim() === '') return {};
  if (type === 'application/json') return parseJsonBody(raw) ?? {};
  if (type === 'application/x-www-form-urlencoded') {
    const form = Object.fromEntries(new URLSearchParams(raw));
    assertStorable(form);
    return form;
  }
  throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the request as JSON');
}

/** One answer for a taken address, in the same words and about the same time as a refusal. */
const TAKEN_ADDRESS: ApiErrorBody = {
  error: 'SIGN_UP_NOT_POSSIBLE',
  message:
    'We could not create an account with these details. If you already have an account, sign in or reset your password.',
};

/**
 * Mounts Better Auth at /api/auth/*: each request is checked (allowed endpoint, limits, body
 * parsed once and validated with the contract's schema), then handed over as a web Request with
 * a canonical JSON body, so the provider reads exactly the values the limits were keyed on. The
 * answer is copied back, every Set-Cookie included; errors leave in our shape.
 */
export const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (
  app,
  { auth, db, limiter, config, secret, trustedOrigins, noticeTakenAddress, queuePasswordReset },
) => {
  // Better Auth's body is ours to parse: keep it raw, whatever its type.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, body, done) =>
    done(null, body),
  );
  const devices = deviceCookies(secret);
  const hashPassword = async (password: string) => (await auth.$context).password.hash(password);
  const limited = async (key: string, limit: Limit) => {
    if (!config.authRateLimit) return;
    const wait = await limiter.hit(key, limit);
    if (wait) throw tooMany(wait);
  };

  const forward = async (
    request: FastifyRequest,
    reply: FastifyReply,
    body: unknown,
  ): Promise<{ status: number; text: string }> => {
    const headers = toWebHeaders(request.headers, [
      'x-forwarded-for',
      'content-type',
      'content-length',
    ]);
    headers.set('x-forwarded-for', request.ip);
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
    if (hasBody) headers.set('content-type', 'application/json');
    const response = await auth.handler(
      new Request(new URL(request.url, config.publicUrl), {
        method: request.method,
        headers,
        body: hasBody ? JSON.stringify(body ?? {}) : undefined,
      }),
    );
    reply.status(response.status);
    response.headers.forEach((value, name) => {
      if (name !== 'set-cookie' && name !== 'content-length' && name !== 'content-encoding')
        reply.header(name, value);
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    return { status: response.status, text: await response.text() };
  };

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = (request.url.split('?')[0] ?? '').replace(/\/$/, '');
    const endpoint = findIdentityEndpoint(request.method, pathname);
    if (!endpoint) throw notFound('Identity endpoint');
    const action = pathname.replace(/^\/api\/auth/, '');
    const body = endpoint.body ? parseOr400(endpoint.body, parseIdentityBody(request)) : undefined;
    const email =
      typeof (body as { email?: unknown } | undefined)?.email === 'string'
        ? (body as { email: string }).email
        : undefined;

    if (request.method === 'POST') {
      if (action === '/sign-in/email' && email) {
        await limited(`ip:${request.ip}:${action}`, LIMITS.signInPerIp);
        const device = devices.read(request.headers.cookie, email);
        if (device) {
          await limited(addressKey('device', email, device), LIMITS.signInPerKnownDevice);
        } else {
          await limited(addressKey('account-ip', email, request.ip), LIMITS.signInPerAccountAndIp);
          await limited(addressKey('account', email, action), LIMITS.signInPerAccount);
        }
      } else if (action === '/sign-up/email' && email) {
        await limited(`ip:${request.ip}:${action}`, LIMITS.signUpPerIp);
        await limited(addressKey('address', email, action), LIMITS.signUpPerAddress);
      } else if (action === '/request-password-reset' && email) {
        await limited(`ip:${request.ip}:${action}`, LIMITS.resetPerIp);
        await limited(addressKey('account', email, action), LIMITS.resetPerAccount);
      } else if (
        [
          '/reset-password',
          '/change-password',
          '/change-email',
          '/send-verification-email',
        ].includes(action)
      ) {
        await limited(`ip:${request.ip}:${action}`, LIMITS.sensitivePerIp);
      } else {
        await limited(`ip:${request.ip}:${action}`, LIMITS.otherPerIp);
      }
    }

    if (action === '/sign-up/email' && email && (await findUserByEmail(db, email))) {
      // Registration signs a new customer in at once (spec), so a taken address cannot answer
      // the same. It answers in neutral words, after the same password hashing a real sign-up
      // does, and the owner hears of the attempt.
      await hashPassword((body as { password: string }).password);
      await noticeTakenAddress(email);
      return reply.status(400).send(TAKEN_ADDRESS);
    }

    if (action === '/request-password-reset' && email) {
      // Answered before anything is looked up: an address with an account took about 10 ms
      // longer than one without (a token written, a mail queued), which told them apart.
      await queuePasswordReset(email);
      return reply.status(200).send(RESET_ANSWER);
    }

    if (action === '/verify-email') {
      // Opening the link proves the mailbox; being signed in as the account proves the password.
      // Both are needed, or the owner of an address could confirm an account a stranger made.
      const session = await auth.api.getSession({ headers: toWebHeaders(request.headers) });
      if (!session) throw unauthorized('Sign in to confirm your email address');
      const token = String((request.query as { token?: unknown }).token ?? '');
      if (!tokenIsFor(token, session.user)) {
        throw forbidden('This link is for another account: sign in as that account to use it');
      }
      requireTrustedOriginForCookieGet(request, trustedOrigins);
    }

    const answer = await forward(request, reply, body);
    if (action === '/sign-in/email' && email && answer.status === 200) {
      // The owner got in: their failures from this address are forgotten, and this browser is
      // known from now on.
      await limiter.reset(addressKey('account-ip', email, request.ip));
      reply.header('set-cookie', [
        ...[reply.getHeader('set-cookie') ?? []].flat().map(String),
        `${DEVICE_COOKIE}=${devices.issue(email)}; Path=/api/auth; Max-Age=${60 * 60 * 24 * 365}; HttpOnly; SameSite=Lax${config.publicUrl.startsWith('https://') ? '; Secure' : ''}`,
      ]);
    }
    if (
      answer.status >= 400 &&
      String(reply.getHeader('content-type') ?? '').includes('application/json')
    ) {
      try {
        const parsed = JSON.parse(answer.text) as { code?: string; message?: string };
        const error: ApiErrorBody = {
          error: parsed.code ?? 'AUTH_ERROR',
          message: parsed.message ?? 'The request could not be completed',
        };
        return reply.send(error);
      } catch {
        // fall through with the provider's own text
      }
    }
    return reply.send(answer.text);
  };

  app.route({ method: ['GET', 'POST'], url: '/api/auth/*', handler });
};

/**
 * Whether a verification token names this account: its address (a first confirmation) or, for a
 * change of address, its user id. The provider checks the signature and expiry itself.
 */
function tokenIsFor(token: string, user: { id: string; email: string }): boolean {
  const payload = token.split('.')[1];
  if (!payload) return false;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      email?: unknown;
      userId?: unknown;
      updateTo?: unknown;
    };
    if (claims.updateTo !== undefined) return claims.userId === user.id;
    return typeof claims.email === 'string' && claims.email.toLowerCase() === user.email;
  } catch {
    return false;
  }
}

/** The verification GET changes state with the session cookie: same rule as the writes. */
function requireTrustedOriginForCookieGet(
  request: FastifyRequest,
  trustedOrigins: readonly string[],
): void {
  // A link opened from a mail client sends no Origin; a page of another site would send its own
  // only on a fetch, which it cannot read anyway. Refuse a foreign Origin when there is one.
  if (request.headers.origin !== undefined) requireTrustedOrigin(request, trustedOrigins);
}
