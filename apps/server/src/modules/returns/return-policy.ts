import { inArray, sql } from 'drizzle-orm';
import {
  DEFAULT_RESTOCKING_FEE_BP,
  RETURN_REASONS,
  type RestockingFees,
  type ReturnPolicy,
  type ReturnPolicyResponse,
  type ReturnReason,
} from '@storefront/contract';
import type { DbOrTx } from '../../db/database.js';
import { partReturnPolicies, returnFees } from './returns.tables.js';

const DEFAULT_POLICY: ReturnPolicy = { returnDays: null, noReturnReason: null, warrantyMonths: 0 };

/** Each part's return policy (the defaults for a part staff have not set). */
export async function policiesOf(
  db: DbOrTx,
  partIds: readonly string[],
): Promise<Map<string, ReturnPolicy>> {
  const ids = [...new Set(partIds)];
  const rows = ids.length
    ? await db.select().from(partReturnPolicies).where(inArray(partReturnPolicies.partId, ids))
    : [];
  const found = new Map(
    rows.map((r) => [
      r.partId,
      {
        returnDays: r.returnDays,
        noReturnReason: r.noReturnReason || null,
        warrantyMonths: r.warrantyMonths,
      },
    ]),
  );
  return new Map(ids.map((id) => [id, found.get(id) ?? DEFAULT_POLICY]));
}

export async function policyView(db: DbOrTx, partId: string): Promise<ReturnPolicyResponse> {
  const policy = (await policiesOf(db, [partId])).get(partId) ?? DEFAULT_POLICY;
  return { partId, ...policy };
}

/** Staff set a part's policy (the caller has checked the part exists). */
export async function setPolicy(
  db: DbOrTx,
  partId: string,
  policy: ReturnPolicy,
): Promise<ReturnPolicyResponse> {
  const values = {
    returnDays: policy.returnDays,
    noReturnReason: policy.noReturnReason || null,
    warrantyMonths: policy.warrantyMonths,
  };
  await db
    .insert(partReturnPolicies)
    .values({ partId, ...values })
    .onConflictDoUpdate({
      target: partReturnPolicies.partId,
      set: { ...values, updatedAt: sql`now()` },
    });
  return policyView(db, partId);
}

/** The restocking fee of each reason, in basis points. */
export async function feesBp(db: DbOrTx): Promise<Record<ReturnReason, number>> {
  const rows = await db.select().from(returnFees);
  const fees = { ...DEFAULT_RESTOCKING_FEE_BP };
  for (const r of rows) fees[r.reason] = r.feeBp;
  return fees;
}

export const toPercent = (bp: number): number => bp / 100;

export async function feesView(db: DbOrTx): Promise<RestockingFees> {
  const bp = await feesBp(db);
  return {
    fees: Object.fromEntries(
      RETURN_REASONS.map((r) => [r, toPercent(bp[r])]),
    ) as RestockingFees['fees'],
  };
}

export async function setFees(db: DbOrTx, fees: RestockingFees['fees']): Promise<RestockingFees> {
  for (const reason of RETURN_REASONS) {
    const feeBp = Math.round(fees[reason] * 100);
    await db
      .insert(returnFees)
      .values({ reason, feeBp })
      .onConflictDoUpdate({ target: returnFees.reason, set: { feeBp, updatedAt: sql`now()` } });
  }
  return feesView(db);
}
