import { sql } from 'drizzle-orm';
import {
  ladderIssues,
  stepsOfColumns,
  type PriceFeedResult,
  type StockFeedResult,
  type V1CatalogPage,
} from '@storefront/contract';
import type { DbOrTx } from '../../db/database.js';
import { rowsOf } from '../../db/raw-rows.js';
import { parts } from './parts.tables.js';
import { stockMovements } from './stock.tables.js';
import { intArray, textArray } from '../../db/array-literals.js';

/*
 * The machine API's feeds (issue 35, decision 059): many parts by part number in one statement,
 * each change with its ledger row. Part numbers compare case-insensitively, as the SKU index does.
 */

export type StockLine = { partNumber: string; quantity?: number; change?: number };

/**
 * Counts and changes of stock in one statement. The parts are locked in id order (the one lock
 * order of every stock writer, decision 042); a count taken `countedAt` has the ledger's movements
 * since then added to it, so an order placed after the count keeps its reservation. Nothing goes
 * below zero; each part that moved gets one ledger row of kind `feed`.
 */
export async function feedStock(
  tx: DbOrTx,
  lines: readonly StockLine[],
  ledger: { actorId: string; reason: string; countedAt?: string | undefined },
): Promise<StockFeedResult> {
  const countedAt = ledger.countedAt ?? null;
  // Arrays, not JSON: the planner reads an array's length and joins 10,000 lines by hash; a
  // JSON record set is guessed at 100 rows, and a nested loop over two such lists took minutes.
  const [row] = rowsOf(
    await tx.execute(sql`
      with input as (
        select * from unnest(${textArray(lines.map((l) => l.partNumber))}::text[],
                             ${intArray(lines.map((l) => l.quantity ?? null))}::int[],
                             ${intArray(lines.map((l) => l.change ?? null))}::int[])
               with ordinality as i(sku, set_to, change, i)
      ),
      found as (
        select i.i, i.sku, i.set_to, i.change, p.id as part_id, p.available_quantity as before
          from input i join ${parts} p on upper(p.sku) = upper(i.sku)
         order by p.id
           for no key update of p
      ),
      since as (
        select m.part_id, sum(m.delta)::int as moved from ${stockMovements} m
         where ${countedAt}::timestamptz is not null and m.at > ${countedAt}::timestamptz
           and m.part_id in (select part_id from found)
         group by m.part_id
      ),
      target as (
        select f.sku, f.part_id, f.before,
               case when f.set_to is not null then f.set_to + coalesce(s.moved, 0)
                    else f.before + f.change end as wanted
          from found f left join since s on s.part_id = f.part_id
      ),
      moved as (
        update ${parts} p set available_quantity = greatest(0, t.wanted), updated_at = now()
          from target t
         where p.id = t.part_id and greatest(0, t.wanted) <> t.before
        returning p.id, p.available_quantity, p.available_quantity - t.before as delta
      ),
      logged as (
        insert into ${stockMovements} (part_id, kind, delta, level_after, reason, actor_id)
        select id, 'feed', delta, available_quantity, ${ledger.reason}, ${ledger.actorId} from moved
      )
      select (select count(*)::int from moved) as changed,
             (select count(*)::int from found) as found,
             (select coalesce(jsonb_agg(i.sku order by i.i), '[]'::jsonb) from input i
               where not exists (select 1 from found f where f.i = i.i)) as unknown,
             (select coalesce(jsonb_agg(t.sku order by t.sku), '[]'::jsonb) from target t
               where t.wanted < 0) as stopped`),
  );
  const json = (v: unknown) =>
    typeof v === 'string' ? (JSON.parse(v) as string[]) : (v as string[]);
  const changed = Number(row?.changed ?? 0);
  return {
    changed,
    unchanged: Number(row?.found ?? 0) - changed,
    unknownPartNumbers: json(row?.unknown ?? []),
    stoppedAtZero: json(row?.stopped ?? []),
  };
}

export type PriceLine = {
  partNumber: string;
  priceCents: number;
  volumePrices?: { minQuantity: number; unitCents: number }[] | undefined;
};

/**
 * List prices and ladders. The parts named are read first (one statement), each line checked
 * against its part's quantity rule by the contract's ladder rule; the lines that hold are written
 * in one more statement. A concurrent change of a part's rule between the two is caught by the
 * table's checks (the write then fails whole, and the caller may send it again).
 */
export async function feedPrices(
  tx: DbOrTx,
  lines: readonly PriceLine[],
): Promise<PriceFeedResult> {
  const skus = JSON.stringify(lines.map((l) => l.partNumber));
  const known = rowsOf(
    await tx.execute(sql`
      select p.id, upper(p.sku) as key, p.price_cents, p.min_order_quantity, p.pack_size,
             p.max_order_quantity, p.tier_quantities, p.tier_cents
        from ${parts} p
       where upper(p.sku) in (select upper(s) from jsonb_array_elements_text(${skus}::jsonb) as s)
       order by p.id for no key update`),
  );
  const byKey = new Map(known.map((r) => [String(r.key), r]));
  const result: PriceFeedResult = {
    changed: 0,
    unchanged: 0,
    unknownPartNumbers: [],
    rejected: [],
  };
  const writes: { id: string; price: number; quantities: number[]; cents: number[] }[] = [];
  for (const line of lines) {
    const part = byKey.get(line.partNumber.toUpperCase());
    if (!part) {
      result.unknownPartNumbers.push(line.partNumber);
      continue;
    }
    const current = stepsOfColumns(
      part.tier_quantities as number[] | null,
      part.tier_cents as number[] | null,
    );
    const steps = line.volumePrices ?? current;
    const issues = ladderIssues(
      steps,
      {
        minimum: Number(part.min_order_quantity),
        packSize: Number(part.pack_size),
        maximum: part.max_order_quantity === null ? null : Number(part.max_order_quantity),
      },
      line.priceCents,
    );
    if (Object.keys(issues).length > 0) {
      result.rejected.push({ partNumber: line.partNumber, fields: issues });
      continue;
    }
    const same =
      Number(part.price_cents) === line.priceCents &&
      JSON.stringify(steps) === JSON.stringify(current);
    if (same) result.unchanged += 1;
    else
      writes.push({
        id: String(part.id),
        price: line.priceCents,
        quantities: steps.map((s) => s.minQuantity),
        cents: steps.map((s) => s.unitCents),
      });
  }
  if (writes.length > 0) {
    await tx.execute(sql`
      update ${parts} p
         set price_cents = w.price,
             tier_quantities = array(select jsonb_array_elements_text(w.quantities)::int),
             tier_cents = array(select jsonb_array_elements_text(w.cents)::int),
             updated_at = now()
        from jsonb_to_recordset(${JSON.stringify(writes)}::jsonb)
             as w(id uuid, price int, quantities jsonb, cents jsonb)
       where p.id = w.id`);
  }
  result.changed = writes.length;
  return result;
}

const toMachinePart = (r: Record<string, unknown>): V1CatalogPage['parts'][number] => ({
  id: String(r.id),
  partNumber: String(r.sku),
  name: String(r.name),
  priceCents: Number(r.price_cents),
  volumePrices: stepsOfColumns(r.tier_quantities as number[], r.tier_cents as number[]),
  minOrderQuantity: Number(r.min_order_quantity),
  packSize: Number(r.pack_size),
  available: Number(r.available_quantity),
  inStock: Number(r.available_quantity) >= Number(r.min_order_quantity),
  yourPriceCents: null,
});

/** What a buyer's pricer reads of a part row (price-lists `PricedPart`). */
const pricedOf = (r: Record<string, unknown>) => ({
  id: String(r.id),
  category: String(r.category),
  priceCents: Number(r.price_cents),
  tierQuantities: r.tier_quantities as number[] | null,
  tierCents: (r.tier_cents as (number | string)[] | null)?.map(Number) ?? null,
});

/**
 * Live parts for a machine, by id a page at a time, or the ones named: price, ladder and what can
 * be ordered now. Unknown part numbers simply do not appear.
 */
export async function machineCatalogPage(
  db: DbOrTx,
  options: { after: string | null; limit: number; partNumbers?: string[] | undefined },
): Promise<{
  parts: V1CatalogPage['parts'];
  priced: ReturnType<typeof pricedOf>[];
  last: string | null;
}> {
  const named = options.partNumbers ? JSON.stringify(options.partNumbers) : null;
  const rows = rowsOf(
    await db.execute(sql`
      select p.id, p.sku, p.name, p.category, p.price_cents, p.tier_quantities, p.tier_cents,
             p.min_order_quantity, p.pack_size, p.available_quantity
        from ${parts} p
       where p.archived_at is null
         and (${options.after}::uuid is null or p.id > ${options.after}::uuid)
         and (${named}::jsonb is null or upper(p.sku) in
               (select upper(s) from jsonb_array_elements_text(${named}::jsonb) as s))
       order by p.id
       limit ${options.limit + 1}`),
  );
  const shown = rows.slice(0, options.limit);
  const page = shown.map(toMachinePart);
  return {
    parts: page,
    priced: shown.map(pricedOf),
    last: rows.length > options.limit ? page.at(-1)!.id : null,
  };
}

/** Part ids by part number (upper-cased keys), for placing an order by part numbers. */
export async function partIdsByNumbers(
  db: DbOrTx,
  partNumbers: readonly string[],
): Promise<Map<string, string>> {
  const rows = rowsOf(
    await db.execute(sql`
      select p.id, upper(p.sku) as key from ${parts} p
       where upper(p.sku) in
             (select upper(s) from jsonb_array_elements_text(${JSON.stringify(partNumbers)}::jsonb) as s)`),
  );
  return new Map(rows.map((r) => [String(r.key), String(r.id)]));
}

/** One part as a machine sees it (the low-stock event's body); undefined for an unknown id. */
export async function machinePart(
  db: DbOrTx,
  id: string,
): Promise<V1CatalogPage['parts'][number] | undefined> {
  const rows = rowsOf(
    await db.execute(sql`
      select p.id, p.sku, p.name, p.price_cents, p.tier_quantities, p.tier_cents,
             p.min_order_quantity, p.pack_size, p.available_quantity
        from ${parts} p where p.id = ${id}::uuid`),
  );
  return rows.map(toMachinePart)[0];
}
