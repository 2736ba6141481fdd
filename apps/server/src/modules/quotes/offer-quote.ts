import { and, eq, inArray } from 'drizzle-orm';
import {
  formatQuoteNumber,
  fromCents,
  MAX_QUOTE_VALID_DAYS,
  toCents,
  type QuoteOfferBody,
  type QuoteResponse,
} from '@storefront/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import type { Caller } from '../auth/guards.js';
import { queueQuoteMail, type QuoteMailConfig } from './quote-mail.js';
import { emitEvent } from '../webhooks/events.js';
import { checkedLines } from './quote-parts.js';
import { conflictOf, OFFERABLE, recordQuoteEvent, statusBefore } from './quote-transitions.js';
import { findQuote, quoteNotFound, quoteView } from './quotes.service.js';
import { quoteLines, quotes, quoteVersions } from './quotes.tables.js';

/** The end of a calendar day (UTC): today at the earliest, MAX_QUOTE_VALID_DAYS ahead at most. */
function validUntilOf(date: string, now = new Date()): Date {
  const end = new Date(`${date}T23:59:59.999Z`);
  const today = now.toISOString().slice(0, 10);
  const latest = new Date(now.getTime() + MAX_QUOTE_VALID_DAYS * 86_400_000);
  if (Number.isNaN(end.getTime()) || end.toISOString().slice(0, 10) !== date)
    throw validation('Valid until must be a real date');
  if (date < today) throw validation('Valid until cannot be in the past');
  if (end > latest) throw validation(`An offer holds for at most ${MAX_QUOTE_VALID_DAYS} days`);
  return end;
}

const validation = (message: string) =>
  new AppError(400, 'VALIDATION_FAILED', message, { validUntil: message });

/**
 * Staff send an offer: version `basedOn + 1`, kept unchanged from then on. One conditional UPDATE
 * moves the quote (status one of OFFERABLE and version the one staff edited), so two staff sending
 * at once, or an offer based on a version since replaced, leave one offer and a 409.
 */
export async function offerQuote(
  db: Db,
  staff: Caller,
  id: string,
  body: z.output<typeof QuoteOfferBody>,
  mail: QuoteMailConfig,
): Promise<QuoteResponse> {
  const quote = await findQuote(db, id);
  if (!quote) throw quoteNotFound();
  const validUntil = validUntilOf(body.validUntil);
  const lines = await checkedLines(db, body.lines);
  const priced = lines.map((l, i) => {
    const unit = toCents(l.unitPrice);
    return { ...l, lineNo: i + 1, unit, total: unit * l.quantity };
  });
  const totalCents = priced.reduce((sum, l) => sum + l.total, 0);
  const version = body.basedOn + 1;
  const changed = await db.transaction(async (tx) => {
    const [moved] = await tx
      .update(quotes)
      .set({ status: 'offered', version, validUntil, updatedAt: new Date() })
      .where(
        and(
          eq(quotes.id, quote.id),
          eq(quotes.version, body.basedOn),
          inArray(quotes.status, OFFERABLE),
        ),
      )
      .returning();
    if (!moved) return undefined;
    const before = await statusBefore(tx, quote.id);
    await tx.insert(quoteVersions).values({
      quoteId: quote.id,
      version,
      message: body.message ?? '',
      validUntil,
      totalCents,
      createdBy: staff.sub,
    });
    await tx.insert(quoteLines).values(
      priced.map((l) => ({
        quoteId: quote.id,
        version,
        lineNo: l.lineNo,
        partId: l.partId,
        sku: l.part.sku,
        partName: l.part.name,
        quantity: l.quantity,
        unitPriceCents: l.unit,
        totalCents: l.total,
      })),
    );
    await recordQuoteEvent(tx, {
      quoteId: quote.id,
      actor: 'staff',
      actorId: staff.sub,
      from: before,
      to: 'offered',
      version,
      message: body.message,
    });
    await recordAudit(
      tx,
      { userId: staff.sub, email: staff.email },
      {
        action: 'quote.offer',
        targetType: 'quote',
        targetId: quote.id,
        summary: `Offered ${formatQuoteNumber(quote.number, quote.createdAt)} v${version}: ${fromCents(totalCents).toFixed(2)} until ${body.validUntil}`,
      },
    );
    await emitEvent(tx, {
      type: 'quote.offered',
      companyId: moved.companyId,
      data: () => quoteView(tx, moved),
    });
    await queueQuoteMail(tx, mail, moved, {
      to: 'offered',
      version,
      message: body.message,
      totalCents,
    });
    return moved;
  });
  if (!changed) throw await conflictOf(db, quote.id, body.basedOn);
  return quoteView(db, changed);
}
