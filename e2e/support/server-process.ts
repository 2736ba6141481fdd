import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';
import { serverNodeFlags } from './server-flags.js';

/**
 * The production build as a real process, for tests of what survives a kill (SIGKILL, no
 * shutdown): the embedded database on `dataDir`, kept across restarts.
 */
const serverEntry = fileURLToPath(new URL('../../apps/server/dist/server.js', import.meta.url));
const running = new Set<ChildProcess>();
afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
});

export async function startServerProcess(
  dataDir: string,
  port: number,
  env: Record<string, string>,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...serverNodeFlags, serverEntry], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  const deadline = Date.now() + 90_000;
  for (;;) {
    const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return child;
    if (Date.now() > deadline || child.exitCode !== null)
      throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Signs in through the real server's HTTP API (no browser) and returns the API key the app
 * would keep: for the tests that drive a server process they start and kill.
 */
export async function signInForKey(base: string, email: string, password: string): Promise<string> {
  const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password }),
  });
  if (signIn.status !== 200) throw new Error(`sign-in as ${email} answered ${signIn.status}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const sync = await fetch(`${base}/api/users/${email}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', origin: base, cookie },
    body: JSON.stringify({ currentUser: { email } }),
  });
  return ((await sync.json()) as { key: string }).key;
}
