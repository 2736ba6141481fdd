import { sql, type SQL, type SQLChunk } from 'drizzle-orm';
import type { BuyingForResponse } from '@storefront/contract';
import type { DbOrTx } from '../../db/database.js';
import { preparedSql } from '../../db/prepared.js';
import { rowsOf } from '../../db/raw-rows.js';
import type { Caller } from '../auth/guards.js';
import { EVERY_ROLE, listMyCompanies, requireRole } from './companies.service.js';
import { buyingFor, companyMembers } from './companies.tables.js';

/*
 * "Buying for" (decision 061, "Whose prices a request sees"): the company whose contract prices
 * a signed-in buyer sees and pays. Read with the memberships on every request, never remembered
 * elsewhere, so a member removed from a company sees public prices on their next request.
 */

/**
 * The pricing company of an account, in one read: its choice when it is still a member of the
 * chosen company (null chosen: none); with no choice, or a choice of a company it has left, its
 * only company when it has exactly one; otherwise none.
 */
const pricingCompanyFrom = (userId: SQLChunk | string) => sql`
    select case
             when b.user_id is not null and b.company_id is null then null
             when chosen.company_id is not null then chosen.company_id
             when (select count(*) from ${companyMembers} m
                    where m.user_id = ${userId}::text) = 1
               then (select m.company_id from ${companyMembers} m
                      where m.user_id = ${userId}::text)
           end as company_id
      from (select 1) one
      left join ${buyingFor} b on b.user_id = ${userId}::text
      left join ${companyMembers} chosen
        on chosen.user_id = b.user_id and chosen.company_id = b.company_id`;

const pricingCompanyStatement = preparedSql('pricing_company_of', () =>
  pricingCompanyFrom(sql.placeholder('userId')),
);

/**
 * The same read as a statement to build on: one row, `company_id` (null: the public price), for
 * a caller that reads the company's lists in the same round trip (the search, decision 061).
 */
export const pricingCompanySql = (userId: SQLChunk | string): SQL => pricingCompanyFrom(userId);

/** The company whose prices this account pays now (null: the public price). */
export async function pricingCompanyOf(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await pricingCompanyStatement(db, { userId });
  return typeof row?.company_id === 'string' ? row.company_id : null;
}

/** What the caller buys for, whether they chose it, and the companies they may choose. */
export async function getBuyingFor(db: DbOrTx, userId: string): Promise<BuyingForResponse> {
  const [companyId, mine, chosen] = await Promise.all([
    pricingCompanyOf(db, userId),
    listMyCompanies(db, userId),
    db.execute(sql`select 1 from ${buyingFor} where user_id = ${userId}`),
  ]);
  return {
    companyId,
    chosen: rowsOf(chosen).length > 0,
    companies: mine.map((c) => ({ id: c.id, name: c.name })),
  };
}

/**
 * Sets what the caller buys for: one of their companies (any role buys, as checkout's
 * `companyForOrder`; another company is a 404 that tells nothing), or null for themselves.
 */
export async function setBuyingFor(
  db: DbOrTx,
  caller: Caller,
  companyId: string | null,
): Promise<BuyingForResponse> {
  if (companyId !== null) await requireRole(db, companyId, caller, EVERY_ROLE);
  await db
    .insert(buyingFor)
    .values({ userId: caller.sub, companyId })
    .onConflictDoUpdate({ target: buyingFor.userId, set: { companyId, updatedAt: new Date() } });
  return getBuyingFor(db, caller.sub);
}
