import { and, asc, eq, inArray } from 'drizzle-orm';
import { formatReturnNumber } from '@storefront/contract';
import type { PrivacyContribution } from '../privacy/contribution.js';
import { returnEvents, returnLines, returns } from './returns.tables.js';

/** States in which a return still waits for someone: the account cannot go while one does. */
const OPEN = ['requested', 'approved', 'received', 'inspected'] as const;

/**
 * The customer's returns (lines, history, settlement). A return's numbers, lines and money stay
 * after an erasure (a settled one is the record behind a refund or credit note); the customer's
 * own words go: the note with the request and the history's message of that step.
 */
export const returnsPrivacy: PrivacyContribution = {
  name: 'returns',
  async export({ userId }, db) {
    const mine = await db
      .select()
      .from(returns)
      .where(eq(returns.userId, userId))
      .orderBy(asc(returns.number));
    const ids = mine.map((r) => r.id);
    const lines = ids.length
      ? await db.select().from(returnLines).where(inArray(returnLines.returnId, ids))
      : [];
    return mine.map((r) => ({
      number: formatReturnNumber(r.number),
      status: r.status,
      reason: r.reason,
      note: r.note,
      createdAt: r.createdAt,
      settledAt: r.settledAt,
      amountCents: r.amountCents,
      lines: lines
        .filter((l) => l.returnId === r.id)
        .map((l) => ({ sku: l.sku, partName: l.partName, quantity: l.quantity })),
    }));
  },
  async erase({ userId }, tx) {
    await tx.update(returns).set({ note: '' }).where(eq(returns.userId, userId));
    await tx
      .update(returnEvents)
      .set({ message: '' })
      .where(and(eq(returnEvents.actorId, userId), eq(returnEvents.actor, 'buyer')));
  },
  async blockers({ userId }, db) {
    const open = await db
      .select({ number: returns.number })
      .from(returns)
      .where(and(eq(returns.userId, userId), inArray(returns.status, [...OPEN])));
    return open.map(
      (r) =>
        `Return ${formatReturnNumber(r.number)} is still open: it must be settled or refused first`,
    );
  },
};
