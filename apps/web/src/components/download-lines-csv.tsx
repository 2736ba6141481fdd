import { linesCsv } from '@storefront/contract';
import { downloadText } from '../lib/download';

/**
 * Lines (a cart's, an order's) as the CSV quick order imports: importing the file gives the same
 * lines back.
 */
export function DownloadLinesCsv({
  lines,
  name,
  label = 'Download as CSV',
}: {
  lines: readonly { sku: string; quantity: number; reference?: string | null }[];
  name: string;
  label?: string;
}) {
  return (
    <button
      type="button"
      className="btn btn-ghost btn-sm"
      disabled={lines.length === 0}
      onClick={() => downloadText(name, linesCsv(lines))}
    >
      {label}
    </button>
  );
}
