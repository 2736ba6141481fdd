import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { ReturnResponse } from '@storefront/contract';
import type * as ApiClient from '../../../lib/api-client';
import { ReturnView } from './return-view';
import { StaffReturnActions } from './staff-return-actions';
import { returnFixture } from '../test-fixtures';

const calls: { path: string; method?: string; body?: unknown }[] = [];
vi.mock('../../../lib/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  api: (path: string, options: { method?: string; body?: unknown }) => {
    calls.push({ path, method: options.method, body: options.body });
    return Promise.resolve({});
  },
}));

const ret = (over: Partial<ReturnResponse> = {}): ReturnResponse =>
  returnFixture({ status: 'inspected', reason: 'defective', feePercent: 0, ...over });

const inApp = (ui: React.ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );

describe('warranty replacement', () => {
  it('offers staff a replacement order for a warranty claim and sends that choice', async () => {
    inApp(<StaffReturnActions ret={ret()} />);
    expect(screen.getByRole('button', { name: 'Settle: refund the card' })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /A replacement order at no charge/ }));
    expect(screen.queryByText(/Waive the restocking fee/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Settle: place the replacement order' }));
    await waitFor(() =>
      expect(calls.at(-1)).toEqual({
        path: '/staff/returns/r1/settle',
        method: 'POST',
        body: { outcome: 'replacement' },
      }),
    );
  });

  it('offers no replacement for another reason', () => {
    inApp(<StaffReturnActions ret={ret({ reason: 'not_needed', feePercent: 15 })} />);
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.getByText(/Waive the restocking fee/)).toBeTruthy();
  });

  it('shows the buyer "Replaced by order N", linked to the new order', () => {
    inApp(
      <ReturnView
        ret={ret({
          status: 'settled',
          settlement: {
            method: 'card',
            gross: 80,
            fee: 0,
            feeWaivedReason: null,
            net: 0,
            tax: 0,
            coreDeposit: 0,
            amount: 0,
            refundStatus: null,
            creditNoteNumber: null,
            creditNoteId: null,
            replacementOrderId: 'o2',
            replacementOrderNumber: 'A-10042',
            settledAt: '2026-11-25T10:00:00.000Z',
          },
        })}
      />,
    );
    const line = screen.getByTestId('return-replacement');
    expect(line.textContent).toContain('Replaced by order A-10042');
    expect(screen.getByRole('link', { name: 'A-10042' }).getAttribute('href')).toBe(
      '/dashboard/my-orders/o2',
    );
    expect(line.textContent).not.toContain('refunded');
  });
});
