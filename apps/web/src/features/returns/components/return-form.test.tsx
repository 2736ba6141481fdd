import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type * as ApiClient from '../../../lib/api-client';
import type { ReturnOptions } from '@storefront/contract';
import { ReturnForm } from './return-form';

const sent: unknown[] = [];
vi.mock('../../../lib/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  api: (_path: string, options: { body?: unknown }) => {
    sent.push(options.body);
    return Promise.resolve({ id: 'r1', number: 'R-10001' });
  },
}));

const options: ReturnOptions = {
  orderId: '00000000-0000-4000-8000-000000000001',
  orderNumber: 'A-10001',
  paymentMode: 'card',
  fees: { wrong_part: 0, damaged_in_transit: 0, defective: 0, not_needed: 15, core_return: 0 },
  arriveWithinDays: 14,
  lines: [
    {
      lineNo: 1,
      partId: 'p1',
      sku: 'BD-1',
      partName: 'Brake disc',
      delivered: 4,
      returnable: 3,
      unitPrice: 19.99,
      lineTax: 0,
      returnedPieces: 0,
      returnedTax: 0,
      returnUntil: '2026-12-26T10:00:00.000Z',
      warrantyUntil: null,
      noReturnReason: null,
      coreCharge: 0,
      coresReturnable: 0,
      coreDueBy: null,
      coreKeptAt: null,
    },
    {
      lineNo: 2,
      partId: 'p2',
      sku: 'ALT-1',
      partName: 'Alternator',
      delivered: 1,
      returnable: 1,
      unitPrice: 120,
      lineTax: 0,
      returnedPieces: 0,
      returnedTax: 0,
      returnUntil: null,
      warrantyUntil: '2027-11-26T10:00:00.000Z',
      noReturnReason: 'Electrical parts are not taken back once fitted',
      coreCharge: 0,
      coresReturnable: 0,
      coreDueBy: null,
      coreKeptAt: null,
    },
  ],
};

describe('Return parts', () => {
  it('says what comes back before sending, with the fee of the reason, and sends the chosen lines only', async () => {
    const done = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ReturnForm options={options} onDone={done} />
      </QueryClientProvider>,
    );
    expect(screen.getByText(/No return: Electrical parts/)).toBeTruthy();
    const quantity = screen.getByLabelText('Quantity of Brake disc to return');
    // Never above what may still be returned.
    fireEvent.change(quantity, { target: { value: '9' } });
    expect((quantity as HTMLInputElement).value).toBe('3');
    fireEvent.change(quantity, { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'not_needed' } });
    // 2 × $19.99 = $39.98, less 15% ($6.00): $33.98.
    expect(screen.getByTestId('return-estimate').textContent).toContain(
      '$39.98 for the parts, less a restocking fee of 15% ($6.00): $33.98 refunded to your card',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send the return' }));
    await vi.waitFor(() => expect(done).toHaveBeenCalled());
    expect(sent).toEqual([
      { orderId: options.orderId, reason: 'not_needed', lines: [{ lineNo: 1, quantity: 2 }] },
    ]);
  });

  it('adds the tax of the chosen pieces when the order was taxed, counted on what earlier returns gave back', () => {
    const taxed: ReturnOptions = {
      ...options,
      // 4 × $19.99 = $79.96 taxed 8.25%: $6.60; one piece already gave back $1.65.
      lines: [{ ...options.lines[0]!, lineTax: 6.6, returnedPieces: 1, returnedTax: 1.65 }],
    };
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ReturnForm options={taxed} onDone={vi.fn()} />
      </QueryClientProvider>,
    );
    fireEvent.change(screen.getByLabelText('Quantity of Brake disc to return'), {
      target: { value: '2' },
    });
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'not_needed' } });
    // Three of four pieces back: $4.95 of the line's $6.60, less the $1.65 given back: $3.30.
    expect(screen.getByTestId('return-estimate').textContent).toContain(
      'less a restocking fee of 15% ($6.00), plus the tax on them ($3.30): $37.28 refunded to your card',
    );
    const rows = screen.getByTestId('return-estimate-tax').textContent;
    expect(rows).toContain('Net$33.98');
    expect(rows).toContain('Tax$3.30');
    expect(rows).toContain('Total$37.28');
  });
});
