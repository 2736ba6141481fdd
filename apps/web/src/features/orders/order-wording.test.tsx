import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OrderLine } from '@storefront/contract';
import { StatusBadge } from '../../components/ui/status-badge';
import { orderAmount } from './order-amount';

const line = (lineNo: number, quantity: number, canceledAt: string | null = null): OrderLine => ({
  lineNo,
  partId: `p${lineNo}`,
  sku: `SKU-${lineNo}`,
  partName: `Part ${lineNo}`,
  quantity,
  unitPrice: 1,
  priceStep: null,
  total: quantity,
  reference: null,
  canceledAt,
});

describe('what an order says it holds', () => {
  it('keeps the spec\'s "30x" for one part and counts parts and pieces for several', () => {
    expect(orderAmount({ lines: [line(1, 30)], minimum: 30 })).toBe('30x');
    expect(orderAmount({ lines: [line(1, 10), line(2, 20)], minimum: 30 })).toBe(
      '2 parts, 30 pieces',
    );
    // A line staff canceled no longer counts.
    expect(orderAmount({ lines: [line(1, 10), line(2, 20, '2026-11-20')], minimum: 10 })).toBe(
      '10x',
    );
  });
});

describe('the status badge of an order on account', () => {
  it('reads "On account, due {date}" until the invoice is paid, then "Paid"', () => {
    const due = '2026-12-24T12:00:00.000Z';
    const { rerender } = render(
      <StatusBadge status="paid" account={{ dueAt: due, paid: false }} />,
    );
    expect(screen.getByTestId('order-status').textContent).toBe('On account, due Dec 24, 2026');
    expect(screen.getByTestId('order-status').className).not.toContain('badge-success');
    rerender(<StatusBadge status="paid" account={{ dueAt: due, paid: true }} />);
    expect(screen.getByTestId('order-status').textContent).toBe('Paid');
    rerender(<StatusBadge status="paid" account={null} />);
    expect(screen.getByTestId('order-status').textContent).toBe('paid');
    rerender(<StatusBadge status="shipped" account={{ dueAt: due, paid: false }} />);
    expect(screen.getByTestId('order-status').textContent).toBe('shipped');
  });
});
