import { Link } from 'react-router';
import { RETURN_REASON_LABELS, type ReturnSummary } from '@storefront/contract';
import { formatDate } from '../../../lib/dates';
import { ReturnStatusBadge } from './return-status';

/** Returns, newest first: number, order, reason, status (with the customer and company for staff). */
export function ReturnList({
  returns,
  hrefOf,
  showCustomer = false,
}: {
  returns: ReturnSummary[];
  hrefOf: (id: string) => string;
  showCustomer?: boolean;
}) {
  if (returns.length === 0) return <p data-testid="no-returns">No returns.</p>;
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Returns">
      <table className="table table-sm" data-testid="return-list">
        <thead>
          <tr>
            <th>Return</th>
            <th>Order</th>
            {showCustomer && <th>Customer</th>}
            <th>Reason</th>
            <th>Pieces</th>
            <th>Status</th>
            <th>Asked</th>
          </tr>
        </thead>
        <tbody>
          {returns.map((r) => (
            <tr key={r.id}>
              <td>
                <Link to={hrefOf(r.id)} className="link link-primary inline-block min-h-6">
                  {r.number}
                </Link>
              </td>
              <td>{r.orderNumber}</td>
              {showCustomer && (
                <td>
                  {r.customer.name || r.customer.email}
                  {r.companyName && <span className="block">{r.companyName}</span>}
                </td>
              )}
              <td>{RETURN_REASON_LABELS[r.reason]}</td>
              <td>{r.pieces}</td>
              <td>
                <ReturnStatusBadge status={r.status} />
              </td>
              <td>{formatDate(r.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
