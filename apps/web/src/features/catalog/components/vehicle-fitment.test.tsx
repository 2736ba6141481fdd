import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Fitment, PartPageResponse } from '@storefront/contract';
import { fitmentToText, textToFitment } from '../catalog-text';
import { PartPageView } from './part-page-view';
import { fitmentLabel, VehicleFitment } from './vehicle-fitment';

const front: Fitment = {
  make: 'Toyota',
  model: 'Corolla',
  yearFrom: 2014,
  yearTo: 2019,
  position: 'Front',
  note: 'Not for sport suspension',
};
const plain: Fitment = { ...front, model: 'Auris', position: '', note: '' };

const page = (fitment: Fitment[]): PartPageResponse => ({
  part: {
    _id: '3f0e6b1c-5d0a-4a51-9a7c-2c6a0c1e9b11',
    name: 'Strut mount',
    description: 'Top mount.',
    mOrderQuantity: 2,
    availableQuantity: 40,
    price: 42.5,
    url: '/images/parts/no-picture.svg',
    packSize: 1,
    maxOrderQuantity: null,
    priceTiers: [],
    sku: 'IMP-7001',
    category: 'suspension',
    oemNumbers: [],
    supersededNumbers: [],
    specs: [],
    fitment,
    featured: false,
    createdAt: '2026-11-25T10:00:00.000Z',
    updatedAt: '2026-11-25T10:00:00.000Z',
  },
  reviews: [],
});

const view = (fitment: Fitment[], vehicle: { make: string; model: string; year: number } | null) =>
  render(
    <MemoryRouter>
      <PartPageView
        page={page(fitment)}
        vehicle={vehicle}
        signedIn={false}
        orderHref="/purchase/x"
        browseHref={(s) => `/parts${s}`}
      />
    </MemoryRouter>,
  );

describe('a vehicle’s position and note', () => {
  it('reads as one line, and only rows that say something more than "fits" are listed', () => {
    expect(fitmentLabel(front)).toBe('Toyota Corolla 2014–2019 · Front — Not for sport suspension');
    expect(fitmentLabel({ ...front, position: '' })).toBe(
      'Toyota Corolla 2014–2019 — Not for sport suspension',
    );
    const { rerender } = render(<VehicleFitment rows={[front, plain]} />);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Toyota Corolla 2014–2019 · Front — Not for sport suspension',
    ]);
    rerender(<VehicleFitment rows={[plain]} />);
    expect(screen.queryByTestId('vehicle-fitment')).toBeNull();
  });

  it('gets columns of their own on the part page when a vehicle has one, and a line under the fit badge', () => {
    view([front, plain], { make: 'Toyota', model: 'Corolla', year: 2015 });
    const table = screen.getByTestId('fitment-table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Make', 'Model', 'Years', 'Position', 'Note']);
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) =>
          within(r)
            .getAllByRole('cell')
            .map((c) => c.textContent),
        ),
    ).toEqual([
      ['Toyota', 'Corolla', '2014–2019', 'Front', 'Not for sport suspension'],
      ['Toyota', 'Auris', '2014–2019', '', ''],
    ]);
    expect(screen.getByTestId('fit-badge').textContent).toBe('Fits your vehicle');
    expect(screen.getByTestId('vehicle-fitment').textContent).toBe(
      'Toyota Corolla 2014–2019 · Front — Not for sport suspension',
    );
  });

  it('keeps the three columns when no vehicle has a position or a note', () => {
    view([plain], null);
    expect(
      within(screen.getByTestId('fitment-table'))
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Make', 'Model', 'Years']);
    expect(screen.queryByTestId('vehicle-fitment')).toBeNull();
  });

  it('goes through the edit form’s lines and back', () => {
    const text = fitmentToText([front, plain]);
    expect(text).toBe(
      'Toyota | Corolla | 2014-2019 | Front | Not for sport suspension\nToyota | Auris | 2014-2019',
    );
    expect(textToFitment(text)).toEqual([front, plain]);
    expect(textToFitment('Toyota | Corolla | 2014-2019 |  | Note only')).toEqual([
      { ...front, position: '', note: 'Note only' },
    ]);
  });
});
