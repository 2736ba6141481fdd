import { and, eq, ne, sql } from 'drizzle-orm';
import {
  coreCreditCents,
  coreDates,
  coresOwed,
  formatMoney,
  fromCents,
  type InspectReturnBody,
} from '@storefront/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import type { OrderLineRow, OrderView } from '../orders/orders.service.js';
import { heldByLine } from './returns.service.js';
import { coreDepositClaims, returnLines, returns, type ReturnLineRow } from './returns.tables.js';

/*
 * Core deposits on the returns side (decision 069): which cores of an order's lines came back or
 * are on their way, what of each line's deposit is left to give back, and the rules a core return
 * is asked, inspected and settled by. The deposit itself is an order line's (`core_cents`).
 */

/** One order line's cores as the returns see them. */
export type CoreState = {
  /** Cores held by core returns not refused (asked, arrived, or accepted). */
  held: number;
  /** Pieces whose deposit a settled return of the part itself gave back. */
  refundedWithPart: number;
  /** What settled returns gave back of the line's deposit (core returns and the part's own). */
  givenCents: number;
  /** Pieces and cents of the deposit kept after the grace period, and when. */
  keptPieces: number;
  keptCents: number;
  keptAt: Date | null;
};

const emptyState = (): CoreState => ({
  held: 0,
  refundedWithPart: 0,
  givenCents: 0,
  keptPieces: 0,
  keptCents: 0,
  keptAt: null,
});

/** Every line of an order that has cores on record, by line number (others: nothing held). */
export async function coreStateByLine(
  db: DbOrTx,
  orderId: string,
  exceptReturnId?: string,
): Promise<Map<number, CoreState>> {
  const other = exceptReturnId ? [ne(returns.id, exceptReturnId)] : [];
  const [held, given, kept] = [
    await heldByLine(db, orderId, 'cores', exceptReturnId),
    await db
      .select({
        lineNo: returnLines.lineNo,
        withPart: sql<string>`coalesce(sum(case when ${returns.reason} <> 'core_return'
          then coalesce(${returnLines.corePieces}, 0) else 0 end), 0)`,
        cents: sql<string>`coalesce(sum(coalesce(${returnLines.coreCents}, 0)), 0)`,
      })
      .from(returnLines)
      .innerJoin(returns, eq(returns.id, returnLines.returnId))
      .where(and(eq(returnLines.orderId, orderId), eq(returns.status, 'settled'), ...other))
      .groupBy(returnLines.lineNo),
    await db
      .select()
      .from(coreDepositClaims)
      .where(and(eq(coreDepositClaims.orderId, orderId), eq(coreDepositClaims.kind, 'kept'))),
  ];
  const states = new Map<number, CoreState>();
  const of = (lineNo: number) => {
    let s = states.get(lineNo);
    if (!s) states.set(lineNo, (s = emptyState()));
    return s;
  };
  for (const [lineNo, n] of held) of(lineNo).held = n;
  for (const r of given) {
    of(r.lineNo).refundedWithPart = Number(r.withPart);
    of(r.lineNo).givenCents = Number(r.cents);
  }
  for (const r of kept) {
    const s = of(r.lineNo);
    s.keptPieces = r.pieces;
    s.keptCents = r.cents;
    s.keptAt = r.at;
  }
  return states;
}

/** Cores of a line that may still be sent back for its deposit. */
export const coresReturnable = (line: OrderLineRow, state: CoreState | undefined): number =>
  line.canceledAt || line.coreCents <= 0
    ? 0
    : coresOwed(
        line.quantity,
        (state?.held ?? 0) + (state?.refundedWithPart ?? 0),
        state?.keptPieces ?? 0,
      );

/** What is left of a line's deposit to give back: paid, less given back, less kept. */
export const depositLeftCents = (line: OrderLineRow, state: CoreState | undefined): number =>
  line.canceledAt
    ? 0
    : Math.max(0, line.coreCents - (state?.givenCents ?? 0) - (state?.keptCents ?? 0));

/**
 * The lines of a core return, checked against the order at `now` (the server's clock): each must
 * carry a deposit, its cores must not be kept already nor past the grace period, and no more may
 * be asked than are still owed. Resolves the order's lines in the asked order.
 */
export function checkCoreLines(
  order: OrderView,
  asked: readonly { lineNo: number; quantity: number }[],
  states: Map<number, CoreState>,
  now: Date,
): OrderLineRow[] {
  const { keptAt } = coreDates(order.deliveredAt!);
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
        `${line.partName} was canceled and refunded: it has no core to return`,
      );
    if (line.coreCents <= 0)
      throw new AppError(409, 'NO_CORE_DEPOSIT', `${line.partName} carries no core deposit`);
    const state = states.get(lineNo);
    if (state?.keptAt || now.getTime() > keptAt.getTime())
      throw new AppError(
        409,
        'CORE_DEPOSIT_KEPT',
        `${line.partName}: the core deposit was kept on ${(state?.keptAt ?? keptAt).toISOString().slice(0, 10)}, as the old part did not come back in time`,
      );
    const left = coresReturnable(line, state);
    if (quantity > left)
      throw new AppError(
        409,
        'RETURN_QUANTITY',
        left === 0
          ? `${line.partName}: every core is already returned or on its way`
          : `${line.partName}: at most ${left} ${left === 1 ? 'core' : 'cores'} can still be returned`,
      );
    return line;
  });
}

/** A core return's inspection: a damaged core's share and its reason are required together. */
export function checkCoreInspection(body: z.output<typeof InspectReturnBody>): number | null {
  const damaged = body.lines.some((l) => l.scrapped > 0);
  if (!damaged) return null;
  if (body.coreDamagedPercent === undefined)
    throw new AppError(
      400,
      'VALIDATION_FAILED',
      'Say what share of the deposit a damaged core gets back',
      {
        coreDamagedPercent: 'Say what share of the deposit a damaged core gets back',
      },
    );
  if (!body.note)
    throw new AppError(400, 'VALIDATION_FAILED', 'Say why the core is damaged', {
      note: 'Say why the core is damaged',
    });
  return Math.round(body.coreDamagedPercent * 100);
}

/**
 * What a settling return gives back of each line's deposit (decision 069), with the pieces it
 * counts. A core return: every core accepted in full at the deposit paid, each damaged one at its
 * share. The part itself sent back and refunded: its accepted pieces' deposits too (the old part
 * is no longer owed), for pieces whose deposit is not already given back or kept. Never more than
 * what is left of the line's deposit.
 */
export function depositsGivenBack(
  reason: string,
  damagedBp: number | null,
  lines: readonly ReturnLineRow[],
  orderLines: Map<number, OrderLineRow>,
  states: Map<number, CoreState>,
): { pieces: number; cents: number }[] {
  return lines.map((l) => {
    const ordered = orderLines.get(l.lineNo);
    if (!ordered || ordered.coreCents <= 0) return { pieces: 0, cents: 0 };
    const state = states.get(l.lineNo);
    const leftCents = depositLeftCents(ordered, state);
    const full = l.resaleable ?? 0;
    const damaged = l.scrapped ?? 0;
    if (reason === 'core_return') {
      const cents = coreCreditCents({
        unitCents: ordered.coreChargeCents,
        full,
        damaged,
        damagedBp: damagedBp ?? 0,
        leftCents,
      });
      return { pieces: full + damaged, cents };
    }
    const piecesLeft = coresReturnable(ordered, state);
    const pieces = Math.min(full + damaged, piecesLeft);
    return { pieces, cents: Math.min(pieces * ordered.coreChargeCents, leftCents) };
  });
}

/** "core deposit $50.00" for a settlement's message, or ''. */
export const depositText = (cents: number): string =>
  cents > 0 ? `, core deposit ${formatMoney(fromCents(cents))}` : '';
