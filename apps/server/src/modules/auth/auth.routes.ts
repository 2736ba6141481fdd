import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiErrorBody } from '@storefront/contract';
import type { Config } from '../../config.js';
import { toWebHeaders } from '../../http/web-headers.js';
import type { Auth } from './auth.js';
import type { Limit, RateLimiter } from './rate-limiter.js';

export type AuthRoutesOptions = { auth: Auth; limiter: RateLimiter; config: Config };

type Rule = { perIp: Limit; perAccount?: Limit };
const minutes = (n: number) => n * 60;
/** The attempts that guess or spam: limited per client address and per account. */
const RULES: Record<string, Rule> = {
  '/sign-in/email': {
    perIp: { max: 30, windowSeconds: minutes(5) },
    perAccount: { max: 8, windowSeconds: minutes(15) },
  },
  '/sign-up/email': {
    perIp: { max: 10, windowSeconds: minutes(10) },
    perAccount: { max: 5, windowSeconds: minutes(15) },
  },
  '/request-password-reset': {
    perIp: { max: 10, windowSeconds: minutes(15) },
    perAccount: { max: 3, windowSeconds: minutes(15) },
  },
  '/reset-password': { perIp: { max: 10, windowSeconds: minutes(15) } },
  '/change-password': { perIp: { max: 10, windowSeconds: minutes(15) } },
};
const DEFAULT_RULE: Rule = { perIp: { max: 120, windowSeconds: 60 } };

const emailOf = (rawBody: unknown): string | undefined => {
  if (typeof rawBody !== 'string') return undefined;
  try {
    const parsed: unknown = JSON.parse(rawBody);
    const email = (parsed as { email?: unknown }).email;
    return typeof email === 'string' ? email.trim().toLowerCase().slice(0, 320) : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Mounts Better Auth at /api/auth/*: the request is handed over as a web Request with its raw
 * body, and the answer copied back, every Set-Cookie included. Errors leave in our shape.
 */
export const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (
  app,
  { auth, limiter, config },
) => {
  // Better Auth reads the body itself: keep it raw, whatever its type.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, body, done) =>
    done(null, body),
  );

  const tooMany = (reply: FastifyReply, retryAfter: number) => {
    const body: ApiErrorBody = {
      error: 'RATE_LIMITED',
      message: `Too many attempts. Please wait ${retryAfter < 90 ? `${retryAfter} seconds` : `${Math.ceil(retryAfter / 60)} minutes`} and try again.`,
    };
    return reply.status(429).header('Retry-After', String(retryAfter)).send(body);
  };

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = (request.url.split('?')[0] ?? '').replace(/^\/api\/auth/, '');
    if (config.authRateLimit && request.method === 'POST') {
      const rule = RULES[pathname] ?? DEFAULT_RULE;
      const ipWait = await limiter.hit(`ip:${request.ip}:${pathname}`, rule.perIp);
      if (ipWait) return tooMany(reply, ipWait);
      const email = rule.perAccount ? emailOf(request.body) : undefined;
      if (rule.perAccount && email) {
        const accountWait = await limiter.hit(`account:${email}:${pathname}`, rule.perAccount);
        if (accountWait) return tooMany(reply, accountWait);
      }
    }

    const headers = toWebHeaders(request.headers, ['x-forwarded-for']);
    headers.set('x-forwarded-for', request.ip);
    const url = new URL(request.url, config.publicUrl);
    const response = await auth.handler(
      new Request(url, {
        method: request.method,
        headers,
        body:
          request.method === 'GET' || request.method === 'HEAD'
            ? undefined
            : ((request.body as string | undefined) ?? undefined),
      }),
    );

    reply.status(response.status);
    response.headers.forEach((value, name) => {
      if (name !== 'set-cookie' && name !== 'content-length' && name !== 'content-encoding')
        reply.header(name, value);
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    const text = await response.text();
    if (
      response.status >= 400 &&
      (response.headers.get('content-type') ?? '').includes('application/json')
    ) {
      try {
        const parsed = JSON.parse(text) as { code?: string; message?: string };
        const body: ApiErrorBody = {
          error: parsed.code ?? 'AUTH_ERROR',
          message: parsed.message ?? 'The request could not be completed',
        };
        return reply.send(body);
      } catch {
        // fall through with the provider's own text
      }
    }
    return reply.send(text);
  };

  app.route({ method: ['GET', 'POST'], url: '/api/auth/*', handler });
};
