// `npm run admin -- grant EMAIL | revoke EMAIL | list`: names the shop's admins.
import { ConfigError, loadConfig } from './config.js';
import { runningServerPid } from './data-dir-lock.js';
import { openDatabase } from './db/database.js';
import { grantAdmin, listAdmins, revokeAdmin } from './modules/users/users.service.js';

const usage = 'Usage: npm run admin -- grant EMAIL | revoke EMAIL | list';

async function main(): Promise<number> {
  const [command, rawEmail] = process.argv.slice(2);
  const email = rawEmail?.trim().toLowerCase();
  if (
    !command ||
    !['grant', 'revoke', 'list'].includes(command) ||
    (command !== 'list' && !email)
  ) {
    console.error(usage);
    return 64;
  }
  if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    console.error(`Not an email address: ${rawEmail}`);
    return 64;
  }
  const config = loadConfig();
  if (!config.databaseUrl) {
    const pid = runningServerPid(config.dataDir);
    if (pid) {
      console.error(
        `The server (pid ${pid}) has the embedded database open; stop it first (the embedded database serves one process at a time).`,
      );
      return 75;
    }
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: 1,
  });
  try {
    await database.migrate();
    if (command === 'grant') {
      await grantAdmin(database.db, email!, 'command');
      console.log(`${email} is an admin (from their next sign-in or page load).`);
    } else if (command === 'revoke') {
      const removed = await revokeAdmin(database.db, email!);
      console.log(removed ? `${email} is no longer an admin.` : `${email} was not an admin.`);
      if (config.adminEmails.includes(email!))
        console.log('Note: it is listed in ADMIN_EMAILS, which grants it again at the next start.');
    } else {
      const rows = await listAdmins(database.db);
      if (rows.length === 0) console.log('No admins.');
      for (const row of rows)
        console.log(`${row.email}\t(${row.source}, since ${row.grantedAt.toISOString()})`);
    }
    return 0;
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
