import { Link, useSearchParams } from 'react-router';
import { ErrorMessage } from '../../../components/ui/error-message';
import { Spinner } from '../../../components/ui/spinner';
import { usePageTitle } from '../../../components/ui/page-title';
import { dashboardPaths } from '../../../config/dashboard-paths';
import { ExportFilteredParts } from '../../../features/catalog-import/components/catalog-files';
import { toSearch } from '../../../features/staff/api/staff-orders';
import { useStaffParts, type PartFilters } from '../../../features/staff/api/staff-parts';
import { PartFiltersForm } from '../../../features/staff/components/part-filters';
import { StaffPartsTable } from '../../../features/staff/components/staff-parts-table';
import { formatCount } from '@storefront/contract';

/** The filters and the page from the address: links, reload, back and forward keep them. */
function readAddress(params: URLSearchParams) {
  const stock = params.get('stock');
  const show = params.get('show');
  const filters: PartFilters = {
    q: params.get('q') || undefined,
    stock: stock === 'low' || stock === 'out' ? stock : undefined,
    show: show === 'archived' || show === 'all' ? show : undefined,
  };
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  return { filters, page };
}

export default function StaffPartsRoute() {
  usePageTitle('Parts');
  const [params, setParams] = useSearchParams();
  const { filters, page } = readAddress(params);
  const parts = useStaffParts({ ...filters, page: page > 1 ? page : undefined });
  const go = (query: PartFilters & { page?: number }) =>
    setParams(new URLSearchParams(toSearch(query)));
  const pages = parts.data ? Math.max(1, Math.ceil(parts.data.total / parts.data.pageSize)) : 1;

  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold">Parts</h2>
        <div className="flex flex-wrap items-start gap-2">
          {/* The list shows live parts unless told otherwise; the export, everything. */}
          <ExportFilteredParts filters={{ ...filters, show: filters.show ?? 'live' }} />
          <Link to={dashboardPaths.addPart.href()} className="btn btn-outline btn-sm">
            Add a part
          </Link>
        </div>
      </div>
      <PartFiltersForm key={toSearch(filters)} value={filters} onApply={(f) => go(f)} />
      {parts.isPending ? (
        <Spinner label="Loading parts…" />
      ) : parts.isError ? (
        <ErrorMessage
          title="We could not load the parts."
          error={parts.error}
          onRetry={() => void parts.refetch()}
        />
      ) : (
        <>
          <p className="mb-2 text-sm" aria-live="polite" data-testid="parts-total">
            {parts.data.total === 1 ? '1 part' : `${formatCount(parts.data.total)} parts`}
            {' · '}low stock means fewer than {parts.data.lowStockFactor} × the minimum order
            {parts.isFetching && <span className="sr-only"> (updating)</span>}
          </p>
          {parts.data.items.length === 0 ? (
            <div className="rounded-box bg-base-100 p-8 text-center shadow">
              No parts match these filters.
            </div>
          ) : (
            <StaffPartsTable parts={parts.data.items} />
          )}
          {pages > 1 && (
            <nav aria-label="Pages" className="join mt-4">
              <button
                type="button"
                className="btn join-item btn-sm"
                disabled={page <= 1}
                onClick={() => go({ ...filters, page: page - 1 })}
              >
                « Previous
              </button>
              <span className="btn join-item btn-sm btn-disabled" aria-current="page">
                Page {page} of {pages}
              </span>
              <button
                type="button"
                className="btn join-item btn-sm"
                disabled={page >= pages}
                onClick={() => go({ ...filters, page: page + 1 })}
              >
                Next »
              </button>
            </nav>
          )}
        </>
      )}
    </>
  );
}
