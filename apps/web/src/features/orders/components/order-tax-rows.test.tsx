import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TaxRows } from './order-tax-rows';

const base = {
  region: 'US-CA',
  net: 106.95,
  note: null,
  certificateNumber: null,
  buyerVatId: null,
};

describe('the receipt of a taxed order', () => {
  it('shows the net and the tax of each rate', () => {
    render(
      <dl>
        <TaxRows
          tax={{
            ...base,
            treatment: 'standard',
            tax: 6.55,
            rates: [
              { rate: 8.25, net: 37.02, tax: 3.05 },
              { rate: 5, net: 69.93, tax: 3.5 },
            ],
          }}
        />
      </dl>,
    );
    expect(screen.getByText('Net').nextSibling?.textContent).toBe('$106.95');
    expect(screen.getAllByTestId('receipt-tax').map((e) => e.textContent)).toEqual([
      '$3.05 on $37.02',
      '$3.50 on $69.93',
    ]);
    expect(screen.getByText('Tax 8.25%')).toBeTruthy();
  });

  it('names the certificate of an exempt order and the VAT id of a reverse charge', () => {
    const { rerender } = render(
      <dl>
        <TaxRows
          tax={{ ...base, treatment: 'exempt', tax: 0, rates: [], certificateNumber: 'SR-1' }}
        />
      </dl>,
    );
    expect(screen.getByText('Certificate SR-1')).toBeTruthy();
    expect(screen.getByText('Tax').nextSibling?.textContent).toBe('$0.00');
    rerender(
      <dl>
        <TaxRows
          tax={{ ...base, treatment: 'reverse_charge', tax: 0, rates: [], buyerVatId: 'ATU1' }}
        />
      </dl>,
    );
    expect(screen.getByText('Reverse charge').nextSibling?.textContent).toBe('VAT id ATU1');
  });
});
