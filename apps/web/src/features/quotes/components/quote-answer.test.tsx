import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type * as ApiClient from '../../../lib/api-client';
import type { QuoteResponse } from '@storefront/contract';
import { QuoteAnswer } from './quote-answer';

const calls: string[] = [];
vi.mock('../../../lib/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  api: (path: string) => {
    calls.push(path);
    if (path.endsWith('/accept'))
      return new Promise((resolve) =>
        setTimeout(() => resolve({ _id: 'o1', status: 'unpaid' }), 20),
      );
    return Promise.resolve([]);
  },
}));

const quote = {
  id: 'q1',
  number: 'Q-2026-000001',
  status: 'offered',
  version: 1,
  companyId: null,
} as QuoteResponse;

describe('accepting an offer', () => {
  it('sends one acceptance however fast the buyer clicks twice, and goes on to the payment', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/quotes/q1']}>
          <Routes>
            <Route path="/quotes/q1" element={<QuoteAnswer quote={quote} onStale={() => {}} />} />
            <Route path="/dashboard/payment/:id" element={<h1>Payment page</h1>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const form = screen.getByRole('form', { name: 'Accept the offer' });
    // Two submits in the same moment: the second before the button is drawn disabled.
    fireEvent.submit(form);
    fireEvent.submit(form);
    await screen.findByRole('heading', { name: 'Payment page' });
    expect(calls.filter((c) => c.endsWith('/accept'))).toHaveLength(1);
  });
});
