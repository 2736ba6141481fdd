import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import { startPeriodicJob } from '../../periodic-job.js';
import type { VacuumQueue } from '../../db/vacuum-queue.js';
import { failAbandoned, importsRunning, pruneImports, STAGING_TABLES } from './jobs.js';

/**
 * Imports whose instance died while reading or applying them are marked failed: at start-up (on
 * the embedded database the one process is the only one that could have been running them, so
 * every such job is abandoned) and every minute (on PostgreSQL, when a job's lease runs out). Old
 * imports' staging rows are pruned on the same round, and the tables that lost many rows since the
 * last round (pruned, discarded, rewritten by an apply) are vacuumed (decision 078).
 */
export function startImportRecovery(
  app: FastifyInstance,
  db: Db,
  options: { embedded: boolean; vacuum: VacuumQueue },
): void {
  let first = true;
  startPeriodicJob(app, {
    name: 'import recovery',
    intervalMs: 60_000,
    async work() {
      const n = await failAbandoned(db, { all: first && options.embedded });
      first = false;
      if (n > 0) app.log.warn({ imports: n }, 'catalog imports left unfinished were marked failed');
      if ((await pruneImports(db)) > 0) options.vacuum.mark(...STAGING_TABLES);
      // Not while an import is read or applied: its statements would wait behind the vacuum.
      const vacuumed = (await importsRunning(db)) ? null : await options.vacuum.run(db);
      if (vacuumed) app.log.info(vacuumed, 'tables vacuumed');
    },
  });
}
