import { sql } from 'drizzle-orm';
import {
  compileBuyerPrices,
  utcToday,
  type AssignedPriceList,
  type FixedPriceCents,
} from '@storefront/contract';
import { preparedSql } from '../../db/prepared.js';
import { rowsOf } from '../../db/raw-rows.js';
import type { BuyerSearchPricesFor } from '../parts/price-overlay.js';
import { assignmentsOf, buyerUnitPriceSql } from './buyer-prices.js';
import { pricingPartySql } from './caller-pricing.js';
import { priceListCategories, priceListEntries, priceLists } from './price-lists.tables.js';
import { uuidArray } from '../../db/array-literals.js';

/*
 * A buyer's prices for the catalog search (decision 061, "Search by the buyer's price").
 * One statement reads the caller's pricing party (the company it buys for, membership checked
 * now, or its customer group, decision 062) with its lists valid
 * today and their category percentages; the search then prices its candidates in memory with the
 * contract's rule compiled for those lists (`compileBuyerPrices`), never the SQL twin over every
 * part. The fixed entries of the lists are read (one indexed read of the entries by list) only
 * when the search holds no prices under this key yet.
 */

/**
 * The caller's pricing party and its lists valid on `today` with their category percentages,
 * one row per list (none: public prices). Prepared once: every signed-in search runs it.
 */
const pricesStatement = preparedSql(
  'buyer_search_prices',
  () => sql`
    with pp as (${pricingPartySql(sql.placeholder('userId'))})
    select pp.party_id, l.id, l.name, a.priority, l.valid_from::text as valid_from,
           l.valid_until::text as valid_until, l.percent_off_bp, l.xmin::text as row_version,
           l.updated_at::text as updated_at,
           coalesce((select json_agg(json_build_object('category', c.category,
                                                       'percentOffBp', c.percent_off_bp)
                                     order by c.category)
                       from ${priceListCategories} c where c.list_id = l.id), '[]'::json)
             as categories
      from pp
      join lateral ${assignmentsOf(sql`pp.party_id`)} a on true
      join ${priceLists} l on l.id = a.list_id
     where (l.valid_from is null or l.valid_from <= ${sql.placeholder('today')}::date)
       and (l.valid_until is null or l.valid_until >= ${sql.placeholder('today')}::date)
     order by l.id`,
);

/**
 * The search prices of `userId`'s pricing party today, or null when they are public (no
 * party, or none of its lists valid today). The key names the party, the day, and each list
 * with its priority and row version (`xmin`, and `updated_at`: every writer of a list's
 * categories, entries or assignments rewrites its row first, decision 061).
 */
export const buyerSearchPrices: BuyerSearchPricesFor = async (db, userId, today = utcToday()) => {
  const rows = await pricesStatement(db, { userId, today });
  if (rows.length === 0) return null;
  const partyId = String(rows[0]!.party_id);
  const lists: AssignedPriceList[] = rows.map((l) => ({
    id: String(l.id),
    name: String(l.name),
    priority: Number(l.priority),
    validFrom: l.valid_from === null ? null : String(l.valid_from),
    validUntil: l.valid_until === null ? null : String(l.valid_until),
    percentOffBp: l.percent_off_bp === null ? null : Number(l.percent_off_bp),
    categoryPercentOffBp: (typeof l.categories === 'string'
      ? JSON.parse(l.categories)
      : l.categories) as AssignedPriceList['categoryPercentOffBp'],
    fixed: [],
  }));
  const key = JSON.stringify([
    partyId,
    today,
    rows.map((l) => [
      String(l.id),
      Number(l.priority),
      String(l.row_version),
      String(l.updated_at),
    ]),
  ]);
  return {
    key,
    priceSql: buyerUnitPriceSql(
      'p',
      sql`p.min_order_quantity`,
      sql`${partyId}::uuid`,
      sql`${today}::date`,
    ),
    async load() {
      const entries = rowsOf(
        await db.execute(sql`
          select e.list_id, e.part_id, e.min_quantity, e.unit_cents from ${priceListEntries} e
           where e.list_id = any(${uuidArray(lists.map((l) => l.id))}::uuid[])`),
      );
      const fixed = new Map<string, FixedPriceCents[]>();
      for (const e of entries) {
        const listId = String(e.list_id);
        let mine = fixed.get(listId);
        if (!mine) fixed.set(listId, (mine = []));
        mine.push({
          partId: String(e.part_id),
          minQuantity: Number(e.min_quantity),
          unitCents: Number(e.unit_cents),
        });
      }
      return compileBuyerPrices(
        lists.map((l) => ({ ...l, fixed: fixed.get(l.id) ?? [] })),
        today,
      );
    },
  };
};
