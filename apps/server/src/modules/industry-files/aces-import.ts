import { sql } from 'drizzle-orm';
import { ACES_UNMAPPED_REASONS, FITMENT_COLUMNS } from '@storefront/contract';
import type { Db, DbOrTx } from '../../db/database.js';
import { intArray } from '../../db/array-literals.js';
import { rowsOf } from '../../db/raw-rows.js';
import { AppError } from '../../http/errors.js';
import type { Cell } from '../catalog-import/cells.js';
import { fitmentOwners } from '../catalog-import/checks.js';
import { IMPORT_LIMITS } from '../catalog-import/limits.js';
import type { Sheet } from '../catalog-import/sheets.js';
import { fitmentsRelation } from '../parts/bulk-catalog.service.js';
import { partsRelation } from '../parts/stock.service.js';
import { readAces, type AcesApp, type AcesHeader } from './aces-read.js';
import { acesApplications, acesStagedApps, acesUnmapped } from './industry.tables.js';
import type { VcdbIndex } from './vcdb-index.js';

const BATCH = 5_000;
/** Years one App's `Years` may span (the VCdb's whole history is about 130). */
const MAX_SPAN = 150;
const R = ACES_UNMAPPED_REASONS;

/**
 * A batch of staged applications as columns, one array a column, written by one statement: no
 * object per application (a batch lives through a round trip to the database, long enough for
 * V8 to move what it holds to the old generation).
 */
class AppBatch {
  readonly rowNo: number[] = [];
  readonly action: ('A' | 'D')[] = [];
  readonly sku: string[] = [];
  readonly skuKey: string[] = [];
  readonly baseVehicleId: number[] = [];
  readonly make: string[] = [];
  readonly model: string[] = [];
  readonly year: number[] = [];
  readonly position: string[] = [];
  readonly note: string[] = [];
  readonly quantity: (number | null)[] = [];
  readonly partTypeId: (number | null)[] = [];
  readonly appId: (string | null)[] = [];
  get length() {
    return this.rowNo.length;
  }
}

/**
 * A string read from the file as a copy of its own. What the XML reader hands on is often a slice
 * of the 64 KB of text it was read from, and keeps all of it alive: a batch of applications kept
 * the file's text with it. Short strings are copies already (V8 slices 13 characters or more).
 */
const ownCopy = (s: string): string => (s.length < 13 ? s : Buffer.from(s).toString());

/** Own copies of the strings that repeat (part numbers, notes), each kept once; bounded. */
function sharedCopies(limit = 20_000) {
  const kept = new Map<string, string>();
  return (s: string): string => {
    let copy = kept.get(s);
    if (copy === undefined) {
      if (kept.size >= limit) kept.clear();
      copy = ownCopy(s);
      kept.set(copy, copy);
    }
    return copy;
  };
}

type Unmapped = {
  seq: number;
  reason: string;
  appId: string | null;
  part: string | null;
  vehicle: string | null;
  detail: string | null;
};

const refuse = (name: string, message: string) =>
  new AppError(400, 'UNREADABLE_FILE', `${name}: ${message}. Nothing was changed.`);

/** Every part number in the catalog, as the vehicle rows match them (upper case). */
async function knownPartNumbers(db: DbOrTx): Promise<Set<string>> {
  const known = new Set<string>();
  let after = '';
  for (;;) {
    const page = rowsOf(
      await db.execute(sql`
        select upper(sku) as k from ${partsRelation} where upper(sku) > ${after}
         order by upper(sku) limit 20000`),
    );
    for (const r of page) known.add(String(r.k));
    if (page.length < 20000) return known;
    after = String(page.at(-1)!.k);
  }
}

const vehicleOf = (app: AcesApp) =>
  app.baseVehicleId !== null
    ? `BaseVehicle ${app.baseVehicleId}`
    : app.makeId !== null || app.modelId !== null
      ? `Make ${app.makeId ?? '?'}, Model ${app.modelId ?? '?'}, ${app.yearFrom ?? '?'}–${app.yearTo ?? '?'}`
      : null;

/**
 * An ACES file as the catalog import reads it (decision 067): one vehicles sheet. Each App is
 * mapped through the current VCdb release to part number, make, model, year, position and note
 * (qualifiers and notes joined) and staged with its base vehicle and quantity; what does not map
 * goes to `aces_unmapped` with its reason. After the footer's record count is checked, FULL and
 * INCREMENTAL are resolved to each listed part's whole new set of applications, and the sheet's
 * rows are those applications with consecutive years joined: the rows the catalog import checks,
 * compares and applies as any vehicles file's.
 */
export function acesSheets(
  db: Db,
  importId: string,
  file: { path: string; name: string },
  vcdb: VcdbIndex,
): () => AsyncGenerator<Sheet> {
  return async function* () {
    yield { label: file.name, rows: rows() };
  };

  async function* rows(): AsyncGenerator<Cell[]> {
    yield FITMENT_COLUMNS.map((c) => c.header);
    try {
      const header = await stage();
      yield* mergedRows(header);
    } catch (err) {
      await dropStaged(db, importId);
      throw err;
    }
  }

  async function stage(): Promise<AcesHeader> {
    const known = await knownPartNumbers(db);
    let header: AcesHeader | null = null;
    let apps = 0;
    let recordCount: number | null = null;
    let rowNo = 0;
    let seq = 0;
    const shared = sharedCopies();
    let staged = new AppBatch();
    let unmapped: Unmapped[] = [];
    const flush = async () => {
      const [apps, misses] = [staged, unmapped];
      staged = new AppBatch();
      unmapped = [];
      await insertStaged(db, importId, apps);
      await insertUnmapped(db, importId, misses);
    };
    const miss = (app: AcesApp, reason: string, detail: string | null = null) =>
      unmapped.push({
        seq: ++seq,
        reason,
        appId: app.id === null ? null : ownCopy(app.id),
        part: app.part === null ? null : ownCopy(app.part.slice(0, 60)),
        vehicle: vehicleOf(app),
        detail: ownCopy(`line ${app.line}${detail ? `: ${detail}` : ''}`),
      });
    for await (const item of readAces(file)) {
      if (item.kind === 'header') {
        header = item.header;
        continue;
      }
      if (item.kind === 'footer') {
        recordCount = item.recordCount;
        continue;
      }
      const { app } = item;
      if (++apps > IMPORT_LIMITS.maxFitmentRows)
        throw refuse(
          file.name,
          `it holds more than ${IMPORT_LIMITS.maxFitmentRows.toLocaleString('en-US')} applications; one import reads at most that many`,
        );
      if (app.problems.length > 0) miss(app, R.unreadable, app.problems.join('; '));
      else if (!app.part) miss(app, R.noPart);
      else if (!known.has(app.part.toUpperCase())) miss(app, R.unknownPart);
      else {
        const years = yearsOf(app, vcdb);
        if ('reason' in years) miss(app, years.reason, years.detail);
        else {
          const position =
            app.positionId === null
              ? ''
              : (vcdb.position(app.positionId) ?? `Position ${app.positionId}`);
          const note = shared([...app.qualifiers, ...app.notes].join('; '));
          const sku = shared(app.part);
          const skuKey = shared(sku.toUpperCase());
          const appId = app.id === null ? null : ownCopy(app.id);
          for (const y of years.vehicles) {
            staged.rowNo.push(++rowNo);
            staged.action.push(app.action);
            staged.sku.push(sku);
            staged.skuKey.push(skuKey);
            staged.baseVehicleId.push(y.id);
            staged.make.push(y.make);
            staged.model.push(y.model);
            staged.year.push(y.year);
            staged.position.push(position);
            staged.note.push(note);
            staged.quantity.push(app.quantity);
            staged.partTypeId.push(app.partTypeId);
            staged.appId.push(appId);
          }
        }
      }
      if (staged.length >= BATCH || unmapped.length >= BATCH) await flush();
    }
    await flush();
    if (!header) throw refuse(file.name, 'it has no Header');
    if (recordCount === null) throw refuse(file.name, 'its Footer has no RecordCount');
    if (recordCount !== apps)
      throw refuse(
        file.name,
        `its Footer's RecordCount is ${recordCount.toLocaleString('en-US')} but it holds ${apps.toLocaleString('en-US')} applications: the file may be cut short or joined from several`,
      );
    await resolveSubmission(db, importId, header, seq);
    const notes = [
      `ACES ${header.version}, ${header.submissionType}${header.company ? ` from ${header.company}` : ''}: ${apps.toLocaleString('en-US')} applications, as the footer counts.`,
      ...(header.vcdbVersionDate && header.vcdbVersionDate.slice(0, 10) !== vcdb.versionDate
        ? [
            `The file was written against the VCdb of ${header.vcdbVersionDate.slice(0, 10)}; the shop holds the VCdb of ${vcdb.versionDate}: ids retired since may show as unknown.`,
          ]
        : []),
      ...(await unmappedNote(db, importId)),
    ];
    await db.execute(sql`
      update catalog_imports set notes = notes || ${JSON.stringify(notes)}::jsonb where id = ${importId}`);
    return header;
  }

  /** The rows of the vehicles sheet: each part's applications, consecutive years joined. */
  async function* mergedRows(_header: AcesHeader): AsyncGenerator<Cell[]> {
    let after = '';
    for (;;) {
      const keys = rowsOf(
        await db.execute(sql`
          select distinct sku_key from ${acesStagedApps}
           where import_id = ${importId} and sku_key > ${after} and action in ('A', 'K')
           order by sku_key limit 500`),
      ).map((r) => String(r.sku_key));
      if (keys.length === 0) return;
      const page = rowsOf(
        await db.execute(sql`
          with d as (
            select distinct sku_key, make, model, year, position, note from ${acesStagedApps}
             where import_id = ${importId} and action in ('A', 'K') and sku_key = any(${sql.param(keys)}::text[])
          ),
          islands as (
            select *, year - row_number() over (partition by sku_key, make, model, position, note order by year) as grp
              from d
          )
          select (select max(s.sku) from ${acesStagedApps} s where s.import_id = ${importId} and s.sku_key = i.sku_key) as sku,
                 make, model, min(year) as year_from, max(year) as year_to, position, note
            from islands i
           group by sku_key, make, model, position, note, grp
           order by sku_key, make, model, min(year), position, note`),
      );
      for (const r of page)
        yield [
          String(r.sku),
          String(r.make),
          String(r.model),
          Number(r.year_from),
          Number(r.year_to),
          String(r.position),
          String(r.note),
        ];
      after = keys.at(-1)!;
    }
  }
}

/** The vehicles an App names, one per year, or why it names none the VCdb holds. */
function yearsOf(
  app: AcesApp,
  vcdb: VcdbIndex,
):
  | { vehicles: { id: number; year: number; make: string; model: string }[] }
  | { reason: string; detail: string | null } {
  if (app.baseVehicleId !== null) {
    const v = vcdb.baseVehicle(app.baseVehicleId);
    if (!v) return { reason: R.unknownVehicle, detail: `not in the VCdb of ${vcdb.versionDate}` };
    return { vehicles: [{ id: app.baseVehicleId, ...v }] };
  }
  if (app.makeId === null || app.modelId === null) return { reason: R.noVehicle, detail: null };
  const make = vcdb.make(app.makeId);
  const model = vcdb.model(app.modelId);
  const span = vcdb.years(app.makeId, app.modelId);
  if (!make || !model || !span)
    return {
      reason: R.unknownMakeModel,
      detail: !make
        ? `Make ${app.makeId} unknown`
        : !model
          ? `Model ${app.modelId} unknown`
          : 'no base vehicle of that make and model',
    };
  const from = app.yearFrom ?? span[0];
  const to = app.yearTo ?? span[1];
  if (to - from > MAX_SPAN) return { reason: R.unreadable, detail: `Years ${from}–${to}` };
  const vehicles = [];
  const missing = [];
  for (let y = from; y <= to; y += 1) {
    const id = vcdb.byYear(app.makeId, app.modelId, y);
    if (id === undefined) missing.push(y);
    else vehicles.push({ id, year: y, make, model });
  }
  if (missing.length > 0)
    return {
      reason: R.yearOutside,
      detail: `${make} ${model} is in the VCdb for ${span[0]}–${span[1]}${missing.length < to - from + 1 ? ` with gaps` : ''}; not for ${missing.length > 5 ? `${missing.slice(0, 5).join(', ')}…` : missing.join(', ')}`,
    };
  return { vehicles };
}

async function insertStaged(db: DbOrTx, importId: string, rows: AppBatch): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    insert into ${acesStagedApps} (import_id, row_no, action, sku, sku_key, base_vehicle_id, make,
      model, year, position, note, quantity, part_type_id, app_id)
    select ${importId}::uuid, u.*
      from unnest(${intArray(rows.rowNo)}::int[], ${sql.param(rows.action)}::text[],
        ${sql.param(rows.sku)}::text[], ${sql.param(rows.skuKey)}::text[],
        ${intArray(rows.baseVehicleId)}::int[], ${sql.param(rows.make)}::text[],
        ${sql.param(rows.model)}::text[], ${intArray(rows.year)}::int[],
        ${sql.param(rows.position)}::text[], ${sql.param(rows.note)}::text[],
        ${intArray(rows.quantity)}::int[], ${intArray(rows.partTypeId)}::int[],
        ${sql.param(rows.appId)}::text[])
        as u(row_no, action, sku, sku_key, base_vehicle_id, make, model, year, position, note, quantity, part_type_id, app_id)`);
}

async function insertUnmapped(db: DbOrTx, importId: string, rows: Unmapped[]): Promise<void> {
  if (rows.length === 0) return;
  const col = <T>(pick: (r: Unmapped) => T) => sql.param(rows.map(pick));
  await db.execute(sql`
    insert into ${acesUnmapped} (import_id, seq, reason, app_id, part, vehicle, detail)
    select ${importId}::uuid, u.*
      from unnest(${intArray(rows.map((r) => r.seq))}::int[], ${col((r) => r.reason)}::text[],
        ${col((r) => r.appId)}::text[], ${col((r) => r.part)}::text[],
        ${col((r) => r.vehicle)}::text[], ${col((r) => r.detail)}::text[])
        as u(seq, reason, app_id, part, vehicle, detail)`);
}

/**
 * What the submission means for each listed part, in SQL over the staged applications: the same
 * application twice is reported once as a duplicate; FULL keeps the file's applications (a `D`
 * in it is left out: the file replaces the part's vehicles); INCREMENTAL keeps the part's stored
 * applications and spreadsheet vehicles except those an `action="D"` names (one naming nothing
 * stored is reported), then adds the `action="A"` ones.
 */
async function resolveSubmission(
  db: DbOrTx,
  importId: string,
  header: AcesHeader,
  lastSeq: number,
): Promise<void> {
  const seqBase = sql`(select coalesce(max(seq), ${lastSeq}) from ${acesUnmapped} where import_id = ${importId})`;
  await db.execute(sql`
    with ranked as (
      select row_no, row_number() over (
               partition by action, sku_key, base_vehicle_id, position, note order by row_no) as n
        from ${acesStagedApps} where import_id = ${importId}
    ),
    gone as (
      delete from ${acesStagedApps} s using ranked r
       where s.import_id = ${importId} and s.row_no = r.row_no and r.n > 1
      returning s.*
    )
    insert into ${acesUnmapped} (import_id, seq, reason, app_id, part, vehicle, detail)
    select ${importId}::uuid, ${seqBase} + row_number() over (order by min(row_no)), ${R.duplicate},
           app_id, min(sku), make || ' ' || model, 'years ' || string_agg(year::text, ', ' order by year)
      from gone group by app_id, sku_key, make, model, position, note`);
  if (header.submissionType === 'FULL') {
    await db.execute(
      sql`delete from ${acesStagedApps} where import_id = ${importId} and action = 'D'`,
    );
    return;
  }
  // INCREMENTAL: a D that names no stored application is reported.
  await db.execute(sql`
    with orphan as (
      select s.* from ${acesStagedApps} s
       where s.import_id = ${importId} and s.action = 'D'
         and not exists (
           select 1 from ${acesApplications} a join ${partsRelation} p on p.id = a.part_id
            where upper(p.sku) = s.sku_key and a.base_vehicle_id = s.base_vehicle_id
              and a.position = s.position and a.note = s.note)
    )
    insert into ${acesUnmapped} (import_id, seq, reason, app_id, part, vehicle, detail)
    select ${importId}::uuid, ${seqBase} + row_number() over (order by row_no), ${R.deleteNotFound},
           app_id, sku, make || ' ' || model || ' ' || year, null
      from orphan`);
  const maxRow = sql`(select coalesce(max(row_no), 0) from ${acesStagedApps} where import_id = ${importId})`;
  const touched = sql`
    select distinct s.sku_key, p.id as part_id from ${acesStagedApps} s
      join ${partsRelation} p on upper(p.sku) = s.sku_key where s.import_id = ${importId}`;
  // The stored applications the file leaves alone.
  await db.execute(sql`
    insert into ${acesStagedApps} (import_id, row_no, action, sku, sku_key, base_vehicle_id, make,
      model, year, position, note, quantity, part_type_id, app_id)
    select ${importId}::uuid, ${maxRow} + row_number() over (order by t.sku_key, a.year), 'K', p.sku,
           t.sku_key, a.base_vehicle_id, a.make, a.model, a.year, a.position, a.note, a.quantity,
           a.part_type_id, a.app_id
      from (${touched}) t join ${acesApplications} a on a.part_id = t.part_id
      join ${partsRelation} p on p.id = t.part_id
     where not exists (select 1 from ${acesStagedApps} s
                        where s.import_id = ${importId} and s.sku_key = t.sku_key
                          and s.base_vehicle_id = a.base_vehicle_id and s.position = a.position
                          and s.note = a.note)`);
  // Vehicles that came from a spreadsheet (no application stored for that year) stay too.
  await db.execute(sql`
    insert into ${acesStagedApps} (import_id, row_no, action, sku, sku_key, base_vehicle_id, make,
      model, year, position, note, quantity, app_id)
    select ${importId}::uuid, ${maxRow} + row_number() over (order by t.sku_key, f.make, f.model, y), 'K',
           p.sku, t.sku_key, null, f.make, f.model, y, f.position, f.note, null, null
      from (${touched}) t join ${fitmentsRelation} f on f.part_id = t.part_id
      join ${partsRelation} p on p.id = t.part_id, generate_series(f.year_from, f.year_to) y
     where not exists (select 1 from ${acesApplications} a
                        where a.part_id = t.part_id and a.make = f.make and a.model = f.model
                          and a.year = y and a.position = f.position and a.note = f.note)`);
  await db.execute(
    sql`delete from ${acesStagedApps} where import_id = ${importId} and action = 'D'`,
  );
}

async function unmappedNote(db: DbOrTx, importId: string): Promise<string[]> {
  const rows = rowsOf(
    await db.execute(sql`
      select reason, count(*)::int as n from ${acesUnmapped} where import_id = ${importId}
       group by reason order by count(*) desc, reason`),
  );
  if (rows.length === 0) return [];
  const total = rows.reduce((sum, r) => sum + Number(r.n), 0);
  return [
    `${total.toLocaleString('en-US')} ${total === 1 ? 'application was' : 'applications were'} not mapped and will not be applied: ${rows
      .map((r) => `${String(r.reason).toLowerCase()} (${Number(r.n).toLocaleString('en-US')})`)
      .join(', ')}. Download the list to see each.`,
  ];
}

/** Groups of applications a part's quantity line names before "and N more". */
const QUANTITY_GROUPS = 12;

/**
 * The preview's diff for what the vehicle rows cannot show (decision 067): an application the
 * part already has (same base vehicle, position and note) whose quantity the file changes. Each
 * such part's row gets `quantities` as [before, after] in words, its applications grouped by
 * make, model, position and note with consecutive years joined ("Toyota Corolla 2014–2015,
 * Front: 2"); a row the vehicles left unchanged becomes changed. Run once the catalog import's
 * own diff is written; an unchanged re-import writes nothing.
 */
export async function acesQuantityChanges(db: DbOrTx, importId: string): Promise<void> {
  await db.execute(sql`
    with file as (
      select distinct on (sku_key, base_vehicle_id, position, note)
             sku_key, base_vehicle_id, position, note, quantity
        from ${acesStagedApps}
       where import_id = ${importId} and action in ('A', 'K') and base_vehicle_id is not null
       order by sku_key, base_vehicle_id, position, note, row_no
    ),
    moved as (
      select s.row_no, a.make, a.model, a.year, a.position, a.note,
             a.quantity as before, f.quantity as after
        from catalog_import_parts s
        join file f on f.sku_key = s.sku_key
        join ${acesApplications} a on a.part_id = s.part_id and a.base_vehicle_id = f.base_vehicle_id
                                  and a.position = f.position and a.note = f.note
       where s.import_id = ${importId} and s.part_id is not null
         and (s.kind is null or s.kind = 'changed')
         and a.quantity is distinct from f.quantity
    ),
    islands as (
      select *, year - row_number() over (
               partition by row_no, make, model, position, note, before, after order by year) as grp
        from moved
    ),
    grouped as (
      select row_no, before, after,
             make || ' ' || model || ' ' || case when min(year) = max(year) then min(year)::text
               else min(year) || '–' || max(year) end
               || case when position <> '' then ', ' || position else '' end
               || case when note <> '' then ' (' || note || ')' else '' end as vehicles,
             row_number() over (partition by row_no order by make, model, min(year), position, note) as n,
             count(*) over (partition by row_no) as total
        from islands
       group by row_no, make, model, position, note, before, after, grp
    ),
    worded as (
      select row_no,
             string_agg(vehicles || ': ' || coalesce(before::text, 'none'), '; ' order by n)
               || case when max(total) > ${QUANTITY_GROUPS}
                    then '; and ' || (max(total) - ${QUANTITY_GROUPS}) || ' more' else '' end as before,
             string_agg(vehicles || ': ' || coalesce(after::text, 'none'), '; ' order by n)
               || case when max(total) > ${QUANTITY_GROUPS}
                    then '; and ' || (max(total) - ${QUANTITY_GROUPS}) || ' more' else '' end as after
        from grouped where n <= ${QUANTITY_GROUPS}
       group by row_no
    )
    update catalog_import_parts s
       set changes = coalesce(s.changes, '{}'::jsonb)
                     || jsonb_build_object('quantities', jsonb_build_array(w.before, w.after)),
           kind = 'changed'
      from worded w
     where s.import_id = ${importId} and s.row_no = w.row_no`);
}

export async function dropStaged(db: DbOrTx, importId: string): Promise<void> {
  await db.execute(sql`delete from ${acesStagedApps} where import_id = ${importId}`);
}

/**
 * Inside the catalog import's apply, once the vehicles are written: the parts whose vehicles
 * this import set (each named by its rows, none of them in error) get its applications as their
 * ACES identity (base vehicle, quantity), replacing what they had. After any import (a
 * spreadsheet's too), a stored application whose vehicle row the import removed goes with it.
 */
export async function recordApplications(tx: DbOrTx, importId: string): Promise<void> {
  const owners = sql`select part_id, sku_key from (${fitmentOwners(importId)}) o where part_id is not null`;
  const [staged] = rowsOf(
    await tx.execute(
      sql`select exists (select 1 from ${acesStagedApps} where import_id = ${importId}) as yes`,
    ),
  );
  if (staged?.yes === true) {
    await tx.execute(sql`
      delete from ${acesApplications} a using (${owners}) o where a.part_id = o.part_id`);
    await tx.execute(sql`
      insert into ${acesApplications} (part_id, base_vehicle_id, make, model, year, position, note, quantity, part_type_id, app_id)
      select distinct on (o.part_id, s.base_vehicle_id, s.position, s.note)
             o.part_id, s.base_vehicle_id, s.make, s.model, s.year, s.position, s.note, s.quantity,
             s.part_type_id, s.app_id
        from ${acesStagedApps} s join (${owners}) o on o.sku_key = s.sku_key
       where s.import_id = ${importId} and s.action in ('A', 'K') and s.base_vehicle_id is not null
       order by o.part_id, s.base_vehicle_id, s.position, s.note, s.row_no`);
    await dropStaged(tx, importId);
  }
  // Whatever the file, an application whose vehicle row is gone is no longer the part's.
  await tx.execute(sql`
    delete from ${acesApplications} a using (${owners}) o
     where a.part_id = o.part_id
       and not exists (select 1 from ${fitmentsRelation} f
                        where f.part_id = a.part_id and f.make = a.make and f.model = a.model
                          and a.year between f.year_from and f.year_to
                          and f.position = a.position and f.note = a.note)`);
}
