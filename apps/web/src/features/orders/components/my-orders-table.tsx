import { Link } from 'react-router';
import { alerts, formatMoney, type OrderResponse } from '@storefront/contract';
import { paths } from '../../../config/paths';
import { confirm, showError, showInfo, showSuccess } from '../../../lib/alert';
import { ApiError } from '../../../lib/api-client';
import { useCancelOrder } from '../api/cancel-order';
import { StatusBadge } from './status-badge';

export function MyOrdersTable({ orders, email }: { orders: OrderResponse[]; email: string }) {
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

  return (
    <div className="overflow-x-auto rounded-box bg-base-100 shadow">
      <table className="table" data-testid="orders-table">
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col">Amount</th>
            <th scope="col">Price</th>
            <th scope="col">Status</th>
            <th scope="col">Transaction ID</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order._id} data-testid="order-row">
              <td>{order.partName}</td>
              <td>{order.minimum}x</td>
              <td>{formatMoney(order.partPrice)}</td>
              <td>
                <StatusBadge status={order.status} />
              </td>
              <td>
                {order.status === 'unpaid' ? (
                  <div className="flex flex-wrap gap-2">
                    <Link
                      to={paths.dashboard.payment.href(order._id)}
                      className="btn btn-primary btn-sm"
                    >
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
                ) : (
                  <code className="text-xs break-all" data-testid="transaction-id">
                    {order.transactionId}
                  </code>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
