import { Link } from 'react-router';
import type { StockMovement, StockMovementKind } from '@storefront/contract';
import { ErrorMessage } from '../../../components/ui/error-message';
import { Spinner } from '../../../components/ui/spinner';
import { dashboardPaths } from '../../../config/dashboard-paths';
import { formatDateTime } from '../../../lib/dates';
import { useStockHistory } from '../api/staff-parts';
import { formatCount } from '@storefront/contract';

const KIND_LABEL: Record<StockMovementKind, string> = {
  opening: 'Opening stock',
  receive: 'Received',
  adjust: 'Adjusted',
  order: 'Ordered',
  cancel: 'Order canceled',
  sweep: 'Unpaid order expired',
  refund: 'Refunded by staff',
  import: 'Imported',
  feed: 'Stock feed (API)',
  returned: 'Returned',
};

function Row({ m }: { m: StockMovement }) {
  return (
    <tr data-testid="stock-movement">
      <td className="whitespace-nowrap">{formatDateTime(m.at)}</td>
      <td>{KIND_LABEL[m.kind]}</td>
      <td className={`text-right font-mono ${m.delta < 0 ? 'text-error' : ''}`}>
        {m.delta > 0 ? `+${m.delta}` : `−${Math.abs(m.delta)}`}
      </td>
      <td className="text-right font-mono">{formatCount(m.levelAfter)}</td>
      <td>
        {m.orderId && m.orderNumber && (
          <Link to={dashboardPaths.staffOrder.href(m.orderId)} className="link link-primary mr-2">
            {m.orderNumber}
          </Link>
        )}
        {m.reason}
      </td>
      <td className="text-xs break-all">{m.actorEmail ?? '—'}</td>
    </tr>
  );
}

/** Every change to the part's stock, newest first, like a bank statement. */
export function StockHistory({ partId }: { partId: string }) {
  const history = useStockHistory(partId);
  if (history.isPending) return <Spinner label="Loading the stock history…" />;
  if (history.isError)
    return (
      <ErrorMessage
        title="We could not load the stock history."
        error={history.error}
        onRetry={() => void history.refetch()}
      />
    );
  const movements = history.data.pages.flatMap((p) => p.items);
  return (
    <>
      <div className="overflow-x-auto" tabIndex={0}>
        <table className="table table-sm" data-testid="stock-history">
          <caption className="sr-only">Stock movements, newest first</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">What</th>
              <th scope="col" className="text-right">
                Change
              </th>
              <th scope="col" className="text-right">
                Stock after
              </th>
              <th scope="col">Order or reason</th>
              <th scope="col">By</th>
            </tr>
          </thead>
          <tbody>
            {movements.map((m) => (
              <Row key={m.id} m={m} />
            ))}
          </tbody>
        </table>
      </div>
      {movements.length === 0 && <p className="p-4 text-sm">No stock movements yet.</p>}
      {history.hasNextPage && (
        <button
          type="button"
          className="btn btn-ghost btn-sm mt-2"
          onClick={() => void history.fetchNextPage()}
          disabled={history.isFetchingNextPage}
        >
          {history.isFetchingNextPage ? 'Loading…' : 'Show older movements'}
        </button>
      )}
    </>
  );
}
