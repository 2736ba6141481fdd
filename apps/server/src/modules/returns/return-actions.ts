import { and, eq, inArray, isNull } from 'drizzle-orm';
import {
  formatReturnNumber,
  nextReturnStatus,
  RETURN_ARRIVE_WITHIN_DAYS,
  type ApproveReturnBody,
  type CreateReturnBody,
  type InspectReturnBody,
  type ReceiveReturnBody,
  type RefuseReturnBody,
  type ReturnAction,
  type ReturnResponse,
  type ReturnStatus,
} from '@storefront/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database.js';
import { AppError, notFound } from '../../http/errors.js';
import { recordAudit, type StaffActor } from '../audit/audit.service.js';
import type { Caller } from '../auth/guards.js';
import { lockOrder, withLines } from '../orders/orders.service.js';
import { moveStock } from '../parts/stock.service.js';
import { checkCoreInspection, checkCoreLines, coreStateByLine } from './core-deposits.js';
import { queueReturnMail, type ReturnMailConfig } from './return-mail.js';
import { policiesOf } from './return-policy.js';
import {
  checkAskedLines,
  heldByLine,
  maySee,
  returnNotFound,
  returnView,
} from './returns.service.js';
import {
  returnEvents,
  returnLines,
  returnPhotos,
  returns,
  type ReturnRow,
} from './returns.tables.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A buyer's return of parts of a delivered order. The order's row is locked first, so concurrent
 * returns of the same order queue and each sees what the others hold: asked quantities never add
 * up to more than was delivered. Windows are checked against this server's clock.
 */
export async function createReturn(
  db: Db,
  caller: Caller,
  body: z.output<typeof CreateReturnBody>,
  mail: ReturnMailConfig,
): Promise<ReturnResponse> {
  const row = await db.transaction(async (tx) => {
    const locked = await lockOrder(tx, body.orderId);
    if (!locked || !(await maySee(tx, caller, locked))) throw notFound('Order');
    if (locked.status !== 'delivered' || !locked.deliveredAt)
      throw new AppError(
        409,
        'ORDER_NOT_DELIVERED',
        'Parts can be returned once the order is delivered',
      );
    const order = await withLines(tx, locked);
    const now = new Date();
    // One connection in a transaction: its queries one after another.
    const policies = await policiesOf(
      tx,
      order.lines.map((l) => l.partId),
    );
    // A core return sends back old parts for their deposits (decision 069): its own checks.
    const lines =
      body.reason === 'core_return'
        ? checkCoreLines(order, body.lines, await coreStateByLine(tx, order.id), now)
        : checkAskedLines(
            order,
            body.lines,
            body.reason,
            policies,
            await heldByLine(tx, order.id),
            now,
          );
    const [created] = await tx
      .insert(returns)
      .values({
        orderId: order.id,
        userId: caller.sub,
        companyId: order.companyId,
        paymentMode: order.paymentMode,
        reason: body.reason,
        note: body.note ?? '',
      })
      .returning();
    if (!created) throw new Error('the return was not inserted');
    await tx.insert(returnLines).values(
      body.lines.map(({ lineNo, quantity }, i) => {
        const line = lines[i]!;
        return {
          returnId: created.id,
          lineNo,
          orderId: order.id,
          partId: line.partId,
          sku: line.sku,
          partName: line.partName,
          unitPriceCents: line.unitPriceCents,
          coreChargeCents: line.coreChargeCents,
          quantity,
        };
      }),
    );
    const photoIds = body.photoIds ?? [];
    if (photoIds.length > 0) {
      const attached = await tx
        .update(returnPhotos)
        .set({ returnId: created.id })
        .where(
          and(
            inArray(returnPhotos.id, photoIds),
            eq(returnPhotos.userId, caller.sub),
            isNull(returnPhotos.returnId),
          ),
        )
        .returning({ id: returnPhotos.id });
      if (attached.length !== new Set(photoIds).size)
        throw new AppError(400, 'VALIDATION_FAILED', 'A photo is unknown or already sent', {
          photoIds: 'A photo is unknown or already sent: upload it again',
        });
    }
    await tx.insert(returnEvents).values({
      returnId: created.id,
      actor: 'buyer',
      actorId: caller.sub,
      fromStatus: null,
      toStatus: 'requested',
      message: body.note ?? '',
    });
    await queueReturnMail(tx, created, 'requested', caller.email, mail);
    return created;
  });
  return returnView(db, row);
}

export const conflict = (row: ReturnRow, action: ReturnAction) =>
  new AppError(
    409,
    'RETURN_STATUS',
    `Return ${formatReturnNumber(row.number)} is ${row.status}: it cannot be ${
      {
        approve: 'approved',
        refuse: 'refused',
        receive: 'received',
        inspect: 'inspected',
        settle: 'settled',
      }[action]
    } now`,
  );

type StepResult = { message: string; audit: string; details?: Record<string, unknown> };

/**
 * One staff action: the return's row locked, the transition checked against the contract's
 * table, the action's own work, then the status, the history, the audit entry and the buyer's
 * mail, all in one transaction.
 */
export async function step(
  db: Db,
  id: string,
  action: ReturnAction,
  actor: StaffActor,
  mail: ReturnMailConfig,
  work: (tx: DbOrTx, row: ReturnRow, to: ReturnStatus) => Promise<StepResult>,
): Promise<ReturnResponse> {
  const row = await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(returns).where(eq(returns.id, id)).for('update');
    if (!locked) throw returnNotFound();
    const to = nextReturnStatus(locked.status, action);
    if (!to) throw conflict(locked, action);
    const done = await work(tx, locked, to);
    const [updated] = await tx
      .update(returns)
      .set({ status: to, updatedAt: new Date() })
      .where(and(eq(returns.id, id), eq(returns.status, locked.status)))
      .returning();
    if (!updated) throw conflict(locked, action);
    await tx.insert(returnEvents).values({
      returnId: id,
      actor: 'staff',
      actorId: actor.userId,
      fromStatus: locked.status,
      toStatus: to,
      message: done.message,
    });
    await recordAudit(tx, actor, {
      action: `return.${action}`,
      targetType: 'return',
      targetId: id,
      summary: `Return ${formatReturnNumber(locked.number)}: ${done.audit}`,
      ...(done.details ? { details: done.details } : {}),
    });
    await queueReturnMail(tx, updated, to, null, mail, done.message);
    return updated;
  });
  return returnView(db, row);
}

export const approveReturn = (
  db: Db,
  id: string,
  body: z.output<typeof ApproveReturnBody>,
  actor: StaffActor,
  mail: ReturnMailConfig,
) =>
  step(db, id, 'approve', actor, mail, async (tx, row) => {
    const arriveBy = new Date(Date.now() + RETURN_ARRIVE_WITHIN_DAYS * DAY_MS);
    await tx.update(returns).set({ arriveBy }).where(eq(returns.id, row.id));
    return { message: body.message ?? '', audit: 'approved' };
  });

export const refuseReturn = (
  db: Db,
  id: string,
  body: z.output<typeof RefuseReturnBody>,
  actor: StaffActor,
  mail: ReturnMailConfig,
) =>
  step(db, id, 'refuse', actor, mail, async () => ({
    message: body.message,
    audit: `refused: ${body.message}`,
  }));

/** The body names every line of the return once, and no other. */
async function linesNamed<T extends { lineNo: number }>(
  tx: DbOrTx,
  row: ReturnRow,
  named: readonly T[],
) {
  const lines = await tx.select().from(returnLines).where(eq(returnLines.returnId, row.id));
  const byNo = new Map(named.map((n) => [n.lineNo, n]));
  if (byNo.size !== lines.length || lines.some((l) => !byNo.has(l.lineNo)))
    throw new AppError(400, 'VALIDATION_FAILED', 'Name every line of the return once', {
      lines: `Name lines ${lines.map((l) => l.lineNo).join(', ')}, each once`,
    });
  return lines.map((l) => ({ line: l, named: byNo.get(l.lineNo)! }));
}

export const receiveReturn = (
  db: Db,
  id: string,
  body: z.output<typeof ReceiveReturnBody>,
  actor: StaffActor,
  mail: ReturnMailConfig,
) =>
  step(db, id, 'receive', actor, mail, async (tx, row) => {
    const pairs = await linesNamed(tx, row, body.lines);
    for (const { line, named } of pairs) {
      if (named.quantity > line.quantity)
        throw new AppError(
          400,
          'VALIDATION_FAILED',
          `${line.partName}: at most ${line.quantity} was asked back`,
          { lines: `${line.partName}: at most ${line.quantity} was asked back` },
        );
      await tx
        .update(returnLines)
        .set({ received: named.quantity })
        .where(and(eq(returnLines.returnId, row.id), eq(returnLines.lineNo, line.lineNo)));
    }
    const text = pairs.map(({ line, named }) => `${line.partName}: ${named.quantity}`).join(', ');
    return {
      message: `Received ${text}`,
      audit: `received ${text}`,
      details: { lines: body.lines },
    };
  });

export const inspectReturn = (
  db: Db,
  id: string,
  body: z.output<typeof InspectReturnBody>,
  actor: StaffActor,
  mail: ReturnMailConfig,
) =>
  step(db, id, 'inspect', actor, mail, async (tx, row) => {
    const pairs = await linesNamed(tx, row, body.lines);
    const core = row.reason === 'core_return';
    const damagedBp = core ? checkCoreInspection(body) : null;
    for (const { line, named } of pairs) {
      if (named.resaleable + named.scrapped > (line.received ?? 0))
        throw new AppError(
          400,
          'VALIDATION_FAILED',
          `${line.partName}: only ${line.received ?? 0} arrived`,
          {
            lines: `${line.partName}: resaleable and scrapped add up to at most ${line.received ?? 0}`,
          },
        );
      await tx
        .update(returnLines)
        .set({ resaleable: named.resaleable, scrapped: named.scrapped })
        .where(and(eq(returnLines.returnId, row.id), eq(returnLines.lineNo, line.lineNo)));
    }
    if (core) {
      // Cores are old parts, for remanufacturing: they never become the part's stock.
      await tx.update(returns).set({ coreDamagedBp: damagedBp }).where(eq(returns.id, row.id));
      const text = pairs
        .map(({ line, named }) => {
          const refused = (line.received ?? 0) - named.resaleable - named.scrapped;
          return (
            `${line.partName}: ${named.resaleable} ${named.resaleable === 1 ? 'core' : 'cores'} accepted in full` +
            (named.scrapped > 0
              ? `, ${named.scrapped} damaged (${(damagedBp ?? 0) / 100}% of the deposit)`
              : '') +
            (refused > 0 ? `, ${refused} refused` : '')
          );
        })
        .join('; ');
      const message = body.note ? `${text}. ${body.note}` : text;
      return {
        message,
        audit: `inspected cores: ${text}`,
        details: { lines: body.lines, damagedBp },
      };
    }
    // Resaleable pieces back to stock, each part once, in the one lock order (moveStock's).
    const back = pairs
      .filter(({ named }) => named.resaleable > 0)
      .map(({ line, named }) => ({ partId: line.partId, delta: named.resaleable }));
    const moved = await moveStock(tx, back, {
      kind: 'returned',
      reason: `Return ${formatReturnNumber(row.number)}`,
      actorId: actor.userId,
      orderId: row.orderId,
    });
    if (!moved) throw new Error(`could not put return ${row.id} back to stock`);
    const text = pairs
      .map(
        ({ line, named }) =>
          `${line.partName}: ${named.resaleable} resaleable, ${named.scrapped} scrapped` +
          `${(line.received ?? 0) - named.resaleable - named.scrapped > 0 ? `, ${(line.received ?? 0) - named.resaleable - named.scrapped} not accepted` : ''}`,
      )
      .join('; ');
    const message = body.note ? `${text}. ${body.note}` : text;
    return { message, audit: `inspected: ${text}`, details: { lines: body.lines } };
  });
