import { Link, useParams } from 'react-router';
import { ErrorMessage } from '../../../components/ui/error-message';
import { Spinner } from '../../../components/ui/spinner';
import { usePageTitle } from '../../../components/ui/page-title';
import { dashboardPaths } from '../../../config/dashboard-paths';
import { useStaffOrder } from '../../../features/staff/api/staff-orders';
import { StaffOrderView } from '../../../features/staff/components/staff-order-view';
import { ApiError } from '../../../lib/api-client';

export default function StaffOrderRoute() {
  const { id = '' } = useParams();
  const details = useStaffOrder(id);
  usePageTitle(details.data ? `Order ${details.data.order.number}` : 'Order');
  const back = (
    <Link to={dashboardPaths.orders.href()} className="link link-primary mb-4 inline-block">
      ← All orders
    </Link>
  );
  if (details.isPending) return <Spinner label="Loading the order…" />;
  if (details.isError)
    return details.error instanceof ApiError && details.error.status === 404 ? (
      <div role="alert">
        {back}
        <h2 className="text-xl font-semibold">Order not found</h2>
      </div>
    ) : (
      <ErrorMessage
        title="We could not load the order."
        error={details.error}
        onRetry={() => void details.refetch()}
      />
    );
  return (
    <>
      {back}
      <StaffOrderView details={details.data} />
    </>
  );
}
