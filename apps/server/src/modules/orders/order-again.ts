import { sql } from 'drizzle-orm';
import {
  formatMoney,
  fromCents,
  quantityProblem,
  type OrderAgainChange,
  type OrderAgainResponse,
} from '@storefront/contract';
import type { Db } from '../../db/database.js';
import { preparedSql } from '../../db/prepared.js';
import { notFound } from '../../http/errors.js';
import type { Caller } from '../auth/guards.js';
import { getCart, mergeCartLines } from '../cart/cart.service.js';
import { roleIn } from '../companies/companies.service.js';
import { partsRelation } from '../parts/stock.service.js';
import { buyerUnitPriceSql } from '../price-lists/buyer-prices.js';
import { pricingPartyOf } from '../price-lists/caller-pricing.js';
import { findOrderView } from './orders.service.js';
import { orderLines } from './orders.tables.js';

/** A past line with the part it goes into the cart as now (itself, or what replaces it). */
type Reordered = {
  line_no: number;
  sku: string;
  part_name: string;
  quantity: number;
  reference: string | null;
  unit_price_cents: number;
  target_id: string | null;
  target_sku: string | null;
  replaced: boolean;
  price_cents: number | null;
  available_quantity: number | null;
  min_order_quantity: number | null;
  pack_size: number | null;
  max_order_quantity: number | null;
};

/**
 * The order's live lines, each with its part as it is now or, when that part is no longer sold,
 * the live part listing its number as superseded (our current number first): one statement. Each
 * priced as the cart will price it: the caller's pricing company's contract price, or public.
 */
const reorderStatement = preparedSql(
  'order_again_lines',
  () => sql`
    select l.line_no, l.sku, l.part_name, l.quantity, l.reference, l.unit_price_cents,
           t.id as target_id, t.sku as target_sku, t.id is distinct from l.part_id as replaced,
           ${buyerUnitPriceSql('t', sql.raw('l.quantity'), sql`${sql.placeholder('partyId')}::uuid`)}
             as price_cents, t.available_quantity,
           t.min_order_quantity, t.pack_size, t.max_order_quantity
      from ${orderLines} l
      join ${partsRelation} p on p.id = l.part_id
      left join lateral (
        select x.* from ${partsRelation} x
         where x.id = p.id and x.archived_at is null
        union all
        select * from (
          select x.* from ${partsRelation} x
           where p.archived_at is not null and x.archived_at is null
             and x.superseded_numbers @> array[upper(p.sku)]::text[]
           order by x.sku limit 1) r
        limit 1
      ) t on true
     where l.order_id = ${sql.placeholder('orderId')}::uuid and l.canceled_at is null
     order by l.line_no`,
);

const pieces = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'piece' : 'pieces'}`;

/** What differs from the order for one line, in words, in the order a buyer reads them. */
function changesOf(r: Reordered): OrderAgainChange[] {
  const at = { lineNo: r.line_no, sku: r.sku, partName: r.part_name };
  if (r.target_id === null)
    return [{ ...at, kind: 'ARCHIVED', message: `${r.sku} is no longer sold: left out.` }];
  const changes: OrderAgainChange[] = [];
  if (r.replaced)
    changes.push({
      ...at,
      kind: 'SUPERSEDED',
      message: `${r.sku} is replaced by ${r.target_sku ?? ''}: that part went into the cart.`,
    });
  const now = r.price_cents ?? 0;
  if (now !== r.unit_price_cents)
    changes.push({
      ...at,
      kind: 'PRICE',
      message: `Now ${formatMoney(fromCents(now))} a piece (you paid ${formatMoney(fromCents(r.unit_price_cents))}).`,
    });
  const problem = quantityProblem(
    r.quantity,
    {
      minimum: r.min_order_quantity ?? 1,
      packSize: r.pack_size ?? 1,
      maximum: r.max_order_quantity,
    },
    r.available_quantity ?? 0,
  );
  if (problem)
    changes.push({
      ...at,
      kind: problem.code === 'ABOVE_STOCK' ? 'STOCK' : 'RULE',
      message: `${problem.message} The cart offers the fix for ${pieces(r.quantity)}.`,
    });
  return changes;
}

/**
 * "Order again": a past order's live lines go into the caller's cart through the cart's own merge
 * (quantities added to a part already there, every line then checked like any other), with what
 * changed since, into the caller's own cart. The order's customer or a member of its company;
 * anyone else gets the 404 an unknown order gets.
 */
export async function orderAgain(
  db: Db,
  caller: Caller,
  orderId: string,
): Promise<OrderAgainResponse> {
  const order = await findOrderView(db, orderId);
  // The order's customer, or a member of its company (who sees it among the company's orders).
  const mayRead =
    order !== undefined &&
    (order.userId === caller.sub ||
      (order.companyId !== null && (await roleIn(db, order.companyId, caller.sub)) !== undefined));
  if (!order || !mayRead) throw notFound('Order');
  const partyId = await pricingPartyOf(db, caller.sub);
  const rows = (await reorderStatement(db, {
    orderId: order.id,
    partyId,
  })) as unknown as Reordered[];
  const going = rows.filter((r) => r.target_id !== null);
  await mergeCartLines(
    db,
    caller.sub,
    going.map((r) => ({
      partId: r.target_id!,
      quantity: r.quantity,
      ...(r.reference ? { reference: r.reference } : {}),
    })),
  );
  return {
    cart: await getCart(db, caller.sub),
    added: going.length,
    changes: rows.flatMap(changesOf),
  };
}
