import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type {
  CatalogImportSummary,
  ImportCounts,
  ImportProgress,
  ImportStatus,
} from '@storefront/contract';
import type { Db, DbOrTx } from '../../db/database.js';
import { rowsOf } from '../../db/raw-rows.js';
import { AppError, notFound } from '../../http/errors.js';
import {
  catalogImportFitments,
  catalogImportParts,
  catalogImports,
  type CatalogImportRow,
} from './import.tables.js';

/** How long a job is its instance's without a sign of life; renewed well within it. */
export const LEASE_SECONDS = 120;

const ZERO_COUNTS: ImportCounts = {
  rows: 0,
  new: 0,
  changed: 0,
  unchanged: 0,
  archived: 0,
  archivedRows: 0,
  errors: 0,
  fitmentRows: 0,
  fitmentParts: 0,
  pictures: 0,
  priceJumps: 0,
};
const ZERO_PROGRESS: ImportProgress = {
  phase: 'reading',
  read: 0,
  checked: 0,
  written: 0,
  toWrite: 0,
};

export const summaryOf = (row: CatalogImportRow): CatalogImportSummary => ({
  id: row.id,
  status: row.status,
  fileName: row.fileName,
  fitmentFileName: row.fitmentFileName,
  picturesFileName: row.picturesFileName,
  checksum: row.checksum,
  archiveMissing: row.archiveMissing,
  validOnly: row.validOnly,
  createdBy: row.createdByEmail,
  createdAt: row.createdAt.toISOString(),
  appliedAt: row.appliedAt?.toISOString() ?? null,
  finishedAt: row.finishedAt?.toISOString() ?? null,
  counts: { ...ZERO_COUNTS, ...row.counts },
  progress: { ...ZERO_PROGRESS, ...row.progress },
  failure: row.failure,
  notes: row.notes,
});

export const importNotFound = () => notFound('Import');

export async function createImportJob(
  db: DbOrTx,
  job: {
    fileName: string;
    fitmentFileName: string | null;
    picturesFileName: string | null;
    checksum: string;
    archiveMissing: boolean;
    createdBy: string;
    createdByEmail: string;
    notes: string[];
  },
): Promise<CatalogImportRow> {
  const [row] = await db
    .insert(catalogImports)
    .values({
      ...job,
      status: 'reading',
      leaseUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
      progress: ZERO_PROGRESS,
    })
    .returning();
  if (!row) throw new Error('the import was not recorded');
  return row;
}

export async function findImport(db: DbOrTx, id: string): Promise<CatalogImportRow | undefined> {
  const [row] = await db.select().from(catalogImports).where(eq(catalogImports.id, id)).limit(1);
  return row;
}

export async function listImports(db: DbOrTx, limit = 50): Promise<CatalogImportRow[]> {
  return db.select().from(catalogImports).orderBy(desc(catalogImports.createdAt)).limit(limit);
}

/** Progress as it goes, with the lease renewed: the page polls it. */
export async function saveProgress(
  db: DbOrTx,
  id: string,
  progress: Partial<ImportProgress>,
): Promise<void> {
  await db
    .update(catalogImports)
    .set({
      progress: sql`${catalogImports.progress} || ${JSON.stringify(progress)}::jsonb`,
      leaseUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
    })
    // A report queued behind the apply's commit (the embedded database) must not undo its end.
    .where(
      and(eq(catalogImports.id, id), sql`${catalogImports.status} in ('reading', 'applying')`),
    );
}

/** Moves a job from one of `from` to `to`; undefined when it was not in one of them. */
export async function moveImport(
  db: DbOrTx,
  id: string,
  from: readonly ImportStatus[],
  to: ImportStatus,
  set: Partial<typeof catalogImports.$inferInsert> = {},
): Promise<CatalogImportRow | undefined> {
  const finished = to === 'applied' || to === 'failed' || to === 'discarded';
  const [row] = await db
    .update(catalogImports)
    .set({
      status: to,
      ...(finished ? { finishedAt: new Date(), leaseUntil: null } : {}),
      ...set,
    })
    .where(
      and(eq(catalogImports.id, id), sql`${catalogImports.status} in ${from as ImportStatus[]}`),
    )
    .returning();
  return row;
}

/** The unique index on an applying job: another import is being applied right now. */
export const anotherApplying = () =>
  new AppError(409, 'IMPORT_BUSY', 'Another import is being applied: wait for it to finish.');

/**
 * Jobs whose instance stopped while reading or applying (a crash, a restart): their lease ran out.
 * An apply is one transaction, so the catalog is as it was; the job says so.
 */
export async function failAbandoned(db: Db, options: { all?: boolean } = {}): Promise<number> {
  const rows = await db
    .update(catalogImports)
    .set({
      status: 'failed',
      finishedAt: new Date(),
      leaseUntil: null,
      failure: sql`case ${catalogImports.status}
        when 'applying' then 'The server stopped while applying this import. Nothing was changed: upload the file again to apply it.'
        else 'The server stopped while reading this file. Nothing was changed: upload it again.' end`,
    })
    .where(
      and(
        sql`${catalogImports.status} in ('reading', 'applying')`,
        options.all ? undefined : lt(catalogImports.leaseUntil, sql`now()`),
      ),
    )
    .returning({ id: catalogImports.id });
  return rows.length;
}

/** How long a finished import keeps its rows (its diff and its rows to fix stay downloadable). */
const KEEP_DAYS = 7;

/**
 * Staging rows are the bulk of an import: a preview left alone for a week is discarded, and the
 * rows of imports finished more than a week ago (applied, failed, discarded) are deleted. The
 * jobs themselves stay, with their counts, as the list of past imports.
 */
export async function pruneImports(db: Db): Promise<number> {
  await db
    .update(catalogImports)
    .set({ status: 'discarded', finishedAt: new Date() })
    .where(
      and(
        eq(catalogImports.status, 'previewed'),
        sql`${catalogImports.createdAt} < now() - make_interval(days => ${KEEP_DAYS})`,
      ),
    );
  const old = sql`(select id from ${catalogImports} where ${catalogImports.finishedAt} < now() - make_interval(days => ${KEEP_DAYS}))`;
  // How many rows went: a round that deleted some has the staging tables vacuumed.
  const [row] = rowsOf(
    await db.execute(sql`
      with p as (delete from ${catalogImportParts} where import_id in ${old} returning 1),
           f as (delete from ${catalogImportFitments} where import_id in ${old} returning 1)
      select (select count(*) from p)::int + (select count(*) from f)::int as n`),
  );
  return Number(row?.n ?? 0);
}

/** Whether an import is being read or applied (by any instance). */
export async function importsRunning(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ id: catalogImports.id })
    .from(catalogImports)
    .where(sql`${catalogImports.status} in ('reading', 'applying')`)
    .limit(1);
  return row !== undefined;
}

/** The tables whose rows an import stages, and a discard or the pruning deletes in bulk. */
export const STAGING_TABLES = [catalogImportParts, catalogImportFitments] as const;

/** A discarded preview's rows go at once: nothing will read them. */
export async function dropStagedRows(db: DbOrTx, id: string): Promise<void> {
  await db.delete(catalogImportParts).where(eq(catalogImportParts.importId, id));
  await db.delete(catalogImportFitments).where(eq(catalogImportFitments.importId, id));
}
