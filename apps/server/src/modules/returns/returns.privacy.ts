import { and, asc, eq, inArray } from 'drizzle-orm';
import { formatReturnNumber } from '@storefront/contract';
import { enqueue } from '../outbox/outbox.service.js';
import type { PrivacyContribution } from '../privacy/contribution.js';
import { RETURN_PHOTOS_ERASE_JOB } from './return-photo-erasure.js';
import { returnEvents, returnLines, returnPhotos, returns } from './returns.tables.js';

/** States in which a return still waits for someone: the account cannot go while one does. */
const OPEN = ['requested', 'approved', 'received', 'inspected'] as const;

/**
 * The customer's returns (lines, history, settlement). A return's numbers, lines and money stay
 * after an erasure (a settled one is the record behind a refund or credit note); the customer's
 * own words go: the note with the request and the history's message of that step, and the
 * photos they sent (rows now, files once the erasure is committed, by an outbox job).
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
    const photos = await tx
      .delete(returnPhotos)
      .where(eq(returnPhotos.userId, userId))
      .returning({ file: returnPhotos.file });
    if (photos.length > 0)
      await enqueue(tx, {
        kind: RETURN_PHOTOS_ERASE_JOB,
        payload: { files: photos.map((p) => p.file) },
      });
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
