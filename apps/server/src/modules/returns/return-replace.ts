import { and, eq } from 'drizzle-orm';
import { formatReturnNumber } from '@storefront/contract';
import type { DbOrTx } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import type { StaffActor } from '../audit/audit.service.js';
import { findOrder } from '../orders/orders.service.js';
import { placeReplacementOrder } from '../orders/replacement-order.js';
import { returnNotFound } from './returns.service.js';
import { returnLines, returns, type ReturnRow } from './returns.tables.js';

/**
 * A warranty claim settled by a replacement (decision 065): the accepted pieces of each line again,
 * in a new order at no charge, in the settle's transaction (the return's row is locked, so the
 * return settles once: one order, or one refund or credit, never both). Nothing is refunded or
 * credited: the return's amount is 0, its gross the value of the pieces replaced.
 */
export async function settleByReplacement(tx: DbOrTx, row: ReturnRow, actor: StaffActor) {
  if (row.reason !== 'defective')
    throw new AppError(
      409,
      'NOT_WARRANTY',
      `Return ${formatReturnNumber(row.number)} is not a warranty claim: only a defective part is replaced`,
    );
  const order = await findOrder(tx, row.orderId);
  if (!order) throw returnNotFound();
  const lines = await tx.select().from(returnLines).where(eq(returnLines.returnId, row.id));
  const accepted = lines
    .map((l) => ({ line: l, quantity: (l.resaleable ?? 0) + (l.scrapped ?? 0) }))
    .sort((a, b) => a.line.lineNo - b.line.lineNo);
  const placed = await placeReplacementOrder(
    tx,
    order,
    { returnId: row.id, returnNumber: row.number },
    accepted.map(({ line, quantity }) => ({
      partId: line.partId,
      sku: line.sku,
      partName: line.partName,
      quantity,
    })),
    actor.userId,
  );
  const grossCents = accepted.reduce((s, a) => s + a.quantity * a.line.unitPriceCents, 0);
  for (const { line } of accepted)
    await tx
      .update(returnLines)
      .set({ taxCents: 0 })
      .where(and(eq(returnLines.returnId, row.id), eq(returnLines.lineNo, line.lineNo)));
  await tx
    .update(returns)
    .set({
      feeBp: 0,
      grossCents,
      feeCents: 0,
      taxCents: 0,
      amountCents: 0,
      replacementOrderId: placed.id,
      settledAt: new Date(),
    })
    .where(eq(returns.id, row.id));
  const text = accepted
    .filter((a) => a.quantity > 0)
    .map((a) => `${a.line.partName}: ${a.quantity}`)
    .join(', ');
  return {
    message: `Replaced by order ${placed.number} at no charge (${text}); it ships to the order's address`,
    audit: `settled by replacement order ${placed.number} at no charge (${text})`,
    details: { replacementOrderId: placed.id, replacementOrderNumber: placed.number },
  };
}
