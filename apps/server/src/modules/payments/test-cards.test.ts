import { describe, expect, it } from 'vitest';
import { cardOutcome, luhnValid } from './test-cards.js';

const card = (
  number: string,
  extra: Partial<{ expMonth: number; expYear: number; cvc: string }> = {},
) => ({
  number,
  expMonth: 12,
  expYear: 2099,
  cvc: '123',
  ...extra,
});

describe('sandbox test cards (Stripe test-mode rules)', () => {
  it.each([
    ['4242 4242 4242 4242', { ok: true }],
    ['4000 0000 0000 0002', { ok: false, message: 'Your card was declined.' }],
    ['4000 0000 0000 9995', { ok: false, message: 'Your card has insufficient funds.' }],
    ['4000 0000 0000 0069', { ok: false, message: 'Your card has expired.' }],
    ['4000 0000 0000 0127', { ok: false, message: "Your card's security code is incorrect." }],
    ['4242 4242 4242 4241', { ok: false, message: 'Your card number is invalid.' }],
  ])('%s', (number, expected) => {
    expect(cardOutcome(card(number))).toMatchObject(expected);
  });

  it('refuses a past expiry, a bad month and a malformed CVC', () => {
    const now = new Date('2026-11-22T00:00:00Z');
    expect(cardOutcome(card('4242424242424242', { expMonth: 10, expYear: 26 }), now)).toMatchObject(
      { ok: false, code: 'invalid_expiry_year' },
    );
    expect(cardOutcome(card('4242424242424242', { expMonth: 11, expYear: 26 }), now)).toMatchObject(
      { ok: true },
    );
    expect(cardOutcome(card('4242424242424242', { expMonth: 13 }))).toMatchObject({
      ok: false,
      code: 'invalid_expiry_month',
    });
    expect(cardOutcome(card('4242424242424242', { cvc: '12' }))).toMatchObject({
      ok: false,
      code: 'invalid_cvc',
    });
  });

  it('refuses real-looking cards that are not test cards', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(cardOutcome(card('4111111111111111'))).toMatchObject({
      ok: false,
      code: 'card_declined',
    });
  });
});
