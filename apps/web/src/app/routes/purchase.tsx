import { lazy, Suspense } from 'react';
import { useNavigate, useParams } from 'react-router';
import { alerts } from '@storefront/contract';
import { ErrorMessage } from '../../components/ui/error-message';
import { Spinner } from '../../components/ui/spinner';
import { usePageTitle } from '../../components/ui/page-title';
import { paths } from '../../config/paths';
import { dashboardPaths } from '../../config/dashboard-paths';
import { useAuth } from '../../features/auth/use-auth';
import { usePart } from '../../features/catalog/api/get-part';
import { PartDetails } from '../../features/catalog/components/part-details';
import { showSuccess } from '../../lib/alert';
import { ApiError } from '../../lib/api-client';

// The form brings zod with it: the part's details (the page's largest paint) must not wait for it.
const OrderForm = lazy(() =>
  import('../../features/orders/components/order-form').then((m) => ({ default: m.OrderForm })),
);

export default function PurchaseRoute() {
  const { id = '' } = useParams();
  const part = usePart(id);
  const auth = useAuth();
  const navigate = useNavigate();
  usePageTitle(part.data ? `Order ${part.data.name}` : 'Order a part');

  if (part.isPending) return <Spinner label="Loading the part…" />;
  if (part.isError) {
    const missing = part.error instanceof ApiError && part.error.status === 404;
    return (
      <div className="mx-auto max-w-3xl px-4 py-12">
        {missing ? (
          <div role="alert" className="text-center">
            <h1 className="text-2xl font-bold">Part not found</h1>
            <p className="mt-2">This part does not exist or is no longer sold.</p>
            <button
              type="button"
              className="btn btn-primary mt-4"
              onClick={() => void navigate(paths.home.href())}
            >
              Back to the collection
            </button>
          </div>
        ) : (
          <ErrorMessage
            title="We could not load this part."
            error={part.error}
            onRetry={() => void part.refetch()}
          />
        )}
      </div>
    );
  }
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 md:grid-cols-2">
      <PartDetails part={part.data} />
      {auth.user ? (
        <Suspense fallback={<Spinner label="Loading the order form…" />}>
          <OrderForm
            key={part.data._id}
            part={part.data}
            customer={{ name: auth.user.name, email: auth.user.email }}
            onPlaced={async (order) => {
              await showSuccess(alerts.orderPlaced);
              // Straight on to paying for it.
              await navigate(dashboardPaths.payment.href(order._id));
            }}
          />
        </Suspense>
      ) : (
        <Spinner label="Loading the order form…" />
      )}
    </div>
  );
}
