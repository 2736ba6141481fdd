import { Link, useParams } from 'react-router';
import { DownloadLinesCsv } from '../../../components/download-lines-csv';
import { ErrorMessage } from '../../../components/ui/error-message';
import { Spinner } from '../../../components/ui/spinner';
import { usePageTitle } from '../../../components/ui/page-title';
import { dashboardPaths } from '../../../config/dashboard-paths';
import { OrderAgainButton } from '../../../features/cart/components/order-again-button';
import { useOrder } from '../../../features/orders/api/get-order';
import { OrderReceipt } from '../../../features/orders/components/order-receipt';
import { ApiError } from '../../../lib/api-client';

export default function OrderRoute() {
  const { id = '' } = useParams();
  const order = useOrder(id);
  usePageTitle(order.data ? `Order ${order.data.number}` : 'Your order');
  if (order.isPending) return <Spinner label="Loading your order…" />;
  if (order.isError)
    return order.error instanceof ApiError && order.error.status === 404 ? (
      <div role="alert">
        <h2 className="text-xl font-semibold">Order not found</h2>
        <Link to={dashboardPaths.myOrders.href()} className="link link-primary">
          Back to My Orders
        </Link>
      </div>
    ) : (
      <ErrorMessage
        title="We could not load your order."
        error={order.error}
        onRetry={() => void order.refetch()}
      />
    );
  return (
    <OrderReceipt
      order={order.data}
      actions={
        <>
          <OrderAgainButton orderId={order.data._id} number={order.data.number} />
          {order.data.status === 'delivered' && (
            <Link
              to={dashboardPaths.newReturn.href(order.data._id)}
              className="btn btn-outline btn-sm min-h-11"
            >
              Return parts
            </Link>
          )}
          <DownloadLinesCsv
            lines={order.data.lines.filter((l) => !l.canceledAt)}
            name={`order-${order.data.number}.csv`}
            label="Download its lines (CSV)"
          />
        </>
      }
    />
  );
}
