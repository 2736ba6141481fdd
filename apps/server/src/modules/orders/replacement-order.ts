import { randomUUID } from 'node:crypto';
import { formatOrderNumber, formatReturnNumber } from '@storefront/contract';
import type { DbOrTx } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { findPart } from '../parts/parts.service.js';
import { moveStock } from '../parts/stock.service.js';
import { orderEvents, orderLines, orders, type OrderRow } from './orders.tables.js';

/** A piece of the replacement: the part as the original line sold it, and how many. */
export type ReplacementLine = { partId: string; sku: string; partName: string; quantity: number };

/**
 * A warranty claim's replacement order (decision 065): the accepted pieces again, at no charge
 * (`no_charge` lines at 0, total 0), for the original order's buyer, company and ship-to,
 * confirmed at once (`paid`, so it ships like any other order) and linked to the return. Its stock
 * is taken in the caller's transaction, written to the ledger as an order's; a part short of stock
 * is a 409 naming it, and the caller's transaction rolls back with everything else. No invoice
 * (there is nothing to pay) and no card payment.
 */
export async function placeReplacementOrder(
  tx: DbOrTx,
  original: OrderRow,
  claim: { returnId: string; returnNumber: number },
  lines: readonly ReplacementLine[],
  actorId: string,
): Promise<{ id: string; number: string }> {
  const wanted = lines.filter((l) => l.quantity > 0);
  if (wanted.length === 0)
    throw new AppError(
      409,
      'NOTHING_TO_REPLACE',
      'No piece was accepted at the inspection: there is nothing to replace',
    );
  const id = randomUUID();
  const now = new Date();
  const returnNo = formatReturnNumber(claim.returnNumber);
  const [placed] = await tx
    .insert(orders)
    .values({
      id,
      userId: original.userId,
      name: original.name,
      email: original.email,
      address: original.address,
      shipStreet: original.shipStreet,
      shipCity: original.shipCity,
      shipPostalCode: original.shipPostalCode,
      shipCountry: original.shipCountry,
      shipState: original.shipState,
      phone: original.phone,
      company: original.company,
      taxId: original.taxId,
      poNumber: original.poNumber,
      companyId: original.companyId,
      paymentMode: original.paymentMode,
      termsVersionId: original.termsVersionId,
      totalCents: 0,
      taxCents: 0,
      status: 'paid',
      paidAt: now,
      replacesReturnId: claim.returnId,
      replacesReturnNumber: claim.returnNumber,
    })
    .returning({ number: orders.number });
  if (!placed) throw new Error(`replacement order for return ${claim.returnId} not inserted`);
  await tx.insert(orderLines).values(
    wanted.map((l, i) => ({
      orderId: id,
      lineNo: i + 1,
      orderNumber: placed.number,
      partId: l.partId,
      sku: l.sku,
      partName: l.partName,
      quantity: l.quantity,
      unitPriceCents: 0,
      totalCents: 0,
      noCharge: true,
    })),
  );
  const moved = await moveStock(
    tx,
    wanted.map((l) => ({ partId: l.partId, delta: -l.quantity })),
    { kind: 'order', reason: `Replacement for return ${returnNo}`, actorId, orderId: id },
  );
  if (!moved) throw await shortOfStock(tx, wanted);
  await tx.insert(orderEvents).values({
    orderId: id,
    actor: 'staff',
    actorId,
    fromStatus: null,
    toStatus: 'paid',
    note: `Replacement at no charge for return ${returnNo}`,
  });
  return { id, number: formatOrderNumber(placed.number) };
}

/** The 409 for a replacement the stock cannot cover, naming the first part short of it. */
async function shortOfStock(tx: DbOrTx, wanted: readonly ReplacementLine[]): Promise<AppError> {
  // One connection in a transaction: its queries one after another.
  const levels: number[] = [];
  for (const l of wanted) levels.push((await findPart(tx, l.partId))?.availableQuantity ?? 0);
  const at = Math.max(
    0,
    wanted.findIndex((l, i) => levels[i]! < l.quantity),
  );
  const short = wanted[at]!;
  return new AppError(
    409,
    'OUT_OF_STOCK',
    `${short.partName} (${short.sku}): ${Math.max(0, levels[at]!)} in stock, ${short.quantity} needed for the replacement`,
  );
}
