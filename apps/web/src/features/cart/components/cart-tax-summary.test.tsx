import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CartTaxSummary } from './cart-tax-summary';

const base = {
  region: 'US-CA',
  net: 106.95,
  note: null,
  certificateNumber: null,
  buyerVatId: null,
};

describe('the cart’s tax before placing', () => {
  it('shows the net and one row per rate', () => {
    render(
      <CartTaxSummary
        busy={false}
        tax={{
          ...base,
          treatment: 'standard',
          tax: 6.55,
          rates: [
            { rate: 8.25, net: 37.02, tax: 3.05 },
            { rate: 5, net: 69.93, tax: 3.5 },
          ],
        }}
      />,
    );
    expect(screen.getByTestId('cart-tax-net').textContent).toBe('$106.95');
    expect(screen.getByText('Tax 8.25% on $37.02').nextSibling?.textContent).toBe('$3.05');
    expect(screen.getAllByTestId('cart-tax-rate').map((e) => e.textContent)).toEqual([
      '$3.05',
      '$3.50',
    ]);
    expect(screen.queryByTestId('cart-tax-why')).toBeNull();
  });

  it('says why no tax is charged, or why it is', () => {
    const none = { ...base, tax: 0, rates: [] };
    const { rerender } = render(
      <CartTaxSummary
        busy={false}
        tax={{ ...none, treatment: 'exempt', certificateNumber: 'SR-1' }}
      />,
    );
    expect(screen.getByTestId('cart-tax-why').textContent).toBe(
      'No tax: exemption certificate SR-1.',
    );
    rerender(
      <CartTaxSummary
        busy={false}
        tax={{ ...none, treatment: 'reverse_charge', buyerVatId: 'DE136695976' }}
      />,
    );
    expect(screen.getByTestId('cart-tax-why').textContent).toBe(
      'No tax: reverse charge (VAT id DE136695976).',
    );
    rerender(
      <CartTaxSummary
        busy={false}
        tax={{
          ...base,
          treatment: 'standard',
          tax: 8.82,
          rates: [{ rate: 8.25, net: 106.95, tax: 8.82 }],
          note: 'Tax charged: exemption certificate SR-1 expired on 2020-01-31.',
        }}
      />,
    );
    expect(screen.getByTestId('cart-tax-why').textContent).toContain('expired on 2020-01-31');
  });
});
