import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CatalogImportDetails, ImportChangesPage } from '@storefront/contract';
import { createQueryClient } from '../../../lib/query-client';
import { anImport } from '../test-fixtures';
import { ImportDetails } from './import-details';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('an import’s page', () => {
  it('follows a file being read, then shows its preview and the first changes', async () => {
    const reading = anImport({
      status: 'reading',
      progress: { phase: 'reading', read: 800, checked: 0, written: 0, toWrite: 0 },
    });
    const previewed = anImport({ counts: { ...reading.counts, rows: 1, new: 1 } });
    const answers: CatalogImportDetails[] = [reading, previewed];
    const changes: ImportChangesPage = {
      items: [
        {
          row: 2,
          partNumber: 'IC-2000',
          kind: 'new',
          fields: [
            { field: 'name', label: 'Name', before: null, after: 'Oil filter', flagged: false },
          ],
        },
      ],
      next: null,
    };
    const fetch = vi.fn((url: string) =>
      Promise.resolve(
        json(
          url.includes('/changes') ? changes : answers.length > 1 ? answers.shift() : answers[0],
        ),
      ),
    );
    vi.stubGlobal('fetch', fetch);
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <ImportDetails
            id={reading.id}
            uploadHref="/dashboard/imports"
            partsHref="/dashboard/parts"
          />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect((await screen.findByTestId('progress-read')).textContent).toBe('800');
    // Asked again a second later, on its own.
    await waitFor(
      () => expect(screen.getByTestId('import-status').textContent).toBe('Preview ready'),
      {
        timeout: 3000,
      },
    );
    expect(screen.queryByTestId('import-progress')).toBeNull();
    expect((await screen.findByTestId('import-change')).textContent).toContain('IC-2000');
    expect(fetch).toHaveBeenCalledWith(
      `/api/staff/imports/${reading.id}/changes?pageSize=50`,
      expect.objectContaining({ method: 'GET' }),
    );
    const polls = fetch.mock.calls.filter(([u]) => u === `/api/staff/imports/${reading.id}`).length;
    // Previewed, it is not asked about again.
    await new Promise((r) => setTimeout(r, 1300));
    expect(fetch.mock.calls.filter(([u]) => u === `/api/staff/imports/${reading.id}`)).toHaveLength(
      polls,
    );
  });

  it('refreshes what shows the catalog once an apply has finished, and shows the outcome', async () => {
    const applying = anImport({
      status: 'applying',
      counts: { ...anImport().counts, rows: 2, new: 2 },
      progress: { phase: 'writing', read: 2, checked: 2, written: 0, toWrite: 0 },
    });
    const applied = { ...applying, status: 'applied' as const, appliedAt: applying.createdAt };
    const answers: CatalogImportDetails[] = [applying, applied];
    let catalogReads = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        if (url === '/api/catalog') {
          catalogReads += 1;
          return Promise.resolve(json({ items: [] }));
        }
        if (url.includes('/changes')) return Promise.resolve(json({ items: [], next: null }));
        return Promise.resolve(json(answers.length > 1 ? answers.shift() : answers[0]));
      }),
    );
    // Stands for any page showing the catalog: it says it depends on the catalog.
    function CatalogReader() {
      useQuery({
        queryKey: ['catalog-reader'],
        queryFn: () => fetch('/api/catalog').then((r) => r.json()),
        meta: { topics: ['catalog'] },
      });
      return null;
    }
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <CatalogReader />
          <ImportDetails
            id={applying.id}
            uploadHref="/dashboard/imports"
            partsHref="/dashboard/parts"
          />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect((await screen.findByTestId('import-progress')).textContent).toContain(
      'Writing the changes to the catalog…',
    );
    await waitFor(() => expect(catalogReads).toBe(1));
    await waitFor(
      () => expect(screen.getByTestId('import-outcome').textContent).toContain('2 new'),
      {
        timeout: 3000,
      },
    );
    await waitFor(() => expect(catalogReads).toBe(2));
  });

  it('applies on request, then takes focus to the top of the page, where the outcome shows', async () => {
    const previewed = anImport({ counts: { ...anImport().counts, rows: 1, new: 1 } });
    const applied = { ...previewed, status: 'applied' as const, appliedAt: previewed.createdAt };
    let current: CatalogImportDetails = previewed;
    const fetch = vi.fn((url: string, init?: RequestInit) => {
      if (url.endsWith('/apply')) {
        current = applied;
        return Promise.resolve(json({ ...previewed, status: 'applying' }));
      }
      if (url.includes('/changes')) return Promise.resolve(json({ items: [], next: null }));
      return Promise.resolve(json(init?.method === 'GET' ? current : {}));
    });
    vi.stubGlobal('fetch', fetch);
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <ImportDetails
            id={previewed.id}
            uploadHref="/dashboard/imports"
            partsHref="/dashboard/parts"
          />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Apply' }));
    expect(fetch).toHaveBeenCalledWith(
      `/api/staff/imports/${previewed.id}/apply`,
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ validOnly: false }) }),
    );
    await waitFor(() => expect(screen.getByTestId('import-status').textContent).toBe('Applied'));
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2 }));
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();
  });
});
