import { formatCount } from '@storefront/contract';
import type { CatalogImportSummary } from '@storefront/contract';
import { changesSomething, count } from '../words';

type Tile = { key: string; label: string; value: string; detail?: string; tone?: string };

/** What the preview found: new, changed, unchanged, to be archived, errors, vehicles, pictures. */
export function ImportCounts({
  job,
}: {
  job: Pick<CatalogImportSummary, 'counts' | 'archiveMissing' | 'status'>;
}) {
  const c = job.counts;
  const tiles: Tile[] = [
    { key: 'new', label: 'New parts', value: formatCount(c.new) },
    { key: 'changed', label: 'Changed', value: formatCount(c.changed) },
    { key: 'unchanged', label: 'Unchanged', value: formatCount(c.unchanged) },
    // Shown when parts missing from the file are archived, or when the file archives its own
    // (a PIES Item marked D).
    ...(job.archiveMissing || c.archived > 0
      ? [
          {
            key: 'archived',
            label: job.status === 'applied' ? 'Archived' : 'To be archived',
            value: formatCount(c.archived),
          },
        ]
      : []),
    {
      key: 'errors',
      label: 'Rows with errors',
      value: formatCount(c.errors),
      ...(c.errors > 0 ? { tone: 'text-error' } : {}),
    },
    {
      key: 'vehicles',
      label: 'Vehicles',
      value: formatCount(c.fitmentRows),
      // Rows that only repeat a part's vehicles change nothing: say whose vehicles are replaced.
      ...(c.fitmentRows > 0
        ? {
            detail:
              c.fitmentParts > 0
                ? `for ${count(c.fitmentParts, 'part')}`
                : 'no part’s vehicles change',
          }
        : {}),
    },
    { key: 'pictures', label: 'Pictures', value: formatCount(c.pictures) },
  ];
  return (
    <section aria-labelledby="import-counts-heading">
      <h3 id="import-counts-heading" className="sr-only">
        Counts
      </h3>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {tiles.map((t) => (
          <div
            key={t.key}
            className="rounded-box bg-base-100 p-3 shadow"
            data-testid={`count-${t.key}`}
          >
            <dt className="text-sm text-base-content/80">{t.label}</dt>
            <dd className={`text-xl font-bold ${t.tone ?? ''}`}>{t.value}</dd>
            {t.detail && <dd className="text-sm">{t.detail}</dd>}
          </div>
        ))}
      </dl>
      {c.priceJumps > 0 && (
        <p className="mt-2 text-sm" data-testid="price-jumps">
          <span className="badge badge-warning mr-1">Check</span>
          {count(c.priceJumps, 'price moves', 'prices move')} by more than half: they are marked
          below.
        </p>
      )}
      {job.status === 'previewed' && !changesSomething(c) && c.errors === 0 && (
        <p className="mt-2 font-semibold" data-testid="nothing-to-change">
          Nothing to change: {count(c.unchanged, 'part')} unchanged.
        </p>
      )}
    </section>
  );
}
