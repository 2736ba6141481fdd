// `npm run admin -- grant EMAIL | revoke EMAIL | list`: names the shop's admins.
import { ConfigError, loadConfig } from './config.js';
import { runningServerPid } from './data-dir-lock.js';
import { openDatabase } from './db/database.js';
import {
  grantAdmin,
  LastAdminError,
  listAdmins,
  revokeAdmin,
} from './modules/users/roles.service.js';

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
      const result = await grantAdmin(database.db, email!, 'command');
      console.log(
        result === 'pending'
          ? `${email} will be an admin once its owner proves the address (confirms it from the mail we send at sign-up, resets the password, or signs in with Google).`
          : result === 'already'
            ? `${email} is already an admin.`
            : `${email} is an admin (it takes effect at once).`,
      );
    } else if (command === 'revoke') {
      try {
        const { revoked, grantRemoved } = await database.db.transaction((tx) =>
          revokeAdmin(tx, email!),
        );
        console.log(
          revoked
            ? `${email} is no longer an admin.`
            : grantRemoved
              ? `The pending grant to ${email} is withdrawn.`
              : `${email} was not an admin.`,
        );
      } catch (err) {
        if (!(err instanceof LastAdminError)) throw err;
        console.error(`${email} is the last admin: grant the role to someone else first.`);
        return 1;
      }
      if (config.adminEmails.includes(email!))
        console.log('Note: it is listed in ADMIN_EMAILS, which grants it again at the next start.');
    } else {
      const rows = await listAdmins(database.db);
      if (rows.length === 0) console.log('No admins.');
      for (const row of rows)
        console.log(
          `${row.email}\t(${row.pending ? 'pending until the address is proved, ' : ''}${row.source}, since ${row.grantedAt.toISOString()})`,
        );
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
