import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import {
  formatMoney,
  fromCents,
  isUuid,
  lineProblems,
  MAX_LINE_REFERENCE,
  messages,
  type LineProblem,
  type OrderResponse,
  type ShipTo,
  utcToday,
} from '@storefront/contract';
import type { Db } from '../../db/database.js';
import { preparedSql } from '../../db/prepared.js';
import { AppError, notFound } from '../../http/errors.js';
import type { Caller } from '../auth/guards.js';
import { clearOrderedCartLinesCte } from '../cart/cart.service.js';
import { accountInvoiceCte, creditGateCte, creditRefusal } from '../companies/account.service.js';
import { tooMany } from '../limits/rate-limiter.js';
import { placedMailCtes } from '../mail/mail.service.js';
import { reserveLinesCtes, snapshotPartsCte, type UnitPriceSql } from '../parts/stock.service.js';
import { buyerUnitPriceSql, personalPartySql } from '../price-lists/buyer-prices.js';
import { placedEventCte } from './order-status.js';
import { eventCtes } from '../webhooks/events.js';
import { regionRatesCalculator, type TaxCalculator, type TaxPlan } from '../tax/tax-calculator.js';
import {
  composeAddress,
  findOrderView,
  toOrderResponse,
  viewOf,
  type OrderView,
} from './orders.service.js';
import { accountOrderCounts, orders } from './orders.tables.js';
import { isUniqueViolation } from '../../db/pg-errors.js';

/** How much one account may hold in unpaid orders: reserving stock costs nothing until paid. */
export type OpenOrderLimits = { count: number; valueCents: number };

/** A line as asked for: the unit price the buyer saw, when they saw one (checkout). */
export type LineRequest = {
  partId: string;
  quantity: number;
  reference?: string | undefined;
  seenPriceCents?: number | undefined;
  /** The unit price a quote fixed for this line: charged instead of the part's (decision 048). */
  quotedPriceCents?: number | undefined;
};

/** Everything an order is placed with besides its lines; the name and email are the account's. */
export type OrderDetails = {
  shipTo: ShipTo;
  /** The spec's one-line address (its own field, or composed from the ship-to). */
  address: string;
  phone: string;
  company?: string | undefined;
  taxId?: string | undefined;
  poNumber?: string | undefined;
  idempotencyKey?: string | undefined;
  /**
   * The company the order is for (the caller's membership checked by the route), and whether it
   * goes on the company's account: confirmed at once and invoiced instead of paid by card.
   */
  companyId?: string | undefined;
  onAccount?: boolean | undefined;
  /** The quote accepted into this order (its lines carry `quotedPriceCents`), and the order's id. */
  quoteId?: string | undefined;
  orderId?: string | undefined;
};

/** Orders one account may place in a ten-minute window. */
const PLACED_PER_WINDOW = 30;
const WINDOW_SECONDS = 600;

const value = (name: string) => sql.placeholder(name);
const windowOpen = sql`c.window_started_at > now() - make_interval(secs => ${WINDOW_SECONDS})`;

/**
 * The lines as the statement takes them: one per part, in the order first asked for, quantities of
 * a repeated part summed and its references kept together (refused past the reference limit).
 */
export function normaliseLines(lines: readonly LineRequest[]): LineRequest[] {
  const byPart = new Map<string, LineRequest & { references: string[] }>();
  for (const line of lines) {
    const partId = line.partId.toLowerCase();
    const found = byPart.get(partId);
    const reference = line.reference?.trim();
    if (!found) {
      byPart.set(partId, { ...line, partId, references: reference ? [reference] : [] });
      continue;
    }
    found.quantity += line.quantity;
    found.seenPriceCents ??= line.seenPriceCents;
    if (reference && !found.references.includes(reference)) found.references.push(reference);
  }
  return [...byPart.values()].map(({ references, ...line }, index) => {
    const reference = references.join('; ');
    if (reference.length > MAX_LINE_REFERENCE)
      throw new AppError(
        400,
        'VALIDATION_FAILED',
        `The references of line ${index + 1} together are longer than ${MAX_LINE_REFERENCE} characters`,
        { [`lines.${index}.reference`]: 'Too long together' },
      );
    return { ...line, reference };
  });
}

/** The lines as the statement's array parameters (`req` in the statements below). */
const lineParameters = (lines: readonly LineRequest[]) => ({
  ids: lines.map((l) => l.partId),
  quantities: lines.map((l) => l.quantity),
  references: lines.map((l) => l.reference ?? ''),
  seen: lines.map((l) => l.seenPriceCents ?? 0),
  quoted: lines.map((l) => l.quotedPriceCents ?? 0),
  n: lines.length,
});

/**
 * Every line not quoted pays the order's pricing party's contract price (decisions 061 and 062:
 * the price lists' SQL twin of the contract's rule, capped at the public price): the order's
 * company, or for a personal order the buyer's customer group, read in this statement; neither,
 * the public price. The cart priced the lines the same way for the buyer's "buying for", and a
 * line whose price differs from the one the buyer saw is refused as changed.
 */
const companyUnitPrice: UnitPriceSql = (p, quantity) =>
  buyerUnitPriceSql(
    p,
    quantity,
    sql`coalesce(${value('companyId')}::uuid, ${personalPartySql(sql`${value('userId')}::text`)})`,
  );

/**
 * A line's tax rate (its category's, else the order's) from the order's tax plan (decision 063):
 * every rate 0 where the shop collects no tax, or the buyer is exempt or reverse-charged.
 */
const lineRateSql = (category: string) =>
  sql`coalesce((select t.bp from unnest(${value('taxCategories')}::text[], ${value('taxCategoryBps')}::int[])
      as t(cat, bp) where t.cat = ${sql.raw(category)}), ${value('taxBp')}::int)`;

/** A net amount's tax at a rate, rounded half up to the cent: the contract's `lineTaxCents`. */
const lineTaxSql = (net: SQL, rate: SQL) => sql`((${net}) * (${rate}) + 5000) / 10000`;

/** The plan as the statement's parameters. */
const taxParameters = (plan: TaxPlan) => ({
  taxBp: plan.defaultRateBp,
  taxCategories: plan.categoryRates.map((c) => c.category),
  taxCategoryBps: plan.categoryRates.map((c) => c.rateBp),
});

const requestedLines = sql`req as (
    select r.part_id, r.quantity, r.reference, r.seen_cents, r.quoted_cents,
           r.line_no::int as line_no
      from unnest(${value('ids')}::uuid[], ${value('quantities')}::int[],
                  ${value('references')}::text[], ${value('seen')}::int[], ${value('quoted')}::int[])
        with ordinality as r(part_id, quantity, reference, seen_cents, quoted_cents, line_no)
  )`;

/**
 * The account's ceilings, as the placing statement's `gate` CTE: an upsert of the account's
 * counts row (`accountOrderCounts`) that only goes through when every line looks orderable, no
 * order has the request's key, and the account stays under its ceilings and its placements per
 * window. Going through locks the row until the statement commits; a concurrent placer of the same
 * account waits, and PostgreSQL checks its conditions again against the row this one left (with
 * the new order counted by the trigger on `orders`), so two orders placed at once cannot both slip
 * under a ceiling. The window is counted here, so a placement that then finds the stock gone still
 * counts as an attempt. The lock order of every placer: this row, then the parts by id.
 */
const accountGateCte = sql`gate as (
    insert into ${accountOrderCounts} as c (user_id, window_started_at, window_count)
    select ${value('userId')}::text, now(), 1
      from value
     where value.orderable
       and value.adding <= ${value('maxCents')}::bigint
       and ${value('maxCount')}::int > 0
       and not exists (select 1 from earlier)
    on conflict (user_id) do update
       set window_started_at = case when ${windowOpen} then c.window_started_at else now() end,
           window_count = case when ${windowOpen} then c.window_count + 1 else 1 end
     where c.unpaid_count < ${value('maxCount')}::int
       and c.unpaid_cents + (select adding from value) <= ${value('maxCents')}::bigint
       and not (${windowOpen} and c.window_count >= ${PLACED_PER_WINDOW})
    returning user_id
  )`;

const earlierOrder = sql`earlier as (
    select id from ${orders}
     where user_id = ${value('userId')}::text and idempotency_key = ${value('key')}::text
     limit 1
  )`;

/**
 * Placing an order is this one statement (decisions 040 and 042), for one line or two hundred,
 * each piece from the module owning its table: the parts as the snapshot sees them (parts), an
 * earlier order with the same key, the account's gate (above), the lines reserved (parts: the
 * parts locked in id order, every line checked against its locked row, then every line's stock
 * taken with its movement, or none), the order and its lines at the parts' current names and
 * prices, its timeline entry (the one transition module), its "placed" mail with the job that
 * sends it (mail, outbox) and, from a cart, the ordered lines out of it (cart). Each piece reads
 * from the one before, so nothing is written unless every check passes. The answer row carries
 * the order and its lines, or what a refusal needs.
 */
const placeStatement = preparedSql(
  'place_order_lines',
  () => sql`
    with ${requestedLines},
    ${snapshotPartsCte('req', companyUnitPrice)},
    value as (
      -- What the order adds, tax included: the ceilings and the credit limit weigh the gross.
      select coalesce(sum(price_cents::bigint * quantity
               + ${lineTaxSql(sql`price_cents::bigint * quantity`, lineRateSql('category'))}
               + coalesce(core_charge_cents, 0)::bigint * quantity), 0) as adding,
             count(*) = ${value('n')}::int and bool_and(ok) as orderable
        from snap
    ),
    ${earlierOrder},
    ${accountGateCte},
    ${creditGateCte(sql`(select adding from value)`)},
    ${reserveLinesCtes({
      lines: 'req',
      gate: sql`exists (select 1 from gate)
        and (not ${value('onAccount')}::boolean or exists (select 1 from credit))`,
      orderId: value('orderId'),
      userId: value('userId'),
      unitPrice: companyUnitPrice,
    })},
    taxed as (
      select c.line_no, r.rate,
             ${lineTaxSql(sql`c.price_cents::bigint * c.quantity`, sql`r.rate`)} as tax
        from checked c cross join lateral (select ${lineRateSql('c.category')} as rate) r
    ),
    inserted as (
      insert into ${orders} (id, user_id, name, email, address, ship_street, ship_city,
        ship_postal_code, ship_country, ship_state, company, tax_id, po_number, idempotency_key,
        phone, total_cents, tax_cents, core_cents, tax_treatment, tax_region, tax_note, tax_certificate,
        buyer_vat_id, status, company_id, payment_mode, quote_id,
        terms_version_id)
      select ${value('orderId')}::uuid, ${value('userId')}::text, ${value('name')}::text,
        ${value('email')}::text, ${value('address')}::text, ${value('street')}::text,
        ${value('city')}::text, ${value('postalCode')}::text, ${value('country')}::text,
        ${value('state')}::text,
        ${value('company')}::text, ${value('taxId')}::text, ${value('poNumber')}::text,
        ${value('key')}::text, ${value('phone')}::text,
        (select sum(price_cents::bigint * quantity) from checked)
          + (select coalesce(sum(tax), 0) from taxed)
          + (select coalesce(sum(core_charge_cents::bigint * quantity), 0) from checked),
        (select coalesce(sum(tax), 0) from taxed),
        -- Core deposits (decision 069): their own amount beside the tax, never taxed.
        (select coalesce(sum(core_charge_cents::bigint * quantity), 0) from checked),
        ${value('taxTreatment')}::text, ${value('taxRegion')}::text, ${value('taxNote')}::text,
        ${value('taxCertificate')}::text, ${value('buyerVatId')}::text,
        case when ${value('onAccount')}::boolean then 'paid' else 'unpaid' end,
        ${value('companyId')}::uuid,
        case when ${value('onAccount')}::boolean then 'account' else 'card' end,
        ${value('quoteId')}::uuid,
        -- The terms of sale in force now (the policies module's pages): what the buyer accepted.
        (select id from page_versions where slug = 'terms' order by version desc limit 1)
       where (select count(*) from taken) = ${value('n')}::int
      returning *
    ),
    inserted_lines as (
      insert into order_lines (order_id, line_no, order_number, part_id, sku, part_name, quantity,
        unit_price_cents, total_cents, price_step, reference, tax_rate_bp, tax_cents,
        core_charge_cents, core_cents)
      select i.id, c.line_no, i.number, c.part_id, c.sku, c.name, c.quantity, c.price_cents,
             c.price_cents::bigint * c.quantity, c.price_step, nullif(c.reference, ''),
             t.rate, t.tax, c.core_charge_cents, c.core_charge_cents::bigint * c.quantity
        from inserted i cross join checked c join taxed t on t.line_no = c.line_no
      returning *
    ),
    ${accountInvoiceCte()},
    ${placedEventCte()},
    ${eventCtes('placed_webhook', { type: 'order.placed', from: 'inserted', objectType: 'order' })},
    ${eventCtes('invoiced_webhook', {
      type: 'invoice.issued',
      from: 'inserted',
      objectType: 'order',
      // An order on account is invoiced as it is placed (account_invoice).
      where: sql`f.payment_mode = 'account'`,
    })},
    ${placedMailCtes()},
    ${clearOrderedCartLinesCte({
      userId: value('userId'),
      fromCart: value('fromCart'),
      lines: 'checked',
      placed: 'inserted',
    })}
    select (select to_jsonb(i) from inserted i) as placed,
           (select jsonb_agg(to_jsonb(l) order by l.line_no) from inserted_lines l) as placed_lines,
           (select jsonb_agg(to_jsonb(s) order by s.line_no) from snap s) as snap,
           (select jsonb_agg(to_jsonb(c) order by c.line_no) from checked c) as fresh,
           (select id from earlier) as earlier_id,
           exists (select 1 from gate) as passed_gate,
           exists (select 1 from credit) as passed_credit,
           (select adding from value) as adding`,
);

/**
 * Before the statement, in one read: the parts as the statement's snapshot would see them and an
 * order already placed with the request's key. A repeat is answered and lines that cannot be
 * ordered are refused without running the writes: on the embedded database planning the placing
 * statement costs more than this read, and most attempts at a sold-out part stop here.
 */
const placePrecheck = preparedSql(
  'place_order_precheck',
  () => sql`
    with ${requestedLines}, ${snapshotPartsCte('req', companyUnitPrice)}
    select (select jsonb_agg(to_jsonb(s) order by s.line_no) from snap s) as snap,
           (select id from ${orders}
             where user_id = ${value('userId')}::text and idempotency_key = ${value('key')}::text
             limit 1) as earlier_id`,
);

/** A line as the statement reports it (its snapshot or its locked row). */
type ReportedLine = {
  line_no: number;
  part_id: string;
  quantity: number;
  seen_cents: number;
  found: boolean;
  price_cents: number | null;
  available_quantity: number | null;
  min_order_quantity: number | null;
  pack_size: number | null;
  max_order_quantity: number | null;
  archived_at: string | null;
  ok: boolean;
};

/** Every problem of every line as reported, in the one shape (contract `lineProblems`). */
const problemsOf = (reported: readonly ReportedLine[]): LineProblem[] =>
  reported
    .filter((r) => !r.ok)
    .flatMap((r) =>
      lineProblems(
        r.line_no - 1,
        r.part_id,
        r.quantity,
        r.found
          ? {
              archived: r.archived_at !== null,
              rule: {
                minimum: r.min_order_quantity ?? 1,
                packSize: r.pack_size ?? 1,
                maximum: r.max_order_quantity,
              },
              available: r.available_quantity ?? 0,
              unitPrice: fromCents(r.price_cents ?? 0),
            }
          : null,
        r.seen_cents === 0 ? undefined : fromCents(r.seen_cents),
      ),
    );

/** A refusal that names lines (`problems`), beside the usual `{ error, message }`. */
export class LinesRefusal extends AppError {
  constructor(readonly problems: LineProblem[]) {
    super(
      409,
      'LINES_UNAVAILABLE',
      problems.length === 1
        ? 'One line cannot be ordered as it is: nothing was ordered.'
        : `${new Set(problems.map((p) => p.line)).size} lines cannot be ordered as they are: nothing was ordered.`,
    );
  }

  override toBody() {
    return { ...super.toBody(), problems: this.problems };
  }
}

/**
 * The spec's purchase refuses as it always has: a 404 for no such part, a 409 for an archived part
 * or too little stock, a 400 naming the quantity field for the rule.
 */
function singlePartRefusal(problem: LineProblem): AppError {
  switch (problem.code) {
    case 'UNKNOWN_PART':
      return notFound('Part');
    case 'ARCHIVED':
      return new AppError(
        409,
        'PART_ARCHIVED',
        'This part is no longer sold, so it cannot be ordered',
      );
    case 'ABOVE_STOCK':
      return new AppError(409, 'OUT_OF_STOCK', messages.quantityAboveAvailable);
    case 'BELOW_MINIMUM':
      return new AppError(400, 'VALIDATION_FAILED', messages.quantityBelowMinimum, {
        minimum: messages.quantityBelowMinimum,
      });
    default:
      return new AppError(400, 'VALIDATION_FAILED', problem.message, { minimum: problem.message });
  }
}

const reportedOf = (json: unknown): ReportedLine[] => (json ?? []) as ReportedLine[];

/** The account's counts now, for a refusal's message. */
const accountCounts = preparedSql(
  'account_order_counts',
  () => sql`
    select c.unpaid_count, c.unpaid_cents,
           ${windowOpen} and c.window_count >= ${PLACED_PER_WINDOW} as window_full,
           ceil(extract(epoch from c.window_started_at
             + make_interval(secs => ${WINDOW_SECONDS}) - now()))::int as retry
      from ${accountOrderCounts} as c
     where c.user_id = ${value('userId')}::text`,
);

/** Why the account's ceilings stopped an order (null when they did not). */
async function ceilingRefusal(
  db: Db,
  userId: string,
  addingCents: number,
  limits: OpenOrderLimits,
): Promise<AppError | null> {
  const [account = {}] = await accountCounts(db, { userId });
  if (account.window_full === true) return tooMany(Math.max(1, Number(account.retry ?? 60)));
  const openCount = Number(account.unpaid_count ?? 0);
  const openCents = Number(account.unpaid_cents ?? 0);
  if (openCount >= limits.count || openCents + addingCents > limits.valueCents) {
    return new AppError(
      409,
      'TOO_MANY_UNPAID_ORDERS',
      `You have ${openCount} unpaid ${openCount === 1 ? 'order' : 'orders'} worth ${formatMoney(fromCents(openCents))}. ` +
        `An account may hold at most ${limits.count} unpaid orders worth ${formatMoney(fromCents(limits.valueCents))} in all: ` +
        'pay or cancel one in My Orders before placing another.',
    );
  }
  return null;
}

type Placed = { order: OrderView; replayed: boolean };

/** A repeat of an earlier request answered with its order; undefined when there is none. */
async function replayOf(db: Db, earlierId: unknown): Promise<Placed | undefined> {
  if (typeof earlierId !== 'string') return undefined;
  const earlier = await findOrderView(db, earlierId);
  return earlier ? { order: earlier, replayed: true } : undefined;
}

/**
 * One business step, one statement, whatever the number of lines: every line is checked against
 * its part (rule, stock, and the price the buyer saw), the account's unpaid orders against their
 * ceilings, every line's stock is reserved and the order written with its lines, or nothing
 * happens. Every amount comes from the database; the name and email from the account. Two round
 * trips: the precheck, then the statement, whose answer row tells a late refusal apart (only a
 * refusal by the ceilings reads once more, for its message).
 */
export async function placeLines(
  db: Db,
  caller: Caller,
  asked: readonly LineRequest[],
  details: OrderDetails,
  options: {
    limits: OpenOrderLimits;
    fromCart?: boolean;
    refuse: (p: LineProblem[]) => AppError;
    /** Who computes the tax (decision 063): the shop's region rates unless another is given. */
    tax?: TaxCalculator;
  },
): Promise<Placed> {
  const lines = normaliseLines(asked);
  const key = details.idempotencyKey ?? null;
  const onAccount = details.onAccount === true && details.companyId !== undefined;
  // The tax of this order: the ship-to's region and the buyer's status now, never recomputed.
  const plan = await (options.tax ?? regionRatesCalculator).plan(db, {
    shipTo: details.shipTo,
    companyId: details.companyId ?? null,
    today: utcToday(),
  });
  const parameters = {
    ...lineParameters(lines),
    ...taxParameters(plan),
    userId: caller.sub,
    key,
    companyId: details.companyId ?? null,
  };
  const [found = {}] = await placePrecheck(db, parameters);
  const repeat = await replayOf(db, found.earlier_id);
  if (repeat) return repeat;
  const early = problemsOf(reportedOf(found.snap));
  if (early.length > 0) throw options.refuse(early);
  for (let attempt = 1; ; attempt += 1) {
    let raw: Record<string, unknown> | undefined;
    try {
      [raw] = await placeStatement(db, {
        ...parameters,
        orderId: details.orderId ?? randomUUID(),
        quoteId: details.quoteId ?? null,
        // An order on account is never unpaid: the unpaid-order ceilings do not weigh it.
        maxCount: onAccount ? 2_147_483_647 : options.limits.count,
        maxCents: onAccount ? Number.MAX_SAFE_INTEGER : options.limits.valueCents,
        onAccount,
        name: caller.name,
        email: caller.email,
        address: details.address,
        street: details.shipTo.street,
        city: details.shipTo.city,
        postalCode: details.shipTo.postalCode,
        country: details.shipTo.country,
        state: details.shipTo.state ?? '',
        taxTreatment: plan.decision.treatment,
        taxRegion: plan.region,
        taxNote: plan.decision.note,
        taxCertificate: plan.decision.certificateNumber,
        buyerVatId: plan.decision.buyerVatId,
        company: details.company || null,
        taxId: details.taxId || null,
        poNumber: details.poNumber || null,
        phone: details.phone,
        fromCart: options.fromCart ?? false,
      });
    } catch (err) {
      // The same request placed by a concurrent call between this statement's snapshot and its insert.
      if (key && isUniqueViolation(err)) {
        const again = await placePrecheck(db, parameters);
        const earlier = await replayOf(db, again[0]?.earlier_id);
        if (earlier) return earlier;
      }
      throw err;
    }
    if (!raw) throw new Error('the placing statement answered no row');
    if (raw.placed) {
      const order = viewOf({ ...(raw.placed as Record<string, unknown>), lines: raw.placed_lines });
      return { order, replayed: false };
    }
    const repeated = await replayOf(db, raw.earlier_id);
    if (repeated) return repeated;
    // Past the gate, the locked rows say what changed since the snapshot; stopped at it, the
    // snapshot's lines may already say it.
    // Stopped by the company's credit, no part was locked: the snapshot's lines say the rest.
    const creditStopped = onAccount && raw.passed_gate === true && raw.passed_credit !== true;
    const locked = raw.passed_gate === true && !creditStopped;
    const problems = problemsOf(reportedOf(locked ? raw.fresh : raw.snap));
    if (problems.length > 0) throw options.refuse(problems);
    if (creditStopped) throw await creditRefusal(db, details.companyId!, Number(raw.adding ?? 0));
    // The lines were orderable in the statement's snapshot and the account's ceilings stopped the
    // order, unless they changed meanwhile (an order paid or canceled): then it is tried again.
    const refusal = await ceilingRefusal(db, caller.sub, Number(raw.adding ?? 0), options.limits);
    if (refusal) throw refusal;
    if (attempt >= 3) throw new AppError(409, 'BUSY', 'The shop is busy: please try again.');
  }
}

/**
 * The spec's one-part purchase: an order with one line, refused as the spec's form expects. A
 * buyer buying for a company (decision 061) orders for it, at its prices, as the part's page
 * showed them: the order is the company's, with its name and tax id.
 */
export async function placeOrder(
  db: Db,
  caller: Caller,
  body: {
    partId: string;
    minimum: number;
    address?: string | undefined;
    shipTo?: ShipTo | undefined;
    phone: string;
    company?: string | undefined;
    taxId?: string | undefined;
    poNumber?: string | undefined;
    idempotencyKey?: string | undefined;
  },
  limits: OpenOrderLimits,
  forCompany?: { id: string; name: string; taxId: string },
): Promise<{ order: OrderResponse; replayed: boolean }> {
  // A malformed id names no part (and would fail its cast in the statement).
  if (!isUuid(body.partId)) throw notFound('Part');
  const shipTo: ShipTo = body.shipTo ?? {
    street: body.address ?? '',
    city: '',
    postalCode: '',
    country: '',
  };
  const { order, replayed } = await placeLines(
    db,
    caller,
    [{ partId: body.partId, quantity: body.minimum }],
    {
      shipTo,
      address: body.shipTo ? composeAddress(body.shipTo) : (body.address ?? ''),
      phone: body.phone,
      company: forCompany?.name ?? body.company,
      taxId: forCompany?.taxId ?? body.taxId,
      poNumber: body.poNumber,
      idempotencyKey: body.idempotencyKey,
      companyId: forCompany?.id,
    },
    { limits, refuse: (problems) => singlePartRefusal(problems[0]!) },
  );
  return { order: toOrderResponse(order), replayed };
}
