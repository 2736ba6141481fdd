import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { alerts, formatMoney, type OrderResponse } from '@storefront/contract';
import { dashboardPaths } from '../../../config/dashboard-paths';
import { confirm, showError, showInfo, showSuccess } from '../../../lib/alert';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/dates';
import { useCancelOrder } from '../api/cancel-order';
import { orderAmount } from '../order-amount';
import { StatusBadge } from '../../../components/ui/status-badge';

type MyOrdersTableProps = {
  orders: OrderResponse[];
  email: string;
  /** Canceled orders are listed to read: no actions, their refund shown. */
  readOnly?: boolean;
  /** What the app adds to a placed order's actions (order again). */
  orderActions?: (order: OrderResponse) => ReactNode;
};

/** A shipped order's carrier and tracking number, under its status. */
function Shipment({ order }: { order: OrderResponse }) {
  if (!order.trackingNumber) return null;
  return (
    <span className="mt-1 block text-xs" data-testid="row-tracking">
      {order.carrier}: <span className="font-mono">{order.trackingNumber}</span>
    </span>
  );
}

/**
 * The order's product: the part's name for a one-line order; for several lines, the summary with
 * its line count, opening to every line.
 */
function Product({ order }: { order: OrderResponse }) {
  if (order.lines.length <= 1) return <>{order.partName}</>;
  return (
    <details data-testid="order-lines-summary">
      <summary className="cursor-pointer">
        {order.partName}{' '}
        <span className="badge badge-ghost badge-sm">{order.lines.length} lines</span>
      </summary>
      <ul className="mt-1 space-y-0.5 text-sm">
        {order.lines.map((line) => (
          <li key={line.lineNo} className={line.canceledAt ? 'line-through' : ''}>
            {line.quantity} × {line.partName}{' '}
            <span className="text-base-content/70">({formatMoney(line.total)})</span>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** What a canceled order's money did. */
function refundText(order: OrderResponse): string {
  if (!order.refund) return 'Nothing charged';
  if (order.refund.status === 'succeeded') return `Refunded ${formatMoney(order.refund.amount)}`;
  if (order.refund.status === 'pending') return 'Refund on its way';
  return 'Refund failed: we will contact you';
}

/**
 * The spec's My Orders table (Product, Amount, Price, Status, Transaction ID, with 'Pay now' and
 * 'Cancel' on unpaid rows), with the order number and date beside them. On small screens each order
 * is a card whose actions are always in view.
 */
export function MyOrdersTable({
  orders,
  email,
  readOnly = false,
  orderActions,
}: MyOrdersTableProps) {
  const cancelOrder = useCancelOrder(email);

  const onCancel = async (order: OrderResponse) => {
    const yes = await confirm(alerts.cancelConfirmTitle, alerts.cancelConfirmText);
    if (!yes) {
      await showInfo(alerts.orderSafe);
      return;
    }
    try {
      const answer = await cancelOrder.mutateAsync(order._id);
      if (answer.deletedCount > 0) await showSuccess(alerts.orderCanceled);
    } catch (err) {
      await showError(
        'The order could not be canceled',
        err instanceof ApiError ? err.message : undefined,
      );
    }
  };

  const actions = (order: OrderResponse) =>
    readOnly ? (
      <span className="text-sm" data-testid="refund-status">
        {refundText(order)}
      </span>
    ) : order.status === 'unpaid' ? (
      <div className="flex flex-wrap gap-2">
        <Link to={dashboardPaths.payment.href(order._id)} className="btn btn-primary btn-sm">
          Pay now
        </Link>
        <button
          type="button"
          className="btn btn-outline btn-error btn-sm"
          onClick={() => void onCancel(order)}
          disabled={cancelOrder.isPending && cancelOrder.variables === order._id}
        >
          Cancel
        </button>
      </div>
    ) : order.paymentMode === 'account' ? (
      // On the company's account: invoiced, no card payment; cancelable until it ships.
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm" data-testid="on-account">
          On account
        </span>
        {order.status === 'paid' && (
          <button
            type="button"
            className="btn btn-outline btn-error btn-sm"
            onClick={() => void onCancel(order)}
            disabled={cancelOrder.isPending && cancelOrder.variables === order._id}
          >
            Cancel
          </button>
        )}
      </div>
    ) : (
      <div className="space-y-2">
        <code className="block text-xs break-all" data-testid="transaction-id">
          {order.transactionId}
        </code>
        {orderActions?.(order)}
      </div>
    );

  const numberLink = (order: OrderResponse) => (
    <Link
      to={dashboardPaths.order.href(order._id)}
      className="link link-primary inline-block py-1 font-mono whitespace-nowrap"
      data-testid="order-number"
    >
      {order.number}
    </Link>
  );

  return (
    <>
      <div className="hidden overflow-x-auto rounded-box bg-base-100 shadow md:block">
        <table className="table" data-testid="orders-table">
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Date</th>
              <th scope="col">Product</th>
              <th scope="col">Amount</th>
              <th scope="col">Price</th>
              <th scope="col">Status</th>
              <th scope="col">{readOnly ? 'Refund' : 'Transaction ID'}</th>
            </tr>
          </thead>
          <tbody>
            {orders.map((order) => (
              <tr key={order._id} data-testid="order-row">
                <td>{numberLink(order)}</td>
                <td className="whitespace-nowrap">{formatDate(order.createdAt)}</td>
                <td>
                  <Product order={order} />
                </td>
                <td data-testid="order-amount">{orderAmount(order)}</td>
                <td>{formatMoney(order.partPrice)}</td>
                <td>
                  <StatusBadge status={order.status} account={order.account} />
                  <Shipment order={order} />
                </td>
                <td className="max-w-48">{actions(order)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="space-y-3 md:hidden" data-testid="orders-cards">
        {orders.map((order) => (
          <li key={order._id} className="card bg-base-100 shadow" data-testid="order-card">
            <div className="card-body gap-2 p-4">
              <div className="flex items-center justify-between gap-2">
                {numberLink(order)}
                <StatusBadge status={order.status} account={order.account} />
              </div>
              <div className="font-semibold">
                <Product order={order} />
              </div>
              <Shipment order={order} />
              <dl className="grid grid-cols-2 gap-x-4 text-sm">
                <dt className="text-base-content/70">Date</dt>
                <dd>{formatDate(order.createdAt)}</dd>
                <dt className="text-base-content/70">Amount</dt>
                <dd data-testid="order-amount">{orderAmount(order)}</dd>
                <dt className="text-base-content/70">Price</dt>
                <dd className="font-semibold">{formatMoney(order.partPrice)}</dd>
              </dl>
              <div>{actions(order)}</div>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
