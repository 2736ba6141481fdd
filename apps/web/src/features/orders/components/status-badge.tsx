import type { OrderResponse } from '@storefront/contract';

/** Spec: unpaid red, paid green, pending yellow. */
const styles: Record<OrderResponse['status'], string> = {
  unpaid: 'badge-error',
  paid: 'badge-success',
  pending: 'badge-warning',
  canceled: 'badge-neutral',
};

export function StatusBadge({ status }: { status: OrderResponse['status'] }) {
  return (
    <span className={`badge ${styles[status]}`} data-testid="order-status">
      {status}
    </span>
  );
}
