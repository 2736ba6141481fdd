import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * The access key the app keeps in localStorage: `base64url(payload).base64url(hmac)`. It names
 * the user and the identity provider's session it was issued for (`sid`), never a role: the
 * guards check the session is still live and look the role up (guards.ts). `email` lets the app
 * tell whose key it holds; a key whose email is no longer the account's is refused.
 */
export type AccessKeyClaims = { sub: string; sid: string; email: string; exp: number };

export type AccessKeys = {
  issue(session: { userId: string; sessionId: string; email: string }, now?: number): string;
  verify(key: string, now?: number): AccessKeyClaims | null;
};

export function createAccessKeys(secret: string, ttlSeconds: number): AccessKeys {
  // A key of its own, so an access key can never be replayed as anything Better Auth signs.
  const key = Buffer.from(hkdfSync('sha256', secret, 'storefront', 'access-key-v1', 32));
  const sign = (data: string) => createHmac('sha256', key).update(data).digest();

  return {
    issue(session, now = Date.now()) {
      const claims: AccessKeyClaims = {
        sub: session.userId,
        sid: session.sessionId,
        email: session.email,
        exp: Math.floor(now / 1000) + ttlSeconds,
      };
      const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
      return `${payload}.${sign(payload).toString('base64url')}`;
    },
    verify(token, now = Date.now()) {
      const [payload, signature, extra] = token.split('.');
      if (!payload || !signature || extra !== undefined || token.length > 2048) return null;
      const expected = sign(payload);
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      let claims: unknown;
      try {
        claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        return null;
      }
      if (!isClaims(claims) || claims.exp * 1000 <= now) return null;
      return claims;
    },
  };
}

const isClaims = (value: unknown): value is AccessKeyClaims => {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.sub === 'string' &&
    typeof v.sid === 'string' &&
    typeof v.email === 'string' &&
    typeof v.exp === 'number'
  );
};
