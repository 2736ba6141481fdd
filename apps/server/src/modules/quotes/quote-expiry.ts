import { inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import { rowsOf } from '../../db/raw-rows.js';
import { startPeriodicJob } from '../../periodic-job.js';
import { queueQuoteMail, type QuoteMailConfig } from './quote-mail.js';
import { recordQuoteEvent } from './quote-transitions.js';
import { quotes, type QuoteRow } from './quotes.tables.js';

/**
 * Marks every offer past its "valid until" expired, once: one conditional UPDATE (`status =
 * 'offered' and valid_until < now()`) over the rows it could lock in id order (`skip locked`: an
 * offer being accepted at this moment is left to its accept, and to the next run if that fails),
 * with each quote's history row and the buyer's mail in the same transaction. However many
 * instances run it, and across restarts, each offer expires once. Resolves how many expired.
 */
export async function expireQuotes(db: Db, mail: QuoteMailConfig): Promise<number> {
  return db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      with due as (
        select id from ${quotes}
         where status = 'offered' and valid_until < now()
         order by id
         limit 500
           for update skip locked
      )
      update ${quotes} q set status = 'expired', updated_at = now()
        from due
       where q.id = due.id and q.status = 'offered' and q.valid_until < now()
      returning q.id`);
    const ids = rowsOf(result).map((r) => String(r.id));
    if (ids.length === 0) return 0;
    const expired: QuoteRow[] = await tx.select().from(quotes).where(inArray(quotes.id, ids));
    for (const quote of expired) {
      await recordQuoteEvent(tx, {
        quoteId: quote.id,
        actor: 'system',
        actorId: null,
        from: 'offered',
        to: 'expired',
        version: quote.version,
      });
      await queueQuoteMail(tx, mail, quote, { to: 'expired', version: quote.version });
    }
    return expired.length;
  });
}

/** Looks for expired offers when the app is ready and then every interval, until it closes. */
export function startQuoteExpiry(
  app: FastifyInstance,
  db: Db,
  mail: QuoteMailConfig,
  intervalMs: number,
  onQueued: () => void,
): void {
  startPeriodicJob(app, {
    name: 'quote expiry',
    intervalMs,
    async work() {
      const expired = await expireQuotes(db, mail);
      if (expired === 0) return;
      onQueued();
      app.log.info({ expired }, 'expired quote offers marked');
    },
  });
}
