import { sql } from 'drizzle-orm';
import { PRICE_LIST_ENTRY_PAGE } from '@storefront/contract';
import type { DbOrTx } from '../../db/database.js';
import { rowsOf } from '../../db/raw-rows.js';
import { partsRelation } from '../parts/stock.service.js';
import { priceListEntries } from './price-lists.tables.js';
import { intArray, uuidArray } from '../../db/array-literals.js';

export type EntryCents = { partId: string; minQuantity: number; unitCents: number };
export type EntryKey = { partId: string; minQuantity: number | null };
export type EntriesOutcome = {
  added: number;
  changed: number;
  unchanged: number;
  removed: number;
  total: number;
};

const countOf = async (tx: DbOrTx, listId: string): Promise<number> =>
  Number(
    rowsOf(
      await tx.execute(
        sql`select count(*)::int as n from ${priceListEntries} where list_id = ${listId}::uuid`,
      ),
    )[0]?.n ?? 0,
  );

/**
 * Adds or replaces fixed prices (and with `replaceAll`, removes the list's others), in the order
 * of the list's key so that two writers can never wait on each other's rows in a circle. Call it
 * after `lockPriceList`.
 */
export async function writeEntries(
  tx: DbOrTx,
  listId: string,
  rows: readonly EntryCents[],
  replaceAll: boolean,
): Promise<EntriesOutcome> {
  const parts = uuidArray(rows.map((r) => r.partId));
  const mins = intArray(rows.map((r) => r.minQuantity));
  let removed = 0;
  if (replaceAll) {
    const gone = rowsOf(
      await tx.execute(sql`
        delete from ${priceListEntries} e
         where e.list_id = ${listId}::uuid
           and not exists (select 1 from unnest(${parts}::uuid[], ${mins}::int[]) as k(part_id, q)
                            where k.part_id = e.part_id and k.q = e.min_quantity)
        returning 1`),
    );
    removed = gone.length;
  }
  let added = 0;
  let changed = 0;
  if (rows.length > 0) {
    const written = rowsOf(
      await tx.execute(sql`
        insert into ${priceListEntries} (list_id, part_id, min_quantity, unit_cents)
        select ${listId}::uuid, k.part_id, k.q, k.cents
          from unnest(${parts}::uuid[], ${mins}::int[], ${intArray(rows.map((r) => r.unitCents))}::int[])
               as k(part_id, q, cents)
         order by k.part_id, k.q
        on conflict (list_id, part_id, min_quantity) do update set unit_cents = excluded.unit_cents
         where ${priceListEntries}.unit_cents <> excluded.unit_cents
        returning (xmax = 0) as added`),
    );
    added = written.filter((r) => r.added === true || r.added === 't').length;
    changed = written.length - added;
  }
  return {
    added,
    changed,
    unchanged: rows.length - added - changed,
    removed,
    total: await countOf(tx, listId),
  };
}

/** Removes entries (a key without a from quantity: every entry of that part). */
export async function removeEntries(
  tx: DbOrTx,
  listId: string,
  keys: readonly EntryKey[],
): Promise<EntriesOutcome> {
  const gone = rowsOf(
    await tx.execute(sql`
      delete from ${priceListEntries} e
       using unnest(${uuidArray(keys.map((k) => k.partId))}::uuid[],
                    ${intArray(keys.map((k) => k.minQuantity))}::int[]) as k(part_id, q)
       where e.list_id = ${listId}::uuid and e.part_id = k.part_id
         and (k.q is null or e.min_quantity = k.q)
      returning 1`),
  );
  return {
    added: 0,
    changed: 0,
    unchanged: 0,
    removed: gone.length,
    total: await countOf(tx, listId),
  };
}

export type EntryListing = {
  rows: { partId: string; sku: string; name: string; minQuantity: number; unitCents: number }[];
  total: number;
};

/** A page of a list's entries by part number (optionally those starting with `partNumber`). */
export async function entriesPage(
  db: DbOrTx,
  listId: string,
  query: { partNumber?: string | undefined; page: number },
): Promise<EntryListing> {
  const prefix = query.partNumber ? query.partNumber.toUpperCase() : null;
  const where = sql`e.list_id = ${listId}::uuid
    and (${prefix}::text is null or starts_with(upper(p.sku), ${prefix}::text))`;
  const from = sql`${priceListEntries} e join ${partsRelation} p on p.id = e.part_id`;
  const [rows, count] = await Promise.all([
    db.execute(sql`
      select e.part_id, p.sku, p.name, e.min_quantity, e.unit_cents from ${from}
       where ${where}
       order by upper(p.sku), e.min_quantity
       limit ${PRICE_LIST_ENTRY_PAGE} offset ${(query.page - 1) * PRICE_LIST_ENTRY_PAGE}`),
    db.execute(sql`select count(*)::int as n from ${from} where ${where}`),
  ]);
  return {
    rows: rowsOf(rows).map((r) => ({
      partId: String(r.part_id),
      sku: String(r.sku),
      name: String(r.name),
      minQuantity: Number(r.min_quantity),
      unitCents: Number(r.unit_cents),
    })),
    total: Number(rowsOf(count)[0]?.n ?? 0),
  };
}
