import type { ImportStatus } from '@storefront/contract';
import { STATUS_LABELS } from '../words';

const styles: Record<ImportStatus, string> = {
  reading: 'badge-info',
  previewed: 'badge-primary',
  applying: 'badge-info',
  applied: 'badge-success',
  failed: 'badge-error',
  discarded: 'badge-ghost',
};

export function ImportStatusBadge({ status }: { status: ImportStatus }) {
  return (
    <span className={`badge whitespace-nowrap ${styles[status]}`} data-testid="import-status">
      {STATUS_LABELS[status]}
    </span>
  );
}
