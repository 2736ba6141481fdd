import { inArray, sql } from 'drizzle-orm';
import {
  CATEGORIES,
  DEFAULT_RESTOCKING_FEE_BP,
  DEFAULT_RETURN_DAYS,
  effectiveReturnDays,
  FEE_REASONS,
  type ReturnWindows,
  type RestockingFees,
  type ReturnPolicy,
  type ReturnPolicyResponse,
  type ReturnReason,
} from '@storefront/contract';
import type { DbOrTx } from '../../db/database.js';
import { categoriesOf } from '../parts/parts.service.js';
import { categoryReturnWindows, partReturnPolicies, returnFees } from './returns.tables.js';

const DEFAULT_POLICY: ReturnPolicy = { returnDays: null, noReturnReason: null, warrantyMonths: 0 };

/** Each part's own return policy, as staff set it on the part (the defaults where they did not). */
async function ownPolicies(
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

/**
 * Each part's return policy as a return is checked (decision 065): its own window, else its
 * category's, else the shop's default (null); "no return" and warranty are the part's own.
 */
export async function policiesOf(
  db: DbOrTx,
  partIds: readonly string[],
): Promise<Map<string, ReturnPolicy>> {
  // One connection in a transaction: its queries one after another.
  const own = await ownPolicies(db, partIds);
  const windows = await db.select().from(categoryReturnWindows);
  if (windows.length === 0) return own;
  const days = new Map(windows.map((w) => [w.category, w.returnDays]));
  const categories = await categoriesOf(db, partIds);
  return new Map(
    [...own].map(([id, policy]) => [
      id,
      {
        ...policy,
        returnDays: effectiveReturnDays(policy.returnDays, days.get(categories.get(id) ?? '')),
      },
    ]),
  );
}

/** The policy staff set on the part itself (the part editor shows it, not its category's). */
export async function policyView(db: DbOrTx, partId: string): Promise<ReturnPolicyResponse> {
  const policy = (await ownPolicies(db, [partId])).get(partId) ?? DEFAULT_POLICY;
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

/** Staff's return window of each category (decision 065). */
export async function windowsView(db: DbOrTx): Promise<ReturnWindows> {
  const rows = await db.select().from(categoryReturnWindows);
  return {
    defaultDays: DEFAULT_RETURN_DAYS,
    windows: Object.fromEntries(
      CATEGORIES.flatMap((c) => {
        const row = rows.find((r) => r.category === c);
        return row ? [[c, row.returnDays]] : [];
      }),
    ),
  };
}

/** Replaces the windows by category: the ones given with days are set, the others removed. */
export async function setWindows(
  db: DbOrTx,
  windows: Partial<Record<(typeof CATEGORIES)[number], number | null>>,
): Promise<ReturnWindows> {
  const set = CATEGORIES.flatMap((c) => {
    const days = windows[c];
    return typeof days === 'number' ? [{ category: c, returnDays: days }] : [];
  });
  await db.delete(categoryReturnWindows);
  if (set.length > 0) await db.insert(categoryReturnWindows).values(set);
  return windowsView(db);
}

/** The restocking fee of each reason, in basis points. */
export async function feesBp(db: DbOrTx): Promise<Record<ReturnReason, number>> {
  const rows = await db.select().from(returnFees);
  const fees = { ...DEFAULT_RESTOCKING_FEE_BP };
  for (const r of rows) fees[r.reason] = r.feeBp;
  // A core return gives back a deposit: it never carries a fee (decision 069).
  fees.core_return = 0;
  return fees;
}

export const toPercent = (bp: number): number => bp / 100;

export async function feesView(db: DbOrTx): Promise<RestockingFees> {
  const bp = await feesBp(db);
  return {
    fees: Object.fromEntries(
      FEE_REASONS.map((r) => [r, toPercent(bp[r])]),
    ) as RestockingFees['fees'],
  };
}

export async function setFees(db: DbOrTx, fees: RestockingFees['fees']): Promise<RestockingFees> {
  for (const reason of FEE_REASONS) {
    const feeBp = Math.round(fees[reason] * 100);
    await db
      .insert(returnFees)
      .values({ reason, feeBp })
      .onConflictDoUpdate({ target: returnFees.reason, set: { feeBp, updatedAt: sql`now()` } });
  }
  return feesView(db);
}
