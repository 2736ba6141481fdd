import { sql } from 'drizzle-orm';
import {
  fromCents,
  lineProblems,
  normalisePartNumber,
  parseQuickOrder,
  QUICK_ROW_STATUS_WORDS,
  readCells,
  stepAt,
  stepsOfColumns,
  unitCentsAt,
  type ParsedQuickRow,
  type QuickOrderBody,
  type QuickOrderFix,
  type QuickOrderPart,
  type QuickOrderResponse,
  type QuickOrderRow,
  type QuickRowStatus,
} from '@storefront/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/database.js';
import { preparedSql } from '../../db/prepared.js';
import { AppError } from '../../http/errors.js';
import { getCart } from '../cart/cart.service.js';
import { partsRelation } from '../parts/stock.service.js';
import type { BuyerPricing } from '../price-lists/buyer-prices.js';
import { pricingForAccount } from '../price-lists/caller-pricing.js';

type Body = z.output<typeof QuickOrderBody>;

/** A part a row's number names, as the one query answers it. */
type Match = {
  n: number;
  id: string;
  sku: string;
  name: string;
  image_url: string;
  category: string;
  price_cents: number;
  min_order_quantity: number;
  pack_size: number;
  max_order_quantity: number | null;
  available_quantity: number;
  archived: boolean;
  tier_quantities: number[];
  tier_cents: number[];
  /** 0: our part number; 1: a number of ours it replaces; 2: an OEM number. */
  how: number;
};

const HOW = ['sku', 'superseded', 'oem'] as const;

/**
 * Every row's number against our part numbers (upper-case, the unique index on `upper(sku)`), the
 * older numbers of ours they replace (the GIN index on `superseded_numbers`) and the OEM numbers
 * (normalised, the GIN index on `oem_numbers`), in one statement: one round trip whatever the
 * number of rows.
 */
const partFields = sql`p.id, p.sku, p.name, p.image_url, p.category, p.price_cents, p.min_order_quantity,
  p.pack_size, p.max_order_quantity, p.available_quantity, p.archived_at is not null as archived,
  p.tier_quantities, p.tier_cents`;
const matchStatement = preparedSql(
  'quick_order_match',
  () => sql`
    with r(n, sku, oem) as (
      select * from unnest(${sql.placeholder('ns')}::int[], ${sql.placeholder('skus')}::text[],
                           ${sql.placeholder('oems')}::text[]))
    select * from (
      select r.n, ${partFields}, 0 as how
        from r join ${partsRelation} p on upper(p.sku) = r.sku
      union all
      select r.n, ${partFields}, 1 as how
        from r join ${partsRelation} p on p.superseded_numbers @> array[r.sku]::text[]
       where upper(p.sku) <> r.sku
      union all
      select r.n, ${partFields}, 2 as how
        from r join ${partsRelation} p on p.oem_numbers @> array[r.oem]::text[]
       where upper(p.sku) <> r.sku and not p.superseded_numbers @> array[r.sku]::text[]
    ) m
     order by n, how, sku`,
);

/** A match as the pricer reads a part. */
const pricedPart = (m: Match) => ({
  id: m.id,
  category: m.category,
  priceCents: m.price_cents,
  tierQuantities: m.tier_quantities,
  tierCents: m.tier_cents,
});

/** The buyer's price, and the public one beside it only when the buyer's is lower. */
function pricesAt(m: Match, pricing: BuyerPricing, quantity: number) {
  const unitCents = pricing.unitCents(pricedPart(m), quantity);
  const publicCents = unitCentsAt(
    m.price_cents,
    stepsOfColumns(m.tier_quantities, m.tier_cents),
    quantity,
  );
  return { unitCents, publicCents: unitCents < publicCents ? publicCents : null };
}

const asPart = (m: Match, oem: string, number: string, pricing: BuyerPricing): QuickOrderPart => {
  // The part's price is the buyer's at its minimum, as the catalog's list shows it.
  const { unitCents, publicCents } = pricesAt(m, pricing, m.min_order_quantity);
  return {
    partId: m.id,
    sku: m.sku,
    name: m.name,
    url: m.image_url,
    unitPrice: fromCents(unitCents),
    ...(publicCents === null ? {} : { listPrice: fromCents(publicCents) }),
    mOrderQuantity: m.min_order_quantity,
    packSize: m.pack_size,
    maxOrderQuantity: m.max_order_quantity,
    availableQuantity: m.available_quantity,
    archived: m.archived,
    matchedBy: HOW[m.how] ?? 'oem',
    matchedOem: m.how === 2 ? oem : null,
    replaces: m.how === 1 ? number : null,
  };
};

/** The rows of a body: pasted text through the parser, or cells the grid already holds. */
function rowsOf(body: Body): ParsedQuickRow[] {
  if ('text' in body) {
    const parsed = parseQuickOrder(body.text);
    if (!parsed.ok) throw new AppError(400, parsed.error, parsed.message);
    return parsed.rows;
  }
  return body.rows.map((cells, i) => readCells(cells.line ?? i + 1, cells));
}

/** A parse status as a row's status (a row read well is judged by its part). */
const asStatus = (status: ParsedQuickRow['status']): QuickRowStatus =>
  status === 'OK' ? 'FOUND' : status;

const canLookUp = (row: ParsedQuickRow) =>
  row.status !== 'NO_PART_NUMBER' && row.status !== 'BAD_PART_NUMBER';

/**
 * Reads a quick order and checks every row, writing nothing: which part its number names (our
 * part number first, then OEM numbers), what is wrong with it (the cart's one rule, on what the
 * cart will hold once the row is added) and the fix. Two statements: the parts of every row, and
 * the caller's cart.
 */
export async function resolveQuickOrder(
  db: DbOrTx,
  userId: string,
  body: Body,
): Promise<QuickOrderResponse> {
  const rows = rowsOf(body);
  const lookups = rows.map((row, i) => ({ row, i })).filter(({ row }) => canLookUp(row));
  const matches = new Map<number, Match[]>();
  if (lookups.length > 0) {
    const found = (await matchStatement(db, {
      ns: lookups.map(({ i }) => i),
      skus: lookups.map(({ row }) => row.partNumber.replace(/\s+/g, '').toUpperCase()),
      oems: lookups.map(({ row }) => normalisePartNumber(row.partNumber)),
    })) as unknown as Match[];
    for (const m of found) {
      const list = matches.get(m.n) ?? [];
      // A part found by both its number and an OEM number of another row's part stays once.
      if (!list.some((x) => x.id === m.id)) list.push(m);
      matches.set(m.n, list);
    }
  }
  const cart = await getCart(db, userId);
  // Priced as the cart prices them: the caller's pricing company, membership checked now.
  const pricing = await pricingForAccount(
    db,
    userId,
    [...matches.values()].flat().map((m) => m.id),
  );
  const inCart = new Map(cart.lines.map((l) => [l.partId, l.quantity]));
  // Rows of the same part add up, as the cart will add them: a row is checked on what the cart
  // holds plus the ready rows above it.
  const earlier = new Map<string, number>();
  const answered = rows.map((row, i) => {
    const answer = resolveRow(row, i, matches.get(i) ?? [], pricing, (id) => ({
      cart: inCart.get(id) ?? 0,
      earlier: earlier.get(id) ?? 0,
    }));
    if (answer.status === 'FOUND' && answer.part && answer.quantity !== null)
      earlier.set(answer.part.partId, (earlier.get(answer.part.partId) ?? 0) + answer.quantity);
    return answer;
  });
  const ready = answered.filter((r) => r.status === 'FOUND').length;
  return { rows: answered, ready, attention: answered.length - ready };
}

function resolveRow(
  row: ParsedQuickRow,
  index: number,
  found: Match[],
  pricing: BuyerPricing,
  heldOf: (partId: string) => { cart: number; earlier: number },
): QuickOrderRow {
  const oem = normalisePartNumber(row.partNumber);
  const number = row.partNumber.replace(/\s+/g, '').toUpperCase();
  // Our own number names one part; an older number of ours, then an OEM number, may name several:
  // the best kind of match among the live parts decides, and several of it is never a guess.
  const live = found.filter((m) => !m.archived);
  const best = live.length > 0 ? Math.min(...live.map((m) => m.how)) : -1;
  const named = live.filter((m) => m.how === best);
  const chosen = named.length === 1 ? named[0] : undefined;
  const several = named.length > 1;
  const gone = !chosen && !several ? found[0] : undefined;
  const match = chosen ?? gone;
  const part = match ? asPart(match, oem, number, pricing) : null;
  const steps = match ? stepsOfColumns(match.tier_quantities, match.tier_cents) : [];
  const held = part ? heldOf(part.partId) : { cart: 0, earlier: 0 };
  const inCart = held.cart;
  const before = held.cart + held.earlier;
  const totalAfter = part && row.quantity !== null ? before + row.quantity : null;
  const after = match && totalAfter !== null ? pricesAt(match, pricing, totalAfter) : null;
  const base = {
    line: row.line,
    partNumber: row.partNumber,
    quantity: row.quantity,
    quantityText: row.quantityText,
    reference: row.reference,
    part,
    matches: several ? named.map((m) => asPart(m, oem, number, pricing)) : [],
    inCart,
    totalAfter,
    unitPriceAfter: after ? fromCents(after.unitCents) : null,
    ...(after?.publicCents ? { publicUnitPriceAfter: fromCents(after.publicCents) } : {}),
    priceStepAfter: totalAfter === null ? null : (stepAt(steps, totalAfter)?.minQuantity ?? null),
    problems: [] as QuickOrderRow['problems'],
  };
  const answer = (
    status: QuickRowStatus,
    message: string,
    fix: QuickOrderFix | null,
    problems: QuickOrderRow['problems'] = [],
  ): QuickOrderRow => ({
    ...base,
    status,
    statusText: QUICK_ROW_STATUS_WORDS[status],
    message,
    fix,
    problems,
  });
  const remove: QuickOrderFix = { kind: 'remove', action: 'Remove', quantity: null };

  if (!canLookUp(row)) return answer(asStatus(row.status), row.message, remove);
  if (several)
    return answer(
      'SEVERAL_MATCHES',
      `${row.partNumber} names ${named.length} of our parts: pick the one you mean.`,
      { kind: 'pick', action: `Pick one of ${named.length} matches`, quantity: null },
    );
  if (!match || !part)
    return answer('UNKNOWN_NUMBER', `We have no part numbered ${row.partNumber}.`, remove);
  if (part.archived) return answer('ARCHIVED', 'This part is no longer sold.', remove);
  const rule = {
    minimum: part.mOrderQuantity,
    packSize: part.packSize,
    maximum: part.maxOrderQuantity,
  };
  if (row.quantity === null) {
    const use = Math.max(rule.minimum, rule.packSize);
    return answer(asStatus(row.status), row.message, {
      kind: 'quantity',
      action: `Use ${use.toLocaleString('en-US')}`,
      quantity: use,
    });
  }
  if (row.status === 'REFERENCE_TOO_LONG') return answer(row.status, row.message, null);
  // The cart adds this row to what it holds: the rule applies to the sum.
  const total = before + row.quantity;
  const problems = lineProblems(index, part.partId, total, {
    archived: false,
    rule,
    available: part.availableQuantity,
    unitPrice: part.unitPrice,
  });
  const problem = problems[0];
  if (!problem) return answer('FOUND', '', null);
  const code = problem.code as QuickRowStatus;
  const add = problem.suggested === null ? null : problem.suggested - before;
  const heldNote = [
    held.cart > 0 ? `${held.cart.toLocaleString('en-US')} in your cart` : '',
    held.earlier > 0 ? `${held.earlier.toLocaleString('en-US')} on lines above` : '',
  ]
    .filter(Boolean)
    .join(' and ');
  const inCartNote = heldNote ? ` You already have ${heldNote}.` : '';
  if (add === null || add < 1) return answer(code, problem.message + inCartNote, remove, problems);
  const figure = add.toLocaleString('en-US');
  return answer(
    code,
    problem.message + inCartNote,
    {
      kind: 'quantity',
      action: code === 'ABOVE_STOCK' ? `Reduce to ${figure}, all in stock` : `Use ${figure}`,
      quantity: add,
    },
    problems,
  );
}
