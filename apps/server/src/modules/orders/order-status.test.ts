import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type OrderStatus } from '@storefront/contract';
import { canTransition } from './order-status.js';

const allowed: [OrderStatus, OrderStatus][] = [
  ['unpaid', 'pending'],
  ['unpaid', 'paid'],
  ['unpaid', 'canceled'],
  ['pending', 'paid'],
  // A processing payment that fails, or is canceled, leaves nothing charged.
  ['pending', 'unpaid'],
  ['pending', 'canceled'],
  // Fulfilment after payment; staff may cancel a paid order (with a refund).
  ['paid', 'shipped'],
  ['paid', 'canceled'],
  ['shipped', 'delivered'],
];
const isAllowed = (from: OrderStatus, to: OrderStatus) =>
  allowed.some(([f, t]) => f === from && t === to);
const everyPair = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => [from, to] as const));

describe('order status transitions', () => {
  it.each(everyPair.filter(([from, to]) => isAllowed(from, to)))('allows %s -> %s', (from, to) => {
    expect(canTransition(from, to)).toBe(true);
  });

  it.each(everyPair.filter(([from, to]) => !isAllowed(from, to)))(
    'refuses %s -> %s',
    (from, to) => {
      expect(canTransition(from, to)).toBe(false);
    },
  );
});
