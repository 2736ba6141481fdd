import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { listMyCompanies } from '../companies/companies.service.js';
import { formatQuoteNumber } from '@storefront/contract';
import type { PrivacyContribution } from '../privacy/contribution.js';
import { quoteEvents, quoteLines, quotes, quoteVersions } from './quotes.tables.js';

/** States in which a quote still waits for someone: the account cannot go while one does. */
const OPEN = ['requested', 'offered', 'revision_requested'] as const;

/**
 * The quotes the customer asked for (with every version, its lines and the history) and the
 * words they wrote on a company's quotes. A quote's numbers, lines and prices stay after an
 * erasure (an accepted one is the record behind an order); every message on the customer's own
 * quotes goes, as staff's replies to them may name them, and so do their words on others'.
 */
export const quotesPrivacy: PrivacyContribution = {
  name: 'quotes',
  async export({ userId }, db) {
    const mine = await db
      .select()
      .from(quotes)
      .where(eq(quotes.userId, userId))
      .orderBy(asc(quotes.number));
    const ids = mine.map((q) => q.id);
    const [versions, lines, events] = ids.length
      ? await Promise.all([
          db.select().from(quoteVersions).where(inArray(quoteVersions.quoteId, ids)),
          db.select().from(quoteLines).where(inArray(quoteLines.quoteId, ids)),
          db.select().from(quoteEvents).where(inArray(quoteEvents.quoteId, ids)),
        ])
      : [[], [], []];
    const written = await db
      .select({ quoteId: quoteEvents.quoteId, at: quoteEvents.at, message: quoteEvents.message })
      .from(quoteEvents)
      .where(and(eq(quoteEvents.actorId, userId), sql`${quoteEvents.message} <> ''`));
    return {
      requested: mine.map((q) => ({
        number: formatQuoteNumber(q.number, q.createdAt),
        status: q.status,
        note: q.note,
        companyId: q.companyId,
        validUntil: q.validUntil,
        createdAt: q.createdAt,
        versions: versions
          .filter((v) => v.quoteId === q.id)
          .sort((a, b) => a.version - b.version)
          .map((v) => ({
            version: v.version,
            message: v.message,
            validUntil: v.validUntil,
            totalCents: v.totalCents,
            createdAt: v.createdAt,
            lines: lines
              .filter((l) => l.quoteId === q.id && l.version === v.version)
              .sort((a, b) => a.lineNo - b.lineNo)
              .map((l) => ({
                sku: l.sku,
                partName: l.partName,
                quantity: l.quantity,
                unitPriceCents: l.unitPriceCents,
                targetCents: l.targetCents,
              })),
          })),
        history: events
          .filter((e) => e.quoteId === q.id)
          .sort((a, b) => a.id - b.id)
          .map((e) => ({
            at: e.at,
            actor: e.actor,
            from: e.fromStatus,
            to: e.toStatus,
            version: e.version,
            message: e.message,
          })),
      })),
      messagesOnCompanyQuotes: written.filter((w) => !ids.includes(w.quoteId)),
    };
  },
  async blockers({ userId }, db) {
    // Only the quotes the customer can still answer: a company's quote stays with the company
    // when its requester is no longer a member.
    const companies = (await listMyCompanies(db, userId)).map((c) => c.id);
    const open = await db
      .select({ number: quotes.number, createdAt: quotes.createdAt })
      .from(quotes)
      .where(
        and(
          eq(quotes.userId, userId),
          inArray(quotes.status, [...OPEN]),
          or(
            isNull(quotes.companyId),
            companies.length > 0 ? inArray(quotes.companyId, companies) : undefined,
          ),
        ),
      )
      .orderBy(asc(quotes.number));
    if (open.length === 0) return [];
    const numbers = open.map((q) => formatQuoteNumber(q.number, q.createdAt)).join(', ');
    return [
      `You have ${open.length === 1 ? 'an open quote' : 'open quotes'} (${numbers}): withdraw or reject ${open.length === 1 ? 'it' : 'them'}, or wait for our answer first.`,
    ];
  },
  async erase({ userId }, tx) {
    const theirs = sql`(select id from quotes where user_id = ${userId})`;
    await tx.update(quotes).set({ note: '' }).where(eq(quotes.userId, userId));
    // A sent version is never changed; its trigger lets this blanking through (migration 0018).
    await tx
      .update(quoteVersions)
      .set({ message: '' })
      .where(sql`${quoteVersions.quoteId} in ${theirs} and ${quoteVersions.message} <> ''`);
    await tx
      .update(quoteEvents)
      .set({ message: '', actorId: null })
      .where(sql`${quoteEvents.quoteId} in ${theirs} or ${quoteEvents.actorId} = ${userId}`);
  },
};
