// `npm run backup`: takes one backup now, with the server's own environment, running or not.
import fs from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, loadConfig, returnPhotosDir } from './config.js';
import { runningServerPid } from './data-dir-lock.js';
import { openDatabase } from './db/database.js';
import { backupSource, readStatus, runBackup } from './modules/backups/backup.service.js';

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const WAIT_MS = 6 * 3_600_000;

/**
 * The embedded database serves one process: while the server holds it, the server takes the
 * backup (SIGUSR2) and this command waits for the outcome in the backup folder's status file.
 */
async function askServer(pid: number, dir: string): Promise<number> {
  const asked = Date.now();
  process.kill(pid, 'SIGUSR2');
  console.log(`The server (pid ${pid}) holds the embedded database: it is taking the backup…`);
  while (Date.now() - asked < WAIT_MS) {
    await new Promise((r) => setTimeout(r, 500));
    const { lastSuccess, lastFailure } = await readStatus(dir);
    if (lastFailure && Date.parse(lastFailure.at) >= asked - 1000) {
      console.error(`The backup failed: ${lastFailure.message}`);
      return 1;
    }
    if (lastSuccess && Date.parse(lastSuccess.at) >= asked) {
      console.log(
        `Backup written: ${path.join(dir, lastSuccess.file)} (${megabytes(lastSuccess.bytes)}, ${lastSuccess.durationMs} ms)`,
      );
      return 0;
    }
    if (!(await stillRunning(pid))) {
      console.error('The server stopped before the backup completed: run the command again.');
      return 1;
    }
  }
  console.error('No outcome after six hours: look at the server log.');
  return 1;
}

const stillRunning = async (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function main(): Promise<number> {
  if (process.argv.length > 2) {
    console.error(
      'Usage: npm run backup   (BACKUP_DIR, BACKUP_KEEP and the database from the environment)',
    );
    return 64;
  }
  const config = loadConfig();
  if (!config.databaseUrl) {
    const pid = runningServerPid(config.dataDir);
    if (pid) return askServer(pid, config.backups.dir);
    const names = await fs.readdir(path.join(config.dataDir, 'pglite')).catch(() => []);
    if (names.length === 0) {
      console.error(`There is no embedded database in ${config.dataDir} (DATA_DIR) to back up.`);
      return 66;
    }
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: 1,
  });
  try {
    const result = await runBackup({
      source: backupSource(database, config.databaseUrl),
      dir: config.backups.dir,
      keep: config.backups.keep,
      uploadsDir: config.uploadsDir,
      returnPhotosDir: returnPhotosDir(config.dataDir),
    });
    console.log(
      `Backup written: ${result.file} (${megabytes(result.bytes)}, ${result.durationMs} ms; schema ${result.manifest.schema.tag}, ${result.manifest.uploads.files} pictures, ${result.manifest.returnPhotos?.files ?? 0} return photos)`,
    );
    return 0;
  } catch (err) {
    console.error(`The backup failed: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  } finally {
    await database.close();
  }
}

main()
  .then((code) => process.exit(code))
  .catch((err: unknown) => {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  });
