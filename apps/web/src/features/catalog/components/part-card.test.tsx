import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { previewDescription, type PartResponse } from '@storefront/contract';
import { PartCard } from './part-card';

const part: PartResponse = {
  _id: '3f0e6b1c-5d0a-4a51-9a7c-2c6a0c1e9b11',
  name: 'Oil filter',
  description: 'x'.repeat(300),
  mOrderQuantity: 50,
  availableQuantity: 5000,
  price: 6.9,
  url: '/images/parts/oil-filter.svg',
  packSize: 1,
  maxOrderQuantity: null,
  priceTiers: [],
};

describe('part card', () => {
  it('shows the spec texts and links to the purchase page', () => {
    render(
      <MemoryRouter>
        <PartCard part={part} />
      </MemoryRouter>,
    );
    expect(screen.getByText('Minimum order quantity: 50 piece')).toBeTruthy();
    expect(screen.getByText('Available: 5000 piece')).toBeTruthy();
    expect(screen.getByText('$6.90')).toBeTruthy();
    expect(screen.getByTestId('part-description').textContent).toBe(`${'x'.repeat(250)}...`);
    // Named by the words it shows (label in name), the part given as its description.
    const order = screen.getByRole('link', { name: 'Order now', description: 'Oil filter' });
    expect(order.getAttribute('href')).toBe(`/purchase/${part._id}`);
    const img = screen.getByRole('img', { name: 'Oil filter' });
    expect(img.getAttribute('width')).toBe('640');
    expect(img.getAttribute('loading')).toBe('lazy');
  });

  it("shows a company buyer's price as theirs, with the list price struck through", () => {
    render(
      <MemoryRouter>
        <PartCard part={{ ...part, price: 4.49, listPrice: 6.9 }} />
      </MemoryRouter>,
    );
    const price = screen.getByTestId('part-price');
    expect(price.textContent).toBe('Your price $4.49List price $6.90');
    expect(price.querySelector('s')?.textContent).toBe('List price $6.90');
  });

  it('shows the plain price when the buyer pays the public price', () => {
    render(
      <MemoryRouter>
        <PartCard part={part} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('part-price').textContent).toBe('$6.90');
    expect(screen.getByTestId('part-price').querySelector('s')).toBeNull();
  });

  it('offers no order button when stock is below the minimum order', () => {
    render(
      <MemoryRouter>
        <PartCard part={{ ...part, availableQuantity: 10 }} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('link', { name: /Order/ })).toBeNull();
    expect(screen.getByText('Out of stock')).toBeTruthy();
  });
});

describe('description preview', () => {
  it('cuts at 250 characters and adds an ellipsis only when something was cut', () => {
    expect(previewDescription('short')).toBe('short');
    expect(previewDescription('y'.repeat(250))).toBe('y'.repeat(250));
    expect(previewDescription('z'.repeat(251))).toBe(`${'z'.repeat(250)}...`);
  });
});
