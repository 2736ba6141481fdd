import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatMoney, type StaffOrderDetails } from '@storefront/contract';
import { dashboardPaths } from '../../../config/dashboard-paths';
import { formatDateTime } from '../../../lib/dates';
import { StatusBadge } from '../../../components/ui/status-badge';
import { OrderLinesTable } from '../../../components/order-lines-table';
import { CancelLineButton } from './cancel-line-button';
import { FulfilmentActions } from './fulfilment-actions';
import { FulfilmentBadge, PaymentBadge } from './state-badges';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="contents">
      <dt className="font-medium text-base-content/80">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

function Card({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section className="card bg-base-100 shadow" aria-labelledby={id}>
      <div className="card-body">
        <h3 id={id} className="card-title">
          {title}
        </h3>
        {children}
      </div>
    </section>
  );
}

const ACTOR: Record<StaffOrderDetails['timeline'][number]['actor'], string> = {
  customer: 'Customer',
  staff: 'Staff',
  system: 'The shop',
  provider: 'Payment provider',
};

/** Everything about one order, for staff: who, where, what, the money, every change. */
export function StaffOrderView({ details }: { details: StaffOrderDetails }) {
  const { order, customer, paymentRecord, refunds, timeline, emails } = details;
  const shipTo = order.shipTo.city
    ? `${order.shipTo.street}, ${order.shipTo.postalCode} ${order.shipTo.city}, ${order.shipTo.country}`
    : order.address;
  return (
    <article className="space-y-6" data-testid="staff-order">
      <header className="flex flex-wrap items-center gap-3">
        <h2 className="text-2xl font-bold">Order {order.number}</h2>
        <StatusBadge status={order.status} account={order.account} />
        <span className="flex items-center gap-1 text-sm">
          Payment <PaymentBadge state={details.payment} />
        </span>
        <span className="flex items-center gap-1 text-sm">
          Fulfilment <FulfilmentBadge state={details.fulfilment} />
        </span>
      </header>

      {order.replacesReturn && (
        <p className="alert alert-info block" data-testid="order-replaces-return">
          Warranty replacement at no charge for{' '}
          <Link className="link" to={dashboardPaths.staffReturn.href(order.replacesReturn.id)}>
            return {order.replacesReturn.number}
          </Link>
          : nothing to collect; ship it like any other order.
        </p>
      )}
      <FulfilmentActions details={details} />

      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="Customer" id="customer-heading">
          <dl className="grid grid-cols-[8rem_1fr] gap-x-4 gap-y-2">
            <Row label="Name">{customer.name}</Row>
            <Row label="Email">
              <a className="link" href={`mailto:${customer.email}`}>
                {customer.email}
              </a>
            </Row>
            <Row label="Phone">{order.phone}</Row>
            <Row label="Ship to">{shipTo}</Row>
            {order.company && <Row label="Company">{order.company}</Row>}
            {order.taxId && <Row label="Tax/VAT id">{order.taxId}</Row>}
            {order.poNumber && <Row label="PO number">{order.poNumber}</Row>}
          </dl>
        </Card>
        <Card title="Order" id="summary-heading">
          <dl className="grid grid-cols-[8rem_1fr] gap-x-4 gap-y-2">
            <Row label="Lines">{order.lines.length}</Row>
            <Row label="Total">
              <strong>{formatMoney(order.partPrice)}</strong>
            </Row>
            <Row label="Placed">{formatDateTime(order.createdAt)}</Row>
            {order.carrier && (
              <Row label="Shipment">
                {order.carrier}: <span className="font-mono">{order.trackingNumber}</span>
              </Row>
            )}
          </dl>
        </Card>
      </div>

      <Card title="Lines" id="lines-heading">
        <OrderLinesTable
          lines={order.lines}
          total={order.partPrice}
          action={(line) =>
            !line.canceledAt && ['unpaid', 'pending', 'paid'].includes(order.status) ? (
              <CancelLineButton orderId={order._id} line={line} />
            ) : null
          }
        />
      </Card>

      <Card title="Payment" id="payment-heading">
        {paymentRecord ? (
          <dl className="grid grid-cols-[8rem_1fr] gap-x-4 gap-y-2">
            <Row label="Provider">{paymentRecord.provider}</Row>
            <Row label="Intent">
              <code className="text-xs break-all">{paymentRecord.intentId}</code>
            </Row>
            <Row label="Status">{paymentRecord.status}</Row>
            <Row label="Charged">{formatMoney(paymentRecord.amount)}</Row>
            <Row label="Attempt">{paymentRecord.attempt}</Row>
          </dl>
        ) : (
          <p>No payment was started.</p>
        )}
        {refunds.length > 0 && (
          <ul className="mt-3 space-y-1" data-testid="refunds">
            {refunds.map((refund) => (
              <li key={refund.createdAt}>
                Refund of {formatMoney(refund.amount)}: <strong>{refund.status}</strong>
                {refund.providerRefundId && (
                  <code className="ml-2 text-xs">{refund.providerRefundId}</code>
                )}{' '}
                <span className="text-sm text-base-content/70">
                  ({formatDateTime(refund.createdAt)})
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>

      <Card title="Timeline" id="timeline-heading">
        <ol className="space-y-2" data-testid="order-timeline">
          {timeline.map((event) => (
            <li key={`${event.at}-${event.to}`} className="border-l-2 border-primary pl-3">
              <span className="font-medium">
                {event.from ? `${event.from} → ${event.to}` : `placed, ${event.to}`}
              </span>
              <span className="block text-sm text-base-content/70">
                {formatDateTime(event.at)} · {ACTOR[event.actor]}
                {event.actorEmail && ` (${event.actorEmail})`}
              </span>
              {event.note && <span className="block text-sm">{event.note}</span>}
            </li>
          ))}
        </ol>
      </Card>

      <Card title="E-mails sent" id="emails-heading">
        {emails.length === 0 ? (
          <p>None yet.</p>
        ) : (
          <ul className="space-y-2">
            {emails.map((mail) => (
              <li key={mail.id}>
                <details>
                  <summary className="cursor-pointer">
                    {mail.subject}{' '}
                    <span className="text-sm text-base-content/70">
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
      </Card>
    </article>
  );
}
