import { formatMoney } from './money.js';

/*
 * A core deposit's words and days (decision 069), apart from the deposit's schemas in cores.ts:
 * the cart and the order pages show these lines, and a page that imports them does not load the
 * schema library with them (issue 41).
 */

/** Days from delivery the old part is to be returned within, as the deposit's line says. */
export const CORE_RETURN_DAYS = 30;
/**
 * Days after that window before the deposit is kept: the reminder mail goes out when a core is
 * overdue, and a reminder that arrives when nothing can be done any more would be no use.
 */
export const CORE_GRACE_DAYS = 14;

/** The deposit's line wherever the order is shown: cart, checkout, receipt, invoice, mails, CSV. */
export const coreDepositLabel = (days = CORE_RETURN_DAYS): string =>
  `Core deposit, refunded when the old part is returned within ${days} days`;

/** "Core deposit $25.00 × 2 = $50.00, refunded when …". */
export const coreDepositLine = (unitCents: number, quantity: number): string =>
  `Core deposit ${formatMoney(unitCents / 100)} × ${quantity} = ${formatMoney((unitCents * quantity) / 100)}, refunded when the old part is returned within ${CORE_RETURN_DAYS} days`;
