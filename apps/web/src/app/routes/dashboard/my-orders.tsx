import { Link, useSearchParams } from 'react-router';
import { ErrorMessage } from '../../../components/ui/error-message';
import { Spinner } from '../../../components/ui/spinner';
import { usePageTitle } from '../../../components/ui/page-title';
import { paths } from '../../../config/paths';
import { dashboardPaths } from '../../../config/dashboard-paths';
import { useAuth } from '../../../features/auth/use-auth';
import { useMyOrders } from '../../../features/orders/api/get-my-orders';
import { OrderAgainButton } from '../../../features/cart/components/order-again-button';
import { MyOrdersTable } from '../../../features/orders/components/my-orders-table';

export default function MyOrdersRoute() {
  usePageTitle('My Orders');
  const email = useAuth().user?.email ?? '';
  // The filter lives in the address, so back, forward and reload keep it.
  const [params, setParams] = useSearchParams();
  const show = params.get('show') === 'cancelled' ? 'canceled' : 'live';
  const orders = useMyOrders(email, show);
  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold">My Orders</h2>
        <Link to={dashboardPaths.companyOrders.href()} className="link link-primary">
          Company orders
        </Link>
        <label className="label cursor-pointer gap-2">
          <input
            type="checkbox"
            className="toggle toggle-primary"
            checked={show === 'canceled'}
            onChange={(e) => setParams(e.target.checked ? { show: 'cancelled' } : {})}
          />
          <span className="text-base-content">Show cancelled</span>
        </label>
      </div>
      {orders.isPending ? (
        <Spinner label="Loading your orders…" />
      ) : orders.isError ? (
        <ErrorMessage
          title="We could not load your orders."
          error={orders.error}
          onRetry={() => void orders.refetch()}
        />
      ) : orders.data.length === 0 ? (
        <div className="rounded-box bg-base-100 p-8 text-center shadow" data-testid="orders-empty">
          <p>{show === 'canceled' ? 'You have no cancelled orders.' : 'You have no orders yet.'}</p>
          <Link to={`${paths.home.href()}#collection`} className="btn btn-primary mt-4">
            Browse the collection
          </Link>
        </div>
      ) : (
        <MyOrdersTable
          orders={orders.data}
          email={email}
          readOnly={show === 'canceled'}
          orderActions={(order) => <OrderAgainButton orderId={order._id} number={order.number} />}
        />
      )}
    </>
  );
}
