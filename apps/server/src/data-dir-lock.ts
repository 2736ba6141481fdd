import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite is one process's database: a second process opening the same folder would corrupt it.
 * The server holds a pid file; the admin command refuses to open the folder while it is alive.
 */
export function lockFile(dataDir: string) {
  return path.join(dataDir, 'server.pid');
}

export function runningServerPid(dataDir: string): number | null {
  try {
    const pid = Number(fs.readFileSync(lockFile(dataDir), 'utf8').trim());
    if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
    process.kill(pid, 0); // throws when no such process
    return pid;
  } catch {
    return null;
  }
}

export function holdDataDirLock(dataDir: string): void {
  const other = runningServerPid(dataDir);
  if (other) {
    throw new Error(
      `Another server (pid ${other}) is using the embedded database in ${dataDir}. Stop it first, or set DATA_DIR.`,
    );
  }
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(lockFile(dataDir), String(process.pid));
  process.on('exit', () => {
    try {
      if (fs.readFileSync(lockFile(dataDir), 'utf8').trim() === String(process.pid))
        fs.rmSync(lockFile(dataDir));
    } catch {
      // already gone
    }
  });
}
