import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  formatQuoteNumber,
  fromCents,
  MAX_QUOTE_VALID_DAYS,
  quantityProblem,
  toCents,
  type QuoteOfferBody,
  type QuoteRequestBody,
  type QuoteResponse,
  type QuoteStatus,
} from '@storefront/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database.js';
import { rowsOf } from '../../db/raw-rows.js';
import { AppError } from '../../http/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import type { Caller } from '../auth/guards.js';
import { EVERY_ROLE, requireRole } from '../companies/companies.service.js';
import { partsRelation } from '../parts/stock.service.js';
import { queueQuoteMail, type QuoteMailConfig } from './quote-mail.js';
import { findQuote, quoteNotFound, quoteView, visibleQuote } from './quotes.service.js';
import {
  quoteEvents,
  quoteLines,
  quotes,
  quoteVersions,
  type QUOTE_ACTORS,
  type QuoteRow,
} from './quotes.tables.js';

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

type PartFacts = {
  id: string;
  sku: string;
  name: string;
  archived: boolean;
  minimum: number;
  packSize: number;
  maximum: number | null;
};

async function partsOf(db: DbOrTx, ids: readonly string[]): Promise<Map<string, PartFacts>> {
  const result = await db.execute(sql`
    select id, sku, name, archived_at is not null as archived, min_order_quantity, pack_size,
           max_order_quantity
      from ${partsRelation}
     where id in (${sql.join(
       ids.map((id) => sql`${id}::uuid`),
       sql`, `,
     )})`);
  return new Map(
    rowsOf(result).map((r) => [
      String(r.id),
      {
        id: String(r.id),
        sku: String(r.sku),
        name: String(r.name),
        archived: r.archived === true,
        minimum: Number(r.min_order_quantity),
        packSize: Number(r.pack_size),
        maximum: r.max_order_quantity === null ? null : Number(r.max_order_quantity),
      },
    ]),
  );
}

/**
 * Each line's part must exist, be sold, and the quantity follow its rule (minimum, packs,
 * maximum; the stock is checked when the offer is accepted): a 400 naming every line otherwise.
 */
async function checkedLines<L extends { partId: string; quantity: number }>(
  db: DbOrTx,
  lines: readonly L[],
): Promise<(L & { part: PartFacts })[]> {
  const parts = await partsOf(
    db,
    lines.map((l) => l.partId),
  );
  const fields: Record<string, string> = {};
  const checked = lines.map((line, i) => {
    const part = parts.get(line.partId);
    if (!part) fields[`lines.${i}.partId`] = 'No such part';
    else if (part.archived) fields[`lines.${i}.partId`] = `${part.sku} is no longer sold`;
    else {
      const problem = quantityProblem(
        line.quantity,
        { minimum: part.minimum, packSize: part.packSize, maximum: part.maximum },
        Number.MAX_SAFE_INTEGER,
      );
      if (problem) fields[`lines.${i}.quantity`] = `${part.sku}: ${problem.message}`;
    }
    return { ...line, part: part! };
  });
  if (Object.keys(fields).length > 0)
    throw new AppError(400, 'VALIDATION_FAILED', Object.values(fields)[0]!, fields);
  return checked;
}

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

/** The end of a calendar day (UTC): today at the earliest, MAX_QUOTE_VALID_DAYS ahead at most. */
export function validUntilOf(date: string, now = new Date()): Date {
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

const OFFERABLE: QuoteStatus[] = ['requested', 'offered', 'revision_requested'];

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
    const [before] = await tx
      .select({ status: quoteEvents.toStatus })
      .from(quoteEvents)
      .where(eq(quoteEvents.quoteId, quote.id))
      .orderBy(sql`${quoteEvents.id} desc`)
      .limit(1);
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
      from: before?.status ?? null,
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
    const [before] = await tx
      .select({ status: quoteEvents.toStatus })
      .from(quoteEvents)
      .where(eq(quoteEvents.quoteId, quote.id))
      .orderBy(sql`${quoteEvents.id} desc`)
      .limit(1);
    await recordQuoteEvent(tx, {
      quoteId: quote.id,
      actor: t.actor,
      actorId: t.actorId,
      from: before?.status ?? null,
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
