import { RETURN_STATUS_LABELS, type ReturnStatus } from '@storefront/contract';

const styles: Record<ReturnStatus, string> = {
  requested: 'badge-info',
  approved: 'badge-primary',
  refused: 'badge-neutral',
  received: 'badge-warning',
  inspected: 'badge-warning',
  settled: 'badge-success',
};

export function ReturnStatusBadge({ status }: { status: ReturnStatus }) {
  return (
    <span className={`badge ${styles[status]}`} data-testid="return-status">
      {RETURN_STATUS_LABELS[status]}
    </span>
  );
}
