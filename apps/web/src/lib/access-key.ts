import { ACCESS_KEY_STORAGE_NAME } from '@storefront/contract';

/**
 * The access key the server issues at sign-in (PUT /users/{email}), kept in
 * localStorage.accessKey (spec section 9) and sent as a bearer token by the API client.
 */
export const accessKeyStore = {
  get: (): string | null => {
    try {
      return localStorage.getItem(ACCESS_KEY_STORAGE_NAME);
    } catch {
      return null;
    }
  },
  set: (key: string) => localStorage.setItem(ACCESS_KEY_STORAGE_NAME, key),
  clear: () => localStorage.removeItem(ACCESS_KEY_STORAGE_NAME),
};

/** The email and expiry a stored key names; the signature is the server's business. */
function readAccessKey(key: string | null): { email: string; exp: number } | null {
  if (!key) return null;
  const [payload] = key.split('.');
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims = JSON.parse(json) as { email?: unknown; exp?: unknown };
    return typeof claims.email === 'string' && typeof claims.exp === 'number'
      ? { email: claims.email, exp: claims.exp }
      : null;
  } catch {
    return null;
  }
}

/** A stored key that has not expired, whoever it names. */
export function hasUnexpiredKey(): boolean {
  const claims = readAccessKey(accessKeyStore.get());
  return Boolean(claims && claims.exp * 1000 > Date.now());
}

/** A stored key that names this email and has at least a minute left. */
export function hasUsableKey(email: string): boolean {
  const claims = readAccessKey(accessKeyStore.get());
  return Boolean(
    claims && claims.email === email.toLowerCase() && claims.exp * 1000 > Date.now() + 60_000,
  );
}
