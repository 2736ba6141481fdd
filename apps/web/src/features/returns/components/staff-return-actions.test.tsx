import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReturnResponse } from '@storefront/contract';
import { createQueryClient } from '../../../lib/query-client';
import { StaffReturnActions } from './staff-return-actions';
import { returnFixture } from '../test-fixtures';

const ret = returnFixture;

/** What reached the shop; it answers every call with the return. */
function shop() {
  const sent: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      sent.push({ url, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
      return Promise.resolve(
        new Response(JSON.stringify(ret()), { headers: { 'content-type': 'application/json' } }),
      );
    }),
  );
  return sent;
}
const draw = (r: ReturnResponse) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <StaffReturnActions ret={r} />
    </QueryClientProvider>,
  );

afterEach(() => vi.unstubAllGlobals());

describe("staff's steps on a return", () => {
  it('asks why before refusing, on the message field, and sends nothing until told', async () => {
    const sent = shop();
    draw(ret());
    fireEvent.click(screen.getByRole('button', { name: 'Refuse' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Say why the return is refused');
    const message = screen.getByLabelText('Message to the buyer');
    expect(message.getAttribute('aria-invalid')).toBe('true');
    expect(message.getAttribute('aria-describedby')).toBe('return-action-error');
    expect(sent).toEqual([]);
    fireEvent.change(message, { target: { value: 'Bought in another shop' } });
    fireEvent.click(screen.getByRole('button', { name: 'Refuse' }));
    await waitFor(() =>
      expect(sent).toEqual([
        { url: '/api/staff/returns/r1/refuse', body: { message: 'Bought in another shop' } },
      ]),
    );
  });

  it('waives the fee only with a reason, and offers no waiver when there is no fee', async () => {
    const sent = shop();
    const { unmount } = draw(ret({ status: 'inspected' }));
    fireEvent.click(screen.getByLabelText('Waive the restocking fee (15%)'));
    fireEvent.click(screen.getByRole('button', { name: 'Settle: refund the card' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Say why the fee is waived');
    expect(screen.getByLabelText('Why the fee is waived').getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(sent).toEqual([]);
    fireEvent.change(screen.getByLabelText('Why the fee is waived'), {
      target: { value: 'Our late delivery' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Settle: refund the card' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          url: '/api/staff/returns/r1/settle',
          body: { waiveFee: true, waiveReason: 'Our late delivery' },
        },
      ]),
    );
    unmount();

    draw(ret({ status: 'inspected', reason: 'wrong_part', feePercent: 0 }));
    expect(screen.queryByText(/Waive the restocking fee/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Settle: refund the card' })).toBeTruthy();
  });
});
