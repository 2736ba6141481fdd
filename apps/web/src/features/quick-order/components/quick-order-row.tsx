import { useState } from 'react';
import { formatMoney, stepLabel, formatCount } from '@storefront/contract';
import type { GridRow } from '../use-quick-order';
import { LinePicture } from '../../../components/ui/line-picture';

type Props = {
  row: GridRow;
  busy: boolean;
  onQuantity: (quantity: string) => void;
  onPick: (sku: string) => void;
  onRemove: () => void;
};

/**
 * One line of what was pasted: its status in words (and a mark, never colour alone), the part
 * found and how, what the cart already holds, and the fix as a button.
 */
export function QuickOrderRowView({ row, busy, onQuantity, onPick, onRemove }: Props) {
  const r = row.result;
  const ok = r.status === 'FOUND';
  const [picking, setPicking] = useState(false);
  const [quantity, setQuantity] = useState(row.cells.quantity);
  const [seen, setSeen] = useState(row.cells.quantity);
  if (seen !== row.cells.quantity) {
    setSeen(row.cells.quantity);
    setQuantity(row.cells.quantity);
  }
  const commit = () => {
    if (quantity.trim() !== row.cells.quantity) onQuantity(quantity.trim());
  };
  const id = `qo-${row.key}`;
  const part = r.part;

  return (
    <li
      className={`rounded-box border bg-base-100 p-3 shadow-sm ${ok ? 'border-base-300' : 'border-warning'}`}
      data-testid="quick-row"
      data-status={r.status}
      aria-labelledby={`${id}-title`}
    >
      <div className="grid gap-3 sm:grid-cols-[5rem_1fr_auto]">
        {part ? <LinePicture src={part.url} /> : <span className="hidden sm:block" />}
        <div className="min-w-0 space-y-1">
          <p id={`${id}-title`} className="break-words">
            <span className="text-xs text-base-content/70">Line {r.line}: </span>
            <strong>{r.partNumber || '(no part number)'}</strong>
            {part && (
              <>
                {' '}
                <span>{part.name}</span>{' '}
                <span className="text-xs text-base-content/70">
                  {part.matchedBy === 'oem'
                    ? `${part.sku}, matched OEM ${part.matchedOem ?? ''}`
                    : part.matchedBy === 'superseded'
                      ? `${part.replaces ?? ''} is replaced by ${part.sku}`
                      : 'by part number'}
                  {' · '}
                  {r.publicUnitPriceAfter === undefined ? '' : 'Your price '}
                  {formatMoney(r.unitPriceAfter ?? part.unitPrice)} each
                  {r.publicUnitPriceAfter === undefined ? null : (
                    <s className="ml-1">List price {formatMoney(r.publicUnitPriceAfter)}</s>
                  )}
                  {r.priceStepAfter !== null ? ` (${stepLabel(r.priceStepAfter)})` : ''}
                </span>
              </>
            )}
          </p>
          <p className="text-sm" data-testid="quick-row-status">
            <span
              className={`badge badge-sm mr-2 ${ok ? 'badge-success' : 'badge-warning'}`}
              aria-hidden="true"
            >
              {ok ? '✓' : '!'}
            </span>
            <strong>{r.statusText}</strong>
            {r.message && <span>: {r.message}</span>}
          </p>
          {part && r.inCart > 0 && (
            <p className="text-xs text-base-content/70">
              {formatCount(r.inCart)} already in your cart
              {r.totalAfter !== null && `, ${formatCount(r.totalAfter)} after adding`}.
            </p>
          )}
          {r.reference && <p className="text-xs text-base-content/70">Reference: {r.reference}</p>}
          {picking && r.matches.length > 0 && (
            <fieldset className="space-y-1">
              <legend className="text-sm font-semibold">Which part do you mean?</legend>
              {r.matches.map((m) => (
                <button
                  key={m.partId}
                  type="button"
                  className="btn btn-sm btn-outline mr-2 h-auto py-1 text-left normal-case"
                  disabled={busy}
                  onClick={() => {
                    setPicking(false);
                    onPick(m.sku);
                  }}
                >
                  {m.sku}: {m.name}
                </button>
              ))}
            </fieldset>
          )}
        </div>
        <div className="flex flex-wrap items-start gap-2 sm:flex-col sm:items-stretch">
          <label className="flex items-center gap-2 text-sm">
            <span>Quantity</span>
            <input
              className="input input-sm w-24"
              inputMode="numeric"
              value={quantity}
              onChange={(e) => setQuantity(e.target.value)}
              onBlur={commit}
              onKeyDown={(e) => {
                if (e.key === 'Enter') commit();
              }}
              aria-describedby={`${id}-title`}
            />
          </label>
          {r.fix && r.fix.kind === 'quantity' && r.fix.quantity !== null && (
            <button
              type="button"
              className="btn btn-sm btn-primary"
              disabled={busy}
              onClick={() => onQuantity(String(r.fix?.quantity))}
              aria-describedby={`${id}-title`}
            >
              {r.fix.action}
            </button>
          )}
          {r.fix?.kind === 'pick' && (
            <button
              type="button"
              className="btn btn-sm btn-primary"
              disabled={busy}
              aria-expanded={picking}
              onClick={() => setPicking((v) => !v)}
              aria-describedby={`${id}-title`}
            >
              {r.fix.action}
            </button>
          )}
          <button
            type="button"
            className={`btn btn-sm ${r.fix?.kind === 'remove' ? 'btn-primary' : 'btn-ghost'}`}
            disabled={busy}
            onClick={onRemove}
            aria-describedby={`${id}-title`}
          >
            Remove
          </button>
        </div>
      </div>
    </li>
  );
}
