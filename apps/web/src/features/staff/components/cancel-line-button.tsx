import { type OrderLine } from '@storefront/contract';
import { confirm, showError, showSuccess } from '../../../lib/alert';
import { ApiError } from '../../../lib/api-client';
import { useStaffCancelLine } from '../api/staff-orders';

/** Staff cancel one line of an order not yet shipped, after saying what it does. */
export function CancelLineButton({ orderId, line }: { orderId: string; line: OrderLine }) {
  const cancelLine = useStaffCancelLine(orderId);
  const onCancel = async () => {
    const yes = await confirm(
      `Cancel line ${line.lineNo}?`,
      `${line.quantity} × ${line.partName} go back to stock; if the order is paid, this line is refunded. The last line cancels the whole order.`,
      'Cancel the line',
    );
    if (!yes) return;
    try {
      await cancelLine.mutateAsync(line.lineNo);
      await showSuccess('The line was canceled');
    } catch (err) {
      await showError(
        'The line could not be canceled',
        err instanceof ApiError ? err.message : undefined,
      );
    }
  };
  return (
    <button
      type="button"
      className="btn btn-outline btn-error btn-xs"
      disabled={cancelLine.isPending}
      onClick={() => void onCancel()}
      aria-label={`Cancel line ${line.lineNo}: ${line.partName}`}
    >
      Cancel line
    </button>
  );
}
