import { sql, type SQL } from 'drizzle-orm';
import {
  buyerPrice,
  stepsOfColumns,
  unitCentsAt,
  utcToday,
  type AssignedPriceList,
  type FixedPriceCents,
  type PriceDecision,
} from '@storefront/contract';
import type { DbOrTx } from '../../db/database.js';
import { rowsOf } from '../../db/raw-rows.js';
import { unitPriceSql } from '../parts/stock.service.js';
import {
  customerGroupMembers,
  priceListAssignments,
  priceListCategories,
  priceListGroupAssignments,
  priceListEntries,
  priceLists,
} from './price-lists.tables.js';
import { uuidArray } from '../../db/array-literals.js';

/*
 * A buyer's prices (issue 36, decision 061): the contract's `buyerPrice` over the lists assigned
 * to the buyer's company, in two forms. `loadBuyerPricing` reads the lists once per request for
 * the parts it will price; `buyerUnitPriceSql` computes the same price inside a bigger statement.
 * A property test (buyer-prices.test.ts) holds them to the contract on both databases.
 */

/** A part as the cart, catalog and checkout read it from the parts table. */
export type PricedPart = {
  id: string;
  category: string;
  priceCents: number;
  tierQuantities: readonly number[] | null;
  tierCents: readonly number[] | null;
};

export type BuyerPricing = {
  /** False when no list applies today (no company, or none of its lists is valid): public prices. */
  contract: boolean;
  /** The unit price (cents) of `quantity` pieces for this buyer, today. */
  unitCents(part: PricedPart, quantity: number): number;
  /** The same price with why: the lists considered, the one that decided, the ladder step. */
  explain(part: PricedPart, quantity: number): PriceDecision;
  /**
   * The quantities from which a list valid today fixes this part's price (its quantity breaks):
   * with the public ladder's steps, every quantity where the buyer's price can change.
   */
  fixedBreaks(partId: string): number[];
};

const pricingOf = (part: PricedPart) => ({
  id: part.id,
  category: part.category,
  priceCents: part.priceCents,
  steps: stepsOfColumns(part.tierQuantities, part.tierCents),
});

/** Everyone without a contract pays the public price: no query, no list. */
const publicPricing = (today: string): BuyerPricing => ({
  contract: false,
  fixedBreaks: () => [],
  unitCents: (part, quantity) =>
    unitCentsAt(part.priceCents, stepsOfColumns(part.tierQuantities, part.tierCents), quantity),
  explain: (part, quantity) => buyerPrice(pricingOf(part), quantity, [], today),
});

/**
 * The assignments of a pricing party (decision 062): a company's, or a customer group's. Ids are
 * uuids, so one id names one party and both tables can be asked at once.
 */
export const assignmentsOf = (partyId: SQL) => sql`(
  select bp_ca.list_id, bp_ca.priority from ${priceListAssignments} bp_ca
   where bp_ca.company_id = ${partyId}
  union all
  select bp_ga.list_id, bp_ga.priority from ${priceListGroupAssignments} bp_ga
   where bp_ga.group_id = ${partyId})`;

/**
 * The pricing party of a person buying for themselves, inside a statement: their customer group
 * (null: none, the public price). A company's order prices by the company instead.
 */
export const personalPartySql = (userId: SQL): SQL =>
  sql`(select bp_m.group_id from ${customerGroupMembers} bp_m where bp_m.user_id = ${userId})`;

/**
 * The lists assigned to a party, a company or a customer group (only those valid on `activeOn`,
 * when given) with their category percentages, and their fixed entries for `partIds` only: two
 * statements.
 */
export async function loadAssignedLists(
  db: DbOrTx,
  partyId: string,
  partIds: readonly string[],
  activeOn: string | null,
): Promise<AssignedPriceList[]> {
  const lists = rowsOf(
    await db.execute(sql`
      select l.id, l.name, a.priority, l.valid_from::text as valid_from,
             l.valid_until::text as valid_until, l.percent_off_bp,
             coalesce((select json_agg(json_build_object('category', c.category,
                                                         'percentOffBp', c.percent_off_bp))
                         from ${priceListCategories} c where c.list_id = l.id), '[]'::json)
               as categories
        from ${assignmentsOf(sql`${partyId}::uuid`)} a join ${priceLists} l on l.id = a.list_id
       where (${activeOn}::date is null
              or ((l.valid_from is null or l.valid_from <= ${activeOn}::date)
                  and (l.valid_until is null or l.valid_until >= ${activeOn}::date)))`),
  );
  if (lists.length === 0) return [];
  const fixed = new Map<string, FixedPriceCents[]>();
  if (partIds.length > 0) {
    const entries = rowsOf(
      await db.execute(sql`
        select e.list_id, e.part_id, e.min_quantity, e.unit_cents from ${priceListEntries} e
         where e.list_id = any(${uuidArray(lists.map((l) => String(l.id)))}::uuid[])
           and e.part_id = any(${uuidArray([...new Set(partIds)])}::uuid[])`),
    );
    for (const e of entries) {
      const listId = String(e.list_id);
      const row = {
        partId: String(e.part_id),
        minQuantity: Number(e.min_quantity),
        unitCents: Number(e.unit_cents),
      };
      fixed.set(listId, [...(fixed.get(listId) ?? []), row]);
    }
  }
  return lists.map((l) => ({
    id: String(l.id),
    name: String(l.name),
    priority: Number(l.priority),
    validFrom: l.valid_from === null ? null : String(l.valid_from),
    validUntil: l.valid_until === null ? null : String(l.valid_until),
    percentOffBp: l.percent_off_bp === null ? null : Number(l.percent_off_bp),
    categoryPercentOffBp: (typeof l.categories === 'string'
      ? JSON.parse(l.categories)
      : l.categories) as AssignedPriceList['categoryPercentOffBp'],
    fixed: fixed.get(String(l.id)) ?? [],
  }));
}

/**
 * A buyer's pricer for one request: the company's lists valid `today` and their entries for
 * `partIds`, read once. A buyer without a company, or a company without lists, costs nothing more
 * than the public price. Pricing a part that was not loaded throws: its fixed prices would be
 * silently missing.
 */
export async function loadBuyerPricing(
  db: DbOrTx,
  options: { partyId: string | null; partIds: readonly string[]; today?: string },
): Promise<BuyerPricing> {
  const today = options.today ?? utcToday();
  if (options.partyId === null) return publicPricing(today);
  const lists = await loadAssignedLists(db, options.partyId, options.partIds, today);
  if (lists.length === 0) return publicPricing(today);
  const loaded = new Set(options.partIds);
  const explain = (part: PricedPart, quantity: number): PriceDecision => {
    if (!loaded.has(part.id))
      throw new Error(`loadBuyerPricing: part ${part.id} was not among the parts loaded`);
    return buyerPrice(pricingOf(part), quantity, lists, today);
  };
  return {
    contract: true,
    explain,
    fixedBreaks: (partId) => [
      ...new Set(
        lists.flatMap((l) => l.fixed.filter((e) => e.partId === partId).map((e) => e.minQuantity)),
      ),
    ],
    unitCents: (part, quantity) => explain(part, quantity).unitCents,
  };
}

/** Today's UTC date in SQL, whatever the session's time zone. */
const utcTodaySql = sql`(now() at time zone 'utc')::date`;

/**
 * The SQL twin of the contract's `buyerPrice(...).unitCents` for a part (its row as `p`: id,
 * category, price_cents, tier_quantities, tier_cents), `quantity` pieces, a pricing party (a
 * company or a customer group; null: the public price) on `today` (default: today in UTC). Of the
 * party's active lists that price the
 * part, the highest priority (then the lower price, then the smaller id) decides, capped at the
 * public price; a percentage rounds once, half up, never below a cent. Its own aliases start with
 * `bp_` so they never hide the caller's part row (checkout's locked rows are `l`).
 */
export const buyerUnitPriceSql = (
  p: string,
  quantity: SQL,
  partyId: SQL,
  today: SQL = utcTodaySql,
): SQL => {
  const c = (column: string) => sql.raw(`${p}.${column}`);
  return sql`(select coalesce(least(bp_pick.cents, bp_pub.cents), bp_pub.cents)
    from (select ${unitPriceSql(p, quantity)} as cents) bp_pub
    left join lateral (
      select bp_price.cents
        from ${assignmentsOf(partyId)} bp_a
        join ${priceLists} bp_l on bp_l.id = bp_a.list_id
        cross join lateral (
          select coalesce(
            (select bp_e.unit_cents from ${priceListEntries} bp_e
              where bp_e.list_id = bp_l.id and bp_e.part_id = ${c('id')} and bp_e.min_quantity <= ${quantity}
              order by bp_e.min_quantity desc limit 1),
            (select greatest(1, (bp_pub.cents::bigint * (10000 - bp_v.v) + 5000) / 10000)::int
               from (select coalesce((select bp_pc.percent_off_bp from ${priceListCategories} bp_pc
                                       where bp_pc.list_id = bp_l.id and bp_pc.category = ${c('category')}),
                                     bp_l.percent_off_bp) as v) bp_v
              where bp_v.v is not null)) as cents
        ) bp_price
       where (bp_l.valid_from is null or bp_l.valid_from <= ${today})
         and (bp_l.valid_until is null or bp_l.valid_until >= ${today})
         and bp_price.cents is not null
       order by bp_a.priority desc, bp_price.cents, bp_l.id
       limit 1) bp_pick on true)`;
};
