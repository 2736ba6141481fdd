import { and, asc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import { hashTextExtended, type Hash64 } from '../../db/pg-hash.js';
import { rowsOf } from '../../db/raw-rows.js';
import { partColumns, partFitments, parts, vehicleModels, type PartRow } from './parts.tables.js';
import { staffPartsWhere, type StaffPartFilters } from './staff-parts.service.js';
import { stockMovements } from './stock.tables.js';

/*
 * Set-based writes and reads of the whole catalog, for the catalog import and export (issue 34,
 * decision 058). Each write takes a relation from its caller (the import's staging rows, as SQL)
 * whose columns are named as below: the parts module still makes every write to its tables, and
 * never reads another module's.
 */

/** Rows read back when a statement's result is only a count. */
const countOf = (result: unknown): number => Number(rowsOf(result)[0]?.n ?? 0);

/**
 * Adds parts from `source` (columns: sku, name, description, category, price_cents,
 * min_order_quantity, pack_size, max_order_quantity, stock, featured, archived, image_url,
 * oem_numbers, superseded_numbers, tier_quantities, tier_cents, specs, and fit_makes: the makes of
 * the vehicles `replaceFitmentsFrom` will give it, so it is not written twice); the ledger's opening row
 * for each is written by the table's trigger, as for a part added by hand. Resolves how many.
 */
export async function insertPartsFrom(tx: DbOrTx, source: SQL): Promise<number> {
  return countOf(
    await tx.execute(sql`
      with added as (
        insert into ${parts} (sku, name, description, category, price_cents, min_order_quantity,
          pack_size, max_order_quantity, available_quantity, featured, archived_at, image_url,
          oem_numbers, superseded_numbers, tier_quantities, tier_cents, specs, fit_makes,
          core_charge_cents)
        select s.sku, s.name, coalesce(s.description, ''), coalesce(s.category, 'uncategorised'),
               s.price_cents, s.min_order_quantity, coalesce(s.pack_size, 1), s.max_order_quantity,
               coalesce(s.stock, 0), coalesce(s.featured, false),
               case when s.archived then now() end, s.image_url,
               coalesce(s.oem_numbers, '{}'), coalesce(s.superseded_numbers, '{}'),
               coalesce(s.tier_quantities, '{}'), coalesce(s.tier_cents, '{}'),
               coalesce(s.specs, '[]'::jsonb), coalesce(s.fit_makes, '{}'),
               coalesce(s.core_charge_cents, 0)
          from (${source}) s
        returning id
      )
      select count(*)::int as n from added`),
  );
}

/**
 * Locks the parts `ids` names (column part_id) in id order, the order every writer of several
 * parts' stock locks them (`inLockOrder`): an import and orders placed meanwhile queue on the
 * first part they share instead of deadlocking.
 */
export async function lockPartsFrom(tx: DbOrTx, ids: SQL): Promise<number> {
  return countOf(
    await tx.execute(sql`
      select count(*)::int as n from (
        select p.id from ${parts} p where p.id in (select part_id from (${ids}) i)
         order by p.id for no key update
      ) locked`),
  );
}

/**
 * Changes parts from `source` (part_id, then the insert's columns, null keeping the stored value,
 * and clear_max to remove the maximum); never the stock. Resolves how many.
 */
export async function updatePartsFrom(tx: DbOrTx, source: SQL): Promise<number> {
  return countOf(
    await tx.execute(sql`
      with changed as (
        update ${parts} p set
          name = coalesce(s.name, p.name),
          description = coalesce(s.description, p.description),
          category = coalesce(s.category, p.category),
          price_cents = coalesce(s.price_cents, p.price_cents),
          min_order_quantity = coalesce(s.min_order_quantity, p.min_order_quantity),
          pack_size = coalesce(s.pack_size, p.pack_size),
          max_order_quantity = case when s.clear_max then null
                                    else coalesce(s.max_order_quantity, p.max_order_quantity) end,
          featured = coalesce(s.featured, p.featured),
          archived_at = case when s.archived is null then p.archived_at
                             when s.archived then coalesce(p.archived_at, now()) end,
          image_url = coalesce(s.image_url, p.image_url),
          oem_numbers = coalesce(s.oem_numbers, p.oem_numbers),
          superseded_numbers = coalesce(s.superseded_numbers, p.superseded_numbers),
          tier_quantities = coalesce(s.tier_quantities, p.tier_quantities),
          tier_cents = coalesce(s.tier_cents, p.tier_cents),
          specs = coalesce(s.specs, p.specs),
          core_charge_cents = coalesce(s.core_charge_cents, p.core_charge_cents),
          updated_at = now()
          from (${source}) s
         where p.id = s.part_id
        returning p.id
      )
      select count(*)::int as n from changed`),
  );
}

/**
 * Moves stock by `source`'s deltas (part_id, delta), never below zero, with a ledger row of kind
 * `import` for what each part actually moved. The parts are locked in id order first. Resolves
 * how many parts moved.
 */
export async function importStockFrom(
  tx: DbOrTx,
  source: SQL,
  ledger: { actorId: string; reason: string },
): Promise<number> {
  return countOf(
    await tx.execute(sql`
      with change as (select part_id, delta from (${source}) s where delta <> 0),
      locked as (
        select p.id, p.available_quantity from ${parts} p
         where p.id in (select part_id from change)
         order by p.id for no key update
      ),
      moved as (
        update ${parts} p
           set available_quantity = greatest(0, l.available_quantity + c.delta), updated_at = now()
          from change c join locked l on l.id = c.part_id
         where p.id = c.part_id and greatest(0, l.available_quantity + c.delta) <> l.available_quantity
        returning p.id, p.available_quantity, p.available_quantity - l.available_quantity as applied
      ),
      logged as (
        insert into ${stockMovements} (part_id, kind, delta, level_after, reason, actor_id)
        select id, 'import', applied, available_quantity, ${ledger.reason}, ${ledger.actorId} from moved
      )
      select count(*)::int as n from moved`),
  );
}

/**
 * Archives every live part `keep` does not name (part_id): "archive parts that are not in the
 * file". Resolves how many.
 */
export async function archivePartsNotIn(tx: DbOrTx, keep: SQL): Promise<number> {
  return countOf(
    await tx.execute(sql`
      with gone as (
        update ${parts} p set archived_at = now(), updated_at = now()
         where p.archived_at is null
           and not exists (select 1 from (${keep}) k where k.part_id = p.id)
        returning p.id
      )
      select count(*)::int as n from gone`),
  );
}

/** The live parts `keep` does not name: what `archivePartsNotIn` would archive. */
export async function countLivePartsNotIn(db: DbOrTx, keep: SQL): Promise<number> {
  return countOf(
    await db.execute(sql`
      select count(*)::int as n from ${parts} p
       where p.archived_at is null and not exists (select 1 from (${keep}) k where k.part_id = p.id)`),
  );
}

/**
 * Replaces the vehicles of the parts `owners` names (part_id) by `rows` (part_id, make, model,
 * year_from, year_to, position, note): each part's makes follow, and the vehicle list covers every
 * make, model and year. Resolves how many vehicles were written.
 */
export async function replaceFitmentsFrom(tx: DbOrTx, owners: SQL, rows: SQL): Promise<number> {
  await tx.execute(sql`
    delete from ${partFitments} f where f.part_id in (select part_id from (${owners}) o)`);
  const written = countOf(
    await tx.execute(sql`
      with added as (
        insert into ${partFitments} (part_id, make, model, year_from, year_to, position, note)
        select part_id, make, model, year_from, year_to, position, note from (${rows}) r
        returning make, model, year_from, year_to
      ),
      models as (
        insert into ${vehicleModels} (make, model, year_from, year_to)
        select make, model, min(year_from), max(year_to) from added group by make, model
        on conflict (make, model) do update set
          year_from = least(${vehicleModels.yearFrom}, excluded.year_from),
          year_to = greatest(${vehicleModels.yearTo}, excluded.year_to)
      )
      select count(*)::int as n from added`),
  );
  // The makes in code-point order, as `makesOf` sorts them for a part written one at a time.
  await tx.execute(sql`
    update ${parts} p set fit_makes = m.makes
      from (select o.part_id, coalesce(
              (select array_agg(distinct f.make collate "C" order by f.make collate "C")
                 from ${partFitments} f where f.part_id = o.part_id), '{}') as makes
              from (${owners}) o) m
     where p.id = m.part_id and p.fit_makes is distinct from m.makes`);
  return written;
}

/**
 * Fresh statistics for the catalog's tables after a bulk change, so the next plans (the search
 * index's load, the next preview's joins) see their real size. Run after the change commits.
 */
/** The tables an apply updates and deletes in bulk: vacuumed afterwards (decision 078). */
export const TABLES_AN_IMPORT_REWRITES = [parts, partFitments] as const;

export async function analyzeCatalog(db: DbOrTx): Promise<void> {
  await db.execute(sql`analyze ${parts}`);
  await db.execute(sql`analyze ${partFitments}`);
}

/**
 * A fingerprint of everything staff can set on every part and its vehicles, stock left out (orders
 * move it all day): an import previewed against one catalog is applied only to the same catalog.
 */
export async function catalogFingerprint(db: DbOrTx): Promise<string> {
  const [row] = rowsOf(
    await db.execute(sql`
      select (select count(*) from ${parts})::text || '.' ||
             coalesce((select sum(hashtextextended(row(p.id, p.sku, p.name, p.description,
               p.category, p.price_cents, p.min_order_quantity, p.pack_size, p.max_order_quantity,
               p.featured, p.archived_at, p.image_url, p.oem_numbers, p.superseded_numbers,
               p.tier_quantities, p.tier_cents, p.specs, p.core_charge_cents)::text, 0))
               from ${parts} p), 0)::text
             || '.' || (select count(*) from ${partFitments})::text || '.' ||
             coalesce((select sum(hashtextextended(row(f.part_id, f.make, f.model, f.year_from,
               f.year_to, f.position, f.note)::text, 0)) from ${partFitments} f), 0)::text
             as fingerprint`),
  );
  return String(row?.fingerprint ?? '');
}

/**
 * A vehicle's digest: PostgreSQL's `hashtextextended` of its fields joined by U+001F (a blank
 * field left out, as `concat_ws` leaves out a null), computed here. `vehicleDigest` takes a row as
 * an import reads it and `vehicleDigestsByPartNumber` sums the catalog's per part, in the same
 * words: a file's vehicles for a part sum to the stored sum only when they are the same set (or,
 * with a chance of about 2^-64, by accident).
 */
export function vehicleDigest(vehicle: {
  make: string | null;
  model: string | null;
  /** A number, or its digits as written. */
  yearFrom: number | string | null;
  yearTo: number | string | null;
  position: string | null;
  note: string | null;
}): Hash64 {
  const { make, model, yearFrom, yearTo, position, note } = vehicle;
  return hashTextExtended(
    [make, model, yearFrom, yearTo, position, note].filter((v) => v !== null).join('\u001f'),
  );
}

/**
 * Each part's vehicles as "count:sum of digests", by upper-case part number. A number two parts
 * share once upper-cased is left out: it names no one part.
 */
export async function vehicleDigestsByPartNumber(db: DbOrTx): Promise<Map<string, string>> {
  const rows = rowsOf(
    await db.execute(sql`
      select upper(p.sku) as sku_key, count(*)::int || ':' || sum(hashtextextended(concat_ws(chr(31), f.make, f.model,
               f.year_from, f.year_to, f.position, f.note), 0))::text as digest
        from ${partFitments} f join ${parts} p on p.id = f.part_id
       group by p.id`),
  );
  const digests = new Map<string, string>();
  const shared = new Set<string>();
  for (const row of rows) {
    const key = String(row.sku_key);
    if (digests.has(key)) shared.add(key);
    digests.set(key, String(row.digest));
  }
  for (const key of shared) digests.delete(key);
  return digests;
}

/** The filters' parts after `after` (a part number, upper-case): an export page's keyset. */
const pageWhere = (filters: StaffPartFilters, after: string | null) =>
  and(staffPartsWhere(filters), after === null ? undefined : gt(sql`upper(${parts.sku})`, after));

/** Parts for an export, in part-number order after `after`, `limit` at a time. */
export async function exportPartsPage(
  db: DbOrTx,
  filters: StaffPartFilters,
  after: string | null,
  limit: number,
): Promise<PartRow[]> {
  return db
    .select(partColumns)
    .from(parts)
    .where(pageWhere(filters, after))
    .orderBy(asc(sql`upper(${parts.sku})`))
    .limit(limit);
}

export type ExportedFitment = {
  partId: string;
  make: string;
  model: string;
  yearFrom: number;
  yearTo: number;
  position: string;
  note: string;
};

/** A vehicle's fields as the export reads them, and the order it writes a part's vehicles in. */
const vehicleColumns = {
  make: partFitments.make,
  model: partFitments.model,
  yearFrom: partFitments.yearFrom,
  yearTo: partFitments.yearTo,
  position: partFitments.position,
  note: partFitments.note,
};
const vehicleOrder = () =>
  [
    partFitments.make,
    partFitments.model,
    partFitments.yearFrom,
    partFitments.yearTo,
    partFitments.position,
  ].map((c) => asc(c));

/** The vehicles of some parts, in the order the export writes them. */
export async function fitmentsOfParts(db: DbOrTx, partIds: string[]): Promise<ExportedFitment[]> {
  if (partIds.length === 0) return [];
  return db
    .select({ partId: partFitments.partId, ...vehicleColumns })
    .from(partFitments)
    .where(inArray(partFitments.partId, partIds))
    .orderBy(asc(partFitments.partId), ...vehicleOrder());
}

/** A vehicle as the vehicles file writes it: the part's number with each of its vehicles. */
export type ExportedVehicleRow = Omit<ExportedFitment, 'partId'> & { sku: string };

/**
 * The next page of parts after `after` (a part number, upper-case) with their vehicles, in one
 * statement: each part's number and vehicles in the export's order, and the page's last part
 * number to go on from (null after the last page). A part without vehicles has no row.
 */
export async function exportVehiclesPage(
  db: DbOrTx,
  filters: StaffPartFilters,
  after: string | null,
  limit: number,
): Promise<{ rows: ExportedVehicleRow[]; last: string | null }> {
  const page = db
    .select({ id: parts.id, sku: parts.sku })
    .from(parts)
    .where(pageWhere(filters, after))
    .orderBy(asc(sql`upper(${parts.sku})`))
    .limit(limit)
    .as('page');
  const found = await db
    .select({ sku: page.sku, ...vehicleColumns })
    .from(page)
    .leftJoin(partFitments, eq(partFitments.partId, page.id))
    .orderBy(asc(sql`upper(${page.sku})`), ...vehicleOrder());
  if (found.length === 0) return { rows: [], last: null };
  return {
    rows: found.filter((r): r is ExportedVehicleRow => r.make !== null),
    last: found.at(-1)!.sku.toUpperCase(),
  };
}

/**
 * The vehicles table for another module's raw SQL that compares rows of its own with a part's
 * vehicles (the import's preview): read only; writers go through this module.
 */
export const fitmentsRelation: SQL = sql`${partFitments}`;
export type { PartRow };
