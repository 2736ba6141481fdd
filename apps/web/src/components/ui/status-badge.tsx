import type { OrderResponse } from '@storefront/contract';
import { formatDate } from '../../lib/dates';

/** Spec: unpaid red, paid green, pending yellow; after them, shipped blue, delivered dark, canceled grey. */
const styles: Record<OrderResponse['status'], string> = {
  unpaid: 'badge-error',
  paid: 'badge-success',
  pending: 'badge-warning',
  shipped: 'badge-info',
  delivered: 'badge-neutral',
  canceled: 'badge-ghost',
};

type StatusBadgeProps = {
  status: OrderResponse['status'];
  /** An order on account's invoice: `paid` there only means confirmed until the invoice is paid. */
  account?: OrderResponse['account'];
};

export function StatusBadge({ status, account }: StatusBadgeProps) {
  if (status === 'paid' && account) {
    return account.paid ? (
      <span className="badge badge-success" data-testid="order-status">
        Paid
      </span>
    ) : (
      <span className="badge badge-warning h-auto min-h-5" data-testid="order-status">
        On account, due {formatDate(account.dueAt)}
      </span>
    );
  }
  return (
    <span className={`badge ${styles[status]}`} data-testid="order-status">
      {status}
    </span>
  );
}
