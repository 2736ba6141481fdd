import { sql, type SQL } from 'drizzle-orm';
import { MAX_FITMENTS } from '@storefront/contract';
import type { DbOrTx } from '../../db/database.js';
import { rowsOf } from '../../db/raw-rows.js';
import { fitmentsRelation } from '../parts/bulk-catalog.service.js';
import { partsRelation } from '../parts/stock.service.js';
import {
  catalogImportFitments as fitments,
  catalogImportParts as staged,
} from './import.tables.js';
import { partRuleErrors } from './part-rules.js';

/*
 * The preview's checks that need more than one row: the file against itself (a part number twice)
 * and against the catalog (a new part without a name, an older number still in use, the quantity
 * rule and the volume prices of the part as it will be, a vehicle for an unknown part). Each adds
 * its message to the row's errors, in the row's own words.
 */

/** Appends one error (column, message SQL) to the rows `where` picks. */
const addError = (importId: string, column: string, message: SQL, where: SQL, from?: SQL) => sql`
  update ${staged} s
     set errors = s.errors || jsonb_build_array(jsonb_build_object('column', ${column}::text, 'message', ${message}))
    ${from ? sql`from ${from}` : sql``}
   where s.import_id = ${importId} and ${where}`;

/** Whether the row already has an error in that column (one message per cell is enough). */
const hasErrorIn = (column: string) => sql`s.errors @> ${JSON.stringify([{ column }])}::jsonb`;

/** "rows 14 and 90", "rows 14, 90 and 120". */
const rowList = (rows: SQL) => sql`case when cardinality(${rows}) = 2
    then 'rows ' || (${rows})[1] || ' and ' || (${rows})[2]
    else 'rows ' || array_to_string((${rows})[1:cardinality(${rows}) - 1], ', ') || ' and ' || (${rows})[cardinality(${rows})] end`;

export async function checkAcrossRows(db: DbOrTx, importId: string): Promise<void> {
  // A part number twice: every row that has it says where the others are.
  await db.execute(sql`
    with twice as (
      select sku_key, array_agg(row_no order by row_no) as rows_of
        from ${staged} where import_id = ${importId} and sku_key <> ''
       group by sku_key having count(*) > 1
    )
    ${addError(
      importId,
      'Part number',
      sql`'Part number ' || s.sku || ' appears ' ||
          case cardinality(t.rows_of) when 2 then 'twice' else cardinality(t.rows_of) || ' times' end ||
          ' (' || ${rowList(sql`t.rows_of[1:6]`)} || ')'`,
      sql`s.sku_key = t.sku_key`,
      sql`twice t`,
    )}`);

  // A new part needs what the add-part form needs.
  for (const [column, field] of [
    ['Name', 'name'],
    ['Price', 'price_cents'],
    ['Minimum order quantity', 'min_order_quantity'],
  ] as const)
    await db.execute(
      addError(
        importId,
        column,
        sql`${`${column} is required for a new part`}::text`,
        sql`s.part_id is null and s.${sql.raw(field)} is null and not ${hasErrorIn(column)}
            and s.sku_key <> ''`,
      ),
    );

  // An older number must not name a part in use: in the catalog, or another row of the file.
  await db.execute(
    addError(
      importId,
      'Superseded numbers',
      sql`'Superseded number ' || (
          select string_agg(n, ', ') from unnest(s.superseded_numbers) n
           where exists (select 1 from ${partsRelation} p
                          where upper(p.sku) = n and p.id is distinct from s.part_id)
              or exists (select 1 from ${staged} o
                          where o.import_id = s.import_id and o.sku_key = n and o.row_no <> s.row_no))
        || ' is a current part number: only numbers no longer in use can be replaced'`,
      sql`s.superseded_numbers is not null and exists (
            select 1 from unnest(s.superseded_numbers) n
             where exists (select 1 from ${partsRelation} p
                            where upper(p.sku) = n and p.id is distinct from s.part_id)
                or exists (select 1 from ${staged} o
                            where o.import_id = s.import_id and o.sku_key = n and o.row_no <> s.row_no))`,
    ),
  );
}

/**
 * The quantity rule and the volume prices of each stored part the file changes, as it will be (a
 * blank cell keeps the stored value). A new part's were checked as its row was staged
 * (`newPartErrors`, kept by `insertStagedParts` when the row matched no part): its inputs are all
 * in its row. Read and written a batch at a time.
 */
export async function checkPartRules(
  db: DbOrTx,
  importId: string,
  onProgress: (checked: number) => void,
): Promise<void> {
  let after = 0;
  let checked = 0;
  for (;;) {
    const rows = rowsOf(
      await db.execute(sql`
        select s.row_no,
               coalesce(s.min_order_quantity, p.min_order_quantity) as min,
               coalesce(s.pack_size, p.pack_size, 1) as pack,
               case when s.clear_max then null
                    else coalesce(s.max_order_quantity, p.max_order_quantity) end as max,
               coalesce(s.price_cents, p.price_cents) as price,
               coalesce(s.tier_quantities, p.tier_quantities) as tq,
               coalesce(s.tier_cents, p.tier_cents) as tc,
               s.tier_quantities is not null as ladder_given
          from ${staged} s join ${partsRelation} p on p.id = s.part_id
         where s.import_id = ${importId} and s.row_no > ${after}
           -- A stored part the file leaves its rule's inputs alone keeps a rule that held when
           -- it was written: only parts whose quantities or prices change are read.
           and ((s.min_order_quantity is not null and s.min_order_quantity <> p.min_order_quantity)
             or (s.pack_size is not null and s.pack_size <> p.pack_size)
             or (s.max_order_quantity is not null and s.max_order_quantity is distinct from p.max_order_quantity)
             or (s.clear_max and p.max_order_quantity is not null)
             or (s.price_cents is not null and s.price_cents <> p.price_cents)
             or (s.tier_quantities is not null
                 and (s.tier_quantities is distinct from p.tier_quantities
                      or s.tier_cents is distinct from p.tier_cents)))
         order by s.row_no limit 5000`),
    );
    if (rows.length === 0) return;
    const found: { row: number; column: string | null; message: string }[] = [];
    for (const r of rows) {
      if (r.min === null || r.price === null) continue;
      for (const error of partRuleErrors({
        minimum: Number(r.min),
        packSize: Number(r.pack),
        maximum: r.max === null ? null : Number(r.max),
        priceCents: Number(r.price),
        tierQuantities: r.tq as number[] | null,
        tierCents: r.tc as number[] | null,
        ladderGiven: Boolean(r.ladder_given),
      }))
        found.push({ row: Number(r.row_no), ...error });
    }
    if (found.length > 0)
      await db.execute(sql`
        update ${staged} s
           set errors = s.errors || jsonb_build_array(jsonb_build_object('column', f.col, 'message', f.msg))
          from unnest(${sql.param(found.map((f) => f.row))}::int[],
                      ${sql.param(found.map((f) => f.column))}::text[],
                      ${sql.param(found.map((f) => f.message))}::text[]) as f(row_no, col, msg)
         where s.import_id = ${importId} and s.row_no = f.row_no`);
    checked += rows.length;
    onProgress(checked);
    after = Number(rows.at(-1)!.row_no);
  }
}

/** Vehicles for a part that is neither in the file nor in the catalog, or one too many. */
export async function checkFitments(db: DbOrTx, importId: string): Promise<void> {
  await db.execute(sql`
    update ${fitments} f
       set errors = f.errors || jsonb_build_array(jsonb_build_object('column', 'Part number',
         'message', 'Part number ' || f.sku || ' is not in the parts file or the catalog'))
     where f.import_id = ${importId} and f.sku_key <> ''
       and not exists (select 1 from ${staged} s where s.import_id = f.import_id and s.sku_key = f.sku_key)
       and not exists (select 1 from ${partsRelation} p where upper(p.sku) = f.sku_key)`);
  await db.execute(sql`
    with numbered as (
      select row_no, row_number() over (partition by sku_key order by row_no) as n
        from ${fitments} where import_id = ${importId}
    )
    update ${fitments} f
       set errors = f.errors || jsonb_build_array(jsonb_build_object('column', 'Part number',
         'message', 'Part number ' || f.sku || ' has more than ' || ${MAX_FITMENTS}::int || ' vehicles: at most ' || ${MAX_FITMENTS}::int || ' are kept per part'))
      from numbered n
     where f.import_id = ${importId} and f.row_no = n.row_no and n.n > ${MAX_FITMENTS}`);
}

/**
 * The parts whose vehicles the apply replaces: those named in the fitment file with no error on
 * any of their rows (a part with a broken vehicle row keeps its vehicles), and only where the
 * vehicles differ from the stored ones. As SQL over (part_id, sku_key).
 */
export const fitmentOwners = (importId: string): SQL => sql`
  select p.id as part_id, f.sku_key
    from (select sku_key from ${fitments} where import_id = ${importId} group by sku_key
           having bool_and(jsonb_array_length(errors) = 0)) f
    join ${partsRelation} p on upper(p.sku) = f.sku_key
   union all
  select null::uuid, f.sku_key
    from (select sku_key from ${fitments} where import_id = ${importId} group by sku_key
           having bool_and(jsonb_array_length(errors) = 0)) f
   where not exists (select 1 from ${partsRelation} p where upper(p.sku) = f.sku_key)`;

/**
 * A part's vehicles as one number: the sum of each row's hash, so neither side is sorted (this
 * compared sorted text before: the sorts were most of an unchanged re-import's comparison). Equal
 * sets give equal sums; a different set gives an equal one with a chance of about 2^-64.
 */
const vehiclesHash = (alias: string) =>
  sql.raw(
    `sum(hashtextextended(concat_ws(chr(31), ${alias}.make, ${alias}.model, ${alias}.year_from, ${alias}.year_to, ${alias}.position, ${alias}.note), 0))`,
  );

/** Per existing part named in the fitment file: its vehicles now and in the file, when they differ. */
export async function fitmentDifferences(db: DbOrTx, importId: string): Promise<void> {
  await db.execute(sql`
    with owners as (${fitmentOwners(importId)}),
    mine as (
      -- Only parts already in the catalog: a new part's vehicles are all new, nothing to compare.
      select o.sku_key, o.part_id, count(*)::int as count_after, ${vehiclesHash('f')} as after_hash
        from owners o join ${fitments} f on f.import_id = ${importId} and f.sku_key = o.sku_key
       where o.part_id is not null
       group by o.sku_key, o.part_id
    ),
    theirs as (
      select o.part_id, count(*)::int as count_before, ${vehiclesHash('pf')} as before_hash
        from owners o join ${fitmentsRelation} pf on pf.part_id = o.part_id
       where o.part_id is not null
       group by o.part_id
    )
    update ${staged} s
       set changes = coalesce(s.changes, '{}'::jsonb) || jsonb_build_object('fitment',
             jsonb_build_array(coalesce(t.count_before, 0), m.count_after))
      from mine m left join theirs t on t.part_id = m.part_id
     where s.import_id = ${importId} and s.sku_key = m.sku_key
       and m.after_hash is distinct from t.before_hash`);
}
