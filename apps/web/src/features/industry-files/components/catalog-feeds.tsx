import { useState } from 'react';
import { DownloadButton } from '../../../components/ui/download-button';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import {
  downloadCatalogFeed,
  useCatalogFeedAccess,
  useSetCatalogFeedAccess,
  useStaffCatalogFeedAccess,
} from '../api/feeds';

const FORMATS = [
  ['aces', 'ACES XML (vehicle fitment)'],
  ['pies', 'PIES XML (product data)'],
  ['csv', 'CSV (the shop’s catalog file)'],
] as const;

/**
 * The catalog feeds on a company's page, for its owners and admins: the catalog at the company's
 * own prices, in the parts industry's files or the shop's CSV, once staff have opened them.
 */
export function CompanyCatalogFeeds({
  companyId,
  manager,
}: {
  companyId: string;
  manager: boolean;
}) {
  const access = useCatalogFeedAccess(companyId, manager);
  if (!manager) return null;
  return (
    <section className="card bg-base-100 shadow" aria-labelledby="catalog-feeds-heading">
      <div className="card-body">
        <h2 id="catalog-feeds-heading" className="card-title">
          Catalog feeds
        </h2>
        {access.isPending ? (
          <Spinner label="Checking the catalog feeds…" />
        ) : access.isError ? (
          <p role="alert" className="text-error">
            We could not check the catalog feeds. Reload the page to try again.
          </p>
        ) : access.data.allowed ? (
          <>
            <p>The whole catalog at your company’s prices, for your own systems.</p>
            <div className="flex flex-wrap gap-2" data-testid="catalog-feeds">
              {FORMATS.map(([format, label]) => (
                <DownloadButton
                  key={format}
                  label={`Download ${label}`}
                  download={() => downloadCatalogFeed(companyId, format)}
                />
              ))}
            </div>
          </>
        ) : (
          <p>
            Ask us to open the catalog feeds to your company: the whole catalog at your prices as
            ACES, PIES or CSV files.
          </p>
        )}
      </div>
    </section>
  );
}

/** Staff open or close a company's catalog feeds (each change in the audit log). */
export function StaffCatalogFeedAccess({ companyId }: { companyId: string }) {
  const access = useStaffCatalogFeedAccess(companyId);
  const set = useSetCatalogFeedAccess(companyId);
  // What staff just chose, shown at once (the box is controlled) until the server has answered.
  const [chosen, setChosen] = useState<boolean | null>(null);
  return (
    <section aria-labelledby="staff-catalog-feeds-heading">
      <h3 id="staff-catalog-feeds-heading" className="mb-2 font-semibold">
        Catalog feeds
      </h3>
      {access.isPending ? (
        <Spinner label="Loading…" />
      ) : access.isError ? (
        <p role="alert" className="text-error">
          We could not load whether the feeds are open.
        </p>
      ) : (
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            className="checkbox"
            checked={chosen ?? access.data.allowed}
            disabled={chosen !== null}
            onChange={(event) => {
              setChosen(event.target.checked);
              set.mutate(event.target.checked, { onSettled: () => setChosen(null) });
            }}
          />
          <span>
            Its owners and admins may download the catalog feeds (ACES, PIES, CSV) at its prices
          </span>
        </label>
      )}
      {set.isError && (
        <p role="alert" className="mt-1 text-sm text-error">
          {set.error instanceof ApiError
            ? set.error.message
            : 'That did not work. Please try again.'}
        </p>
      )}
    </section>
  );
}
