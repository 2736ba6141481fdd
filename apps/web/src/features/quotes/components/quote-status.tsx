import type { QuoteStatus } from '@storefront/contract';

const styles: Record<QuoteStatus, string> = {
  requested: 'badge-info',
  offered: 'badge-primary',
  accepted: 'badge-success',
  rejected: 'badge-neutral',
  revision_requested: 'badge-warning',
  declined: 'badge-neutral',
  expired: 'badge-ghost',
};

export const quoteStatusLabel = (status: QuoteStatus) =>
  status === 'revision_requested' ? 'revision asked' : status;

export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  return (
    <span className={`badge ${styles[status]}`} data-testid="quote-status">
      {quoteStatusLabel(status)}
    </span>
  );
}
