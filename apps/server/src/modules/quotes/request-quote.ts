import { toCents, type QuoteRequestBody, type QuoteResponse } from '@storefront/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import type { Caller } from '../auth/guards.js';
import { EVERY_ROLE, requireRole } from '../companies/companies.service.js';
import { queueQuoteMail, type QuoteMailConfig } from './quote-mail.js';
import { checkedLines } from './quote-parts.js';
import { recordQuoteEvent } from './quote-transitions.js';
import { quoteView } from './quotes.service.js';
import { quoteLines, quotes, quoteVersions } from './quotes.tables.js';

/** "Request a quote": the quote (version 0 holds the lines asked for), its history, staff's mail. */
export async function requestQuote(
  db: Db,
  caller: Caller,
  body: z.output<typeof QuoteRequestBody>,
  mail: QuoteMailConfig,
): Promise<QuoteResponse> {
  if (body.companyId !== undefined) await requireRole(db, body.companyId, caller, EVERY_ROLE);
  const lines = await checkedLines(db, body.lines);
  return db.transaction(async (tx) => {
    const [quote] = await tx
      .insert(quotes)
      .values({ userId: caller.sub, companyId: body.companyId ?? null, note: body.note ?? '' })
      .returning();
    await tx.insert(quoteVersions).values({
      quoteId: quote!.id,
      version: 0,
      message: body.note ?? '',
      createdBy: caller.sub,
    });
    await tx.insert(quoteLines).values(
      lines.map((l, i) => ({
        quoteId: quote!.id,
        version: 0,
        lineNo: i + 1,
        partId: l.partId,
        sku: l.part.sku,
        partName: l.part.name,
        quantity: l.quantity,
        targetCents: l.targetUnitPrice === undefined ? null : toCents(l.targetUnitPrice),
      })),
    );
    await recordQuoteEvent(tx, {
      quoteId: quote!.id,
      actor: 'buyer',
      actorId: caller.sub,
      from: null,
      to: 'requested',
      version: 0,
      message: body.note,
    });
    await queueQuoteMail(tx, mail, quote!, { to: 'requested', version: 0, message: body.note });
    return quoteView(tx, quote!);
  });
}
