import { and, desc, eq, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { StockChangeValues, StockMovementKind } from '@storefront/contract';
import type { DbOrTx } from '../../db/database.js';
import { preparedSql } from '../../db/prepared.js';
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

/** One part's change of stock. */
export type StockChange = { partId: string; delta: number };

type Movements = {
  kind: StockMovementKind;
  reason?: string;
  actorId?: string | null;
  orderId?: string | null;
  /** Only live (not archived) parts may move. */
  liveOnly?: boolean;
};

/**
 * The one order in which every writer of several parts' stock locks them: by part id, each part
 * once with its changes summed. Two writers that take the same parts then queue on the first part
 * they share instead of each holding one the other needs (a deadlock).
 */
export function inLockOrder(changes: readonly StockChange[]): StockChange[] {
  const summed = new Map<string, number>();
  for (const { partId, delta } of changes) summed.set(partId, (summed.get(partId) ?? 0) + delta);
  return [...summed]
    .filter(([, delta]) => delta !== 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([partId, delta]) => ({ partId, delta }));
}

/**
 * Every stock change is this one statement: the parts locked in id order (`inLockOrder`), then,
 * only if every change keeps its part at or above zero, the relative UPDATEs and a ledger row each
 * with the level it left. All the changes or none. Two writers at the same moment queue on the
 * parts' rows and each applies to what the other left, so nothing is lost. Undefined when a part is
 * unknown (or archived, with `liveOnly`) or a change would take its stock below zero; otherwise
 * each part's level after.
 */
export async function moveStock(
  tx: DbOrTx,
  changes: readonly StockChange[],
  m: Movements,
): Promise<Map<string, number> | undefined> {
  const sorted = inLockOrder(changes);
  if (sorted.length === 0) return new Map();
  const rows = await moveStockStatement(tx, {
    ids: sorted.map((c) => c.partId),
    deltas: sorted.map((c) => c.delta),
    kind: m.kind,
    reason: m.reason ?? '',
    actorId: m.actorId ?? null,
    orderId: m.orderId ?? null,
    liveOnly: m.liveOnly ?? false,
  });
  if (rows.length !== sorted.length) return undefined;
  return new Map(rows.map((r) => [String(r.part_id), Number(r.level_after)]));
}

const moveStockStatement = preparedSql(
  'move_stock',
  () => sql`
    with change as (
      select * from unnest(${sql.placeholder('ids')}::uuid[], ${sql.placeholder('deltas')}::int[])
        as c(part_id, delta)
    ),
    locked as (
      select p.id, p.available_quantity, p.archived_at from ${parts} p
       where p.id in (select part_id from change)
       order by p.id
         -- Exclusive among writers of stock, yet not against rows that merely reference the part
         -- (a cart line or review added meanwhile): FOR UPDATE would block their foreign keys.
         for no key update
    ),
    allowed as (
      select count(*) = (select count(*) from change)
             and bool_and(l.available_quantity + c.delta >= 0
                          and (not ${sql.placeholder('liveOnly')}::boolean or l.archived_at is null))
               as ok
        from change c join locked l on l.id = c.part_id
    ),
    moved as (
      update ${parts} p
         set available_quantity = p.available_quantity + c.delta, updated_at = now()
        from change c
       where p.id = c.part_id and (select ok from allowed)
      returning p.id, p.available_quantity, c.delta
    )
    insert into ${stockMovements} (part_id, kind, delta, level_after, reason, actor_id, order_id)
    select id, ${sql.placeholder('kind')}::text, delta, available_quantity,
           ${sql.placeholder('reason')}::text, ${sql.placeholder('actorId')}::text,
           ${sql.placeholder('orderId')}::uuid
      from moved
    returning part_id, level_after`,
);

/**
 * Gives an order's lines back to stock (to archived parts too: the count stays true), in the one
 * lock order: a whole order canceled or swept, or one line canceled by staff.
 */
export async function returnStock(
  tx: DbOrTx,
  order: { id: string; lines: readonly { partId: string; quantity: number }[] },
  kind: Extract<StockMovementKind, 'cancel' | 'sweep' | 'refund'>,
  actorId: string | null,
): Promise<void> {
  const moved = await moveStock(
    tx,
    order.lines.map((l) => ({ partId: l.partId, delta: l.quantity })),
    { kind, actorId, orderId: order.id, reason: kind === 'sweep' ? 'Unpaid for too long' : '' },
  );
  if (!moved) throw new Error(`could not return the stock of order ${order.id}`);
}

/** A receipt or an adjustment by staff; undefined when it would take the stock below zero. */
export async function changeStock(
  tx: DbOrTx,
  partId: string,
  change: StockChangeValues,
  actorId: string,
): Promise<number | undefined> {
  const moved = await moveStock(tx, [{ partId, delta: change.delta }], {
    kind: change.kind,
    reason: change.reason,
    actorId,
  });
  return moved?.get(partId);
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
 * Whether a part (its row as `p`) can be ordered `quantity` of: live, the quantity rule of the
 * contract (`allowedByRule`: minimum, whole packs, maximum) and the stock. The SQL twin of the
 * contract's rule, held to it by a test (stock.test.ts).
 */
export const orderableSql = (p: string, quantity: SQL): SQL => {
  const c = (column: string) => sql.raw(`${p}.${column}`);
  return sql`(${c('archived_at')} is null
    and ${quantity} >= ${c('min_order_quantity')}
    and ${quantity} % ${c('pack_size')} = 0
    and (${c('max_order_quantity')} is null or ${quantity} <= ${c('max_order_quantity')})
    and ${c('available_quantity')} >= ${quantity})`;
};

/**
 * The volume price step `quantity` pieces of a part (its row as `p`) reach: the largest step
 * quantity at or below it, null below the first step. The SQL twin of the contract's `stepAt`.
 */
export const priceStepSql = (p: string, quantity: SQL): SQL =>
  sql`(select max(t.q) from unnest(${sql.raw(`${p}.tier_quantities`)}) as t(q) where t.q <= ${quantity})`;

/**
 * The unit price in cents of `quantity` pieces of a part (its row as `p`): its step's price, or the
 * part's own. The SQL twin of the contract's `unitCentsAt`, held to it by a test (stock.test.ts).
 */
export const unitPriceSql = (p: string, quantity: SQL): SQL => {
  const c = (column: string) => sql.raw(`${p}.${column}`);
  return sql`coalesce((select t.cents from unnest(${c('tier_quantities')}, ${c('tier_cents')}) as t(q, cents)
     where t.q <= ${quantity} order by t.q desc limit 1), ${c('price_cents')})`;
};

/**
 * Today's unit price in cents of each (part, quantity): the part's price at its step, as checkout
 * would charge it, or the buyer's when `unitPrice` is theirs (a company's prices, handed in by a
 * module that knows them). Keyed `partId:quantity`; a part no longer there is absent.
 */
export async function catalogUnitCents(
  db: DbOrTx,
  lines: readonly { partId: string; quantity: number }[],
  unitPrice: UnitPriceSql = unitPriceSql,
): Promise<Map<string, number>> {
  if (lines.length === 0) return new Map();
  const result = await db.execute(sql`
    select r.part_id::text as part_id, r.quantity, ${unitPrice('p', sql.raw('r.quantity'))} as cents
      from unnest(${`{${lines.map((l) => l.partId).join(',')}}`}::uuid[],
                  ${`{${lines.map((l) => l.quantity).join(',')}}`}::int[]) as r(part_id, quantity)
      join ${parts} p on p.id = r.part_id`);
  const rows = (
    result as unknown as { rows: { part_id: string; quantity: number; cents: number }[] }
  ).rows;
  return new Map(rows.map((r) => [`${r.part_id}:${r.quantity}`, Number(r.cents)]));
}

/** What the placing statement reads of each part an order asks for (its snapshot or locked row). */
const partColumnsSql = sql`p.sku, p.name, p.category, p.price_cents, p.available_quantity,
  p.min_order_quantity, p.pack_size, p.max_order_quantity, p.archived_at, p.tier_quantities,
  p.tier_cents, p.core_charge_cents`;

/**
 * The unit price in cents of `quantity` pieces of a part (its row as `p`) for the order being
 * placed. The parts module knows the public price (`unitPriceSql`); the orders module hands in the
 * buyer's (the price lists' SQL twin for the order's company, decision 061), so this module does
 * not import the price lists, which build on it.
 */
export type UnitPriceSql = (p: string, quantity: SQL) => SQL;

/**
 * The unit price a line of the placing statement pays (its line as `r`, its part's row as `p`): the
 * price quoted for it when it carries one (`r.quoted_cents`, a quote accepted: decision 048), which
 * neither the part's price, its ladder nor a price list replaces; otherwise `unitPrice`'s.
 */
const linePriceSql = (p: string, quantity: SQL, unitPrice: UnitPriceSql): SQL =>
  sql`(case when r.quoted_cents > 0 then r.quoted_cents else ${unitPrice(p, quantity)} end)`;

/**
 * A line's part columns with its price at the line's quantity (`price_cents`) and its step;
 * `list_price_cents` stays the part's own price, whatever the buyer pays.
 */
const pricedColumnsSql = (p: string, quantity: SQL, unitPrice: UnitPriceSql) => {
  const c = (column: string) => sql.raw(`${p}.${column}`);
  return sql`${c('sku')}, ${c('name')}, ${c('category')}, ${linePriceSql(p, quantity, unitPrice)} as price_cents,
    ${c('price_cents')} as list_price_cents,
    (case when r.quoted_cents > 0 then null else ${priceStepSql(p, quantity)} end) as price_step,
    ${c('available_quantity')}, ${c('min_order_quantity')}, ${c('pack_size')},
    ${c('max_order_quantity')}, ${c('archived_at')}, ${c('core_charge_cents')}`;
};

/**
 * The parts of an order's lines as the placing statement's snapshot (`snap`, no lock): what the
 * account's gate weighs (the order's value, whether every line looks orderable) and what a refusal
 * reports when the gate stopped the order before any part was locked. `lines` is a relation with
 * `line_no`, `part_id`, `quantity` and `seen_cents` (the unit price the buyer saw; 0 when none).
 */
export const snapshotPartsCte = (
  lines: string,
  unitPrice: UnitPriceSql = unitPriceSql,
): SQL => sql`snap as (
    select r.*, p.id is not null as found, ${pricedColumnsSql('p', sql.raw('r.quantity'), unitPrice)},
           coalesce(${orderableSql('p', sql.raw('r.quantity'))}
             and (r.seen_cents = 0
                  or r.seen_cents = ${linePriceSql('p', sql.raw('r.quantity'), unitPrice)}), false) as ok
      from ${sql.raw(lines)} r left join ${parts} p on p.id = r.part_id
  )`;

/**
 * Reserving an order's lines, as CTEs of the placing statement (decision 042): once `gate` holds,
 * the parts are locked in id order (`locked`: every writer of several parts uses this order, see
 * `inLockOrder`) and read fresh; every line is checked against its locked row (`checked`: the rule,
 * the stock, and the price the buyer saw, at its volume step); then, only if every line passed, each part's stock is
 * taken with its ledger row (`taken`). All lines or none. The lines' part ids are distinct (summed
 * before): one lock, one decrement per part.
 */
export const reserveLinesCtes = (o: {
  lines: string;
  gate: SQL;
  orderId: SQLWrapper;
  userId: SQLWrapper;
  /** The buyer's unit price (default: the public price). */
  unitPrice?: UnitPriceSql;
}): SQL => {
  const unitPrice = o.unitPrice ?? unitPriceSql;
  return sql`locked as (
    select p.id, ${partColumnsSql} from ${parts} p
     where p.id in (select part_id from ${sql.raw(o.lines)}) and ${o.gate}
     order by p.id
       for no key update
  ),
  checked as (
    select r.*, l.id is not null as found, ${pricedColumnsSql('l', sql.raw('r.quantity'), unitPrice)},
           coalesce(${orderableSql('l', sql.raw('r.quantity'))}
             and (r.seen_cents = 0
                  or r.seen_cents = ${linePriceSql('l', sql.raw('r.quantity'), unitPrice)}), false) as ok
      from ${sql.raw(o.lines)} r left join locked l on l.id = r.part_id
  ),
  reservable as (
    select count(*) > 0 and bool_and(ok) as all_ok from checked
  ),
  taken as (
    update ${parts} p
       set available_quantity = p.available_quantity - c.quantity, updated_at = now()
      from checked c
     where p.id = c.part_id and (select all_ok from reservable)
    returning p.id, p.available_quantity, c.quantity
  ),
  taken_movement as (
    insert into ${stockMovements} (part_id, kind, delta, level_after, actor_id, order_id)
    select id, 'order', -quantity, available_quantity, ${o.userId}::text, ${o.orderId}::uuid
      from taken
  )`;
};

/**
 * The parts table for another module's raw SQL that joins it to rows of its own (the cart's lines
 * with their parts' names, prices, rules and stock): read only; writers go through this module.
 */
export const partsRelation: SQL = sql`${parts}`;

/** Whether a part exists, and whether it is archived: null when no part has this id. */
export async function partArchivedState(
  db: DbOrTx,
  partId: string,
): Promise<{ archived: boolean } | null> {
  const [part] = await db
    .select({ archivedAt: parts.archivedAt })
    .from(parts)
    .where(eq(parts.id, partId))
    .limit(1);
  return part ? { archived: part.archivedAt !== null } : null;
}
