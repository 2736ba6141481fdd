/**
 * Stripe's test-mode cards, as the sandbox follows them. Any other number that passes the Luhn
 * check is refused as a real card, like Stripe does in test mode.
 */
export type CardOutcome =
  { ok: true } | { ok: false; code: string; declineCode?: string; message: string };

export const TEST_CARDS: Record<string, CardOutcome> = {
  '4242424242424242': { ok: true },
  '5555555555554444': { ok: true },
  '4000000000000002': {
    ok: false,
    code: 'card_declined',
    declineCode: 'generic_decline',
    message: 'Your card was declined.',
  },
  '4000000000009995': {
    ok: false,
    code: 'card_declined',
    declineCode: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  '4000000000000069': { ok: false, code: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': {
    ok: false,
    code: 'incorrect_cvc',
    message: "Your card's security code is incorrect.",
  },
};

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export type Card = { number: string; expMonth: number; expYear: number; cvc: string };

/** What Stripe would answer for this card in test mode. */
export function cardOutcome(card: Card, now = new Date()): CardOutcome {
  const digits = card.number.replace(/[\s-]/g, '');
  if (!luhnValid(digits))
    return { ok: false, code: 'incorrect_number', message: 'Your card number is invalid.' };
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12) {
    return {
      ok: false,
      code: 'invalid_expiry_month',
      message: "Your card's expiration month is invalid.",
    };
  }
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const endOfMonth = new Date(Date.UTC(year, card.expMonth, 1));
  if (!Number.isInteger(year) || endOfMonth <= now) {
    return {
      ok: false,
      code: 'invalid_expiry_year',
      message: "Your card's expiration year is invalid.",
    };
  }
  if (!/^\d{3,4}$/.test(card.cvc))
    return { ok: false, code: 'invalid_cvc', message: "Your card's security code is invalid." };
  return (
    TEST_CARDS[digits] ?? {
      ok: false,
      code: 'card_declined',
      declineCode: 'test_mode_live_card',
      message:
        'Your card was declined. This shop is in test mode: use a test card such as 4242 4242 4242 4242.',
    }
  );
}
