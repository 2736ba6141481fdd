import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../../e2e/support/ports.js';
import { serverNodeFlags } from '../../../e2e/support/server-flags.js';
import { repoRoot, serverEntry, settings, webBuild } from './settings.js';

export const BENCH_ADMIN_EMAIL = 'bench-admin@example.com';

export type ServerUnderTest = {
  /** http://127.0.0.1:PORT, also the server's PUBLIC_URL. */
  baseUrl: string;
  /** The server's DATA_DIR: its local mail outbox is `outbox/` in it. */
  dataDir: string;
  label: string;
  database: 'embedded' | 'postgres';
  /** The last lines the server wrote, for error messages. */
  output(): string;
  /** How the process ended, if it has ended without being asked to (null while it runs). */
  unexpectedExit(): string | null;
  /** CPU seconds the server process has used so far (Linux /proc), or null where unknown. */
  cpuSeconds(): Promise<number | null>;
  /** The server process's resident memory now, in bytes (Linux /proc), or null where unknown. */
  rssBytes(): Promise<number | null>;
  stop(): Promise<void>;
};

// One way to pick ports, shared with the browser tests (PORT_RANGE keeps them to a range).
export { freePort };

const running = new Set<ServerUnderTest>();

/** 'server killed by SIGKILL (last output: …); ' when the server died, '' otherwise. */
export function diedNote(server: ServerUnderTest): string {
  const died = server.unexpectedExit();
  return died ? `server ${died} (last output: ${server.output()}); ` : '';
}

/** user + system CPU seconds of a process, from /proc/PID/stat (100 clock ticks a second). */
async function processCpuSeconds(pid: number | undefined): Promise<number | null> {
  if (pid === undefined) return null;
  try {
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name: state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks / 100 : null;
  } catch {
    return null;
  }
}

/** Resident memory of a process, from /proc/PID/status. */
async function processRssBytes(pid: number | undefined): Promise<number | null> {
  if (pid === undefined) return null;
  try {
    const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}

/** Stops every server still running (used on Ctrl-C and after a crash). */
export async function stopAllServers(): Promise<void> {
  await Promise.allSettled([...running].map((s) => s.stop()));
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

async function waitForHealth(
  baseUrl: string,
  child: ChildProcess,
  output: () => string,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `server exited (${child.exitCode ?? child.signalCode}) before it was healthy:\n${output()}`,
      );
    }
    try {
      const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) return;
      last = `GET /api/health answered ${res.status}`;
    } catch (err) {
      last = err instanceof Error ? err.message : String(err);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not healthy after ${timeoutMs / 1000} s (${last}):\n${output()}`);
}

/**
 * Starts `node apps/server/dist/server.js` (with the flags it runs with in production) as a child process on a free port with a fresh data
 * folder (so a fresh, seeded embedded database) or the given PostgreSQL database, and waits
 * until GET /api/health answers 200.
 */
export async function startServer(options: {
  label: string;
  databaseUrl?: string;
  extraEnv?: Record<string, string>;
  /** Extra node flags, e.g. --cpu-prof to see where a server's time goes. */
  nodeArgs?: string[];
  /**
   * Start on this data folder (a restart of an earlier server, its embedded database kept); it is
   * left in place when the server stops. By default a fresh one is made and removed.
   */
  dataDir?: string;
  /** The same secret across a restart keeps earlier access keys valid. */
  authSecret?: string;
  /** The same port across a restart keeps PUBLIC_URL, and so the sign-in origin, the same. */
  port?: number;
}): Promise<ServerUnderTest> {
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir =
    options.dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'storefront-bench-')));
  const env: NodeJS.ProcessEnv = { ...process.env };
  // Nothing from the caller's shell may point the server elsewhere.
  for (const name of ['DATABASE_URL', 'SMTP_URL', 'GOOGLE_CLIENT_ID']) {
    delete env[name];
  }
  Object.assign(env, {
    NODE_ENV: 'production',
    AUTH_SECRET: options.authSecret ?? crypto.randomBytes(36).toString('base64'),
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: settings.serverLog ? 'info' : 'warn',
    AUTH_RATE_LIMIT: 'false',
    ADMIN_EMAILS: BENCH_ADMIN_EMAIL,
    WEB_DIST_DIR: webBuild.dir,
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...options.extraEnv,
  });

  const child = spawn(
    process.execPath,
    [...serverNodeFlags, ...(options.nodeArgs ?? []), serverEntry],
    {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-4_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  if (settings.serverLog) {
    const log = fsSync.createWriteStream(settings.serverLog, { flags: 'a' });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
  }
  const output = () => tail.trim() || '(no output)';
  let stopping = false;
  let exit: string | null = null;
  child.once('exit', (code, signal) => {
    if (!stopping) exit = signal ? `killed by ${signal}` : `exited with code ${code}`;
  });

  let stopped: Promise<void> | null = null;
  const server: ServerUnderTest = {
    baseUrl,
    dataDir,
    label: options.label,
    database: options.databaseUrl ? 'postgres' : 'embedded',
    output,
    cpuSeconds: () => processCpuSeconds(child.pid),
    rssBytes: () => processRssBytes(child.pid),
    unexpectedExit: () => exit,
    stop() {
      stopped ??= (async () => {
        stopping = true;
        if (child.exitCode === null && child.signalCode === null) {
          child.kill('SIGTERM');
          // The server forces its own exit after 10 s; this is the backstop.
          if (!(await waitForExit(child, 15_000))) {
            child.kill('SIGKILL');
            await waitForExit(child, 5_000);
          }
        }
        running.delete(server);
        if (!options.dataDir)
          await fs.rm(dataDir, { recursive: true, force: true }).catch(() => undefined);
      })();
      return stopped;
    },
  };
  running.add(server);

  try {
    await waitForHealth(baseUrl, child, output, 90_000);
  } catch (err) {
    await server.stop();
    throw err;
  }
  return server;
}
