import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * The access key the app keeps in localStorage: `base64url(payload).base64url(hmac)`. Verified
 * without a database round trip; it names the user, never a role (roles are looked up).
 */
export type AccessKeyClaims = { sub: string; email: string; name: string; exp: number };

export type AccessKeys = {
  issue(user: { id: string; email: string; name: string }, now?: number): string;
  verify(key: string, now?: number): AccessKeyClaims | null;
};

export function createAccessKeys(secret: string, ttlSeconds: number): AccessKeys {
  // A key of its own, so an access key can never be replayed as anything Better Auth signs.
  const key = Buffer.from(hkdfSync('sha256', secret, 'storefront', 'access-key-v1', 32));
  const sign = (data: string) => createHmac('sha256', key).update(data).digest();

  return {
    issue(user, now = Date.now()) {
      const claims: AccessKeyClaims = {
        sub: user.id,
        email: user.email,
        name: user.name,
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
    typeof v.email === 'string' &&
    typeof v.name === 'string' &&
    typeof v.exp === 'number'
  );
};
