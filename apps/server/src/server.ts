import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { seedCatalog } from './db/seed.js';
import { seedDemoAccounts } from './db/seed-demo-accounts.js';
import { syncEnvAdmins } from './modules/users/roles.service.js';
import { holdDataDirLock } from './data-dir-lock.js';
import { createLogger } from './logger.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78); // EX_CONFIG
    }
    throw err;
  }
  const logger = createLogger(config);

  if (!config.databaseUrl) holdDataDirLock(config.dataDir);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  });
  logger.info({ database: database.kind }, 'database opened');
  // Nothing works without it: exit, and let the supervisor start the shop again.
  database.pglite?.onStopped((reason) => {
    logger.fatal({ reason }, 'the embedded database stopped');
    process.exit(1);
  });
  await database.migrate();
  if (config.seedDemoData) {
    const { seeded } = await seedCatalog(database.db);
    if (seeded) logger.info('demo catalog seeded into an empty database');
  }

  await syncEnvAdmins(database.db, config.adminEmails);

  const app = await buildApp({ config, database, logger, startJobs: config.backgroundJobs });
  if (config.seedDemoData && database.kind === 'pglite') {
    const { seeded } = await seedDemoAccounts(database.db, app.storefront.auth);
    if (seeded) logger.info('demo accounts created (embedded database only): see the README');
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took over 10 s, exiting anyway');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await app.close(); // stops accepting, waits for in-flight requests
      await database.close(); // flushes PGlite to disk
      app.log.info('shut down cleanly');
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  app.log.info(`storefront ready at ${config.publicUrl}`);
}

main().catch((err: unknown) => {
  console.error('start-up failed:', err);
  process.exit(1);
});
