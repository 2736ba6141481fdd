import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  checkReturnWindow,
  computeReturnRefund,
  CreateReturnBody,
  DEFAULT_RETURN_DAYS,
  nextReturnStatus,
  restockingFeeCents,
  RETURN_ACTIONS,
  RETURN_STATUSES,
  returnableQuantity,
  ReturnWindowsBody,
  effectiveReturnDays,
  SettleReturnBody,
  type ReturnAction,
  type ReturnStatus,
} from './returns.js';

const line = fc.record({
  acceptedQuantity: fc.integer({ min: 0, max: 10_000 }),
  unitPriceCents: fc.integer({ min: 1, max: 10_000_000 }),
});

describe('return refund', () => {
  it('never gives back more than was paid less earlier refunds and credits, nor less than zero', () => {
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 20 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 2 ** 40 }),
        fc.integer({ min: 0, max: 2 ** 40 }),
        (lines, feeBp, waived, paidCents, earlierCents) => {
          const r = computeReturnRefund({ lines, feeBp, waived, paidCents, earlierCents });
          expect(Number.isSafeInteger(r.amountCents)).toBe(true);
          expect(r.amountCents).toBeGreaterThanOrEqual(0);
          expect(r.amountCents).toBeLessThanOrEqual(Math.max(0, paidCents - earlierCents));
          expect(r.amountCents).toBeLessThanOrEqual(r.grossCents - r.feeCents);
          expect(r.feeCents).toBeGreaterThanOrEqual(0);
          expect(r.feeCents).toBeLessThanOrEqual(r.grossCents);
          if (waived) expect(r.feeCents).toBe(0);
        },
      ),
    );
  });

  it('is exactly accepted quantity × unit price paid, less the fee, while the payment covers it', () => {
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 20 }),
        fc.integer({ min: 0, max: 10_000 }),
        (lines, feeBp) => {
          const gross = lines.reduce((s, l) => s + l.acceptedQuantity * l.unitPriceCents, 0);
          const r = computeReturnRefund({
            lines,
            feeBp,
            waived: false,
            paidCents: gross,
            earlierCents: 0,
          });
          expect(r.grossCents).toBe(gross);
          expect(r.feeCents).toBe(restockingFeeCents(gross, feeBp));
          expect(r.amountCents).toBe(gross - r.feeCents);
        },
      ),
    );
  });

  it('settles in parts that add up to no more than what was paid', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(line, { maxLength: 5 }), { maxLength: 8 }),
        fc.integer({ min: 0, max: 2 ** 32 }),
        (returns, paidCents) => {
          let earlier = 0;
          for (const lines of returns) {
            earlier += computeReturnRefund({
              lines,
              feeBp: 0,
              waived: false,
              paidCents,
              earlierCents: earlier,
            }).amountCents;
          }
          expect(earlier).toBeLessThanOrEqual(paidCents);
        },
      ),
    );
  });

  it('rounds a fee to the nearest cent', () => {
    expect(restockingFeeCents(10_000, 1500)).toBe(1500);
    expect(restockingFeeCents(333, 1500)).toBe(50); // 49.95
    expect(restockingFeeCents(3, 1500)).toBe(0); // 0.45
    expect(restockingFeeCents(0, 1500)).toBe(0);
  });

  it('never lets returns hold more than was delivered', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e6 }), fc.integer({ min: 0, max: 2e6 }), (d, held) => {
        const left = returnableQuantity(d, held);
        expect(left).toBeGreaterThanOrEqual(0);
        expect(left + Math.min(held, d)).toBeLessThanOrEqual(d);
      }),
    );
  });
});

describe('return transitions', () => {
  const allowed: Record<ReturnAction, Partial<Record<ReturnStatus, ReturnStatus>>> = {
    approve: { requested: 'approved' },
    refuse: { requested: 'refused', approved: 'refused' },
    receive: { approved: 'received' },
    inspect: { received: 'inspected' },
    settle: { inspected: 'settled' },
  };
  it('allows exactly the table, every action from every status', () => {
    for (const action of RETURN_ACTIONS)
      for (const from of RETURN_STATUSES)
        expect(nextReturnStatus(from, action), `${action} from ${from}`).toBe(
          allowed[action][from] ?? null,
        );
  });
  it('has no way out of refused or settled', () => {
    for (const action of RETURN_ACTIONS) {
      expect(nextReturnStatus('refused', action)).toBeNull();
      expect(nextReturnStatus('settled', action)).toBeNull();
    }
  });
});

describe('return windows', () => {
  const delivered = new Date('2026-01-31T12:00:00Z');
  const day = 86_400_000;
  const policy = { returnDays: null, noReturnReason: null, warrantyMonths: 24 };

  it('opens the default window from delivery and closes it after', () => {
    const last = new Date(delivered.getTime() + DEFAULT_RETURN_DAYS * day);
    expect(checkReturnWindow('not_needed', delivered, last, policy, 'Disc')).toMatchObject({
      ok: true,
    });
    expect(
      checkReturnWindow('not_needed', delivered, new Date(last.getTime() + 1), policy, 'Disc'),
    ).toMatchObject({ ok: false, code: 'RETURN_WINDOW_CLOSED' });
  });

  it('accepts a defect within the warranty and refuses other reasons on a "no return" part', () => {
    const noReturn = {
      ...policy,
      noReturnReason: 'Electrical parts are not taken back once fitted',
    };
    const later = new Date(delivered.getTime() + 300 * day);
    expect(checkReturnWindow('defective', delivered, later, noReturn, 'Alternator')).toMatchObject({
      ok: true,
    });
    const refused = checkReturnWindow('wrong_part', delivered, delivered, noReturn, 'Alternator');
    expect(refused).toEqual({
      ok: false,
      code: 'NO_RETURN',
      message: 'Alternator cannot be returned: Electrical parts are not taken back once fitted',
    });
    expect(
      checkReturnWindow('defective', delivered, addMonths(delivered, 25), noReturn, 'Alternator'),
    ).toMatchObject({ ok: false, code: 'RETURN_WINDOW_CLOSED' });
  });

  it('adds calendar months with the day clamped to the month', () => {
    expect(addMonths(delivered, 1).toISOString()).toBe('2026-02-28T12:00:00.000Z');
    expect(addMonths(delivered, 13).toISOString()).toBe('2027-02-28T12:00:00.000Z');
    expect(addMonths(delivered, 24).toISOString()).toBe('2028-01-31T12:00:00.000Z');
  });
});

describe('return bodies', () => {
  it('asks for lines, each once, and a reason', () => {
    const ok = CreateReturnBody.safeParse({
      orderId: '00000000-0000-4000-8000-000000000000',
      reason: 'not_needed',
      lines: [{ lineNo: 1, quantity: 2 }],
    });
    expect(ok.success).toBe(true);
    const twice = CreateReturnBody.safeParse({
      orderId: '00000000-0000-4000-8000-000000000000',
      reason: 'not_needed',
      lines: [
        { lineNo: 1, quantity: 2 },
        { lineNo: 1, quantity: 1 },
      ],
    });
    expect(twice.success).toBe(false);
  });
  it('asks why a fee is waived', () => {
    expect(SettleReturnBody.safeParse({ waiveFee: true }).success).toBe(false);
    expect(
      SettleReturnBody.safeParse({ waiveFee: true, waiveReason: 'Loyal customer' }).success,
    ).toBe(true);
  });

  it('takes a part’s own window, else its category’s, else the default; bodies name known categories', () => {
    expect(effectiveReturnDays(20, 60)).toBe(20);
    expect(effectiveReturnDays(0, 60)).toBe(0);
    expect(effectiveReturnDays(null, 60)).toBe(60);
    expect(effectiveReturnDays(null, undefined)).toBeNull();
    expect(ReturnWindowsBody.safeParse({ windows: { brakes: 60, lighting: null } }).success).toBe(
      true,
    );
    expect(ReturnWindowsBody.safeParse({ windows: { wheels: 10 } }).success).toBe(false);
    expect(ReturnWindowsBody.safeParse({ windows: { brakes: 366 } }).success).toBe(false);
    expect(ReturnWindowsBody.safeParse({ windows: { brakes: 1.5 } }).success).toBe(false);
  });
});
