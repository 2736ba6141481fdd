import type { OrderResponse } from '@storefront/contract';

/** The lines an order counts: the live ones, or all once staff canceled every one. */
export function shownLines(order: Pick<OrderResponse, 'lines'>): OrderResponse['lines'] {
  const live = order.lines.filter((line) => !line.canceledAt);
  return live.length > 0 ? live : order.lines;
}

/**
 * How much was ordered, in words true for the order: the spec's "30x" for one part; "2 parts, 30
 * pieces" for several, whose pieces are not one part's quantity.
 */
export function orderAmount(order: Pick<OrderResponse, 'lines' | 'minimum'>): string {
  const lines = shownLines(order);
  if (lines.length <= 1) return `${order.minimum}x`;
  return `${lines.length} parts, ${order.minimum} pieces`;
}
