import { Link } from 'react-router';
import { formatMoney, type OrderResponse } from '@storefront/contract';
import { StatusBadge } from '../../../components/ui/status-badge';
import { dashboardPaths } from '../../../config/dashboard-paths';
import { formatDate } from '../../../lib/dates';

/** A company's orders with who placed each, and how each is paid. */
export function CompanyOrdersTable({
  orders,
  orderHref = dashboardPaths.order.href,
}: {
  orders: OrderResponse[];
  /** Where an order's number leads: the buyer's receipt, or the staff page. */
  orderHref?: (id: string) => string;
}) {
  if (orders.length === 0)
    return (
      <p
        className="rounded-box bg-base-100 p-8 text-center shadow"
        data-testid="company-orders-empty"
      >
        The company has no orders yet.
      </p>
    );
  return (
    <div className="overflow-x-auto rounded-box bg-base-100 shadow">
      <table className="table" aria-label="Company orders">
        <thead>
          <tr>
            <th>Order</th>
            <th>Date</th>
            <th>Placed by</th>
            <th>Parts</th>
            <th>Total</th>
            <th>Payment</th>
            <th>Status</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((o) => (
            <tr key={o._id} data-testid="company-order">
              <td>
                <Link to={orderHref(o._id)} className="link link-primary">
                  {o.number}
                </Link>
              </td>
              <td>{formatDate(o.createdAt)}</td>
              <td>
                {o.name}
                <br />
                <span className="text-sm">{o.email}</span>
              </td>
              <td>{o.partName}</td>
              <td>{formatMoney(o.partPrice)}</td>
              <td>{o.paymentMode === 'account' ? 'On account' : 'Card'}</td>
              <td>
                <StatusBadge status={o.status} account={o.account} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
