import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatMoney, type OrderResponse } from '@storefront/contract';
import { dashboardPaths } from '../../../config/dashboard-paths';
import { ApiError } from '../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { downloadInvoice } from '../api/download-invoice';
import { useOrderEmails } from '../api/get-order-emails';
import { StatusBadge } from '../../../components/ui/status-badge';
import { OrderLinesTable } from '../../../components/order-lines-table';
import { TaxRows } from './order-tax-rows';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="contents">
      <dt className="font-medium text-base-content/80">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

/** The order's steps so far, with their dates: what a customer follows. */
function Progress({ order }: { order: OrderResponse }) {
  const steps: [string, string | null][] =
    order.status === 'canceled'
      ? [
          ['Placed', order.createdAt],
          ...(order.paidAt ? ([['Paid', order.paidAt]] as [string, string][]) : []),
          ['Cancelled', order.canceledAt],
        ]
      : [
          ['Placed', order.createdAt],
          ['Paid', order.paidAt],
          ['Shipped', order.shippedAt],
          ['Delivered', order.deliveredAt],
        ];
  return (
    <ol className="steps steps-vertical sm:steps-horizontal w-full" aria-label="Progress">
      {steps.map(([label, at]) => (
        <li key={label} className={`step ${at ? 'step-primary' : ''}`}>
          <span className="text-sm">
            {label}
            {at && <span className="block text-xs text-base-content/70">{formatDateTime(at)}</span>}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** A customer's order: the receipt, its progress, the invoice and the mails sent about it. */
/** `actions`: what the app adds beside the receipt's own (order again, download its lines). */
export function OrderReceipt({ order, actions }: { order: OrderResponse; actions?: ReactNode }) {
  const emails = useOrderEmails(order._id);
  const [invoiceError, setInvoiceError] = useState<string | null>(null);
  const [fetching, setFetching] = useState(false);

  const onInvoice = async () => {
    setInvoiceError(null);
    setFetching(true);
    try {
      await downloadInvoice(order._id, order.number);
    } catch (err) {
      setInvoiceError(
        err instanceof ApiError ? err.message : 'The invoice could not be downloaded.',
      );
    } finally {
      setFetching(false);
    }
  };

  return (
    <article className="space-y-6" data-testid="order-receipt">
      <header className="flex flex-wrap items-center gap-3">
        <h2 className="text-2xl font-bold">Order {order.number}</h2>
        <StatusBadge status={order.status} account={order.account} />
      </header>
      {order.replacesReturn && (
        <p className="alert alert-info block" data-testid="order-replaces-return">
          A replacement at no charge for your warranty claim{' '}
          <Link className="link" to={dashboardPaths.returnPage.href(order.replacesReturn.id)}>
            return {order.replacesReturn.number}
          </Link>
          : nothing to pay.
        </p>
      )}
      <Progress order={order} />

      <section className="card bg-base-100 shadow" aria-labelledby="receipt-heading">
        <div className="card-body">
          <h3 id="receipt-heading" className="card-title">
            Receipt
          </h3>
          <dl className="grid grid-cols-[9rem_1fr] gap-x-4 gap-y-2">
            <Row label="Order number">{order.number}</Row>
            <Row label="Date">{formatDateTime(order.createdAt)}</Row>
            <Row label="Lines">{order.lines.length}</Row>
            {order.tax && <TaxRows tax={order.tax} />}
            {order.coreDeposits !== undefined && (
              <Row label="Core deposits">
                <span data-testid="receipt-core-deposits">
                  {formatMoney(order.coreDeposits)}, refunded when the old parts are returned
                </span>
              </Row>
            )}
            <Row label="Total">
              <strong data-testid="receipt-total">{formatMoney(order.partPrice)}</strong>
            </Row>
            <Row label="Ship to">
              {order.shipTo.city
                ? `${order.shipTo.street}, ${order.shipTo.postalCode} ${order.shipTo.city}, ${order.shipTo.country}`
                : order.address}
            </Row>
            <Row label="Phone">{order.phone}</Row>
            {order.company && <Row label="Company">{order.company}</Row>}
            {order.taxId && <Row label="Tax/VAT id">{order.taxId}</Row>}
            {order.poNumber && <Row label="Your PO number">{order.poNumber}</Row>}
            {order.paymentMode === 'account' && (
              <Row label="Payment">
                <span data-testid="account-payment">
                  {order.account?.paid
                    ? "On the company's account: paid"
                    : order.account
                      ? `On the company's account, due ${formatDate(order.account.dueAt)}`
                      : "On the company's account"}
                </span>
              </Row>
            )}
            {order.paidAt && (
              <Row label="Payment id">
                <code className="text-xs break-all">{order.transactionId}</code>
              </Row>
            )}
            {order.carrier && (
              <>
                <Row label="Carrier">{order.carrier}</Row>
                <Row label="Tracking number">
                  <span data-testid="tracking-number">{order.trackingNumber}</span>
                </Row>
              </>
            )}
            {order.refund && (
              <Row label="Refund">
                {order.refund.status === 'succeeded'
                  ? `Refunded ${formatMoney(order.refund.amount)}`
                  : order.refund.status === 'pending'
                    ? 'On its way to your card'
                    : 'It failed: we will contact you'}
              </Row>
            )}
          </dl>
          <OrderLinesTable lines={order.lines} total={order.partPrice} />
          <div className="card-actions mt-2 items-start">
            {order.status === 'unpaid' && (
              <Link to={dashboardPaths.payment.href(order._id)} className="btn btn-primary">
                Pay now
              </Link>
            )}
            {(order.paidAt || order.paymentMode === 'account') && (
              <button
                type="button"
                className="btn btn-outline"
                onClick={() => void onInvoice()}
                disabled={fetching}
              >
                Download the invoice (PDF)
              </button>
            )}
            {actions}
          </div>
          {invoiceError && (
            <p role="alert" className="text-sm text-error">
              {invoiceError}
            </p>
          )}
        </div>
      </section>

      <section aria-labelledby="emails-heading">
        <h3 id="emails-heading" className="mb-2 text-lg font-semibold">
          E-mails about this order
        </h3>
        {emails.isPending ? (
          <p className="text-sm">Loading…</p>
        ) : emails.isError || emails.data.length === 0 ? (
          <p className="text-sm text-base-content/80">No e-mails yet.</p>
        ) : (
          <ul className="space-y-2" data-testid="order-emails">
            {emails.data.map((mail) => (
              <li key={mail.id}>
                <details className="rounded-box bg-base-100 p-3 shadow">
                  <summary className="cursor-pointer font-medium">
                    {mail.subject}
                    <span className="ml-2 text-sm font-normal text-base-content/70">
                      {formatDateTime(mail.sentAt)}
                    </span>
                  </summary>
                  <pre className="mt-2 whitespace-pre-wrap break-words font-sans text-sm">
                    {mail.text}
                  </pre>
                </details>
              </li>
            ))}
          </ul>
        )}
      </section>
    </article>
  );
}
