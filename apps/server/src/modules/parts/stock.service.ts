import { and, desc, eq, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { StockChangeValues, StockMovementKind } from '@storefront/contract';
import type { DbOrTx } from '../../db/database.js';
import { parts } from './parts.tables.js';
import { stockMovements, type StockMovementRow } from './stock.tables.js';

/**
 * A part runs low when its stock is below `factor` times its minimum order quantity: fewer than
 * that many customers could still order it.
 */
export const lowStockSql = (factor: number) =>
  sql`${parts.availableQuantity} < ${factor} * ${parts.minOrderQuantity}`;

export async function countLowStock(db: DbOrTx, factor: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<string>`count(*)` })
    .from(parts)
    .where(and(lowStockSql(factor), sql`${parts.archivedAt} is null`));
  return Number(row?.count ?? 0);
}

type Movement = {
  partId: string;
  delta: number;
  kind: StockMovementKind;
  reason?: string;
  actorId?: string | null;
  orderId?: string | null;
  /** Only a live (not archived) part may move. */
  liveOnly?: boolean;
};

/**
 * Every stock change is this one statement: a relative UPDATE that refuses to go below zero and
 * the ledger row with the level it left, together. Two changes at the same moment queue on the
 * part's row and each applies to what the other left, so neither is lost. Undefined when the part
 * is unknown (or archived, with `liveOnly`) or the change would take the stock below zero.
 */
async function move(tx: DbOrTx, m: Movement): Promise<number | undefined> {
  const result = await tx.execute(sql`
    with moved as (
      update ${parts}
         set available_quantity = available_quantity + ${m.delta}, updated_at = now()
       where id = ${m.partId}
         and available_quantity + ${m.delta} >= 0
         ${m.liveOnly ? sql`and archived_at is null` : sql``}
      returning id, available_quantity
    )
    insert into ${stockMovements} (part_id, kind, delta, level_after, reason, actor_id, order_id)
    select id, ${m.kind}, ${m.delta}, available_quantity, ${m.reason ?? ''}, ${m.actorId ?? null}, ${m.orderId ?? null}
      from moved
    returning level_after`);
  const row = (result as unknown as { rows: { level_after: number }[] }).rows[0];
  return row === undefined ? undefined : Number(row.level_after);
}

/** Gives a canceled order's quantity back (to an archived part too: the count stays true). */
export async function returnStockForOrder(
  tx: DbOrTx,
  order: { partId: string; quantity: number; id: string },
  kind: Extract<StockMovementKind, 'cancel' | 'sweep' | 'refund'>,
  actorId: string | null,
): Promise<void> {
  await move(tx, {
    partId: order.partId,
    delta: order.quantity,
    kind,
    actorId,
    orderId: order.id,
    reason: kind === 'sweep' ? 'Unpaid for too long' : '',
  });
}

/** A receipt or an adjustment by staff; undefined when it would take the stock below zero. */
export async function changeStock(
  tx: DbOrTx,
  partId: string,
  change: StockChangeValues,
  actorId: string,
): Promise<number | undefined> {
  return move(tx, {
    partId,
    delta: change.delta,
    kind: change.kind,
    reason: change.reason,
    actorId,
  });
}

/** Newest first, `pageSize` at a time, before a movement id. */
export async function listMovements(
  db: DbOrTx,
  partId: string,
  page: { before?: number; pageSize: number },
): Promise<{ rows: StockMovementRow[]; nextBefore: number | null }> {
  const rows = await db
    .select()
    .from(stockMovements)
    .where(
      and(
        eq(stockMovements.partId, partId),
        page.before === undefined ? undefined : lt(stockMovements.id, page.before),
      ),
    )
    .orderBy(desc(stockMovements.id))
    .limit(page.pageSize + 1);
  const more = rows.length > page.pageSize;
  const items = more ? rows.slice(0, page.pageSize) : rows;
  return { rows: items, nextBefore: more ? (items.at(-1)?.id ?? null) : null };
}

/**
 * The part an order asks for, as the placing statement's `part` CTE: what the refusals need (a
 * 404, an archived part, a quantity below the minimum or above the stock) and what the order would
 * add to the account's unpaid value, read from the statement's snapshot. `orderable` is the
 * snapshot's answer; the decrement in `takeStockCtes` decides.
 */
export const orderPartCte = (order: { partId: SQLWrapper; quantity: SQLWrapper }): SQL =>
  sql`part as (
    select id, min_order_quantity, available_quantity, archived_at is not null as archived,
           price_cents::bigint * ${order.quantity}::int as adding,
           archived_at is null
             and min_order_quantity <= ${order.quantity}::int
             and available_quantity >= ${order.quantity}::int as orderable
      from ${parts}
     where id = ${order.partId}::uuid
  )`;

/**
 * Taking an order's stock, as CTEs of the placing statement: the conditional decrement (which
 * PostgreSQL re-checks against the newest row after waiting for a concurrent order of the same
 * part, so stock never goes below zero) and its ledger row. Nothing is taken unless `gate` holds.
 */
export const takeStockCtes = (order: {
  partId: SQLWrapper;
  quantity: SQLWrapper;
  orderId: SQLWrapper;
  userId: SQLWrapper;
  gate?: SQL;
}): SQL => sql`taken as (
    update ${parts}
       set available_quantity = available_quantity - ${order.quantity}::int, updated_at = now()
     where id = ${order.partId}::uuid
       and available_quantity >= ${order.quantity}::int
       and archived_at is null
       ${order.gate ? sql`and ${order.gate}` : sql``}
    returning id, name, price_cents, available_quantity
  ),
  taken_movement as (
    insert into ${stockMovements} (part_id, kind, delta, level_after, actor_id, order_id)
    select id, 'order', -${order.quantity}::int, available_quantity, ${order.userId}::text, ${order.orderId}::uuid
      from taken
  )`;
