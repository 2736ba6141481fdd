import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type * as ApiClient from '../../../lib/api-client';
import { CompanyChoice } from './company-choice';
import { CompanyForm } from './company-form';

const company = {
  id: 'c1',
  name: 'Fleet Motors Ltd',
  deliveryAddresses: [
    {
      id: 'a1',
      label: 'Billing address',
      street: '1 Dock Road',
      city: 'Leeds',
      postalCode: 'LS1',
      country: 'UK',
    },
  ],
  standing: { terms: 'approved', termsDays: 30, creditAvailable: 500 },
};
let answerCompany = true;
vi.mock('../../../lib/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  api: (path: string) =>
    path === '/companies'
      ? Promise.resolve([{ id: 'c1', name: 'Fleet Motors Ltd' }])
      : answerCompany
        ? Promise.resolve(company)
        : new Promise(() => undefined),
}));

const choose = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <CompanyChoice
        value={{ companyId: 'c1', payment: 'card' }}
        onChange={() => {}}
        onAddress={() => {}}
      />
    </QueryClientProvider>,
  );

describe("checkout's Buying for", () => {
  it('says the terms are being checked while the company loads, never "not approved"', async () => {
    answerCompany = false;
    choose();
    expect((await screen.findByText(/^On account/)).textContent).toBe(
      'On account (checking the terms…)',
    );
    expect(screen.queryByText(/not approved/)).toBeNull();
  });

  it('names the copied billing address as a phrase, and its terms once loaded', async () => {
    answerCompany = true;
    choose();
    await screen.findByRole('button', { name: 'Ship to the billing address' });
    expect(screen.getByText(/^On account/).textContent).toBe(
      'On account (30 days, $500.00 available)',
    );
  });
});

describe('the company form', () => {
  it('marks only the billing fields when sent empty, not the delivery ones it said to leave', async () => {
    const send = vi.fn();
    render(
      <CompanyForm
        title="Create a company"
        submitLabel="Create company"
        busy={false}
        send={send}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create company' }));
    expect(screen.getByLabelText('Street').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Delivery street').getAttribute('aria-invalid')).toBeNull();
    expect(send).not.toHaveBeenCalled();
  });
});
