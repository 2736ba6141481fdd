import { and, eq, inArray, sql } from 'drizzle-orm';
import { formatQuoteNumber, type QuoteResponse, type QuoteStatus } from '@storefront/contract';
import type { Db, DbOrTx } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import type { Caller } from '../auth/guards.js';
import { queueQuoteMail, type QuoteMailConfig } from './quote-mail.js';
import { findQuote, quoteNotFound, quoteView, visibleQuote } from './quotes.service.js';
import { quoteEvents, quotes, type QUOTE_ACTORS, type QuoteRow } from './quotes.tables.js';

/** A stale answer or a quote no longer open: 409 with the quote as it is now. */
export class QuoteConflict extends AppError {
  constructor(
    code: 'QUOTE_STALE' | 'QUOTE_NOT_OPEN' | 'QUOTE_EXPIRED',
    message: string,
    readonly quote: QuoteResponse,
  ) {
    super(409, code, message);
  }

  override toBody() {
    return { ...super.toBody(), quote: this.quote };
  }
}

/** Why a transition's conditional UPDATE matched nothing, told from the quote as it is now. */
export async function conflictOf(db: DbOrTx, id: string, version?: number): Promise<AppError> {
  const now = await findQuote(db, id);
  if (!now) return quoteNotFound();
  const view = await quoteView(db, now);
  if (version !== undefined && now.status === 'offered' && now.version !== version)
    return new QuoteConflict(
      'QUOTE_STALE',
      `This offer has changed since you saw it: version ${now.version} is the current one.`,
      view,
    );
  if (now.status === 'offered' && now.validUntil && now.validUntil.getTime() <= Date.now())
    return new QuoteConflict('QUOTE_EXPIRED', 'This offer has expired.', view);
  return new QuoteConflict(
    'QUOTE_NOT_OPEN',
    `This quote is ${now.status.replace('_', ' ')}: it cannot be changed that way.`,
    view,
  );
}

type Actor = (typeof QUOTE_ACTORS)[number];

/** The status the quote's history last recorded (the one a transition moves from), or null. */
export async function statusBefore(tx: DbOrTx, quoteId: string): Promise<QuoteStatus | null> {
  const [last] = await tx
    .select({ status: quoteEvents.toStatus })
    .from(quoteEvents)
    .where(eq(quoteEvents.quoteId, quoteId))
    .orderBy(sql`${quoteEvents.id} desc`)
    .limit(1);
  return last?.status ?? null;
}

/** The quote's history: one row per transition, in the transition's transaction. */
export async function recordQuoteEvent(
  tx: DbOrTx,
  e: {
    quoteId: string;
    actor: Actor;
    actorId: string | null;
    from: QuoteStatus | null;
    to: QuoteStatus;
    version: number;
    message?: string | undefined;
  },
): Promise<void> {
  await tx.insert(quoteEvents).values({
    quoteId: e.quoteId,
    actor: e.actor,
    actorId: e.actorId,
    fromStatus: e.from,
    toStatus: e.to,
    version: e.version,
    message: e.message ?? '',
  });
}

/** The statuses staff may send an offer from (a new version) or decline. */
export const OFFERABLE: QuoteStatus[] = ['requested', 'offered', 'revision_requested'];

/** Staff decline a quote that is still open (requested, offered or asked to be revised). */
export async function declineQuote(
  db: Db,
  staff: Caller,
  id: string,
  message: string | undefined,
  mail: QuoteMailConfig,
): Promise<QuoteResponse> {
  const quote = await findQuote(db, id);
  if (!quote) throw quoteNotFound();
  const changed = await transition(db, quote, {
    from: OFFERABLE,
    to: 'declined',
    actor: 'staff',
    actorId: staff.sub,
    message,
    mail,
    audit: { userId: staff.sub, email: staff.email },
  });
  return quoteView(db, changed);
}

/** The buyer's answer to the offer they saw: rejected, or a revision asked for. */
export async function answerQuote(
  db: Db,
  caller: Caller,
  id: string,
  answer: { to: 'rejected' | 'revision_requested'; version: number; message?: string | undefined },
  mail: QuoteMailConfig,
): Promise<QuoteResponse> {
  const quote = await visibleQuote(db, caller, id);
  const changed = await transition(db, quote, {
    from: ['offered'],
    version: answer.version,
    to: answer.to,
    actor: 'buyer',
    actorId: caller.sub,
    message: answer.message,
    mail,
  });
  return quoteView(db, changed);
}

/**
 * The buyer withdraws a request staff have not answered (requested, or a revision asked for): it
 * ends as `rejected`, as an offer the buyer turns down does, so no status is added for it.
 */
export async function withdrawQuote(
  db: Db,
  caller: Caller,
  id: string,
  message: string | undefined,
  mail: QuoteMailConfig,
): Promise<QuoteResponse> {
  const quote = await visibleQuote(db, caller, id);
  const changed = await transition(db, quote, {
    from: ['requested', 'revision_requested'],
    to: 'rejected',
    actor: 'buyer',
    actorId: caller.sub,
    message: message || 'Request withdrawn',
    mail,
  });
  return quoteView(db, changed);
}

/**
 * One transition: one conditional UPDATE (the status one of `from`, the version the one answered),
 * its history row and its mail, in one transaction; a 409 with the quote as it is when it matched
 * nothing.
 */
async function transition(
  db: Db,
  quote: QuoteRow,
  t: {
    from: QuoteStatus[];
    to: QuoteStatus;
    version?: number;
    actor: Actor;
    actorId: string | null;
    message?: string | undefined;
    mail: QuoteMailConfig;
    audit?: { userId: string; email: string };
  },
): Promise<QuoteRow> {
  const changed = await db.transaction(async (tx) => {
    const [moved] = await tx
      .update(quotes)
      .set({ status: t.to, updatedAt: new Date() })
      .where(
        and(
          eq(quotes.id, quote.id),
          inArray(quotes.status, t.from),
          t.version === undefined ? undefined : eq(quotes.version, t.version),
        ),
      )
      .returning();
    if (!moved) return undefined;
    const before = await statusBefore(tx, quote.id);
    await recordQuoteEvent(tx, {
      quoteId: quote.id,
      actor: t.actor,
      actorId: t.actorId,
      from: before,
      to: t.to,
      version: moved.version,
      message: t.message,
    });
    if (t.audit)
      await recordAudit(tx, t.audit, {
        action: `quote.${t.to}`,
        targetType: 'quote',
        targetId: quote.id,
        summary: `${t.to} ${formatQuoteNumber(quote.number, quote.createdAt)}`,
      });
    await queueQuoteMail(tx, t.mail, moved, {
      to: t.to,
      version: moved.version,
      message: t.message,
    });
    return moved;
  });
  if (!changed) throw await conflictOf(db, quote.id, t.version);
  return changed;
}
