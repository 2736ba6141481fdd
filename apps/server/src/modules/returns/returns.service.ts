import { and, asc, desc, eq, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  checkReturnWindow,
  coreDates,
  formatOrderNumber,
  formatReturnNumber,
  fromCents,
  isUuid,
  RETURN_ARRIVE_WITHIN_DAYS,
  RETURN_REASONS,
  returnableQuantity,
  returnUntil,
  warrantyUntil,
  type ReturnOptions,
  type ReturnResponse,
  type ReturnStatus,
  type ReturnSummary,
  type ReturnReason,
} from '@storefront/contract';
import type { DbOrTx } from '../../db/database.js';
import { AppError, notFound } from '../../http/errors.js';
import type { Caller } from '../auth/guards.js';
import { findCreditNote } from '../companies/account.service.js';
import {
  companyNames,
  EVERY_ROLE,
  listMyCompanies,
  roleIn,
} from '../companies/companies.service.js';
import {
  findOrderView,
  orderContactsByIds,
  orderNumbersByIds,
  type OrderLineRow,
  type OrderView,
} from '../orders/orders.service.js';
import { refundStates } from '../payments/payments.service.js';
import { coreStateByLine, coresReturnable } from './core-deposits.js';
import { feesBp, policiesOf, toPercent } from './return-policy.js';
import {
  returnEvents,
  returnLines,
  returnPhotos,
  returns,
  type ReturnEventRow,
  type ReturnLineRow,
  type ReturnRow,
} from './returns.tables.js';

export const returnNotFound = () => notFound('Return');

/** Whether the caller may see an order's returns: its buyer, or a member of its company. */
export async function maySee(
  db: DbOrTx,
  caller: Caller,
  owner: { userId: string; companyId: string | null },
): Promise<boolean> {
  if (owner.userId === caller.sub) return true;
  if (!owner.companyId) return false;
  const role = await roleIn(db, owner.companyId, caller.sub);
  return role !== undefined && EVERY_ROLE.includes(role);
}

export async function findReturn(db: DbOrTx, id: string): Promise<ReturnRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(returns).where(eq(returns.id, id)).limit(1);
  return row;
}

/** A return the caller may see (404 otherwise, so ids reveal nothing). */
export async function visibleReturn(db: DbOrTx, caller: Caller, id: string): Promise<ReturnRow> {
  const row = await findReturn(db, id);
  if (!row || !(await maySee(db, caller, row))) throw returnNotFound();
  return row;
}

/** A delivered order the caller may return parts of (404 to outsiders, 409 if not delivered). */
async function returnableOrder(db: DbOrTx, caller: Caller, orderId: string): Promise<OrderView> {
  const order = await findOrderView(db, orderId);
  if (!order || !(await maySee(db, caller, order))) throw notFound('Order');
  if (order.status !== 'delivered' || !order.deliveredAt)
    throw new AppError(
      409,
      'ORDER_NOT_DELIVERED',
      'Parts can be returned once the order is delivered',
    );
  return order;
}

/**
 * What other returns hold of each line of an order: open ones what they asked (or, received, what
 * arrived), inspected and settled ones what they accepted; refused ones nothing. The delivered
 * pieces (`parts`) and the old parts sent back for their deposits (`cores`, decision 069) are two
 * pools: a core return sends back the old part, not a delivered one.
 */
export async function heldByLine(
  db: DbOrTx,
  orderId: string,
  pool: 'parts' | 'cores' = 'parts',
  exceptReturnId?: string,
): Promise<Map<number, number>> {
  const rows = await db
    .select({
      lineNo: returnLines.lineNo,
      held: sql<string>`coalesce(sum(case
        when ${returns.status} in ('requested', 'approved') then ${returnLines.quantity}
        when ${returns.status} = 'received' then ${returnLines.received}
        else coalesce(${returnLines.resaleable}, 0) + coalesce(${returnLines.scrapped}, 0)
      end), 0)`,
    })
    .from(returnLines)
    .innerJoin(returns, eq(returns.id, returnLines.returnId))
    .where(
      and(
        eq(returnLines.orderId, orderId),
        ne(returns.status, 'refused'),
        pool === 'cores' ? eq(returns.reason, 'core_return') : ne(returns.reason, 'core_return'),
        ...(exceptReturnId ? [ne(returns.id, exceptReturnId)] : []),
      ),
    )
    .groupBy(returnLines.lineNo);
  return new Map(rows.map((r) => [r.lineNo, Number(r.held)]));
}

/**
 * What settled returns (other than `exceptReturnId`) gave back of each line of an order: the
 * pieces accepted and the tax given back with them (decision 065), so the next return's tax is
 * counted on everything given back so far and a line never gives back more tax than it charged.
 */
export async function taxGivenBackByLine(
  db: DbOrTx,
  orderId: string,
  exceptReturnId?: string,
): Promise<Map<number, { quantity: number; taxCents: number }>> {
  const rows = await db
    .select({
      lineNo: returnLines.lineNo,
      quantity: sql<string>`coalesce(sum(coalesce(${returnLines.resaleable}, 0) + coalesce(${returnLines.scrapped}, 0)), 0)`,
      taxCents: sql<string>`coalesce(sum(coalesce(${returnLines.taxCents}, 0)), 0)`,
    })
    .from(returnLines)
    .innerJoin(returns, eq(returns.id, returnLines.returnId))
    .where(
      and(
        eq(returnLines.orderId, orderId),
        eq(returns.status, 'settled'),
        // A replacement gave no money back: its pieces took back no tax; a core return gives
        // back a deposit, never tax.
        isNull(returns.replacementOrderId),
        ne(returns.reason, 'core_return'),
        ...(exceptReturnId ? [ne(returns.id, exceptReturnId)] : []),
      ),
    )
    .groupBy(returnLines.lineNo);
  return new Map(
    rows.map((r) => [r.lineNo, { quantity: Number(r.quantity), taxCents: Number(r.taxCents) }]),
  );
}

/** Each line of a delivered order: how much may still come back, until when, at what price. */
export async function returnOptions(
  db: DbOrTx,
  caller: Caller,
  orderId: string,
): Promise<ReturnOptions> {
  const order = await returnableOrder(db, caller, orderId);
  const deliveredAt = order.deliveredAt!;
  const [held, given, policies, fees, cores] = await Promise.all([
    heldByLine(db, order.id),
    taxGivenBackByLine(db, order.id),
    policiesOf(
      db,
      order.lines.map((l) => l.partId),
    ),
    feesBp(db),
    coreStateByLine(db, order.id),
  ]);
  const { dueAt, keptAt } = coreDates(deliveredAt);
  return {
    orderId: order.id,
    orderNumber: formatOrderNumber(order.number),
    paymentMode: order.paymentMode,
    lines: order.lines.map((l) => {
      const policy = policies.get(l.partId)!;
      const until = returnUntil(deliveredAt, policy);
      const warranty = warrantyUntil(deliveredAt, policy);
      return {
        lineNo: l.lineNo,
        partId: l.partId,
        sku: l.sku,
        partName: l.partName,
        delivered: l.canceledAt ? 0 : l.quantity,
        returnable: l.canceledAt ? 0 : returnableQuantity(l.quantity, held.get(l.lineNo) ?? 0),
        unitPrice: fromCents(l.unitPriceCents),
        lineTax: fromCents(l.canceledAt ? 0 : l.taxCents),
        returnedPieces: given.get(l.lineNo)?.quantity ?? 0,
        returnedTax: fromCents(given.get(l.lineNo)?.taxCents ?? 0),
        returnUntil: until?.toISOString() ?? null,
        warrantyUntil: warranty?.toISOString() ?? null,
        noReturnReason: policy.noReturnReason,
        coreCharge: fromCents(l.coreChargeCents),
        coresReturnable: new Date() > keptAt ? 0 : coresReturnable(l, cores.get(l.lineNo)),
        coreDueBy: l.coreCents > 0 ? dueAt.toISOString() : null,
        coreKeptAt:
          l.coreCents > 0
            ? (cores.get(l.lineNo)?.keptAt?.toISOString() ??
              (new Date() > keptAt ? keptAt.toISOString() : null))
            : null,
      };
    }),
    fees: Object.fromEntries(RETURN_REASONS.map((r) => [r, toPercent(fees[r])])) as Record<
      (typeof RETURN_REASONS)[number],
      number
    >,
    arriveWithinDays: RETURN_ARRIVE_WITHIN_DAYS,
  };
}

/** Checks each asked line against the order, its windows (at `now`) and what is left to return. */
export function checkAskedLines(
  order: OrderView,
  asked: readonly { lineNo: number; quantity: number }[],
  reason: (typeof RETURN_REASONS)[number],
  policies: Map<string, Parameters<typeof checkReturnWindow>[3]>,
  held: Map<number, number>,
  now: Date,
): OrderLineRow[] {
  return asked.map(({ lineNo, quantity }) => {
    const line = order.lines.find((l) => l.lineNo === lineNo);
    if (!line)
      throw new AppError(400, 'VALIDATION_FAILED', `Line ${lineNo} is not on this order`, {
        lines: `Line ${lineNo} is not on this order`,
      });
    if (line.canceledAt)
      throw new AppError(
        409,
        'LINE_CANCELED',
        `${line.partName} was canceled and refunded: it cannot be returned`,
      );
    const window = checkReturnWindow(
      reason,
      order.deliveredAt!,
      now,
      policies.get(line.partId)!,
      line.partName,
    );
    if (!window.ok) throw new AppError(409, window.code, window.message);
    const left = returnableQuantity(line.quantity, held.get(lineNo) ?? 0);
    if (quantity > left)
      throw new AppError(
        409,
        'RETURN_QUANTITY',
        left === 0
          ? `${line.partName}: every piece delivered is already being returned`
          : `${line.partName}: at most ${left} can still be returned`,
      );
    return line;
  });
}

// ---------------------------------------------------------------------------------------------
// Reading.

const actorOf = (e: ReturnEventRow) => e.actor;

export async function returnView(db: DbOrTx, row: ReturnRow): Promise<ReturnResponse> {
  const [lines, events, contacts, fees, photos] = await Promise.all([
    db
      .select()
      .from(returnLines)
      .where(eq(returnLines.returnId, row.id))
      .orderBy(asc(returnLines.lineNo)),
    db
      .select()
      .from(returnEvents)
      .where(eq(returnEvents.returnId, row.id))
      .orderBy(asc(returnEvents.at), asc(returnEvents.id)),
    orderContactsByIds(db, [row.orderId]),
    feesBp(db),
    db
      .select({ id: returnPhotos.id })
      .from(returnPhotos)
      .where(eq(returnPhotos.returnId, row.id))
      .orderBy(asc(returnPhotos.createdAt), asc(returnPhotos.id)),
  ]);
  const [summary] = await summaries(db, [row], contacts, fees, lines);
  return {
    ...summary!,
    lines: lines.map((l) => ({
      lineNo: l.lineNo,
      partId: l.partId,
      sku: l.sku,
      partName: l.partName,
      unitPrice: fromCents(l.unitPriceCents),
      quantity: l.quantity,
      received: l.received,
      resaleable: l.resaleable,
      scrapped: l.scrapped,
      coreCharge: fromCents(l.coreChargeCents),
    })),
    photos: photos.map((p) => ({ id: p.id, url: `/api/returns/photos/${p.id}` })),
    history: events.map((e) => ({
      at: e.at.toISOString(),
      actor: actorOf(e),
      from: e.fromStatus,
      to: e.toStatus,
      message: e.message,
    })),
  };
}

async function summaries(
  db: DbOrTx,
  rows: ReturnRow[],
  contacts: Map<string, { number: string; name: string; email: string }>,
  fees: Record<(typeof RETURN_REASONS)[number], number>,
  lines: ReturnLineRow[],
): Promise<ReturnSummary[]> {
  const refundIds = rows.map((r) => r.refundId).filter((id): id is string => id !== null);
  const states = await refundStates(db, refundIds);
  const replacements = await orderNumbersByIds(
    db,
    rows.map((r) => r.replacementOrderId).filter((id): id is string => id !== null),
  );
  const companies = await companyNames(
    db,
    rows.map((r) => r.companyId).filter((id): id is string => id !== null),
  );
  const notes = new Map<string, string>();
  for (const r of rows)
    if (r.creditNoteId) {
      const note = await findCreditNote(db, r.creditNoteId);
      if (note) notes.set(r.creditNoteId, `CN-${note.number}`);
    }
  return rows.map((r) => {
    const mine = lines.filter((l) => l.returnId === r.id);
    const contact = contacts.get(r.orderId);
    return {
      id: r.id,
      number: formatReturnNumber(r.number),
      orderId: r.orderId,
      orderNumber: contact?.number ?? '',
      paymentMode: r.paymentMode,
      companyId: r.companyId,
      companyName: r.companyId ? (companies.get(r.companyId) ?? null) : null,
      status: r.status,
      reason: r.reason,
      note: r.note,
      feePercent: toPercent(r.feeBp ?? fees[r.reason]),
      coreDamagedPercent: r.coreDamagedBp === null ? null : r.coreDamagedBp / 100,
      arriveBy: r.arriveBy?.toISOString() ?? null,
      settlement:
        r.status === 'settled' && r.settledAt
          ? {
              method: r.paymentMode,
              gross: fromCents(r.grossCents ?? 0),
              fee: fromCents(r.feeCents ?? 0),
              feeWaivedReason: r.feeWaivedReason,
              net: fromCents((r.amountCents ?? 0) - (r.taxCents ?? 0) - (r.coreCents ?? 0)),
              tax: fromCents(r.taxCents ?? 0),
              coreDeposit: fromCents(r.coreCents ?? 0),
              amount: fromCents(r.amountCents ?? 0),
              refundStatus: r.refundId ? (states.get(r.refundId) ?? null) : null,
              creditNoteNumber: r.creditNoteId ? (notes.get(r.creditNoteId) ?? null) : null,
              creditNoteId: r.creditNoteId,
              replacementOrderId: r.replacementOrderId,
              replacementOrderNumber: r.replacementOrderId
                ? (replacements.get(r.replacementOrderId) ?? null)
                : null,
              settledAt: r.settledAt.toISOString(),
            }
          : null,
      customer: { name: contact?.name ?? '', email: contact?.email ?? '' },
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      lineCount: mine.length,
      pieces: mine.reduce((s, l) => s + l.quantity, 0),
    };
  });
}

async function listOf(db: DbOrTx, where: SQL | undefined): Promise<ReturnSummary[]> {
  const rows = await db
    .select()
    .from(returns)
    .where(where)
    .orderBy(desc(returns.createdAt), desc(returns.number))
    .limit(500);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [lines, contacts, fees] = await Promise.all([
    db.select().from(returnLines).where(inArray(returnLines.returnId, ids)),
    orderContactsByIds(
      db,
      rows.map((r) => r.orderId),
    ),
    feesBp(db),
  ]);
  return summaries(db, rows, contacts, fees, lines);
}

/** The caller's returns and those of the companies they belong to, newest first. */
export async function listMyReturns(db: DbOrTx, caller: Caller): Promise<ReturnSummary[]> {
  const companyIds = (await listMyCompanies(db, caller.sub))
    .filter((c) => EVERY_ROLE.includes(c.role))
    .map((c) => c.id);
  return listOf(
    db,
    companyIds.length
      ? or(eq(returns.userId, caller.sub), inArray(returns.companyId, companyIds))
      : eq(returns.userId, caller.sub),
  );
}

/** Staff's queue: every return, by status, reason and age. */
export async function listStaffReturns(
  db: DbOrTx,
  query: {
    status?: ReturnStatus | undefined;
    reason?: ReturnReason | undefined;
    olderThanDays?: number | undefined;
  },
): Promise<ReturnSummary[]> {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(returns.status, query.status));
  if (query.reason) conditions.push(eq(returns.reason, query.reason));
  if (query.olderThanDays !== undefined)
    conditions.push(
      lte(returns.createdAt, sql`now() - make_interval(days => ${query.olderThanDays}::int)`),
    );
  return listOf(db, conditions.length ? and(...conditions) : undefined);
}

/** Open returns (not yet settled or refused), for the staff overview. */
export async function countOpenReturns(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`count(*)` })
    .from(returns)
    .where(inArray(returns.status, ['requested', 'approved', 'received', 'inspected']));
  return Number(row?.n ?? 0);
}
