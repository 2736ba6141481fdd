/** Sign-up and key sync over HTTP, as the web app does them (see apps/server/src/test/accounts.ts). */
import fs from 'node:fs/promises';
import path from 'node:path';

export type SignedIn = { email: string; key: string; authorization: string; cookie: string };

/** Cookies from a response, as one Cookie header. */
const cookieHeader = (res: Response): string =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .filter(Boolean)
    .join('; ');

async function expectStatus(res: Response, status: number, what: string): Promise<void> {
  if (res.status !== status) {
    const body = (await res.text().catch(() => '')).slice(0, 300);
    throw new Error(`${what} answered ${res.status} (expected ${status}): ${body}`);
  }
}

/** Signs a new user up (Origin = the server's PUBLIC_URL) and trades the session for a key. */
export async function signUpWithKey(
  baseUrl: string,
  email: string,
  password = 'bench-password-123',
): Promise<SignedIn> {
  const signUp = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ name: 'Bench Customer', email, password }),
    signal: AbortSignal.timeout(30_000),
  });
  await expectStatus(signUp, 200, `sign-up of ${email}`);
  await signUp.arrayBuffer();
  const cookie = cookieHeader(signUp);
  if (!cookie) throw new Error(`sign-up of ${email} set no cookie`);

  const sync = await fetch(`${baseUrl}/api/users/${encodeURIComponent(email)}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie, origin: baseUrl },
    body: JSON.stringify({ currentUser: { email } }),
    signal: AbortSignal.timeout(30_000),
  });
  await expectStatus(sync, 200, `key sync of ${email}`);
  const { key } = (await sync.json()) as { key?: unknown };
  if (typeof key !== 'string' || !key) throw new Error(`key sync of ${email} returned no key`);
  return { email, key, authorization: `Bearer ${key}`, cookie };
}

/**
 * Confirms a signed-up user's address the way its owner would: the link from the confirmation mail
 * in the server's local outbox, opened while signed in. An address in ADMIN_EMAILS grants the role
 * only then.
 */
export async function confirmAddress(
  baseUrl: string,
  dataDir: string,
  user: SignedIn,
): Promise<void> {
  const outbox = path.join(dataDir, 'outbox');
  const deadline = Date.now() + 20_000;
  for (;;) {
    const files = await fs.readdir(outbox).catch(() => [] as string[]);
    for (const file of files) {
      const text = (await fs.readFile(path.join(outbox, file), 'utf8')).replace(/=\r?\n/g, '');
      if (!text.includes(`To: ${user.email}`)) continue;
      const token = /verify-email\?token=3D([^\s]+)|verify-email\?token=([^\s]+)/.exec(text);
      const value = token?.[1] ?? token?.[2];
      if (!value) continue;
      const res = await fetch(`${baseUrl}/api/auth/verify-email?token=${value}`, {
        headers: { cookie: user.cookie },
        signal: AbortSignal.timeout(10_000),
      });
      await expectStatus(res, 200, `confirming ${user.email}`);
      return;
    }
    if (Date.now() > deadline) throw new Error(`no confirmation mail to ${user.email} arrived`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Runs `task` for every item with at most `limit` running at once. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export type PartJson = {
  _id: string;
  name: string;
  mOrderQuantity: number;
  availableQuantity: number;
  price: number;
};

export async function getJson<T>(url: string, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(url, { headers, signal: AbortSignal.timeout(10_000) });
  await expectStatus(res, 200, `GET ${new URL(url).pathname}`);
  return (await res.json()) as T;
}

export async function postJson<T>(
  url: string,
  body: unknown,
  headers: Record<string, string>,
  status = 201,
): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  await expectStatus(res, status, `POST ${new URL(url).pathname}`);
  return (await res.json()) as T;
}
