// `npm run restore -- FILE [--replace]`: puts a backup back, then the server starts on it.
import { ConfigError, loadConfig, returnPhotosDir } from './config.js';
import { runningServerPid } from './data-dir-lock.js';
import { restoreBackup, RestoreRefusedError } from './modules/backups/restore.js';

const usage = 'Usage: npm run restore -- FILE [--replace]';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const replace = args.includes('--replace');
  const files = args.filter((a) => a !== '--replace');
  if (files.length !== 1 || files[0]!.startsWith('-')) {
    console.error(usage);
    return 64;
  }
  const config = loadConfig();
  if (!config.databaseUrl) {
    const pid = runningServerPid(config.dataDir);
    if (pid) {
      console.error(`The server (pid ${pid}) is running on this data folder: stop it first.`);
      return 75;
    }
  }
  try {
    const { manifest, keptAside } = await restoreBackup({
      file: files[0]!,
      target: config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl }
        : { kind: 'pglite', dataDir: config.dataDir },
      uploadsDir: config.uploadsDir,
      returnPhotosDir: returnPhotosDir(config.dataDir),
      replace,
    });
    console.log(
      `Restored the backup of ${manifest.completedAt} (version ${manifest.appVersion}, schema ${manifest.schema.tag}, ${manifest.uploads.files} pictures).`,
    );
    for (const dir of keptAside)
      console.log(`The data it replaced is kept in ${dir}: delete it once the shop runs well.`);
    console.log('Start the server now (npm start): it migrates the schema forward if needed.');
    return 0;
  } catch (err) {
    if (err instanceof RestoreRefusedError) {
      console.error(err.message);
      return 65;
    }
    throw err;
  }
}

main()
  .then((code) => process.exit(code))
  .catch((err: unknown) => {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  });
