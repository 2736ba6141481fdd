import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type * as ApiClient from '../../../lib/api-client';
import { ReturnWindowsPanel } from './return-windows-form';

const calls: { path: string; method?: string; body?: unknown }[] = [];
vi.mock('../../../lib/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  api: (path: string, options: { method?: string; body?: { windows: object } }) => {
    calls.push({ path, method: options.method, body: options.body });
    return Promise.resolve(
      options.method === 'PUT'
        ? { defaultDays: 30, windows: options.body?.windows ?? {} }
        : { defaultDays: 30, windows: { brakes: 60 } },
    );
  },
}));

describe('Return windows by category', () => {
  it('shows each category’s window and saves the whole set, leaving empty ones to the default', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ReturnWindowsPanel />
      </QueryClientProvider>,
    );
    const brakes = await screen.findByLabelText('Return window of Brakes in days');
    expect((brakes as HTMLInputElement).value).toBe('60');
    expect(
      (screen.getByLabelText('Return window of Lighting in days') as HTMLInputElement).value,
    ).toBe('');
    fireEvent.change(brakes, { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Return window of Lighting in days'), {
      target: { value: '10' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save the return windows' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveProperty('textContent', 'Return windows saved'),
    );
    expect(calls.at(-1)).toEqual({
      path: '/staff/return-windows',
      method: 'PUT',
      body: { windows: { lighting: 10 } },
    });
  });
});
