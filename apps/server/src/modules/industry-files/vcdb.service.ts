import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { VcdbReleaseCounts, VcdbReleaseSummary, VcdbRemapItem } from '@storefront/contract';
import type { Db, DbOrTx } from '../../db/database.js';
import { intArray } from '../../db/array-literals.js';
import { rowsOf } from '../../db/raw-rows.js';
import { AppError, notFound } from '../../http/errors.js';
import { isUniqueViolation } from '../../db/pg-errors.js';
import { recordAudit } from '../audit/audit.service.js';
import type { StaffActor } from '../audit/audit.service.js';
import { fitmentsRelation, replaceFitmentsFrom } from '../parts/bulk-catalog.service.js';
import { partsRelation } from '../parts/stock.service.js';
import {
  acesApplications,
  vcdbBaseVehicles,
  vcdbMakes,
  vcdbModels,
  vcdbPositions,
  vcdbReleases,
  type VcdbReleaseRow,
} from './industry.tables.js';
import { idOf, pipeRecords, versionDateOf } from './pipe-file.js';
import { unreadableFile as refuse } from '../catalog-import/unreadable.js';

export type VcdbFiles = {
  baseVehicle: { path: string; name: string };
  make: { path: string; name: string };
  model: { path: string; name: string };
  position?: { path: string; name: string };
  version?: { path: string; name: string };
};

const BATCH = 5_000;
const ZERO: VcdbReleaseCounts = {
  baseVehicles: 0,
  makes: 0,
  models: 0,
  positions: 0,
  applications: 0,
  renamed: 0,
  unresolved: 0,
};

export const releaseSummary = (row: VcdbReleaseRow): VcdbReleaseSummary => ({
  id: row.id,
  status: row.status,
  versionDate: row.versionDate,
  fileNames: row.fileNames,
  counts: { ...ZERO, ...row.counts },
  createdBy: row.createdByEmail,
  createdAt: row.createdAt.toISOString(),
  appliedAt: row.appliedAt?.toISOString() ?? null,
});

export const releaseNotFound = () => notFound('VCdb release');

/** The version date a release carries: its version file's, else the one staff typed. */
export async function versionDateFrom(
  files: Partial<VcdbFiles>,
  typed: string | undefined,
): Promise<string> {
  if (files.version) {
    for await (const row of pipeRecords(files.version, ['versiondate'])) {
      const date = versionDateOf(row.versiondate);
      if (!date) throw refuse(`${files.version.name}: "${row.versiondate}" is not a date`);
      return date;
    }
    throw refuse(`${files.version.name} holds no version date`);
  }
  const date = versionDateOf(typed);
  if (!date)
    throw new AppError(400, 'VALIDATION_FAILED', 'Give the release’s version date (YYYY-MM-DD)', {
      versionDate: 'Give the release’s version date (YYYY-MM-DD), or send its version file',
    });
  return date;
}

/** Reads one table into its rows by release, 5,000 a statement. */
async function load<T>(
  db: Db,
  file: { path: string; name: string },
  required: string[],
  toRow: (r: Record<string, string>) => T | null,
  write: (rows: T[]) => Promise<void>,
): Promise<number> {
  let batch: T[] = [];
  let count = 0;
  let line = 1;
  for await (const record of pipeRecords(file, required)) {
    line += 1;
    const row = toRow(record);
    if (!row) throw refuse(`${file.name}: row ${line} does not hold the ids and names expected`);
    batch.push(row);
    count += 1;
    if (batch.length >= BATCH) {
      await write(batch);
      batch = [];
    }
  }
  if (batch.length > 0) await write(batch);
  return count;
}

const text = (v: string | undefined, max: number) => {
  const t = (v ?? '').trim();
  return t && t.length <= max && !/[\p{Cc}]/u.test(t) ? t : null;
};

/**
 * Stores an uploaded release beside the current one (`previewed`): nothing the shop shows
 * changes. Then maps every stored ACES application under it and counts those that would change.
 * A file that breaks a rule leaves nothing behind.
 */
export async function stageRelease(
  db: Db,
  files: VcdbFiles,
  versionDate: string,
  createdByEmail: string,
): Promise<VcdbReleaseRow> {
  const [release] = await db
    .insert(vcdbReleases)
    .values({
      status: 'previewed',
      versionDate,
      createdByEmail,
      fileNames: Object.values(files).map((f) => f.name),
    })
    .returning();
  if (!release) throw new Error('the release was not recorded');
  const id = release.id;
  try {
    const makes = await load(
      db,
      files.make,
      ['makeid', 'makename'],
      (r) => {
        const makeId = idOf(r.makeid);
        const name = text(r.makename, 40);
        return makeId === null || !name ? null : { makeId, name };
      },
      async (rows) => {
        await db.execute(sql`
          insert into ${vcdbMakes} (release_id, make_id, name)
          select ${id}::uuid, u.i, u.n
            from unnest(${intArray(rows.map((r) => r.makeId))}::int[], ${sql.param(rows.map((r) => r.name))}::text[]) as u(i, n)
          on conflict do nothing`);
      },
    );
    const models = await load(
      db,
      files.model,
      ['modelid', 'modelname'],
      (r) => {
        const modelId = idOf(r.modelid);
        const name = text(r.modelname, 60);
        return modelId === null || !name ? null : { modelId, name };
      },
      async (rows) => {
        await db.execute(sql`
          insert into ${vcdbModels} (release_id, model_id, name)
          select ${id}::uuid, u.i, u.n
            from unnest(${intArray(rows.map((r) => r.modelId))}::int[], ${sql.param(rows.map((r) => r.name))}::text[]) as u(i, n)
          on conflict do nothing`);
      },
    );
    const baseVehicles = await load(
      db,
      files.baseVehicle,
      ['basevehicleid', 'yearid', 'makeid', 'modelid'],
      (r) => {
        const row = {
          id: idOf(r.basevehicleid),
          year: idOf(r.yearid),
          makeId: idOf(r.makeid),
          modelId: idOf(r.modelid),
        };
        return Object.values(row).some((v) => v === null) || row.year! < 1896 || row.year! > 2100
          ? null
          : (row as { id: number; year: number; makeId: number; modelId: number });
      },
      async (rows) => {
        await db.execute(sql`
          insert into ${vcdbBaseVehicles} (release_id, base_vehicle_id, year, make_id, model_id)
          select ${id}::uuid, u.i, u.y, u.mk, u.md
            from unnest(${intArray(rows.map((r) => r.id))}::int[], ${intArray(rows.map((r) => r.year))}::int[],
                        ${intArray(rows.map((r) => r.makeId))}::int[], ${intArray(rows.map((r) => r.modelId))}::int[])
                 as u(i, y, mk, md)
          on conflict do nothing`);
      },
    );
    const positions = files.position
      ? await load(
          db,
          files.position,
          ['positionid', 'position'],
          (r) => {
            const positionId = idOf(r.positionid);
            const name = text(r.position, 40);
            return positionId === null || !name ? null : { positionId, name };
          },
          async (rows) => {
            await db.execute(sql`
              insert into ${vcdbPositions} (release_id, position_id, name)
              select ${id}::uuid, u.i, u.n
                from unnest(${intArray(rows.map((r) => r.positionId))}::int[], ${sql.param(rows.map((r) => r.name))}::text[]) as u(i, n)
              on conflict do nothing`);
          },
        )
      : 0;
    if (baseVehicles === 0) throw refuse(`${files.baseVehicle.name} holds no base vehicles`);
    const [orphans] = rowsOf(
      await db.execute(sql`
        select count(*)::int as n from ${vcdbBaseVehicles} b
         where b.release_id = ${id}
           and (not exists (select 1 from ${vcdbMakes} m where m.release_id = ${id} and m.make_id = b.make_id)
             or not exists (select 1 from ${vcdbModels} m where m.release_id = ${id} and m.model_id = b.model_id))`),
    );
    if (Number(orphans?.n ?? 0) > 0)
      throw refuse(
        `${Number(orphans?.n).toLocaleString('en-US')} base vehicles name a make or model the Make and Model tables do not hold: upload the three tables of one release`,
      );
    const remap = await remapCounts(db, id);
    const [row] = await db
      .update(vcdbReleases)
      .set({ counts: { baseVehicles, makes, models, positions, ...remap } })
      .where(eq(vcdbReleases.id, id))
      .returning();
    return row!;
  } catch (err) {
    await dropReleaseRows(db, [id]);
    await db.delete(vcdbReleases).where(eq(vcdbReleases.id, id));
    throw err;
  }
}

/** Each stored application as `releaseId` names it (null names: it does not hold the id). */
const mapped = (releaseId: string) => sql`
  select a.part_id, a.base_vehicle_id, a.make, a.model, a.year, a.position, a.note,
         mk.name as new_make, md.name as new_model, b.year as new_year
    from ${acesApplications} a
    left join ${vcdbBaseVehicles} b on b.release_id = ${releaseId} and b.base_vehicle_id = a.base_vehicle_id
    left join ${vcdbMakes} mk on mk.release_id = ${releaseId} and mk.make_id = b.make_id
    left join ${vcdbModels} md on md.release_id = ${releaseId} and md.model_id = b.model_id`;

const changedOnly = sql`(new_year is null or (new_make, new_model, new_year) is distinct from (make, model, year))`;

async function remapCounts(
  db: DbOrTx,
  releaseId: string,
): Promise<Pick<VcdbReleaseCounts, 'applications' | 'renamed' | 'unresolved'>> {
  const [row] = rowsOf(
    await db.execute(sql`
      select count(*)::int as applications,
             count(*) filter (where new_year is null)::int as unresolved,
             count(*) filter (where new_year is not null and ${changedOnly})::int as renamed
        from (${mapped(releaseId)}) m`),
  );
  return {
    applications: Number(row?.applications ?? 0),
    renamed: Number(row?.renamed ?? 0),
    unresolved: Number(row?.unresolved ?? 0),
  };
}

const vehicleText = (make: unknown, model: unknown, year: unknown) =>
  `${String(make)} ${String(model)} ${String(year)}`;

/** The stored applications a release does not map as before, in part-number order. */
export async function* remapItems(
  db: DbOrTx,
  releaseId: string,
  limit = Number.MAX_SAFE_INTEGER,
): AsyncGenerator<VcdbRemapItem> {
  let after: [string, number, string] | null = null;
  let left = limit;
  while (left > 0) {
    const page = rowsOf(
      await db.execute(sql`
        select p.sku, m.part_id::text as part_id, m.base_vehicle_id, m.make, m.model, m.year,
               m.new_make, m.new_model, m.new_year, m.position
          from (${mapped(releaseId)}) m join ${partsRelation} p on p.id = m.part_id
         where ${changedOnly}
           ${after ? sql`and (p.sku, m.base_vehicle_id, m.part_id::text) > (${after[0]}, ${after[1]}, ${after[2]})` : sql``}
         order by p.sku, m.base_vehicle_id, m.part_id::text
         limit ${Math.min(left, 1000)}`),
    );
    for (const r of page)
      yield {
        partNumber: String(r.sku),
        baseVehicleId: Number(r.base_vehicle_id),
        before: vehicleText(r.make, r.model, r.year),
        after: r.new_year === null ? null : vehicleText(r.new_make, r.new_model, r.new_year),
      };
    if (page.length < Math.min(left, 1000)) return;
    left -= page.length;
    const last = page.at(-1)!;
    after = [String(last.sku), Number(last.base_vehicle_id), String(last.part_id)];
  }
}

export async function findRelease(db: DbOrTx, id: string): Promise<VcdbReleaseRow | undefined> {
  const [row] = await db.select().from(vcdbReleases).where(eq(vcdbReleases.id, id)).limit(1);
  return row;
}

export async function listReleases(db: DbOrTx): Promise<VcdbReleaseRow[]> {
  return db.select().from(vcdbReleases).orderBy(desc(vcdbReleases.createdAt)).limit(50);
}

async function dropReleaseRows(db: DbOrTx, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  for (const table of [vcdbBaseVehicles, vcdbMakes, vcdbModels, vcdbPositions])
    await db.delete(table).where(inArray(table.releaseId, ids));
}

const notPreviewed = (row: VcdbReleaseRow) =>
  new AppError(
    409,
    'VCDB_NOT_PREVIEWED',
    `This release is ${row.status}: only a preview can be applied or discarded.`,
  );

/**
 * Makes a previewed release current, in one transaction: the release is locked first (a second
 * apply waits, then finds it current: 409), the one before it retired and its rows dropped, and
 * each stored application whose base vehicle now names another make, model or year follows it
 * (its part's vehicles rewritten through the parts module). Applications whose id the release
 * does not hold keep their vehicle: they stay listed on the release.
 */
export async function applyRelease(
  db: Db,
  id: string,
  actor: StaffActor,
): Promise<{ row: VcdbReleaseRow; moved: number }> {
  try {
    return await db.transaction(async (tx) => {
      const [locked] = rowsOf(
        await tx.execute(sql`select status from ${vcdbReleases} where id = ${id} for update`),
      );
      if (!locked) throw releaseNotFound();
      const before = await findRelease(tx, id);
      if (before!.status !== 'previewed') throw notPreviewed(before!);
      const retired = await tx
        .update(vcdbReleases)
        .set({ status: 'retired' })
        .where(eq(vcdbReleases.status, 'current'))
        .returning({ id: vcdbReleases.id });
      // The applications that follow their base vehicle: their part's vehicles are rewritten.
      await tx.execute(sql`
        create temporary table vcdb_moves on commit drop as
        select part_id, base_vehicle_id, make, model, year, position, note, new_make, new_model, new_year
          from (${mapped(id)}) m where new_year is not null and ${changedOnly}`);
      const [moves] = rowsOf(await tx.execute(sql`select count(*)::int as n from vcdb_moves`));
      const moved = Number(moves?.n ?? 0);
      if (moved > 0) {
        const owners = sql`select distinct part_id from vcdb_moves`;
        // A vehicle row is the application's when it names the same vehicle, year, position and
        // note; a row spanning several years splits around the moved year.
        await tx.execute(sql`
          create temporary table vcdb_rows on commit drop as
          with years as (
            select f.part_id, f.make, f.model, y as year, f.position, f.note
              from ${fitmentsRelation} f, generate_series(f.year_from, f.year_to) y
             where f.part_id in (${owners})
          ),
          renamed as (
            select y.part_id, coalesce(v.new_make, y.make) as make, coalesce(v.new_model, y.model) as model,
                   coalesce(v.new_year, y.year) as year, y.position, y.note
              from years y left join vcdb_moves v
                on v.part_id = y.part_id and v.make = y.make and v.model = y.model and v.year = y.year
               and v.position = y.position and v.note = y.note
          ),
          distinct_years as (select distinct * from renamed),
          islands as (
            select *, year - row_number() over (partition by part_id, make, model, position, note order by year) as grp
              from distinct_years
          )
          select part_id, make, model, min(year) as year_from, max(year) as year_to, position, note
            from islands group by part_id, make, model, position, note, grp`);
        await replaceFitmentsFrom(tx, owners, sql`select * from vcdb_rows`);
        await tx.execute(sql`
          update ${acesApplications} a
             set make = v.new_make, model = v.new_model, year = v.new_year
            from vcdb_moves v
           where a.part_id = v.part_id and a.base_vehicle_id = v.base_vehicle_id
             and a.make = v.make and a.model = v.model and a.year = v.year
             and a.position = v.position and a.note = v.note`);
      }
      const [row] = await tx
        .update(vcdbReleases)
        .set({ status: 'current', appliedAt: new Date() })
        .where(and(eq(vcdbReleases.id, id), eq(vcdbReleases.status, 'previewed')))
        .returning();
      await dropReleaseRows(
        tx,
        retired.map((r) => r.id),
      );
      await recordAudit(tx, actor, {
        action: 'vcdb.apply',
        targetType: 'import',
        targetId: id,
        summary: `VCdb release of ${row!.versionDate} applied: ${moved} applications re-mapped, ${row!.counts.unresolved ?? 0} no longer resolve`,
        details: { counts: row!.counts, moved },
      });
      return { row: row!, moved };
    });
  } catch (err) {
    if (isUniqueViolation(err))
      throw new AppError(
        409,
        'VCDB_NOT_PREVIEWED',
        'Another release was applied meanwhile: upload this one again.',
      );
    throw err;
  }
}

export async function discardRelease(db: Db, id: string): Promise<VcdbReleaseRow> {
  const row = await findRelease(db, id);
  if (!row) throw releaseNotFound();
  const [done] = await db
    .update(vcdbReleases)
    .set({ status: 'discarded' })
    .where(and(eq(vcdbReleases.id, id), eq(vcdbReleases.status, 'previewed')))
    .returning();
  if (!done) throw notPreviewed(row);
  await dropReleaseRows(db, [id]);
  return done;
}
