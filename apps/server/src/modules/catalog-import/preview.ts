import fs from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ImportCounts, ImportProgress } from '@storefront/contract';
import type { Db } from '../../db/database.js';
import { rowsOf } from '../../db/raw-rows.js';
import { AppError } from '../../http/errors.js';
import {
  catalogFingerprint,
  countLivePartsNotIn,
  vehicleDigestsByPartNumber,
} from '../parts/bulk-catalog.service.js';
import {
  checkAcrossRows,
  checkFitments,
  checkPartRules,
  fitmentDifferences,
  fitmentOwners,
} from './checks.js';
import { computeDiff } from './diff.js';
import {
  catalogImportFitments as stagedFitments,
  catalogImportParts as staged,
  catalogImports,
} from './import.tables.js';
import { LEASE_SECONDS, moveImport, saveProgress } from './jobs.js';
import { attachPictures } from './pictures.js';
import { readAgain, sheetsToRead, type ImportFiles } from './catalog-sheets.js';
import { cellsOf, stageFitment, stagePart, type StagedFitment, type StagedPart } from './rows.js';
import { BATCH, jsonRows, stagedWriter } from './staging.js';
import type { ImportFile } from './sheets.js';
import { hasEveryPartColumn, StoredParts, UnchangedParts } from './unchanged-parts.js';
import { stageSkippedParts, UnchangedVehicles } from './unchanged-vehicles.js';
import { unreadableFile as refuse } from './unreadable.js';

export type { ImportFile, ImportFiles };

export type PreviewDeps = { db: Db; log: FastifyBaseLogger; uploadsDir: string };

/** Progress written at most once a second (and at each phase), so reading is not slowed by it. */
function progressWriter(db: Db, id: string) {
  let last = 0;
  let current: Partial<ImportProgress> = {};
  return {
    async set(progress: Partial<ImportProgress>, force = false) {
      current = { ...current, ...progress };
      if (!force && Date.now() - last < 1000) return;
      last = Date.now();
      await saveProgress(db, id, current);
    },
  };
}

/**
 * Reads the files into staging rows, then checks and compares them with the catalog: the
 * preview. Nothing in the catalog is written. Ends with the job `previewed` (with its counts), or
 * `failed` with the reason in words.
 */
export async function runPreview(
  deps: PreviewDeps,
  importId: string,
  files: ImportFiles,
  options: { archiveMissing: boolean },
): Promise<void> {
  const { db } = deps;
  const progress = progressWriter(db, importId);
  const notes: string[] = [];
  const began = performance.now();
  // Each step's own time in the log: where a large file's preview spends it.
  const timed = async <T>(step: string, work: () => Promise<T>): Promise<T> => {
    const start = performance.now();
    const result = await work();
    deps.log.info(
      { importId, step, ms: Math.round(performance.now() - start) },
      'catalog import preview step',
    );
    return result;
  };
  // The lease is renewed however long one step takes (a check over 400,000 rows): a job whose
  // lease ran out counts as abandoned by a dead instance.
  const lease = setInterval(
    () =>
      void saveProgress(db, importId, {}).catch((err: unknown) =>
        deps.log.warn({ err, importId }, 'catalog import lease'),
      ),
    (LEASE_SECONDS * 1000) / 4,
  );
  lease.unref();
  // The parts' checks, once started beside the reading of the vehicles.
  let partChecks: Promise<void> | null = null;
  // The catalog's parts, hashed, read while the parts sheet is (decision 079).
  let storedParts: StoredParts | null = null;
  try {
    // The catalog as this preview begins to read it: whatever changes it from here on (a staff
    // edit while the file is read) makes the apply refuse, and the import be previewed again.
    // Computed by the database while this thread parses the file.
    const fingerprinting = catalogFingerprint(db);
    fingerprinting.catch(() => undefined);
    // Each part's stored vehicles, summed: a vehicles file's unchanged parts are not staged.
    // Asked for as the parts sheet begins when a vehicles sheet will follow it (read meanwhile),
    // after the stored parts' digests when those are read (the embedded database answers in turn,
    // and the parts' rows wait for theirs).
    const vehiclesFollow = Boolean(files.fitment) || files.parts.format === 'xlsx';
    let storedVehicles: Promise<Map<string, string>> | null = null;
    const askForVehicles = (after: Promise<unknown> = Promise.resolve()) => {
      if (!vehiclesFollow || storedVehicles) return;
      storedVehicles = after.then(() => vehicleDigestsByPartNumber(db));
      storedVehicles.catch(() => undefined);
    };
    let read = 0;
    let unchanged: UnchangedVehicles | null = null;
    let unchangedParts: UnchangedParts | null = null;
    // The parts file's part numbers: a skipped part the parts file lists needs no row of its own.
    const partNumbers = new Set<string>();
    const sheets = { parts: 0, fitment: 0 };
    let checked = 0;
    let partRows = 0;
    const checkParts = async () => {
      await timed('checkAcrossRows', () => checkAcrossRows(db, importId));
      await timed('checkPartRules', () =>
        checkPartRules(db, importId, (n) => void progress.set({ checked: (checked = n) })),
      );
      // New parts' rules were checked as they were staged: every parts row is checked now.
      await progress.set({ checked: (checked = partRows) });
    };
    for await (const sheet of sheetsToRead(files, notes, sheets)) {
      // A reader of its own (an ACES file) compares what it stages afterwards (`afterDiff`).
      if (sheet.kind === 'fitment' && !sheet.ownReader) {
        const stored = await (storedVehicles ??= vehicleDigestsByPartNumber(db));
        // A catalog without vehicles (a first import) has nothing to judge a row against.
        if (stored.size > 0) unchanged = new UnchangedVehicles(stored);
      }
      // A parts sheet with every column the export writes: rows that spell the stored part are
      // not typed (decision 079), judged by the catalog's digests as they arrive.
      if (
        sheet.kind === 'parts' &&
        !sheet.ownReader &&
        hasEveryPartColumn(sheet.columns.index.values())
      ) {
        storedParts = new StoredParts(db, fingerprinting);
        unchangedParts = new UnchangedParts(storedParts);
        askForVehicles(storedParts.finished);
      } else askForVehicles();
      const stage = stagedWriter(db, importId, sheet.kind);
      const sheetBegan = performance.now();
      let waited = 0;
      // Staged a batch at a time as read: a turn of the event loop per batch, not per row.
      for await (const rows of sheet.rows) {
        const out: (StagedPart | StagedFitment)[] = [];
        for (const { rowNo, row } of rows) {
          const { cells, raw } = cellsOf(row, sheet.columns);
          if (sheet.kind === 'parts') {
            let judged = unchangedParts?.take(rowNo, cells as never) ?? null;
            if (judged === 'later') {
              const w = performance.now();
              await unchangedParts!.stored.arrival();
              waited += performance.now() - w;
              judged = unchangedParts!.take(rowNo, cells as never, false);
            }
            const part = (judged as StagedPart | null) ?? stagePart(rowNo, cells as never, raw);
            partNumbers.add(part.skuKey);
            out.push(part);
          } else if (unchanged) out.push(...unchanged.take(rowNo, cells as never, raw));
          else out.push(stageFitment(rowNo, cells as never, raw));
        }
        read += rows.length;
        if (sheet.kind === 'parts') partRows += rows.length;
        await progress.set({ phase: 'reading', read });
        await stage.add(out);
      }
      if (unchanged) await stage.add(unchanged.end());
      await stage.done();
      deps.log.info(
        {
          importId,
          step: `read ${sheet.kind}`,
          ms: Math.round(performance.now() - sheetBegan),
          waitedMs: Math.round(waited),
          stagingWaitedMs: Math.round(stage.waitedMs()),
          judged: unchangedParts?.rows.size ?? 0,
        },
        'catalog import preview step',
      );
      // The parts' checks need the parts file's rows alone (the rows added for a vehicles file's
      // parts come later, and are parts of the catalog): the database runs them while this
      // thread reads the vehicles, when reading them leaves it idle (the catalog's vehicles are
      // there to judge them by). On a first import the database stages the vehicles meanwhile:
      // the checks would only hold their rows in memory beside the reading's.
      if (sheet.kind === 'parts' && ((await storedVehicles)?.size ?? 0) > 0) {
        partChecks = (async () => {
          await timed('analyze parts', () => analyzeStagedParts(db));
          await checkParts();
        })();
        partChecks.catch(() => undefined);
      }
    }
    const partSheets = sheets.parts;
    const fitmentSheets = sheets.fitment;
    let skippedVehicles = 0;
    if (unchanged) {
      // A part whose vehicles the file lists in two places: its first place's rows, read again.
      const again = unchanged.needsSecondRead();
      if (again.size > 0) {
        const stage = stagedWriter(db, importId, 'fitment');
        for await (const { rows, columns } of readAgain(files, 'fitment')) {
          const out: StagedFitment[] = [];
          for (const { rowNo, row } of rows) {
            const { cells, raw } = cellsOf(row, columns);
            const fitment = stageFitment(rowNo, cells as never, raw);
            const part = again.get(fitment.skuKey);
            if (part && rowNo >= part.first && rowNo <= part.last) out.push(fitment);
          }
          await stage.add(out);
        }
        await stage.done();
      }
      skippedVehicles = unchanged.skippedRows;
      await stageSkippedParts(
        db,
        importId,
        [...unchanged.skipped].filter(([key]) => !partNumbers.has(key)),
      );
    }
    if (partSheets === 0 && fitmentSheets === 0)
      throw refuse('The file holds no rows: the first row must hold the column names.');

    deps.log.info(
      { importId, step: 'read', ms: Math.round(performance.now() - began) },
      'catalog import preview step',
    );
    // Statistics for the rows just written: without them the planner takes the staging tables for
    // empty and joins 400,000 vehicles to 100,000 parts row by row (minutes instead of seconds).
    await timed('analyze', () => (partChecks ? analyzeStagedFitments(db) : analyzeStaging(db)));
    await progress.set({ phase: 'checking', read, checked }, true);
    const pictures = files.pictures
      ? await attachPictures(deps, importId, files.pictures, notes)
      : 0;
    await timed('addFitmentOnlyParts', () => addFitmentOnlyParts(db, importId));
    // A vehicles-only file (an ACES file, decision 067) has just added all its parts' rows: the
    // statistics taken before they existed say this import has none, and the diff's plan would
    // then compare every row with every other (20,000 parts: minutes instead of a second).
    if (partSheets === 0) await timed('analyze again', () => analyzeStaging(db));
    await (partChecks ?? checkParts());
    await timed('checkFitments', () => checkFitments(db, importId));
    await timed('fitmentDifferences', () => fitmentDifferences(db, importId));
    await timed('computeDiff', () => computeDiff(db, importId));
    for (const file of [files.parts, files.fitment])
      if (file?.afterDiff) await timed('afterDiff', () => file.afterDiff!(db, importId));
    // Only when rows were judged unchanged (none on a first import).
    if (unchangedParts && unchangedParts.rows.size > 0)
      await timed('cells of rows to fix', () =>
        keepCellsOfRowsToFix(db, importId, files, unchangedParts!),
      );
    const counts = {
      ...(await timed('count', () =>
        countPreview(db, importId, options.archiveMissing, skippedVehicles),
      )),
      pictures,
    };
    const fingerprint = await timed('fingerprint', () => fingerprinting);
    await moveImport(db, importId, ['reading'], 'previewed', {
      counts,
      fingerprint,
      notes: sql`${catalogImports.notes} || ${JSON.stringify(notes)}::jsonb` as never,
      progress: { phase: 'done', read, checked: counts.rows, written: 0, toWrite: 0 },
      leaseUntil: null,
    });
  } catch (err) {
    // Checks still running write no more once the job has failed.
    await partChecks?.catch(() => undefined);
    const reason =
      err instanceof AppError
        ? err.message
        : 'The file could not be read to the end. Nothing was changed.';
    if (!(err instanceof AppError)) deps.log.error({ err, importId }, 'catalog import preview');
    await moveImport(db, importId, ['reading'], 'failed', { failure: reason }).catch((e: unknown) =>
      deps.log.error({ err: e, importId }, 'catalog import: recording a failure'),
    );
  } finally {
    clearInterval(lease);
    storedParts?.stop();
    // The rows are in the staging tables now: the uploaded files are not needed again.
    await Promise.all(
      [files.parts, files.fitment, files.pictures]
        .filter((f): f is ImportFile => Boolean(f))
        .map((f) => fs.rm(f.path, { force: true })),
    );
  }
}

/**
 * Statistics for the columns the preview's statements join and filter on, and only those: the
 * descriptions, specifications and raw cells cost most of a whole-table ANALYZE (measured on the
 * embedded database at 100,000 rows: 590-1,190 ms for the table, 190-210 ms for these columns).
 */
async function analyzeStaging(db: Db): Promise<void> {
  await analyzeStagedParts(db);
  await analyzeStagedFitments(db);
}
const analyzeStagedParts = (db: Db) =>
  db.execute(sql`analyze ${staged} (import_id, row_no, sku_key, part_id, kind)`);
const analyzeStagedFitments = (db: Db) =>
  db.execute(sql`analyze ${stagedFitments} (import_id, row_no, sku_key)`);

/**
 * An unchanged row staged without its cells (decision 079) that a check across rows found wrong
 * (its part number twice, its superseded number another row's): its cells as written are read
 * again, so the rows to fix give it back as the file wrote it.
 */
async function keepCellsOfRowsToFix(
  db: Db,
  importId: string,
  files: ImportFiles,
  judged: UnchangedParts,
): Promise<void> {
  const wrong = new Set(
    rowsOf(
      await db.execute(sql`
        select row_no from ${staged}
         where import_id = ${importId} and row_no > 0 and raw is null and errors <> '[]'::jsonb`),
    )
      .map((r) => Number(r.row_no))
      .filter((rowNo) => judged.rows.has(rowNo)),
  );
  if (wrong.size === 0) return;
  const found: { rowNo: number; raw: Record<string, string> }[] = [];
  for await (const { rows, columns } of readAgain(files, 'parts'))
    for (const { rowNo, row } of rows)
      if (wrong.has(rowNo)) found.push({ rowNo, raw: cellsOf(row, columns).raw() });
  for (let i = 0; i < found.length; i += BATCH) {
    const chunk = found.slice(i, i + BATCH);
    await db.execute(sql`
      update ${staged} s set raw = u.raw
        from jsonb_to_recordset(${jsonRows(chunk)}::jsonb) as u("rowNo" int, raw jsonb)
       where s.import_id = ${importId} and s.row_no = u."rowNo"`);
  }
}

/**
 * A part in the catalog whose vehicles the fitment file replaces but which the parts file does
 * not list: a row of its own (numbered after the fitment row that names it, negative: it has no
 * row in the parts file), so the preview shows the change and the apply finds the part.
 */
async function addFitmentOnlyParts(db: Db, importId: string): Promise<void> {
  await db.execute(sql`
    insert into ${staged} (import_id, row_no, sku, sku_key, part_id, stock_before)
    select ${importId}::uuid, -min(f.row_no), min(f.sku), f.sku_key, o.part_id, null
      from ${stagedFitments} f
      join (${fitmentOwners(importId)}) o on o.sku_key = f.sku_key
     where f.import_id = ${importId} and o.part_id is not null
       and not exists (select 1 from ${staged} s where s.import_id = ${importId} and s.sku_key = f.sku_key)
     group by f.sku_key, o.part_id`);
}

async function countPreview(
  db: Db,
  importId: string,
  archiveMissing: boolean,
  skippedVehicles: number,
): Promise<ImportCounts> {
  // One pass over each staging table; a row without a kind is unchanged (`computeDiff`).
  const [row] = rowsOf(
    await db.execute(sql`
      select
        count(*) filter (where row_no > 0)::int as rows,
        count(*) filter (where kind = 'new')::int as new_parts,
        count(*) filter (where kind = 'changed')::int as changed,
        count(*) filter (where kind = 'archived')::int as archived_rows,
        -- A vehicles-only file (an ACES file) has no rows of its own: the parts it names count.
        case when count(*) filter (where row_no > 0) = 0
             then count(*) filter (where kind is null)
             else count(*) filter (where kind is null and row_no > 0) end::int as unchanged,
        count(*) filter (where kind = 'error')::int as errors,
        count(*) filter (where kind = 'changed' and changes ? 'fitment')::int as fitment_changed,
        count(*) filter (where kind = 'changed' and price_jump)::int as price_jumps
        from ${staged} where import_id = ${importId}`),
  );
  const [vehicles] = rowsOf(
    await db.execute(sql`
      select count(*)::int as rows,
             count(*) filter (where jsonb_array_length(errors) > 0)::int as errors,
             (select count(*)::int from ${staged} s where s.import_id = ${importId} and s.kind = 'new'
                and exists (select 1 from ${stagedFitments} f
                             where f.import_id = ${importId} and f.sku_key = s.sku_key)) as new_with_vehicles
        from ${stagedFitments} where import_id = ${importId}`),
  );
  const missing = archiveMissing
    ? await countLivePartsNotIn(
        db,
        sql`select part_id from ${staged} where import_id = ${importId} and part_id is not null`,
      )
    : 0;
  return {
    rows: Number(row?.rows ?? 0),
    new: Number(row?.new_parts ?? 0),
    changed: Number(row?.changed ?? 0),
    unchanged: Number(row?.unchanged ?? 0),
    archived: missing + Number(row?.archived_rows ?? 0),
    archivedRows: Number(row?.archived_rows ?? 0),
    errors: Number(row?.errors ?? 0) + Number(vehicles?.errors ?? 0),
    fitmentRows: Number(vehicles?.rows ?? 0) + skippedVehicles,
    fitmentParts: Number(row?.fitment_changed ?? 0) + Number(vehicles?.new_with_vehicles ?? 0),
    pictures: 0,
    priceJumps: Number(row?.price_jumps ?? 0),
  };
}
