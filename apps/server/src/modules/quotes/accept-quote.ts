import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  formatOrderNumber,
  formatQuoteNumber,
  type QuoteAcceptBody,
  type OrderResponse,
} from '@storefront/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import type { Caller } from '../auth/guards.js';
import { companyForOrder } from '../companies/companies.service.js';
import { composeAddress, findOrderView, toOrderResponse } from '../orders/orders.service.js';
import { LinesRefusal, placeLines, type OpenOrderLimits } from '../orders/place-order.js';
import { queueQuoteMail, type QuoteMailConfig } from './quote-mail.js';
import { emitEvent } from '../webhooks/events.js';
import { conflictOf, recordQuoteEvent } from './quote-transitions.js';
import { findQuote, linesOfVersion, quoteView, visibleQuote } from './quotes.service.js';
import { quotes } from './quotes.tables.js';

type Accepted = { order: OrderResponse; created: boolean };

/** The order a quote already became, for a repeat of its accept (by anyone who may see it). */
async function orderOfQuote(db: Db, orderId: string): Promise<Accepted> {
  const order = await findOrderView(db, orderId);
  if (!order) throw new Error(`quote's order ${orderId} is missing`);
  return { order: toOrderResponse(order), created: false };
}

/**
 * The buyer accepts the offer they saw (decision 048). In one transaction: one conditional UPDATE
 * moves the quote to `accepted` with the new order's id (status `offered`, the version answered,
 * `valid_until` still ahead), which locks the quote's row first; then the order is placed by the
 * same statement as checkout (`placeLines`: the account's gate, the company's credit, the parts
 * locked by id, every line checked against its part's rule and stock, all or none) with each line
 * at its quoted price; then the history row and the mails. A refused line rolls everything back:
 * the quote stays offered and the answer names every line that cannot be ordered. A concurrent
 * accept waits on the quote's row and then matches nothing: it answers with the one order.
 */
export async function acceptQuote(
  db: Db,
  caller: Caller,
  id: string,
  body: z.output<typeof QuoteAcceptBody>,
  deps: { limits: OpenOrderLimits; mail: QuoteMailConfig },
): Promise<Accepted> {
  const quote = await visibleQuote(db, caller, id);
  if (quote.status === 'accepted' && quote.orderId) return orderOfQuote(db, quote.orderId);
  if (body.payment === 'account' && !quote.companyId)
    throw new AppError(400, 'VALIDATION_FAILED', 'Only a company quote can go on account', {
      payment: 'Only a company quote can go on account',
    });
  // The order is the company's when the quote is: its name and tax id come from the company.
  const company = quote.companyId ? await companyForOrder(db, caller, quote.companyId) : undefined;
  const number = formatQuoteNumber(quote.number, quote.createdAt);
  const orderId = randomUUID();
  const placed = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(quotes)
      .set({ status: 'accepted', orderId, updatedAt: new Date() })
      .where(
        and(
          eq(quotes.id, quote.id),
          eq(quotes.status, 'offered'),
          eq(quotes.version, body.version),
          sql`${quotes.validUntil} > now()`,
        ),
      )
      .returning();
    if (!claimed) return undefined;
    const lines = await linesOfVersion(tx, quote.id, body.version);
    const { order } = await placeLines(
      tx as unknown as Db,
      caller,
      lines.map((l) => ({
        partId: l.partId,
        quantity: l.quantity,
        quotedPriceCents: l.unitPriceCents ?? undefined,
        reference: `Quote ${number}`,
      })),
      {
        shipTo: body.shipTo,
        address: composeAddress(body.shipTo),
        phone: body.phone,
        company: company?.name,
        taxId: company?.taxId ?? body.taxId,
        poNumber: body.poNumber,
        companyId: company?.id,
        onAccount: company !== undefined && body.payment === 'account',
        quoteId: quote.id,
        orderId,
      },
      { limits: deps.limits, refuse: (problems) => new LinesRefusal(problems) },
    );
    await recordQuoteEvent(tx, {
      quoteId: quote.id,
      actor: 'buyer',
      actorId: caller.sub,
      from: 'offered',
      to: 'accepted',
      version: body.version,
      message: `Order ${formatOrderNumber(order.number)}`,
    });
    await emitEvent(tx, {
      type: 'quote.accepted',
      companyId: claimed.companyId,
      data: () => quoteView(tx, claimed),
    });
    await queueQuoteMail(tx, deps.mail, claimed, {
      to: 'accepted',
      version: body.version,
      orderNumber: formatOrderNumber(order.number),
    });
    return order;
  });
  if (placed) return { order: toOrderResponse(placed), created: true };
  const now = await findQuote(db, quote.id);
  if (now?.status === 'accepted' && now.orderId) return orderOfQuote(db, now.orderId);
  throw await conflictOf(db, quote.id, body.version);
}
