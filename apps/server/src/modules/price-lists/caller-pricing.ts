import { sql, type SQL, type SQLChunk } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import { preparedSql } from '../../db/prepared.js';
import { pricingCompanySql } from '../companies/buying-for.service.js';
import { loadBuyerPricing, personalPartySql, type BuyerPricing } from './buyer-prices.js';

/**
 * The pricing party as a statement to build on: one row, `party_id` (null: the public price), the
 * company the account buys for (membership checked now), or else its customer group.
 */
export const pricingPartySql = (userId: SQLChunk): SQL => sql`
  select coalesce(bp_pc.company_id, ${personalPartySql(sql`${userId}::text`)}) as party_id
    from (${pricingCompanySql(userId)}) bp_pc`;

const pricingPartyStatement = preparedSql('pricing_party_of', () =>
  pricingPartySql(sql.placeholder('userId')),
);

/**
 * Whose lists price an account's request now (decisions 061 and 062): the company it buys for
 * (membership checked now), or else, buying for itself, its customer group; null: the public
 * price. Both are read on every request, in one statement, so a removal takes effect at once.
 */
export async function pricingPartyOf(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await pricingPartyStatement(db, { userId });
  return typeof row?.party_id === 'string' ? row.party_id : null;
}

/**
 * A request's prices: the account's pricing party and its lists for `partIds`. Visitors, and
 * accounts with no party, get the public price without a list read.
 */
export async function pricingForAccount(
  db: DbOrTx,
  userId: string | null,
  partIds: readonly string[],
): Promise<BuyerPricing & { partyId: string | null }> {
  const partyId = userId === null ? null : await pricingPartyOf(db, userId);
  const pricing = await loadBuyerPricing(db, { partyId, partIds });
  return { ...pricing, partyId };
}
