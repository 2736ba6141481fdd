import type { FastifyInstance } from 'fastify';

/**
 * The security headers, computed once at start. (@fastify/helmet rebuilt them on every request:
 * about half of a cached catalog request's CPU.) Pages get the full policy; API answers, which a
 * browser never renders, get a locked-down one.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: { stripe: boolean; https: boolean },
): void {
  const stripe = options.stripe;
  const csp = [
    "default-src 'self'",
    "base-uri 'self'",
    `script-src 'self'${stripe ? ' https://js.stripe.com' : ''}`,
    // sweetalert2 injects its stylesheet at run time.
    "style-src 'self' 'unsafe-inline'",
    // Part images may come from other hosts (admins give a URL).
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    `connect-src 'self'${stripe ? ' https://api.stripe.com' : ''}`,
    `frame-src 'self'${stripe ? ' https://js.stripe.com https://hooks.stripe.com' : ''}`,
    "frame-ancestors 'none'",
    "form-action 'self'",
    "object-src 'none'",
    "script-src-attr 'none'",
  ].join('; ');

  const common = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-resource-policy': 'same-origin',
    'x-frame-options': 'DENY',
  };
  const pageHeaders = {
    ...common,
    'content-security-policy': csp,
    'cross-origin-opener-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    // Only a shop served over https may ask browsers to insist on it (a plain-http shop, the
    // local default, would lock every browser out of itself).
    ...(options.https
      ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' }
      : {}),
    'x-dns-prefetch-control': 'off',
    'x-permitted-cross-domain-policies': 'none',
    'permissions-policy': 'camera=(), microphone=(), geolocation=()',
  };
  const apiHeaders = {
    ...common,
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  };

  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? apiHeaders : pageHeaders);
    done();
  });
}
