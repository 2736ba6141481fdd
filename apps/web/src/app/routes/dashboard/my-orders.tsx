import { Link } from 'react-router';
import { ErrorMessage } from '../../../components/ui/error-message';
import { Spinner } from '../../../components/ui/spinner';
import { usePageTitle } from '../../../components/ui/page-title';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../features/auth/use-auth';
import { useMyOrders } from '../../../features/orders/api/get-my-orders';
import { MyOrdersTable } from '../../../features/orders/components/my-orders-table';

export default function MyOrdersRoute() {
  usePageTitle('My Orders');
  const email = useAuth().user?.email ?? '';
  const orders = useMyOrders(email);
  return (
    <>
      <h2 className="mb-4 text-xl font-semibold">My Orders</h2>
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
          <p>You have no orders yet.</p>
          <Link to={`${paths.home.href()}#collection`} className="btn btn-primary mt-4">
            Browse the collection
          </Link>
        </div>
      ) : (
        <MyOrdersTable orders={orders.data} email={email} />
      )}
    </>
  );
}
