import { and, eq, sql, type SQLWrapper } from 'drizzle-orm';
import {
  fromCents,
  isUuid,
  lineProblems,
  MAX_CART_LINES,
  stepAt,
  stepsOfColumns,
  unitCentsAt,
  volumeNudge,
  MAX_QUANTITY,
  toCents,
  type CartLine,
  type CartResponse,
  type LocalCartLine,
} from '@storefront/contract';
import type { Db, DbOrTx } from '../../db/database.js';
import { preparedSql } from '../../db/prepared.js';
import { rowsOf } from '../../db/raw-rows.js';
import { AppError, notFound } from '../../http/errors.js';
import { partArchivedState, partsRelation } from '../parts/stock.service.js';
import type { BuyerPricing } from '../price-lists/buyer-prices.js';
import { pricingForAccount } from '../price-lists/caller-pricing.js';
import { cartLines, carts } from './cart.tables.js';

/** A line with the part as it is now: what a cart row shows and checks. */
type PricedLine = {
  part_id: string;
  quantity: number;
  reference: string | null;
  seen_price_cents: number;
  seen_tier_quantities: number[] | null;
  seen_tier_cents: number[] | null;
  found: boolean;
  sku: string | null;
  name: string | null;
  image_url: string | null;
  category: string | null;
  price_cents: number | null;
  min_order_quantity: number | null;
  pack_size: number | null;
  max_order_quantity: number | null;
  available_quantity: number | null;
  archived: boolean | null;
  tier_quantities: number[] | null;
  tier_cents: number[] | null;
  core_charge_cents: number | null;
};

const partFields = sql`p.id is not null as found, p.sku, p.name, p.image_url, p.category, p.price_cents,
  p.min_order_quantity, p.pack_size, p.max_order_quantity, p.available_quantity,
  p.archived_at is not null as archived, p.tier_quantities, p.tier_cents, p.core_charge_cents`;

/**
 * Lines and their parts as one cart: every line with its problems, the subtotal at today's prices,
 * each priced by `pricing` (the buyer's pricing company's contract prices, or the public price).
 */
function toCart(rows: readonly PricedLine[], pricing: BuyerPricing): CartResponse {
  const lines: CartLine[] = rows
    .filter((r) => r.found)
    .map((r, index) => {
      // Priced at the step the line's quantity reaches; the price the buyer saw is read off the
      // ladder they saw, at the same quantity, so changing the quantity is never a price change.
      // A contract price is the same rule over the ladder seen: only the public price moving, or
      // the list's price moving with it, shows as a change here; a list starting or ending between
      // this cart and the order is caught by checkout's seen price, line by line.
      const part = {
        id: r.part_id,
        category: r.category ?? '',
        priceCents: r.price_cents ?? 0,
        tierQuantities: r.tier_quantities,
        tierCents: r.tier_cents,
      };
      const steps = stepsOfColumns(r.tier_quantities, r.tier_cents);
      const unitCents = pricing.unitCents(part, r.quantity);
      const publicCents = unitCentsAt(part.priceCents, steps, r.quantity);
      const seenCents = pricing.unitCents(
        {
          ...part,
          priceCents: r.seen_price_cents,
          tierQuantities: r.seen_tier_quantities,
          tierCents: r.seen_tier_cents,
        },
        r.quantity,
      );
      const unitPrice = fromCents(unitCents);
      const rule = {
        minimum: r.min_order_quantity ?? 1,
        packSize: r.pack_size ?? 1,
        maximum: r.max_order_quantity,
      };
      return {
        partId: r.part_id,
        sku: r.sku ?? '',
        name: r.name ?? '',
        url: r.image_url ?? '',
        quantity: r.quantity,
        reference: r.reference,
        unitPrice,
        listPrice: fromCents(r.price_cents ?? 0),
        priceStep: stepAt(steps, r.quantity)?.minQuantity ?? null,
        seenUnitPrice: fromCents(seenCents),
        ...(unitCents < publicCents ? { publicUnitPrice: fromCents(publicCents) } : {}),
        lineTotal: fromCents(unitCents * r.quantity),
        coreCharge: fromCents(r.core_charge_cents ?? 0),
        mOrderQuantity: rule.minimum,
        packSize: rule.packSize,
        maxOrderQuantity: rule.maximum,
        availableQuantity: r.available_quantity ?? 0,
        archived: r.archived === true,
        problems: lineProblems(
          index,
          r.part_id,
          r.quantity,
          {
            archived: r.archived === true,
            rule,
            available: r.available_quantity ?? 0,
            unitPrice,
          },
          fromCents(seenCents),
        ),
        nudge:
          r.archived === true
            ? null
            : volumeNudge(
                r.quantity,
                part.priceCents,
                steps,
                rule,
                r.available_quantity ?? 0,
                (q) => pricing.unitCents(part, q),
              ),
      };
    });
  return {
    lines,
    lineCount: lines.length,
    subtotal: fromCents(lines.reduce((sum, l) => sum + toCents(l.lineTotal), 0)),
    coreDeposits: fromCents(lines.reduce((sum, l) => sum + toCents(l.coreCharge) * l.quantity, 0)),
    ready: lines.length > 0 && lines.every((l) => l.problems.length === 0),
  };
}

const cartOf = preparedSql(
  'cart_of',
  () => sql`
    select cl.part_id, cl.quantity, cl.reference, cl.seen_price_cents, cl.seen_tier_quantities,
           cl.seen_tier_cents, ${partFields}
      from ${cartLines} cl join ${partsRelation} p on p.id = cl.part_id
     where cl.user_id = ${sql.placeholder('userId')}::text
     order by cl.created_at, cl.part_id`,
);

/**
 * The account's cart, every line checked against its part as it is now and priced for its pricing
 * company ("buying for", membership checked now).
 */
export async function getCart(db: DbOrTx, userId: string): Promise<CartResponse> {
  const rows = (await cartOf(db, { userId })) as unknown as PricedLine[];
  const pricing = await pricingForAccount(
    db,
    userId,
    rows.map((r) => r.part_id),
  );
  return toCart(rows, pricing);
}

/** A visitor pays the public price: no company, no list read. */
const visitorPricing = (db: DbOrTx) => pricingForAccount(db, null, []);

/**
 * Lines kept in the browser (a visitor's cart), checked as the account's cart is, without writing
 * anything: lines naming no part are left out, a repeated part is one line.
 */
export async function checkLines(
  db: DbOrTx,
  lines: readonly LocalCartLine[],
): Promise<CartResponse> {
  const merged = mergeRepeats(lines);
  if (merged.length === 0) return toCart([], await visitorPricing(db));
  const rows = await checkStatement(db, localParameters(merged));
  return toCart(rows as unknown as PricedLine[], await visitorPricing(db));
}

/** A visitor's lines as the array parameters of `localLines`. */
const localParameters = (lines: readonly LocalCartLine[]) => ({
  ids: lines.map((l) => l.partId),
  quantities: lines.map((l) => l.quantity),
  references: lines.map((l) => l.reference ?? ''),
  seen: lines.map((l) => (l.seenUnitPrice === undefined ? 0 : toCents(l.seenUnitPrice))),
});

const localLines = sql`unnest(${sql.placeholder('ids')}::uuid[], ${sql.placeholder('quantities')}::int[],
    ${sql.placeholder('references')}::text[], ${sql.placeholder('seen')}::int[])
  with ordinality as r(part_id, quantity, reference, seen, n)`;

const checkStatement = preparedSql(
  'cart_check_lines',
  () => sql`
    select r.part_id, r.quantity, nullif(r.reference, '') as reference,
           coalesce(nullif(r.seen, 0), p.price_cents) as seen_price_cents,
           p.tier_quantities as seen_tier_quantities, p.tier_cents as seen_tier_cents, ${partFields}
      from ${localLines}
      left join ${partsRelation} p on p.id = r.part_id
     order by r.n`,
);

/** One line per part: a repeated part's quantities added, its first reference and price kept. */
function mergeRepeats(lines: readonly LocalCartLine[]): LocalCartLine[] {
  const byPart = new Map<string, LocalCartLine>();
  for (const line of lines) {
    const found = byPart.get(line.partId);
    if (found) found.quantity += line.quantity;
    else byPart.set(line.partId, { ...line });
  }
  return [...byPart.values()];
}

const constraintOf = (err: unknown): string | undefined => {
  const of = (e: unknown) => (e as { constraint?: unknown } | null)?.constraint;
  const name = of(err) ?? of((err as { cause?: unknown } | null)?.cause);
  return typeof name === 'string' ? name : undefined;
};

/** The database's own limits on a cart, as answers. */
function cartLimitRefusal(err: unknown): AppError | undefined {
  switch (constraintOf(err)) {
    case 'carts_line_count_max':
      return new AppError(
        409,
        'CART_FULL',
        `A cart holds at most ${MAX_CART_LINES} lines: check out or remove some first.`,
      );
    case 'cart_lines_quantity_range':
      return new AppError(
        400,
        'VALIDATION_FAILED',
        `A line holds at most ${MAX_QUANTITY.toLocaleString('en-US')} pieces.`,
        { quantity: 'Too many pieces' },
      );
    default:
      return undefined;
  }
}

async function withCartLimits<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    throw cartLimitRefusal(err) ?? err;
  }
}

/** Why a part cannot go into a cart (it is unknown, or no longer sold). */
async function partRefusal(db: DbOrTx, partId: string): Promise<AppError> {
  const part = await partArchivedState(db, partId);
  if (!part) return notFound('Part');
  return new AppError(409, 'PART_ARCHIVED', 'This part is no longer sold, so it cannot be ordered');
}

/**
 * Adds a part to the account's cart: to its line's quantity when it is there already (one line per
 * part), at the price the buyer sees now. A reference given replaces the line's. Only live parts.
 */
export async function addCartLine(
  db: Db,
  userId: string,
  line: { partId: string; quantity: number; reference?: string | undefined },
): Promise<void> {
  if (!isUuid(line.partId)) throw notFound('Part');
  const added = await withCartLimits(() =>
    db.execute(sql`
      insert into ${cartLines} as cl (user_id, part_id, quantity, reference, seen_price_cents,
        seen_tier_quantities, seen_tier_cents)
      select ${userId}, p.id, ${line.quantity}::int, ${line.reference || null}, p.price_cents,
             p.tier_quantities, p.tier_cents
        from ${partsRelation} p where p.id = ${line.partId}::uuid and p.archived_at is null
      on conflict (user_id, part_id) do update
         set quantity = cl.quantity + excluded.quantity,
             reference = coalesce(excluded.reference, cl.reference),
             updated_at = now()
      returning part_id`),
  );
  if (rowsOf(added).length === 0) throw await partRefusal(db, line.partId);
}

/**
 * Sets a line's quantity and reference (the line is made when the part was not in the cart).
 * `acceptPrice` takes the part's price today as the one the buyer saw: the fix of a price change.
 */
export async function setCartLine(
  db: Db,
  userId: string,
  partId: string,
  line: { quantity: number; reference?: string | undefined; acceptPrice?: boolean | undefined },
): Promise<void> {
  if (!isUuid(partId)) throw notFound('Part');
  const set = await withCartLimits(() =>
    db.execute(sql`
      insert into ${cartLines} as cl (user_id, part_id, quantity, reference, seen_price_cents,
        seen_tier_quantities, seen_tier_cents)
      select ${userId}, p.id, ${line.quantity}::int, ${line.reference || null}, p.price_cents,
             p.tier_quantities, p.tier_cents
        from ${partsRelation} p where p.id = ${partId}::uuid
         and (p.archived_at is null
              or exists (select 1 from ${cartLines} x where x.user_id = ${userId} and x.part_id = p.id))
      on conflict (user_id, part_id) do update
         set quantity = excluded.quantity,
             reference = ${line.reference === undefined ? sql`cl.reference` : sql`excluded.reference`},
             seen_price_cents = ${line.acceptPrice ? sql`excluded.seen_price_cents` : sql`cl.seen_price_cents`},
             seen_tier_quantities = ${line.acceptPrice ? sql`excluded.seen_tier_quantities` : sql`cl.seen_tier_quantities`},
             seen_tier_cents = ${line.acceptPrice ? sql`excluded.seen_tier_cents` : sql`cl.seen_tier_cents`},
             updated_at = now()
      returning part_id`),
  );
  if (rowsOf(set).length === 0) throw await partRefusal(db, partId);
}

/** Takes a part out of the cart; a part not there changes nothing. */
export async function removeCartLine(db: DbOrTx, userId: string, partId: string): Promise<void> {
  if (!isUuid(partId)) return;
  await db.delete(cartLines).where(and(eq(cartLines.userId, userId), eq(cartLines.partId, partId)));
}

export async function clearCart(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(cartLines).where(eq(cartLines.userId, userId));
}

/** How many merged browser carts an account's cart remembers: one per browser signed in lately. */
const MERGE_IDS_KEPT = 20;

/**
 * A visitor's cart joins the account's at sign-in: a part already there gets the quantities added
 * (and is then checked again like every line), a new one keeps the price the visitor saw. Parts
 * that no longer exist are left out; parts no longer sold come along, to be shown as such.
 */
export async function mergeCartLines(
  db: Db,
  userId: string,
  lines: readonly LocalCartLine[],
  mergeId?: string,
): Promise<void> {
  const merged = mergeRepeats(lines);
  if (merged.length === 0) return;
  const parameters = { userId, ...localParameters(merged) };
  if (!mergeId) {
    await withCartLimits(() => mergeStatement(db, parameters));
    return;
  }
  // The cart's row, locked until the lines are in, holds the name: a second merge of the same
  // browser cart, at once or later, waits here and then finds it. A refused merge (the line cap)
  // rolls the name back, so the browser may try again once the cart has room.
  await withCartLimits(() =>
    db.transaction(async (tx) => {
      const claimed = await tx.execute(sql`
        insert into ${carts} as c (user_id, merge_ids) values (${userId}, array[${mergeId}::uuid])
        on conflict (user_id) do update
           set merge_ids = (array[${mergeId}::uuid] || c.merge_ids)[1:${sql.raw(String(MERGE_IDS_KEPT))}]
         where not (${mergeId}::uuid = any(c.merge_ids))
        returning 1`);
      if (rowsOf(claimed).length > 0) await mergeStatement(tx, parameters);
    }),
  );
}

const mergeStatement = preparedSql(
  'cart_merge_lines',
  () => sql`
    insert into ${cartLines} as cl (user_id, part_id, quantity, reference, seen_price_cents,
      seen_tier_quantities, seen_tier_cents)
    select ${sql.placeholder('userId')}::text, p.id, r.quantity, nullif(r.reference, ''),
           coalesce(nullif(r.seen, 0), p.price_cents), p.tier_quantities, p.tier_cents
      from ${localLines}
      join ${partsRelation} p on p.id = r.part_id
     order by r.n
    on conflict (user_id, part_id) do update
       set quantity = cl.quantity + excluded.quantity,
           reference = coalesce(cl.reference, excluded.reference),
           updated_at = now()`,
);

/**
 * The ordered lines out of the buyer's cart, as a CTE of the placing statement (orders): each part
 * ordered leaves the cart, unless its line grew meanwhile (on another device) past what was
 * ordered. Nothing leaves unless the order was placed.
 */
export const clearOrderedCartLinesCte = (o: {
  userId: SQLWrapper;
  fromCart: SQLWrapper;
  lines: string;
  placed: string;
}) => sql`cart_cleared as (
    delete from ${cartLines} cl using ${sql.raw(o.lines)} c
     where ${o.fromCart}::boolean
       and cl.user_id = ${o.userId}::text
       and cl.part_id = c.part_id
       and cl.quantity <= c.quantity
       and exists (select 1 from ${sql.raw(o.placed)})
  )`;
