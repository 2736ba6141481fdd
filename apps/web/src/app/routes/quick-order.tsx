import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  QUICK_ORDER_MAX_BYTES,
  QUICK_ORDER_MAX_ROWS,
  quickOrderCsv,
  quickOrderSummary,
} from '@storefront/contract';
import { ErrorMessage } from '../../components/ui/error-message';
import { usePageTitle } from '../../components/ui/page-title';
import { paths } from '../../config/paths';
import { mergeCart } from '../../features/cart/api/cart-api';
import { cartKeys } from '../../features/cart/api/server-cart';
import { QuickOrderRowView } from '../../features/quick-order/components/quick-order-row';
import { downloadText } from '../../lib/download';
import { useQuickOrder } from '../../features/quick-order/use-quick-order';

const TEMPLATE = quickOrderCsv([
  { partNumber: 'IC-100001', quantity: '10', reference: 'Job card 1042' },
  { partNumber: '04E115561H', quantity: '20', reference: '' },
]);

/**
 * Quick order: a list of part numbers and quantities (pasted, or a CSV) into the cart in one
 * step, every row checked by the server and its problem offered as a fix.
 */
export default function QuickOrderRoute() {
  usePageTitle('Quick order');
  const queryClient = useQueryClient();
  // Adding goes through the cart's merge: quantities added to the cart's lines, checked again.
  const q = useQuickOrder(async (lines) => {
    queryClient.setQueryData(cartKeys.server, await mergeCart({ lines }));
  });
  const [text, setText] = useState('');
  const [fileError, setFileError] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const fixable = q.rows.filter((r) => r.result.fix?.kind === 'quantity').length;
  const attentionRows = q.rows.filter((r) => r.result.status !== 'FOUND');

  const upload = async (file: File | undefined) => {
    setFileError('');
    if (!file) return;
    if (file.size > QUICK_ORDER_MAX_BYTES) {
      setFileError(
        `This file is ${Math.ceil(file.size / 1024)} KB; a quick order takes at most ${QUICK_ORDER_MAX_BYTES / 1024} KB. Split it and add it in parts.`,
      );
      return;
    }
    const content = await file.text();
    setText(content);
    await q.read(content);
  };

  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="mb-2 text-3xl font-bold">Quick order</h1>
      <p className="mb-6 text-base-content/80">
        Paste part numbers and quantities, one per line, as they come from a spreadsheet, an e-mail
        or an invoice (<code>IC-100001 10</code>, <code>IC-100001;10</code>,{' '}
        <code>10 x IC-100001</code>), or upload a CSV. OEM numbers work too. At most{' '}
        {QUICK_ORDER_MAX_ROWS} lines.
      </p>

      <form
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          void q.read(text);
        }}
      >
        <label className="block">
          <span className="mb-1 block font-semibold">Your list</span>
          <textarea
            className="textarea h-40 w-full font-mono"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={'IC-100001\t10\n04E 115 561 H, 20\n5 x IC-100007'}
            spellCheck={false}
            data-testid="quick-order-text"
          />
        </label>
        <div className="flex flex-wrap items-center gap-2">
          <button type="submit" className="btn btn-primary" disabled={q.busy || text.trim() === ''}>
            Check list
          </button>
          <button type="button" className="btn" onClick={() => fileInput.current?.click()}>
            Upload CSV
          </button>
          <input
            ref={fileInput}
            type="file"
            accept=".csv,.txt,text/csv,text/plain"
            className="hidden"
            aria-label="Upload a CSV file"
            onChange={(e) => {
              void upload(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => downloadText('quick-order-template.csv', TEMPLATE)}
          >
            Download the CSV template
          </button>
        </div>
        {fileError && (
          <p role="alert" className="text-error">
            {fileError}
          </p>
        )}
      </form>

      {q.error !== null && <ErrorMessage title="We could not check this list." error={q.error} />}

      <div className="mt-8 space-y-4">
        <p className="sr-only" role="status" aria-live="polite">
          {q.busy
            ? 'Checking…'
            : q.rows.length > 0
              ? quickOrderSummary(q.ready, q.attention)
              : q.added !== null
                ? `Added ${q.added} to your cart.`
                : ''}
        </p>
        {q.added !== null && (
          <p className="alert alert-success alert-soft" data-testid="quick-order-added">
            Added {q.added} {q.added === 1 ? 'line' : 'lines'} to your cart.{' '}
            <Link to={paths.cart.href()} className="link">
              Go to the cart
            </Link>
          </p>
        )}
        {q.rows.length > 0 && (
          <>
            <div className="flex flex-wrap items-center justify-between gap-3 rounded-box bg-base-100 p-4 shadow">
              <p className="text-lg font-semibold" data-testid="quick-order-summary">
                {quickOrderSummary(q.ready, q.attention)}
              </p>
              <div className="flex flex-wrap gap-2">
                {fixable > 0 && (
                  <button type="button" className="btn" disabled={q.busy} onClick={q.applyAll}>
                    Apply all suggested fixes
                  </button>
                )}
                {q.attention > 0 && (
                  <button
                    type="button"
                    className="btn btn-ghost"
                    onClick={() =>
                      downloadText(
                        'quick-order-to-fix.csv',
                        quickOrderCsv(
                          attentionRows.map((r) => ({
                            ...r.cells,
                            problem: `${r.result.statusText}${r.result.message ? `: ${r.result.message}` : ''}`,
                          })),
                          true,
                        ),
                      )
                    }
                  >
                    Download rows to fix (CSV)
                  </button>
                )}
                <button
                  type="button"
                  className="btn btn-ghost"
                  onClick={() =>
                    downloadText('quick-order.csv', quickOrderCsv(q.rows.map((r) => r.cells)))
                  }
                >
                  Download all rows (CSV)
                </button>
                <button
                  type="button"
                  className="btn btn-primary"
                  disabled={q.busy || q.ready === 0}
                  onClick={() =>
                    // The list is in the cart now: left in the box, "Check list" would add it twice.
                    void q.addReady().then((added) => added && setText(''))
                  }
                >
                  Add {q.ready} to cart
                </button>
              </div>
            </div>
            <ol className="space-y-2" aria-label="Rows of your list">
              {q.rows.map((row) => (
                <QuickOrderRowView
                  key={row.key}
                  row={row}
                  busy={q.busy}
                  onQuantity={(quantity) => void q.setCells(row.key, { quantity })}
                  onPick={(sku) => void q.setCells(row.key, { partNumber: sku })}
                  onRemove={() => void q.remove(row.key)}
                />
              ))}
            </ol>
          </>
        )}
      </div>
    </div>
  );
}
