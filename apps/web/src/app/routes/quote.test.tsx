import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type * as ApiClient from '../../lib/api-client';
import type { QuoteResponse } from '@storefront/contract';
import QuoteRoute from './quote';

let current: QuoteResponse;
const calls: string[] = [];
vi.mock('../../lib/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  api: (path: string) => {
    calls.push(path);
    if (path.endsWith('/withdraw')) current = { ...current, status: 'rejected' };
    return Promise.resolve(path.startsWith('/quotes/') ? current : []);
  },
}));

const base: QuoteResponse = {
  id: 'q1',
  number: 'Q-2026-000001',
  status: 'requested',
  version: 0,
  validUntil: null,
  total: null,
  lineCount: 1,
  companyId: null,
  companyName: null,
  requestedBy: 'u1',
  buyer: { name: 'Bea', email: 'bea@example.com' },
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  orderId: null,
  note: 'For the fleet',
  versions: [
    {
      version: 0,
      message: 'For the fleet',
      validUntil: null,
      total: null,
      createdAt: '2026-11-20T10:00:00.000Z',
      lines: [],
      changes: [],
    },
  ],
  history: [
    {
      at: '2026-11-20T10:00:00.000Z',
      actor: 'buyer',
      from: null,
      to: 'requested',
      version: 0,
      message: 'For the fleet',
    },
  ],
  orderNumber: null,
};

const show = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/quotes/q1']}>
        <Routes>
          <Route path="/quotes/:id" element={<QuoteRoute />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('the quote page', () => {
  it('lets the buyer withdraw a request not answered yet, and shows the note once', async () => {
    current = base;
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Withdraw request' }));
    expect(calls).toContain('/quotes/q1/withdraw');
    await screen.findByText('rejected', { exact: false });
    expect(screen.getAllByText('For the fleet')).toHaveLength(1);
  });

  it('says when an offer expired, instead of offering to accept it', async () => {
    current = {
      ...base,
      status: 'expired',
      version: 1,
      validUntil: '2026-11-24T12:00:00.000Z',
    };
    show();
    expect((await screen.findByTestId('quote-expired')).textContent).toBe(
      'This offer expired on Nov 24, 2026.',
    );
    expect(screen.queryByRole('form', { name: 'Accept the offer' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Withdraw request' })).toBeNull();
  });
});
