import { Link, useNavigate, useParams } from 'react-router';
import { alerts, formatMoney } from '@storefront/contract';
import { ErrorMessage } from '../../../components/ui/error-message';
import { Spinner } from '../../../components/ui/spinner';
import { usePageTitle } from '../../../components/ui/page-title';
import { dashboardPaths } from '../../../config/dashboard-paths';
import { useAuth } from '../../../features/auth/use-auth';
import { useOrder } from '../../../features/orders/api/get-order';
import { shownLines } from '../../../features/orders/order-amount';
import { useConfirmPayment } from '../../../features/payments/api/confirm-payment';
import { PaymentForm } from '../../../features/payments/components/payment-form';
import { useConfig } from '../../../features/site/api/get-config';
import { showSuccess } from '../../../lib/alert';
import { ApiError } from '../../../lib/api-client';

export default function PaymentRoute() {
  usePageTitle('Pay for your order');
  const { id = '' } = useParams();
  const order = useOrder(id);
  const auth = useAuth();
  const config = useConfig();
  const navigate = useNavigate();
  const confirmPayment = useConfirmPayment();

  if (order.isPending || config.isPending) return <Spinner label="Loading your order…" />;
  if (order.isError) {
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
  }
  const o = order.data;
  const lines = shownLines(o);
  return (
    <div className="mx-auto max-w-lg">
      <h2 className="mb-4 text-xl font-semibold">Pay for your order</h2>
      <dl
        className="mb-6 grid grid-cols-[8rem_1fr] gap-y-1 rounded-box bg-base-100 p-4 shadow"
        data-testid="payment-summary"
      >
        <dt className="font-medium">Order</dt>
        <dd data-testid="payment-order-number">{o.number}</dd>
        {lines.length > 1 ? (
          <>
            <dt className="font-medium">Parts</dt>
            <dd data-testid="payment-parts">
              {lines.length} parts, {o.minimum} pieces
              <ul className="text-sm">
                {lines.map((line) => (
                  <li key={line.lineNo}>
                    {line.quantity} × {line.partName}
                  </li>
                ))}
              </ul>
            </dd>
          </>
        ) : (
          <>
            <dt className="font-medium">Part</dt>
            <dd>{o.partName}</dd>
            <dt className="font-medium">Quantity</dt>
            <dd>{o.minimum} pieces</dd>
          </>
        )}
        <dt className="font-medium">Total</dt>
        <dd className="font-bold">{formatMoney(o.partPrice)}</dd>
      </dl>
      {o.status !== 'unpaid' ? (
        <div role="status" className="alert alert-soft alert-success">
          <div>
            <p className="font-semibold">
              {o.status === 'paid'
                ? 'This order is already paid.'
                : 'This payment is being processed.'}
            </p>
            <p className="text-sm break-all">Transaction ID: {o.transactionId}</p>
          </div>
        </div>
      ) : (
        <div className="rounded-box bg-base-100 p-4 shadow">
          <PaymentForm
            orderId={o._id}
            provider={config.data?.paymentProvider ?? 'sandbox'}
            publishableKey={config.data?.stripePublishableKey ?? null}
            billing={{ name: auth.user?.name ?? o.name, email: auth.user?.email ?? o.email }}
            payLabel={`Pay ${formatMoney(o.partPrice)}`}
            onSucceeded={async (transactionId) => {
              await confirmPayment.mutateAsync({ orderId: o._id, transactionId });
              await showSuccess(alerts.paymentSuccessful);
              await navigate(dashboardPaths.root.href());
            }}
          />
        </div>
      )}
    </div>
  );
}
