import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RESTOCKING_FEE_BP, RestockingFeesBody } from '@storefront/contract';
import { admin, customer } from '../../test/accounts.js';
import { useTestApp } from '../../test/test-app.js';
import { auditLog } from '../audit/audit.tables.js';
import { returnFees } from './returns.tables.js';

type FeeReason = keyof typeof RestockingFeesBody.shape.fees.shape;
/** The reasons the body asks a fee for, from the contract itself (the console's list too). */
const REASONS = Object.keys(RestockingFeesBody.shape.fees.shape) as FeeReason[];
const feesOf = (percent: (reason: FeeReason, i: number) => unknown) =>
  Object.fromEntries(REASONS.map((r, i) => [r, percent(r, i)]));
const DEFAULTS = feesOf((r) => DEFAULT_RESTOCKING_FEE_BP[r] / 100);
const URL = '/api/staff/return-fees';

/** The restocking fees staff set by reason (decision 064): who may, what is accepted. */
describe('restocking fees by reason', () => {
  const ctx = useTestApp({ authRateLimit: false, mailRateLimit: false });
  const db = () => ctx.database.db;
  type Who = { auth: Record<string, string> };
  const call = (who: Who | null, method: string, payload?: unknown, raw?: string) =>
    ctx.app.inject({
      method: method as 'GET',
      url: URL,
      headers: {
        ...(who ? who.auth : {}),
        ...(raw === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(raw !== undefined
        ? { payload: raw }
        : payload === undefined
          ? {}
          : { payload: payload as object }),
    });
  const feeAudits = async () =>
    (await db().select().from(auditLog).where(eq(auditLog.action, 'return.fees'))).length;
  const stored = async () => db().select().from(returnFees);

  it('answers 401 to a visitor and 403 to a customer, reading or setting, and changes nothing', async () => {
    const buyer = await customer(ctx.app);
    expect((await call(null, 'GET')).statusCode).toBe(401);
    expect((await call(null, 'PUT', { fees: feesOf(() => 0) })).statusCode).toBe(401);
    const read = await call(buyer, 'GET');
    expect(read.statusCode).toBe(403);
    expect(read.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    expect(read.body).not.toContain('not_needed');
    // Who asks is checked before the body: a valid body and an invalid one answer the same.
    expect((await call(buyer, 'PUT', { fees: feesOf(() => 0) })).statusCode).toBe(403);
    expect((await call(buyer, 'PUT', { fees: { gift: -1 } })).statusCode).toBe(403);
    expect(await stored()).toEqual([]);
    expect(await feeAudits()).toBe(0);
    const staff = await admin(ctx.app, db());
    expect((await call(staff, 'GET')).json()).toEqual({ fees: DEFAULTS });
  });

  it('refuses a bad percent, an unknown or missing reason and hostile bodies with a 400 naming the field, and changes nothing', async () => {
    const staff = await admin(ctx.app, db());
    const set = await call(staff, 'PUT', { fees: feesOf((_, i) => [2.5, 0, 7.25, 12.5][i % 4]) });
    expect(set.statusCode, set.body).toBe(200);
    const before = set.json();
    const rowsBefore = await stored();
    const auditsBefore = await feeAudits();
    const withNotNeeded = (value: unknown) => ({ fees: { ...before.fees, not_needed: value } });
    const { not_needed: _dropped, ...missing } = before.fees as Record<string, number>;

    const refused: [string, unknown, string | undefined][] = [
      ['below 0', withNotNeeded(-1), 'Fee must be at least 0%'],
      ['above 100', withNotNeeded(100.01), 'Fee must be at most 100%'],
      ['three decimals', withNotNeeded(12.345), 'Fee has at most two decimals'],
      ['a string', withNotNeeded('10'), 'Fee must be a number'],
      ['null', withNotNeeded(null), 'Fee must be a number'],
      ['true', withNotNeeded(true), 'Fee must be a number'],
      ['an object', withNotNeeded({ percent: 10 }), 'Fee must be a number'],
      ['a list', withNotNeeded([10]), 'Fee must be a number'],
      ['an unknown reason', { fees: { ...before.fees, gift: 5 } }, undefined],
      ['a missing reason', { fees: missing }, undefined],
      ['no fees', {}, undefined],
      ['fees a list', { fees: [1, 2, 3, 4] }, undefined],
      ['fees a string', { fees: 'not_needed=10' }, undefined],
      ['an extra field', { ...before, reason: 'not_needed' }, undefined],
      ['a body that is a list', [before], undefined],
      ['a prototype key', JSON.parse(`{"fees":{"__proto__":{"not_needed":10}}}`), undefined],
    ];
    for (const [what, body, message] of refused) {
      const res = await call(staff, 'PUT', body);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
      const answer = res.json<{
        error: string;
        message: string;
        fields?: Record<string, string>;
      }>();
      expect(answer.error, what).toBe('VALIDATION_FAILED');
      expect(answer.message, what).toEqual(expect.any(String));
      if (message) expect(answer.fields?.['fees.not_needed'], what).toBe(message);
    }
    // Text the JSON parser refuses, or whose number no fee can be.
    for (const raw of [
      '{"fees":',
      `{"fees":${JSON.stringify(before.fees).replace(/"not_needed":[^,}]+/, '"not_needed":1e400')}}`,
      `{"fees":${JSON.stringify(before.fees).replace(/"not_needed":[^,}]+/, '"not_needed":NaN')}}`,
      'null',
      '"fees"',
    ]) {
      const res = await call(staff, 'PUT', undefined, raw);
      expect(res.statusCode, `${raw}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
    expect((await call(staff, 'GET')).json()).toEqual(before);
    expect(await stored()).toEqual(rowsBefore);
    expect(await feeAudits()).toBe(auditsBefore);
  });

  it('keeps two decimals in basis points, audits each change, and keeps one whole set under 10 concurrent saves', async () => {
    const staff = await admin(ctx.app, db());
    const res = await call(staff, 'PUT', {
      fees: feesOf((r) => (r === 'not_needed' ? 12.35 : 0.05)),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().fees.not_needed).toBe(12.35);
    const rows = await stored();
    expect(rows.find((r) => r.reason === 'not_needed')?.feeBp).toBe(1235);
    expect(rows.filter((r) => r.reason !== 'not_needed').map((r) => r.feeBp)).toEqual(
      REASONS.filter((r) => r !== 'not_needed').map(() => 5),
    );
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'return.fees'))
      .orderBy(desc(auditLog.at))
      .limit(1);
    expect(entry?.summary).toContain('not_needed 12.35%');

    const before = await feeAudits();
    const sets = Array.from({ length: 10 }, (_, n) => feesOf((_, i) => n * 10 + i));
    const answers = await Promise.all(sets.map((fees) => call(staff, 'PUT', { fees })));
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const now = (await call(staff, 'GET')).json<{ fees: Record<string, number> }>().fees;
    // Every reason from the same save: never one save's fee beside another's.
    expect(sets).toContainEqual(now);
    expect(await feeAudits()).toBe(before + 10);
  });
});
