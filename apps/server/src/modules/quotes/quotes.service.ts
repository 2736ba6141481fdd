import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  formatMoney,
  formatOrderNumber,
  formatQuoteNumber,
  fromCents,
  isUuid,
  type QuoteEvent,
  type QuoteLine,
  type QuoteLineChange,
  type QuoteResponse,
  type QuoteStatus,
  type QuoteSummary,
  type QuoteVersion,
} from '@storefront/contract';
import type { DbOrTx } from '../../db/database.js';
import { notFound } from '../../http/errors.js';
import type { Caller } from '../auth/guards.js';
import { findUserById, findUsersByIds } from '../auth/identity.service.js';
import { companyNames, listMyCompanies, roleIn } from '../companies/companies.service.js';
import { findOrderView } from '../orders/orders.service.js';
import { catalogUnitCents } from '../parts/stock.service.js';
import { buyerUnitPriceSql, personalPartySql } from '../price-lists/buyer-prices.js';
import {
  quoteEvents,
  quoteLines,
  quotes,
  quoteVersions,
  type QuoteLineRow,
  type QuoteRow,
  type QuoteVersionRow,
} from './quotes.tables.js';

export const quoteNotFound = () => notFound('Quote');

export async function findQuote(db: DbOrTx, id: string): Promise<QuoteRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(quotes).where(eq(quotes.id, id)).limit(1);
  return row;
}

/**
 * Whether the caller may see and answer the quote. A company's quote is the company's: its current
 * members (any role, as company orders are read) and nobody else, the requester included once
 * removed (decision 057). A personal quote is its requester's.
 */
export async function mayAnswer(db: DbOrTx, caller: Caller, quote: QuoteRow): Promise<boolean> {
  if (quote.companyId === null) return quote.userId === caller.sub;
  return (await roleIn(db, quote.companyId, caller.sub)) !== undefined;
}

/** The quote, when the caller may see it; a 404 for everyone else (and for no such quote). */
export async function visibleQuote(db: DbOrTx, caller: Caller, id: string): Promise<QuoteRow> {
  const quote = await findQuote(db, id);
  if (!quote || !(await mayAnswer(db, caller, quote))) throw quoteNotFound();
  return quote;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const money = (cents: number | null) => (cents === null ? null : fromCents(cents));

const lineOf = (l: QuoteLineRow, list?: ReadonlyMap<string, number>): QuoteLine => ({
  lineNo: l.lineNo,
  partId: l.partId,
  sku: l.sku,
  partName: l.partName,
  quantity: l.quantity,
  unitPrice: money(l.unitPriceCents),
  targetUnitPrice: money(l.targetCents),
  listUnitPrice: money(list?.get(`${l.partId}:${l.quantity}`) ?? null),
  lineTotal: money(l.totalCents),
});

const pieces = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'piece' : 'pieces'}`;

/** What an offer changed from the version before it, line by line, in words. */
export function changesBetween(
  before: readonly QuoteLineRow[],
  after: readonly QuoteLineRow[],
): QuoteLineChange[] {
  const changes: QuoteLineChange[] = [];
  const old = new Map(before.map((l) => [l.partId, l]));
  const now = new Set(after.map((l) => l.partId));
  for (const l of after) {
    const was = old.get(l.partId);
    const at = { partId: l.partId, sku: l.sku };
    if (!was) {
      changes.push({ ...at, kind: 'added', message: `${l.sku} added: ${pieces(l.quantity)}.` });
      continue;
    }
    if (was.quantity !== l.quantity)
      changes.push({
        ...at,
        kind: 'quantity',
        message: `${l.sku}: ${pieces(was.quantity)} → ${pieces(l.quantity)}.`,
      });
    const wasPrice = was.unitPriceCents ?? was.targetCents;
    if (l.unitPriceCents !== null && wasPrice !== null && wasPrice !== l.unitPriceCents)
      changes.push({
        ...at,
        kind: 'price',
        message:
          was.unitPriceCents === null
            ? `${l.sku}: ${formatMoney(fromCents(l.unitPriceCents))} each (asked for ${formatMoney(fromCents(wasPrice))}).`
            : `${l.sku}: ${formatMoney(fromCents(wasPrice))} → ${formatMoney(fromCents(l.unitPriceCents))} each.`,
      });
  }
  for (const l of before)
    if (!now.has(l.partId))
      changes.push({ partId: l.partId, sku: l.sku, kind: 'removed', message: `${l.sku} removed.` });
  return changes;
}

function versionOf(
  v: QuoteVersionRow,
  lines: QuoteLineRow[],
  before: QuoteLineRow[] | null,
  list: ReadonlyMap<string, number>,
) {
  const version: QuoteVersion = {
    version: v.version,
    message: v.message,
    validUntil: iso(v.validUntil),
    total: money(v.totalCents),
    createdAt: v.createdAt.toISOString(),
    lines: lines.map((l) => lineOf(l, list)),
    changes: before ? changesBetween(before, lines) : [],
  };
  return version;
}

type Counted = QuoteRow & {
  totalCents: number | null;
  lineCount: number;
  companyName: string | null;
  buyer: { name: string; email: string } | null;
};

const summaryOf = (q: Counted): QuoteSummary => ({
  id: q.id,
  number: formatQuoteNumber(q.number, q.createdAt),
  status: q.status,
  version: q.version,
  validUntil: iso(q.validUntil),
  total: money(q.totalCents),
  lineCount: q.lineCount,
  companyId: q.companyId,
  companyName: q.companyName,
  requestedBy: q.userId,
  buyer: q.buyer,
  createdAt: q.createdAt.toISOString(),
  updatedAt: q.updatedAt.toISOString(),
  orderId: q.orderId,
});

/** A quote with every version (the request first, each with what it changed) and its history. */
export async function quoteView(db: DbOrTx, quote: QuoteRow): Promise<QuoteResponse> {
  const versions = await db
    .select()
    .from(quoteVersions)
    .where(eq(quoteVersions.quoteId, quote.id))
    .orderBy(asc(quoteVersions.version));
  const lines = await db
    .select()
    .from(quoteLines)
    .where(eq(quoteLines.quoteId, quote.id))
    .orderBy(asc(quoteLines.version), asc(quoteLines.lineNo));
  const events = await db
    .select()
    .from(quoteEvents)
    .where(eq(quoteEvents.quoteId, quote.id))
    .orderBy(asc(quoteEvents.id));
  const linesOf = (version: number) => lines.filter((l) => l.version === version);
  // Today's price of each line, for staff pricing an offer and the buyer comparing it: a quote
  // starts from its buyer's prices (decisions 061, 062): the company's, or for a personal quote
  // the requester's customer group's.
  const party =
    quote.companyId === null
      ? personalPartySql(sql`${quote.userId}::text`)
      : sql`${quote.companyId}::uuid`;
  const list = await catalogUnitCents(db, lines, (p, quantity) =>
    buyerUnitPriceSql(p, quantity, party),
  );
  const current = versions.find((v) => v.version === quote.version);
  const order = quote.orderId ? await findOrderView(db, quote.orderId) : undefined;
  const company = quote.companyId
    ? (await companyNames(db, [quote.companyId])).get(quote.companyId)
    : undefined;
  const user = await findUserById(db, quote.userId);
  return {
    ...summaryOf({
      ...quote,
      totalCents: quote.version > 0 ? (current?.totalCents ?? null) : null,
      lineCount: linesOf(quote.version).length,
      companyName: company ?? null,
      buyer: user ? { name: user.name, email: user.email } : null,
    }),
    note: quote.note,
    versions: versions.map((v) =>
      versionOf(v, linesOf(v.version), v.version > 0 ? linesOf(v.version - 1) : null, list),
    ),
    history: events.map((e): QuoteEvent => ({
      at: e.at.toISOString(),
      actor: e.actor,
      from: e.fromStatus,
      to: e.toStatus,
      version: e.version,
      message: e.message,
    })),
    orderNumber: order ? formatOrderNumber(order.number) : null,
  };
}

/** Quotes with their current version's total and line count, newest first. */
async function summaries(db: DbOrTx, where: ReturnType<typeof and>): Promise<QuoteSummary[]> {
  const rows = await db
    .select({
      quote: quotes,
      totalCents: quoteVersions.totalCents,
      lineCount: sql<number>`(select count(*)::int from ${quoteLines} l
        where l.quote_id = ${quotes.id} and l.version = ${quotes.version})`,
    })
    .from(quotes)
    .leftJoin(
      quoteVersions,
      and(eq(quoteVersions.quoteId, quotes.id), eq(quoteVersions.version, quotes.version)),
    )
    .where(where)
    .orderBy(desc(quotes.createdAt), desc(quotes.number))
    .limit(500);
  const names = await companyNames(
    db,
    rows.flatMap((r) => (r.quote.companyId ? [r.quote.companyId] : [])),
  );
  const users = new Map(
    (await findUsersByIds(db, [...new Set(rows.map((r) => r.quote.userId))])).map((u) => [u.id, u]),
  );
  return rows.map((r) => {
    const user = users.get(r.quote.userId);
    return summaryOf({
      ...r.quote,
      totalCents: r.quote.version > 0 ? (r.totalCents ?? null) : null,
      lineCount: Number(r.lineCount),
      companyName: r.quote.companyId ? (names.get(r.quote.companyId) ?? null) : null,
      buyer: user ? { name: user.name, email: user.email } : null,
    });
  });
}

/** "My quotes": the caller's personal ones and those of every company they belong to now. */
export async function listMyQuotes(db: DbOrTx, caller: Caller): Promise<QuoteSummary[]> {
  const companies = (await listMyCompanies(db, caller.sub)).map((c) => c.id);
  return summaries(
    db,
    or(
      and(eq(quotes.userId, caller.sub), isNull(quotes.companyId)),
      companies.length > 0 ? inArray(quotes.companyId, companies) : undefined,
    ),
  );
}

export async function listStaffQuotes(db: DbOrTx, status?: QuoteStatus): Promise<QuoteSummary[]> {
  return summaries(db, status ? eq(quotes.status, status) : undefined);
}

/** The lines of one version of a quote. */
export async function linesOfVersion(db: DbOrTx, quoteId: string, version: number) {
  return db
    .select()
    .from(quoteLines)
    .where(and(eq(quoteLines.quoteId, quoteId), eq(quoteLines.version, version)))
    .orderBy(asc(quoteLines.lineNo));
}
