import { and, eq, ne, sql } from 'drizzle-orm';
import {
  computeReturnRefund,
  formatMoney,
  formatReturnNumber,
  fromCents,
  fitLineTaxes,
  returnedLineTaxCents,
  type SettleReturnBody,
} from '@storefront/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import type { StaffActor } from '../audit/audit.service.js';
import {
  accountInvoicesOfOrders,
  creditNoteTotals,
  issueCreditNote,
  lockCompany,
  openCents,
} from '../companies/account.service.js';
import { lockOrder, withLines } from '../orders/orders.service.js';
import { requestReturnRefund } from '../payments/payments.service.js';
import { conflict, step } from './return-actions.js';
import { coreStateByLine, depositsGivenBack, depositText } from './core-deposits.js';
import type { ReturnMailConfig } from './return-mail.js';
import { feesBp } from './return-policy.js';
import { settleByReplacement } from './return-replace.js';
import { returnNotFound, taxGivenBackByLine } from './returns.service.js';
import { returnLines, returns } from './returns.tables.js';

/**
 * Settles once: the accepted quantity at the unit price paid, less the reason's restocking fee
 * (unless waived), never more than the order's payment less earlier returns' refunds and credits.
 * Card orders: a partial refund through the outbox's refund job. On account: a numbered credit
 * note against the order's invoice. The return's row is locked, then (on account) the company's,
 * then the order's, so many settles at once make one settlement.
 */
export const settleReturn = (
  db: Db,
  id: string,
  body: z.output<typeof SettleReturnBody>,
  actor: StaffActor,
  mail: ReturnMailConfig,
) =>
  step(db, id, 'settle', actor, mail, async (tx, row) => {
    if (body.outcome === 'replacement') return settleByReplacement(tx, row, actor);
    if (row.companyId && row.paymentMode === 'account') await lockCompany(tx, row.companyId);
    const order = await lockOrder(tx, row.orderId);
    if (!order) throw returnNotFound();
    const lines = await tx.select().from(returnLines).where(eq(returnLines.returnId, row.id));
    const feeBp = (await feesBp(tx))[row.reason];
    const waived = Boolean(body.waiveFee) && feeBp > 0;
    // A replacement order (decision 065) has no invoice: it cost nothing, so nothing comes back.
    const invoice =
      row.paymentMode === 'account' && !order.replacesReturnId
        ? (await accountInvoicesOfOrders(tx, [row.orderId])).get(row.orderId)?.invoice
        : undefined;
    if (row.paymentMode === 'account' && !order.replacesReturnId && !invoice)
      throw new Error(`order ${row.orderId} on account has no invoice`);
    const [earlier] = await tx
      .select({
        cents: sql<string>`coalesce(sum(${returns.amountCents}), 0)`,
        tax: sql<string>`coalesce(sum(${returns.taxCents}), 0)`,
      })
      .from(returns)
      .where(
        and(
          eq(returns.orderId, row.orderId),
          eq(returns.status, 'settled'),
          ne(returns.id, row.id),
        ),
      );
    // On account every credit note of the invoice counts (earlier returns' and staff's), with the
    // parts of them that went to the company's credit balance.
    const credited = invoice ? await creditNoteTotals(tx, invoice.id) : undefined;
    const paid = credited
      ? { paidCents: invoice!.amountCents, earlierCents: credited.amountCents }
      : { paidCents: order.totalCents, earlierCents: Number(earlier?.cents ?? 0) };
    // The tax of the accepted pieces (decision 065): each line's stored tax, proportionally, counted
    // on every piece of the line given back so far. The order's tax already fell with canceled lines.
    const orderLines = new Map((await withLines(tx, order)).lines.map((l) => [l.lineNo, l]));
    const given = await taxGivenBackByLine(tx, row.orderId, row.id);
    const lineTax = lines.map((l) => {
      const ordered = orderLines.get(l.lineNo);
      if (!ordered || ordered.canceledAt) return 0;
      return returnedLineTaxCents(
        { quantity: ordered.quantity, taxCents: ordered.taxCents },
        given.get(l.lineNo) ?? { quantity: 0, taxCents: 0 },
        (l.resaleable ?? 0) + (l.scrapped ?? 0),
      );
    });
    // Core deposits given back (decision 069): a core return gives back only deposits (no goods,
    // no tax); the part itself sent back gives back its pieces' deposits with their price.
    const core = row.reason === 'core_return';
    const deposits = depositsGivenBack(
      row.reason,
      row.coreDamagedBp,
      lines,
      orderLines,
      await coreStateByLine(tx, row.orderId, row.id),
    );
    const refund = computeReturnRefund({
      lines: lines.map((l, i) => ({
        acceptedQuantity: core ? 0 : (l.resaleable ?? 0) + (l.scrapped ?? 0),
        unitPriceCents: l.unitPriceCents,
        taxCents: core ? 0 : lineTax[i]!,
      })),
      coreCents: deposits.reduce((sum, d) => sum + d.cents, 0),
      feeBp,
      waived,
      ...paid,
      // The tax not yet taken back: on account by the invoice's credit notes (staff's among them),
      // by card by earlier returns' refunds.
      taxLeftCents: Math.max(
        0,
        order.taxCents - (credited ? credited.taxCents : Number(earlier?.tax ?? 0)),
      ),
    });
    let refundId: string | null = null;
    let creditNoteId: string | null = null;
    let creditNoteNumber = '';
    let toBalanceCents = 0;
    if (refund.amountCents > 0 && invoice) {
      // What the invoice no longer asks (it was paid) goes to the company's credit balance,
      // which pays its next invoice (decision 065).
      toBalanceCents = Math.max(0, refund.amountCents - openCents(invoice));
      const note = await issueCreditNote(tx, invoice.id, {
        amountCents: refund.amountCents,
        reason: `Return ${formatReturnNumber(row.number)}`,
        issuedBy: actor.userId,
        orderTaxCents: order.taxCents,
        taxCents: refund.taxCents,
        restToBalance: true,
      });
      creditNoteId = note.id;
      creditNoteNumber = `CN-${note.number}`;
      // The company's row is locked: no other note came between, so the note holds this tax.
      if (note.taxCents !== refund.taxCents)
        throw new Error(`credit note ${note.id} took back other tax than return ${row.id}`);
    } else if (refund.amountCents > 0) {
      const made = await requestReturnRefund(
        tx,
        row.orderId,
        row.id,
        refund.amountCents,
        refund.taxCents,
      );
      if (!made) throw conflict({ ...row, status: 'settled' }, 'settle');
      refundId = made;
    }
    const kept = fitLineTaxes(core ? lineTax.map(() => 0) : lineTax, refund.taxCents);
    // The deposits as given back, each line's lowered from the last when the order's payment
    // left less than they add up to (the refund's cap).
    const keptDeposits = fitLineTaxes(
      deposits.map((d) => d.cents),
      refund.coreCents,
    );
    for (const [i, l] of lines.entries())
      await tx
        .update(returnLines)
        .set({
          taxCents: kept[i]!,
          corePieces: deposits[i]!.pieces,
          coreCents: keptDeposits[i]!,
        })
        .where(and(eq(returnLines.returnId, row.id), eq(returnLines.lineNo, l.lineNo)));
    await tx
      .update(returns)
      .set({
        feeBp,
        grossCents: refund.grossCents,
        feeCents: refund.feeCents,
        taxCents: refund.taxCents,
        coreCents: refund.coreCents,
        amountCents: refund.amountCents,
        feeWaivedReason: waived ? (body.waiveReason ?? '') : null,
        refundId,
        creditNoteId,
        settledAt: new Date(),
      })
      .where(eq(returns.id, row.id));
    const amount =
      formatMoney(fromCents(refund.amountCents)) +
      (refund.taxCents > 0 ? ` (tax ${formatMoney(fromCents(refund.taxCents))})` : '');
    const how = creditNoteNumber
      ? `credited ${amount} (credit note ${creditNoteNumber}` +
        (toBalanceCents > 0
          ? `; ${formatMoney(fromCents(toBalanceCents))} of it to the company's credit balance, for its next invoice)`
          : ')')
      : refundId
        ? `refunded ${amount} to the card`
        : 'nothing to give back';
    const fee =
      depositText(refund.coreCents) +
      (refund.feeCents
        ? `, restocking fee ${formatMoney(fromCents(refund.feeCents))}`
        : waived
          ? `, restocking fee waived: ${body.waiveReason ?? ''}`
          : '');
    return {
      message: `Settled: ${how}${fee}`,
      audit: `settled, ${how}${fee}`,
      details: { ...refund, waived, refundId, creditNoteId },
    };
  });
