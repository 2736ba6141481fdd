import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RestockingFees } from '@storefront/contract';
import { createQueryClient } from '../../../lib/query-client';
import { RestockingFeesPanel } from './restocking-fees-form';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const FEES: RestockingFees = {
  fees: { wrong_part: 0, damaged_in_transit: 0, defective: 0, not_needed: 15 },
};

/** The shop's answers in turn (the last one again once they run out), and what was sent. */
function shop(...answers: Response[]) {
  const sent: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      sent.push({
        url,
        method: init.method ?? 'GET',
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      });
      const next = answers.length > 1 ? answers.shift()! : answers[0]!;
      return Promise.resolve(next.clone());
    }),
  );
  return sent;
}

const draw = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RestockingFeesPanel />
    </QueryClientProvider>,
  );
const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;

afterEach(() => vi.unstubAllGlobals());

describe('restocking fees by reason', () => {
  it('says when the fees cannot be loaded and loads them on "Try again"', async () => {
    shop(json({ error: 'SERVER', message: 'Down for a moment' }, 404), json(FEES));
    draw();
    expect(screen.getByText('Loading the restocking fees…')).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The restocking fees could not be loaded.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByLabelText('Not needed')).getAttribute('value')).toBe('15');
  });

  it('marks each bad fee with the contract’s message and sends nothing', async () => {
    const sent = shop(json(FEES));
    draw();
    await screen.findByLabelText('Not needed');
    fireEvent.change(field('Not needed'), { target: { value: '12.345' } });
    fireEvent.change(field('Defective (warranty)'), { target: { value: '' } });
    fireEvent.change(field('Damaged in transit'), { target: { value: '101' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the restocking fees' }));
    await screen.findByText('Fee has at most two decimals');
    expect(screen.getByText('Fee must be a number')).toBeTruthy();
    expect(screen.getByText('Fee must be at most 100%')).toBeTruthy();
    for (const label of ['Not needed', 'Defective (warranty)', 'Damaged in transit']) {
      const input = field(label);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      const said = (input.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent);
      expect(said.join(' ')).toMatch(/Fee /);
    }
    expect(field('Wrong part or does not fit').getAttribute('aria-invalid')).toBeNull();
    expect(sent.filter((s) => s.method === 'PUT')).toEqual([]);
  });

  it('saves every reason’s fee, says so after the fees are read again, and shows the server’s refusal on its field', async () => {
    const saved = { fees: { ...FEES.fees, not_needed: 10.5 } };
    const sent = shop(
      json(FEES),
      json(saved),
      json(saved),
      json(
        {
          error: 'VALIDATION_FAILED',
          message: 'Fee must be at most 100%',
          fields: { 'fees.wrong_part': 'Fee must be at most 100%' },
        },
        400,
      ),
      json(saved),
    );
    draw();
    await screen.findByLabelText('Not needed');
    fireEvent.change(field('Not needed'), { target: { value: ' 10.5 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the restocking fees' }));
    await waitFor(() =>
      expect(screen.getByTestId('restocking-fees-saved').textContent).toContain('Not needed 10.5%'),
    );
    expect(sent.find((s) => s.method === 'PUT')).toEqual({
      url: '/api/staff/return-fees',
      method: 'PUT',
      body: saved,
    });
    expect(field('Not needed').value).toBe('10.5');

    // A refusal the form could not foresee (the server's own) lands on its field.
    fireEvent.change(field('Wrong part or does not fit'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the restocking fees' }));
    await screen.findByTestId('restocking-fees-error');
    await waitFor(() =>
      expect(field('Wrong part or does not fit').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(field('Wrong part or does not fit').value).toBe('5');
    expect(screen.getByTestId('restocking-fees-saved').textContent).toBe('');
  });
});
