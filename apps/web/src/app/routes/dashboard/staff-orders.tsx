import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatMoney, ORDER_STATUSES, type OrderStatus, formatCount } from '@storefront/contract';
import { ErrorMessage } from '../../../components/ui/error-message';
import { Spinner } from '../../../components/ui/spinner';
import { usePageTitle } from '../../../components/ui/page-title';
import {
  downloadOrdersCsv,
  toSearch,
  useStaffOrders,
  useStaffOrderTotals,
  type OrderFilters,
} from '../../../features/staff/api/staff-orders';
import { OrderFiltersForm } from '../../../features/staff/components/order-filters';
import { StaffOrdersTable } from '../../../features/staff/components/staff-orders-table';
import { ApiError } from '../../../lib/api-client';

const text = (params: URLSearchParams, name: string) => params.get(name) || undefined;

/** The filters and the page, all from the address: links, reload, back and forward keep them. */
function readAddress(params: URLSearchParams) {
  const status = params.get('status');
  const filters: OrderFilters = {
    status: ORDER_STATUSES.includes(status as OrderStatus) ? (status as OrderStatus) : undefined,
    q: text(params, 'q'),
    from: text(params, 'from'),
    to: text(params, 'to'),
  };
  return { filters, after: text(params, 'after'), before: text(params, 'before') };
}

export default function StaffOrdersRoute() {
  usePageTitle('Orders');
  const [params, setParams] = useSearchParams();
  const { filters, after, before } = readAddress(params);
  const orders = useStaffOrders({ ...filters, after, before });
  const totals = useStaffOrderTotals(filters);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);

  const go = (query: Record<string, string | undefined>) =>
    setParams(new URLSearchParams(toSearch(query)));
  const onExport = async () => {
    setExporting(true);
    setExportError(null);
    try {
      await downloadOrdersCsv(filters);
    } catch (err) {
      setExportError(err instanceof ApiError ? err.message : 'The export failed.');
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold">Orders</h2>
        <button
          type="button"
          className="btn btn-outline btn-sm"
          onClick={() => void onExport()}
          disabled={exporting}
          aria-busy={exporting}
        >
          {exporting && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          Export CSV
        </button>
      </div>
      {exportError && (
        <p role="alert" className="mb-3 text-sm text-error">
          {exportError}
        </p>
      )}
      <OrderFiltersForm key={toSearch(filters)} value={filters} onApply={(f) => go(f)} />
      {orders.isPending ? (
        <Spinner label="Loading orders…" />
      ) : orders.isError ? (
        <ErrorMessage
          title="We could not load the orders."
          error={orders.error}
          onRetry={() => void orders.refetch()}
        />
      ) : (
        <>
          <p className="mb-2 text-sm" aria-live="polite" data-testid="orders-totals">
            {totals.isPending ? (
              'Counting the orders…'
            ) : totals.isError ? (
              <span className="text-error">
                The totals could not be counted.{' '}
                <button type="button" className="link" onClick={() => void totals.refetch()}>
                  Try again
                </button>
              </span>
            ) : (
              <>
                {totals.data.count === 1 ? '1 order' : `${formatCount(totals.data.count)} orders`},{' '}
                {formatMoney(totals.data.value)} in total
              </>
            )}
            {(orders.isFetching || totals.isFetching) && (
              <span className="sr-only"> (updating)</span>
            )}
          </p>
          {orders.data.items.length === 0 ? (
            <div className="rounded-box bg-base-100 p-8 text-center shadow">
              No orders match these filters.
            </div>
          ) : (
            <StaffOrdersTable orders={orders.data.items} />
          )}
          <nav aria-label="Pages" className="join mt-4">
            <button
              type="button"
              className="btn join-item btn-sm"
              disabled={!orders.data.prevCursor}
              onClick={() => go({ ...filters, before: orders.data.prevCursor ?? undefined })}
            >
              « Newer
            </button>
            <button
              type="button"
              className="btn join-item btn-sm"
              disabled={!orders.data.nextCursor}
              onClick={() => go({ ...filters, after: orders.data.nextCursor ?? undefined })}
            >
              Older »
            </button>
          </nav>
        </>
      )}
    </>
  );
}
