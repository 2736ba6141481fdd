import { Link } from 'react-router';
import { formatMoney, type StaffOrderRow } from '@storefront/contract';
import { dashboardPaths } from '../../../config/dashboard-paths';
import { formatDate } from '../../../lib/dates';
import { FulfilmentBadge, PaymentBadge } from './state-badges';

/** One page of every customer's orders; the number opens the order. */
export function StaffOrdersTable({ orders }: { orders: StaffOrderRow[] }) {
  return (
    <div className="overflow-x-auto rounded-box bg-base-100 shadow">
      <table className="table table-sm" data-testid="staff-orders-table">
        <caption className="sr-only">Orders, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Date</th>
            <th scope="col">Customer</th>
            <th scope="col">Part</th>
            <th scope="col" className="text-right">
              Quantity
            </th>
            <th scope="col" className="text-right">
              Total
            </th>
            <th scope="col">Payment</th>
            <th scope="col">Fulfilment</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order._id} data-testid="staff-order-row">
              <td>
                <Link
                  to={dashboardPaths.staffOrder.href(order._id)}
                  className="link link-primary font-mono whitespace-nowrap"
                >
                  {order.number}
                </Link>
              </td>
              <td className="whitespace-nowrap">{formatDate(order.createdAt)}</td>
              <td>
                <span className="block">{order.customerName}</span>
                <span className="block text-xs text-base-content/70 break-all">
                  {order.customerEmail}
                </span>
              </td>
              <td>{order.partName}</td>
              <td className="text-right">{order.quantity}</td>
              <td className="text-right whitespace-nowrap">{formatMoney(order.total)}</td>
              <td>
                <PaymentBadge state={order.payment} />
              </td>
              <td>
                <FulfilmentBadge state={order.fulfilment} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
