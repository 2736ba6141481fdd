import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { ImportChange } from '@storefront/contract';
import { anImport } from '../test-fixtures';
import { ApplyPanel } from './apply-panel';
import { ImportChanges } from './import-changes';
import { ImportCounts } from './import-counts';
import { ImportErrors, sheetsToFix } from './import-errors';
import { ImportOutcome } from './import-outcome';
import { ImportProgress, progressBar } from './import-progress';

const counts = anImport().counts;

describe('import counts', () => {
  it('says when the file changes nothing, and counts archiving only when chosen', () => {
    const { rerender } = render(
      <ImportCounts job={anImport({ counts: { ...counts, rows: 12408, unchanged: 12408 } })} />,
    );
    expect(screen.getByTestId('nothing-to-change').textContent).toBe(
      'Nothing to change: 12,408 parts unchanged.',
    );
    expect(screen.queryByTestId('count-archived')).toBeNull();
    rerender(
      <ImportCounts
        job={anImport({
          archiveMissing: true,
          counts: { ...counts, rows: 3, changed: 1, unchanged: 2, archived: 4, priceJumps: 1 },
        })}
      />,
    );
    expect(screen.queryByTestId('nothing-to-change')).toBeNull();
    expect(screen.getByTestId('count-archived').textContent).toBe('To be archived4');
    expect(screen.getByTestId('price-jumps').textContent).toContain(
      '1 price moves by more than half',
    );
  });
});

describe('parts a file archives (a PIES Item marked D)', () => {
  it('counts them as to be archived without "archive the missing", and badges each in the diff', async () => {
    render(
      <ImportCounts
        job={anImport({
          counts: { ...counts, rows: 3, changed: 1, unchanged: 1, archived: 1, archivedRows: 1 },
        })}
      />,
    );
    expect(screen.getByTestId('count-archived').textContent).toBe('To be archived1');
    const onKind = vi.fn();
    render(
      <ImportChanges
        kind="all"
        kinds={['all', 'new', 'changed', 'archived']}
        onKind={onKind}
        total={2}
        hasMore={false}
        onMore={vi.fn()}
        loading={false}
        loadingMore={false}
        error={null}
        onDownload={vi.fn().mockResolvedValue(undefined)}
        changes={[
          {
            row: 2,
            partNumber: 'PX-400',
            kind: 'archived',
            fields: [
              { field: 'archived', label: 'Archived', before: 'no', after: 'yes', flagged: false },
            ],
          },
        ]}
      />,
    );
    const card = screen.getByTestId('import-change');
    expect(within(card).getByText('To be archived').className).toContain('badge');
    expect(
      within(within(card).getByRole('row', { name: /^Archived/ }))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['no', 'yes']);
    await userEvent.click(screen.getByRole('radio', { name: 'To be archived' }));
    expect(onKind).toHaveBeenCalledWith('archived');
  });
});

describe('import errors', () => {
  const error = {
    sheet: 'parts' as const,
    row: 14,
    column: 'Minimum order quantity',
    partNumber: 'IC-1002',
    message: 'Pack size 7 does not divide the minimum order quantity 20',
  };

  it('lists each error with its row, column and words, in a table with headers', () => {
    render(
      <ImportErrors
        job={{ errors: [error], counts: { ...counts, errors: 1 } }}
        onDownload={vi.fn()}
      />,
    );
    const table = screen.getByRole('table', { name: 'Errors by row' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['File', 'Row', 'Part number', 'Column', 'What to do']);
    expect(
      within(screen.getByTestId('import-error'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Parts', '14', 'IC-1002', 'Minimum order quantity', error.message]);
    // The table may be wider than a phone: it scrolls in a frame a keyboard can reach.
    expect(screen.getByRole('region', { name: 'Errors' }).getAttribute('tabindex')).toBe('0');
  });

  it('offers the vehicle rows to fix only when vehicles have errors, and downloads the one asked for', async () => {
    const onDownload = vi.fn().mockResolvedValue(undefined);
    const fitmentError = { ...error, sheet: 'fitment' as const, column: 'Year to', row: 3 };
    render(
      <ImportErrors
        job={{ errors: [error, fitmentError], counts: { ...counts, errors: 2, fitmentRows: 5 } }}
        onDownload={onDownload}
      />,
    );
    await userEvent.click(
      screen.getByRole('button', { name: 'Download the vehicle rows to fix (CSV)' }),
    );
    expect(onDownload).toHaveBeenCalledWith('fitment');
    expect(sheetsToFix({ errors: [error], counts: { ...counts, fitmentRows: 5 } })).toEqual([
      'parts',
    ]);
    // A full list may hide the vehicles' errors behind the parts' ones.
    expect(
      sheetsToFix({
        errors: Array.from({ length: 50 }, () => error),
        counts: { ...counts, errors: 80, fitmentRows: 5 },
      }),
    ).toEqual(['parts', 'fitment']);
  });
});

const priceChange: ImportChange = {
  row: 7,
  partNumber: 'IC-1002',
  kind: 'changed',
  fields: [
    { field: 'price', label: 'Price', before: '$58.90', after: '$9.90', flagged: true },
    { field: 'stock', label: 'Stock', before: '140', after: '90', flagged: false },
  ],
};
const newPart: ImportChange = {
  row: 8,
  partNumber: 'IC-2000',
  kind: 'new',
  fields: [{ field: 'name', label: 'Name', before: null, after: 'Oil filter', flagged: false }],
};

describe('import changes', () => {
  const props = {
    kind: 'all' as const,
    onKind: vi.fn(),
    total: 3,
    hasMore: true,
    onMore: vi.fn(),
    loading: false,
    loadingMore: false,
    error: null,
    onDownload: vi.fn().mockResolvedValue(undefined),
  };

  it('shows each field old → new, marks a price that jumps, and dates the stock figure', () => {
    render(<ImportChanges {...props} changes={[priceChange, newPart]} />);
    const [changed, added] = screen.getAllByTestId('import-change');
    const price = within(changed!).getByRole('row', { name: /^Price/ });
    expect(price.getAttribute('data-flagged')).toBe('true');
    expect(price.className).toContain('bg-warning');
    expect(
      within(price)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['$58.90', '$9.90']);
    expect(price.textContent).toContain('Price moves by more than half');
    const stock = within(changed!).getByRole('row', { name: /^Stock/ });
    expect(stock.getAttribute('data-flagged')).toBeNull();
    expect(stock.textContent).toContain('As of the preview');
    // A new part has values, not a before and an after.
    expect(
      within(added!)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Field', 'Value']);
    expect(screen.getByTestId('changes-shown').textContent).toBe('Showing 2 of 3 parts.');
  });

  it('pages with Show more and filters by kind', async () => {
    const onMore = vi.fn();
    const onKind = vi.fn();
    render(<ImportChanges {...props} onMore={onMore} onKind={onKind} changes={[priceChange]} />);
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(onMore).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('radio', { name: 'New' }));
    expect(onKind).toHaveBeenCalledWith('new');
  });
});

describe('apply panel', () => {
  it('waits while rows have errors, until staff choose the valid rows only, which says how many it leaves out', async () => {
    const onApply = vi.fn();
    render(
      <ApplyPanel
        job={{ counts: { ...counts, new: 5, errors: 3 } }}
        onApply={onApply}
        onDiscard={vi.fn()}
        busy={null}
        error={null}
      />,
    );
    const apply = screen.getByRole('button', { name: 'Apply' });
    expect(apply).toHaveProperty('disabled', true);
    const validOnly = screen.getByRole('checkbox', {
      name: 'Apply the valid rows only (leaves out 3 rows with errors)',
    });
    await userEvent.click(validOnly);
    expect(apply).toHaveProperty('disabled', false);
    await userEvent.click(apply);
    expect(onApply).toHaveBeenCalledWith(true);
  });

  it("applies everything when there are no errors, and shows the server's refusal", async () => {
    const onApply = vi.fn();
    const onDiscard = vi.fn();
    render(
      <ApplyPanel
        job={{ counts: { ...counts, changed: 2 } }}
        onApply={onApply}
        onDiscard={onDiscard}
        busy={null}
        error="The catalog changed since this preview."
      />,
    );
    expect(screen.queryByRole('checkbox')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith(false);
    await userEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(onDiscard).toHaveBeenCalledOnce();
    expect(screen.getByRole('alert').textContent).toBe('The catalog changed since this preview.');
  });
});

describe('import progress', () => {
  it('has no end while reading, counts checked rows against read ones, and written parts against the preview', () => {
    const reading = anImport({
      status: 'reading',
      progress: { phase: 'reading', read: 1200, checked: 0, written: 0, toWrite: 0 },
    });
    expect(progressBar(reading)).toMatchObject({ value: null, text: '1,200 rows read' });
    render(<ImportProgress job={reading} />);
    const bar = screen.getByRole('progressbar', { name: 'Import progress' });
    expect(bar.hasAttribute('aria-valuenow')).toBe(false);
    expect(bar.getAttribute('aria-valuetext')).toBe('1,200 rows read');
    expect(screen.getByRole('status').textContent).toBe('Reading the file…');

    expect(
      progressBar({
        ...reading,
        progress: { phase: 'checking', read: 1200, checked: 300, written: 0, toWrite: 0 },
      }),
    ).toMatchObject({ value: 300, max: 1200, text: '300 of 1,200 rows checked' });
    expect(
      progressBar({
        status: 'applying',
        counts: { ...counts, new: 10, changed: 30 },
        progress: { phase: 'writing', read: 40, checked: 40, written: 10, toWrite: 0 },
      }),
    ).toMatchObject({ value: 10, max: 40, text: '10 of 40 parts written' });
  });
});

describe('import outcome', () => {
  it('says why an import failed, and what an apply of the valid rows left out', () => {
    const links = { uploadHref: '/dashboard/imports', partsHref: '/dashboard/parts' };
    const { rerender } = render(
      <MemoryRouter>
        <ImportOutcome
          job={anImport({ status: 'failed', failure: 'The catalog changed since this preview.' })}
          {...links}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('alert').textContent).toContain(
      'The catalog changed since this preview.',
    );
    rerender(
      <MemoryRouter>
        <ImportOutcome
          job={anImport({
            status: 'applied',
            validOnly: true,
            counts: { ...counts, new: 2, changed: 1, errors: 1 },
          })}
          {...links}
        />
      </MemoryRouter>,
    );
    const outcome = screen.getByTestId('import-outcome').textContent;
    expect(outcome).toContain('2 new, 1 changed.');
    expect(outcome).toContain('1 row with errors was left out.');
  });
});
