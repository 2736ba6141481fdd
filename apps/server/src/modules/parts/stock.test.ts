import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allowedByRule,
  ladderIssues,
  quantityProblem,
  stepAt,
  unitCentsAt,
  type PriceStepCents,
  type QuantityRule,
} from '@storefront/contract';
import type { Database } from '../../db/database.js';
import { rowsOf } from '../../db/raw-rows.js';
import { createTestDatabase } from '../../test/test-database.js';
import { orderableSql, priceStepSql, unitPriceSql } from './stock.service.js';

/**
 * The quantity rule has two forms: the contract's (every screen, every refusal) and the SQL the
 * placing statement checks under its locks. A property test holds them to each other over random
 * rules, stocks and quantities, on the engine the suite runs on.
 */
type Case = { rule: QuantityRule; available: number; archived: boolean; quantity: number };

const rule: fc.Arbitrary<QuantityRule> = fc
  .record({
    packSize: fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 25 })),
    packs: fc.integer({ min: 1, max: 8 }),
    extraPacks: fc.option(fc.integer({ min: 0, max: 30 }), { nil: null }),
  })
  .map(({ packSize, packs, extraPacks }) => ({
    packSize,
    minimum: packSize * packs,
    maximum: extraPacks === null ? null : packSize * (packs + extraPacks),
  }));

const aCase: fc.Arbitrary<Case> = fc.record({
  rule,
  available: fc.integer({ min: 0, max: 1_000 }),
  archived: fc.boolean(),
  quantity: fc.integer({ min: 1, max: 1_200 }),
});

/** The SQL rule over a batch of cases, as a relation named like the parts table's columns. */
async function sqlVerdicts(database: Database, cases: Case[]): Promise<boolean[]> {
  const rows = rowsOf(
    await database.db.execute(sql`
      select ${orderableSql('p', sql.raw('p.quantity'))} as ok
        from unnest(${sql.param(cases.map((c) => c.rule.minimum))}::int[],
                    ${sql.param(cases.map((c) => c.rule.packSize))}::int[],
                    ${sql.param(cases.map((c) => c.rule.maximum))}::int[],
                    ${sql.param(cases.map((c) => c.available))}::int[],
                    ${sql.param(cases.map((c) => c.archived))}::boolean[],
                    ${sql.param(cases.map((c) => c.quantity))}::int[])
             with ordinality as r(min_order_quantity, pack_size, max_order_quantity,
                                  available_quantity, archived, quantity, n)
       cross join lateral (
         select r.min_order_quantity, r.pack_size, r.max_order_quantity, r.available_quantity,
                case when r.archived then now() end as archived_at, r.quantity) p
       order by r.n`),
  );
  return rows.map((r) => r.ok === true);
}

describe('the quantity rule: the contract and the placing statement agree', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('accepts exactly the quantities the contract accepts, over random rules, stocks and quantities', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(aCase, { minLength: 1, maxLength: 200 }), async (cases) => {
        const verdicts = await sqlVerdicts(database, cases);
        cases.forEach((c, i) => {
          const contract =
            !c.archived &&
            allowedByRule(c.quantity, c.rule) &&
            c.quantity <= c.available &&
            quantityProblem(c.quantity, c.rule, c.available) === null;
          expect(verdicts[i], JSON.stringify(c)).toBe(contract);
        });
      }),
      { numRuns: 40 },
    );
  });

  it('never rounds silently: every fix it offers is a quantity the rule allows, and the stock one is in stock', () => {
    fc.assert(
      fc.property(aCase, (c) => {
        const problem = quantityProblem(c.quantity, c.rule, c.available);
        if (problem === null) {
          expect(allowedByRule(c.quantity, c.rule) && c.quantity <= c.available).toBe(true);
          return;
        }
        for (const option of problem.options) expect(allowedByRule(option, c.rule)).toBe(true);
        if (problem.suggested !== null) {
          expect(allowedByRule(problem.suggested, c.rule)).toBe(true);
          expect(problem.suggested).not.toBe(c.quantity);
        }
        if (problem.code === 'ABOVE_STOCK' && problem.suggested !== null)
          expect(problem.suggested).toBeLessThanOrEqual(c.available);
        if (problem.code === 'NOT_PACK_MULTIPLE')
          expect(problem.message).toContain(`Sold in packs of ${c.rule.packSize}`);
      }),
      { numRuns: 2_000 },
    );
  });
});

/**
 * Volume prices have two forms too: the contract's (cart, quick order, the nudge) and the SQL the
 * placing statement prices a line with under its locks. Random valid ladders and quantities on
 * either side of every step.
 */
type PriceCase = { baseCents: number; steps: PriceStepCents[]; quantity: number };

const ladder: fc.Arbitrary<{ rule: QuantityRule; baseCents: number; steps: PriceStepCents[] }> = fc
  .record({
    rule,
    baseCents: fc.integer({ min: 50, max: 100_000 }),
    gaps: fc.array(fc.integer({ min: 1, max: 20 }), { maxLength: 10 }),
    cuts: fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 10, maxLength: 10 }),
  })
  .map(({ rule, baseCents, gaps, cuts }) => {
    let quantity = rule.minimum;
    let cents = baseCents;
    const steps: PriceStepCents[] = [];
    gaps.forEach((gap, i) => {
      quantity += gap * rule.packSize;
      cents -= cuts[i] ?? 1;
      if (cents > 0) steps.push({ minQuantity: quantity, unitCents: cents });
    });
    return { rule: { ...rule, maximum: null }, baseCents, steps };
  });

const priceCase: fc.Arbitrary<PriceCase> = ladder.chain(({ baseCents, steps, rule }) =>
  fc.record({
    baseCents: fc.constant(baseCents),
    steps: fc.constant(steps),
    quantity: fc.oneof(
      fc.integer({ min: rule.minimum, max: rule.minimum + 500 }),
      ...steps.flatMap((s) => [fc.constant(s.minQuantity), fc.constant(s.minQuantity - 1)]),
    ),
  }),
);

describe('volume prices: the contract and the placing statement agree', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('prices every quantity at the same step and unit price, over random ladders', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(priceCase, { minLength: 1, maxLength: 100 }), async (cases) => {
        const rows = rowsOf(
          await database.db.execute(sql`
            select ${unitPriceSql('p', sql.raw('p.quantity'))} as cents,
                   ${priceStepSql('p', sql.raw('p.quantity'))} as step
              from jsonb_to_recordset(${JSON.stringify(
                cases.map((c, n) => ({
                  n,
                  price_cents: c.baseCents,
                  tier_quantities: c.steps.map((s) => s.minQuantity),
                  tier_cents: c.steps.map((s) => s.unitCents),
                  quantity: c.quantity,
                })),
              )}::jsonb) as p(n int, price_cents int, tier_quantities int[], tier_cents int[],
                              quantity int)
             order by p.n`),
        );
        cases.forEach((c, i) => {
          expect(Number(rows[i]?.cents), JSON.stringify(c)).toBe(
            unitCentsAt(c.baseCents, c.steps, c.quantity),
          );
          const step = rows[i]?.step;
          expect(step === null ? null : Number(step)).toBe(
            stepAt(c.steps, c.quantity)?.minQuantity ?? null,
          );
        });
      }),
      { numRuns: 30 },
    );
  });

  it('the generated ladders are the ones staff may save (so the case above covers real ladders)', () => {
    fc.assert(
      fc.property(ladder, ({ rule, baseCents, steps }) => {
        expect(ladderIssues(steps, rule, baseCents)).toEqual({});
      }),
      { numRuns: 500 },
    );
  });
});
