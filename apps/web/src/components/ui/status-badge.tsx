import type { OrderResponse } from '@storefront/contract';

/** Spec: unpaid red, paid green, pending yellow; after them, shipped blue, delivered dark, canceled grey. */
const styles: Record<OrderResponse['status'], string> = {
  unpaid: 'badge-error',
  paid: 'badge-success',
  pending: 'badge-warning',
  shipped: 'badge-info',
  delivered: 'badge-neutral',
  canceled: 'badge-ghost',
};

export function StatusBadge({ status }: { status: OrderResponse['status'] }) {
  return (
    <span className={`badge ${styles[status]}`} data-testid="order-status">
      {status}
    </span>
  );
}
