import { spawn } from 'node:child_process';

/**
 * PostgreSQL's own client programs, `pg_dump` and `pg_restore`, from the PATH. The password leaves
 * the URL for the environment (PGPASSWORD), so it never shows in the process list.
 */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return {
    dbname: u.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

function run(program: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4000) stderr += chunk.toString();
    });
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(
        new Error(
          err.code === 'ENOENT'
            ? `${program} was not found on the PATH: install PostgreSQL's client programs of the server's major version (Debian: apt-get install postgresql-client-15)`
            : `${program} could not start: ${err.message}`,
        ),
      ),
    );
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${program} failed (exit ${code}): ${stderr.trim() || 'no message'}`));
    });
  });
}

/** The whole database in pg_dump's custom format (compressed, restorable table by table). */
export async function pgDump(url: string, file: string): Promise<void> {
  const { dbname, env } = connection(url);
  await run(
    'pg_dump',
    ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${dbname}`],
    env,
  );
}

/** Restores a custom-format dump into an empty database, all or nothing. */
export async function pgRestore(url: string, file: string): Promise<void> {
  const { dbname, env } = connection(url);
  await run(
    'pg_restore',
    [
      '--exit-on-error',
      '--single-transaction',
      '--no-owner',
      '--no-privileges',
      `--dbname=${dbname}`,
      file,
    ],
    env,
  );
}
