import { z } from 'zod';
import { MAX_PRICE } from './constants.js';
import { CORE_GRACE_DAYS, CORE_RETURN_DAYS } from './core-deposit.js';

/*
 * Core deposits (issue 38, decision 069): a remanufactured part (alternator, starter, caliper,
 * injector) carries a refundable deposit for the old part, "the core". Buying it adds the deposit
 * to the order as its own line; returning the core gives it back after staff inspect it (in full,
 * in part for a damaged core, or not at all); a core not returned in time is reminded once and,
 * after a grace period, its deposit is kept. Pure rules, shared by the server and the forms.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** When the cores of a line delivered at `deliveredAt` are due, and when the deposit is kept. */
export function coreDates(deliveredAt: Date): { dueAt: Date; keptAt: Date } {
  const dueAt = new Date(deliveredAt.getTime() + CORE_RETURN_DAYS * DAY_MS);
  return { dueAt, keptAt: new Date(dueAt.getTime() + CORE_GRACE_DAYS * DAY_MS) };
}

/**
 * Cores of an order line still owed: its pieces less those whose deposit came back or is on its
 * way (cores held by core returns, pieces of the part itself sent back and refunded) and less what
 * was already kept. Never below 0.
 */
export const coresOwed = (quantity: number, returned: number, kept: number): number =>
  Math.max(0, quantity - returned - kept);

/** The part of a deposit a damaged core gets back: `bp` basis points, rounded half up. */
export const damagedCoreCents = (unitCents: number, bp: number): number =>
  Math.floor((unitCents * bp + 5000) / 10000);

/**
 * What a core return gives back for one line: every core accepted in full at the deposit paid, each
 * damaged one at its share, never more than the line's deposit not yet given back nor kept.
 */
export function coreCreditCents(input: {
  unitCents: number;
  full: number;
  damaged: number;
  damagedBp: number;
  /** The line's deposit left: paid, less earlier refunds of it, less what was kept. */
  leftCents: number;
}): number {
  const asked =
    input.full * input.unitCents +
    input.damaged * damagedCoreCents(input.unitCents, input.damagedBp);
  return Math.max(0, Math.min(asked, input.leftCents));
}

/** A part's core charge as staff set it: dollars with two decimals, 0 or empty for none. */
export const CoreChargeField = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    return value.trim() === '' ? 0 : Number(value.trim());
  },
  z
    .number({ error: 'Core charge must be a number' })
    .min(0, 'Core charge cannot be below 0')
    .max(MAX_PRICE, 'Core charge is too large')
    .refine(
      (v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6,
      'Core charge can have at most two decimals',
    ),
);

/** Staff's overview of core deposits: overdue cores not yet kept, and their deposits. */
export const CoreOverview = z.object({
  overdueCores: z.number().int(),
  overdueDeposits: z.number(),
});
export type CoreOverview = z.infer<typeof CoreOverview>;
