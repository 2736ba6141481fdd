import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { NO_PICTURE_URL, type ImportProgress } from '@storefront/contract';
import type { Db, DbOrTx } from '../../db/database.js';
import type { VacuumQueue } from '../../db/vacuum-queue.js';
import { rowsOf } from '../../db/raw-rows.js';
import { AppError } from '../../http/errors.js';
import { recordAudit, type StaffActor } from '../audit/audit.service.js';
import {
  analyzeCatalog,
  archivePartsNotIn,
  TABLES_AN_IMPORT_REWRITES,
  catalogFingerprint,
  importStockFrom,
  insertPartsFrom,
  lockPartsFrom,
  replaceFitmentsFrom,
  updatePartsFrom,
} from '../parts/bulk-catalog.service.js';
import { partsRelation } from '../parts/stock.service.js';
import {
  catalogImportFitments as stagedFitments,
  catalogImportParts as staged,
  type CatalogImportRow,
} from './import.tables.js';
import { LEASE_SECONDS, moveImport, saveProgress } from './jobs.js';

export type ApplyDeps = {
  db: Db;
  log: FastifyBaseLogger;
  /** After the commit: the catalog's caches and the search index follow. */
  onCatalogChange: () => void;
  /** A test's hook between two steps of the transaction (a crash there must change nothing). */
  betweenSteps?: (step: string) => Promise<void>;
  /**
   * Inside the transaction, before it writes: on the embedded database, where the transaction
   * holds the one session, the catalog answers from memory until the returned release.
   */
  catalogWhileHeld?: (tx: DbOrTx) => Promise<() => void>;
  /** Inside the transaction, once the vehicles are written (the ACES applications, decision 067). */
  afterVehicles?: (tx: DbOrTx, importId: string) => Promise<void>;
  /** The catalog's tables, rewritten by an apply, are vacuumed on a later round (decision 078). */
  vacuum?: VacuumQueue;
};

const stale = () =>
  new AppError(
    409,
    'IMPORT_STALE',
    'The catalog changed since this preview (another import, or a staff edit). Nothing was changed: upload the file again to see what it would change now.',
  );

/**
 * Applies a previewed import as one transaction: new parts, changed parts, stock, archiving,
 * vehicles, the audit entry and the job's own status commit together or not at all (a failure,
 * or the process dying, leaves the catalog exactly as it was). Runs after the request that asked
 * for it has been answered; the job's page follows its progress.
 */
export async function runApply(
  deps: ApplyDeps,
  job: CatalogImportRow,
  actor: StaffActor,
): Promise<void> {
  const { db } = deps;
  const id = job.id;
  const step = async (name: string) => deps.betweenSteps?.(name);
  const progress: Partial<ImportProgress> = { phase: 'writing', written: 0 };
  // Never awaited inside the transaction: on the embedded database it shares the one connection.
  const report = (written: number) => {
    progress.written = written;
    void saveProgress(db, id, progress).catch((err: unknown) =>
      deps.log.warn({ err, importId: id }, 'catalog import progress'),
    );
  };
  const lease = setInterval(() => report(progress.written ?? 0), (LEASE_SECONDS * 1000) / 4);
  lease.unref();
  let release = () => undefined as void;
  try {
    await db.transaction(async (tx) => {
      if (deps.catalogWhileHeld) release = await deps.catalogWhileHeld(tx);
      if ((await catalogFingerprint(tx)) !== job.fingerprint) throw stale();
      const ledger = { actorId: actor.userId, reason: `Import of ${job.fileName}` };
      let written = 0;

      // Part numbers are stored upper-case, as the add-part form stores them.
      written += await insertPartsFrom(
        tx,
        sql`select s.sku_key as sku, s.name, s.description, s.category, s.price_cents,
                   s.min_order_quantity, s.pack_size, s.max_order_quantity, s.stock, s.featured,
                   s.archived, coalesce(s.image_url, ${NO_PICTURE_URL}) as image_url, s.oem_numbers,
                   s.superseded_numbers, s.tier_quantities, s.tier_cents, s.specs,
                   s.core_charge_cents,
                   (select array_agg(distinct f.make collate "C" order by f.make collate "C")
                      from ${stagedFitments} f where f.import_id = ${id} and f.sku_key = s.sku_key
                     having bool_and(jsonb_array_length(f.errors) = 0)) as fit_makes
              from ${staged} s where s.import_id = ${id} and s.kind = 'new'`,
      );
      report(written);
      await step('inserted');

      // Every existing part the apply writes, locked once in id order before any is written.
      await lockPartsFrom(
        tx,
        sql`select part_id from ${staged} where import_id = ${id} and kind in ('changed', 'archived')`,
      );
      // An archived row's part is archived here like any changed field: never deleted, so the
      // orders, invoices and quotes that name it keep it.
      written += await updatePartsFrom(
        tx,
        sql`select * from ${staged} where import_id = ${id} and kind in ('changed', 'archived')
              and changes - 'stock' - 'fitment' - 'quantities' <> '{}'::jsonb`,
      );
      report(written);
      await step('updated');

      // The file's stock is the level as of the preview: what orders took since is still taken.
      await importStockFrom(
        tx,
        sql`select part_id, stock - stock_before as delta from ${staged}
             where import_id = ${id} and kind = 'changed' and changes ? 'stock'`,
        ledger,
      );
      await step('stock');

      const counts = job.counts;
      // The file's own archived rows were written with the changed parts above.
      let archived = counts.archivedRows ?? 0;
      if (job.archiveMissing)
        archived += await archivePartsNotIn(
          tx,
          sql`select part_id from ${staged} where import_id = ${id} and part_id is not null`,
        );

      const owners = sql`
        select p.id as part_id, s.sku_key from ${staged} s
          join ${partsRelation} p on upper(p.sku) = s.sku_key
         where s.import_id = ${id} and s.kind in ('new', 'changed')
           and (s.changes ? 'fitment' or (s.kind = 'new' and exists (
                 select 1 from ${stagedFitments} f where f.import_id = ${id} and f.sku_key = s.sku_key)))
           and not exists (select 1 from ${stagedFitments} f
                            where f.import_id = ${id} and f.sku_key = s.sku_key
                              and jsonb_array_length(f.errors) > 0)`;
      const vehicles = await replaceFitmentsFrom(
        tx,
        owners,
        sql`select o.part_id, f.make, f.model, f.year_from, f.year_to, f.position, f.note
              from (${owners}) o join ${stagedFitments} f
                on f.import_id = ${id} and f.sku_key = o.sku_key`,
      );
      await deps.afterVehicles?.(tx, id);
      await step('fitment');

      const archivedParts = await archivedByFile(tx, id);
      await recordAudit(tx, actor, {
        action: 'catalog.import',
        targetType: 'import',
        targetId: id,
        summary:
          `Imported ${job.fileName}: ${counts.new ?? 0} new, ${counts.changed ?? 0} changed` +
          `${archived ? `, ${archived} archived` : ''}${job.validOnly ? ` (${counts.errors ?? 0} ${counts.errors === 1 ? 'row' : 'rows'} with errors left out)` : ''}`,
        details: {
          file: job.fileName,
          fitmentFile: job.fitmentFileName,
          picturesFile: job.picturesFileName,
          checksum: job.checksum,
          counts: { ...counts, archived },
          vehicles,
          ...(archivedParts.length > 0 ? { archivedParts } : {}),
        },
      });
      const done = await moveImport(tx, id, ['applying'], 'applied', {
        appliedAt: new Date(),
        counts: { ...counts, archived },
        progress: { ...job.progress, phase: 'done', written, toWrite: written },
      });
      if (!done) throw new Error('the import was no longer being applied');
    });
    release();
    deps.onCatalogChange();
    await analyzeCatalog(db).catch((err: unknown) =>
      deps.log.warn({ err, importId: id }, 'catalog import: statistics after the apply'),
    );
  } catch (err) {
    const reason =
      err instanceof AppError
        ? err.message
        : 'The import could not be applied. Nothing was changed.';
    if (!(err instanceof AppError)) deps.log.error({ err, importId: id }, 'catalog import apply');
    await moveImport(db, id, ['applying'], 'failed', { failure: reason }).catch((e: unknown) =>
      deps.log.error({ err: e, importId: id }, 'catalog import: recording a failure'),
    );
  } finally {
    release();
    clearInterval(lease);
    // Rewritten, or written and rolled back: either way the catalog's tables hold dead rows.
    deps.vacuum?.mark(...TABLES_AN_IMPORT_REWRITES);
  }
}

/** The part numbers the file's own rows archive, for the audit entry (the first thousand). */
async function archivedByFile(tx: DbOrTx, importId: string): Promise<string[]> {
  return rowsOf(
    await tx.execute(sql`
      select sku_key from ${staged} where import_id = ${importId} and kind = 'archived'
       order by row_no limit 1000`),
  ).map((r) => String(r.sku_key));
}
