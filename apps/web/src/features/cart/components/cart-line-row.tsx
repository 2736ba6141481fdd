import { memo, useState } from 'react';
import {
  coreDepositLine,
  formatMoney,
  MAX_LINE_REFERENCE,
  stepLabel,
  toCents,
  type CartLine,
  formatCount,
} from '@storefront/contract';
import { AppLink } from '../../../components/ui/app-link';
import { LinePicture } from '../../../components/ui/line-picture';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import type { LineChange } from '../use-cart';
import { LineProblems } from './line-problems';
import { QuantityStepper } from './quantity-stepper';

type Props = {
  line: CartLine;
  /**
   * False for a line off the first screens (issue 41): its text without its controls, until it
   * comes near (cart.tsx). The name's link and the total are the same elements either way, so
   * focus on the link survives the line being drawn in full.
   */
  drawn: boolean;
  onChange: (partId: string, change: LineChange) => Promise<void>;
  onRemove: (partId: string) => Promise<void>;
};

/**
 * One line of the cart: the part, its quantity, reference and total, and what to fix. Drawn again
 * only when its line or its callbacks change (a cart of fifty re-rendered every row for each
 * change of the page around it).
 */
export const CartLineRow = memo(function CartLineRow({ line, drawn, onChange, onRemove }: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [reference, setReference] = useState(line.reference ?? '');
  const referenceTooLong = reference.trim().length > MAX_LINE_REFERENCE;

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'That did not work. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  const setQuantity = (quantity: number) => run(() => onChange(line.partId, { quantity }));
  const saveReference = () => {
    const value = reference.trim();
    if (referenceTooLong || value === (line.reference ?? '')) return;
    void run(() => onChange(line.partId, { quantity: line.quantity, reference: value }));
  };

  const price = `Part number ${line.sku} · ${line.publicUnitPrice === undefined ? '' : 'Your price '}${formatMoney(line.unitPrice)} a piece`;
  const terms = `${line.priceStep !== null ? ` (${stepLabel(line.priceStep)})` : ''}${line.packSize > 1 ? ` · packs of ${line.packSize}` : ''}`;

  return (
    <li
      className="card cart-line bg-base-100 shadow-sm"
      data-testid="cart-line"
      data-part-id={line.partId}
      data-light={drawn ? undefined : ''}
    >
      <div className="card-body grid gap-3 p-4 sm:grid-cols-[5rem_1fr_auto]">
        {/* A line off the first screens has no picture yet: its slot is kept, so the elements
            after it are the same ones once it is drawn in full. */}
        {drawn ? <LinePicture src={line.url} /> : null}
        <div className="min-w-0 space-y-2">
          <h2 className="font-semibold break-words">
            <AppLink to={paths.part.href(line.partId)} className="link-hover">
              {line.name}
            </AppLink>
          </h2>
          <p className="text-xs text-base-content/70">
            {drawn ? (
              <>
                {price}
                {line.publicUnitPrice === undefined ? null : (
                  <s className="ml-1">List price {formatMoney(line.publicUnitPrice)}</s>
                )}
                {terms}
              </>
            ) : (
              // One text, not seven: a light line is as few elements for React to make as it can be.
              `${price}${line.publicUnitPrice === undefined ? '' : ` List price ${formatMoney(line.publicUnitPrice)}`}${terms}`
            )}
          </p>
          {drawn ? (
            <div className="flex flex-wrap items-start gap-3">
              <QuantityStepper
                key={line.quantity}
                label={`Quantity of ${line.name}`}
                value={line.quantity}
                step={line.packSize}
                min={line.mOrderQuantity}
                busy={busy}
                onChange={(q) => void setQuantity(q)}
              />
              <label className="flex flex-col text-xs">
                <span>Your reference (job card, plate, VIN)</span>
                <input
                  className={`input input-sm w-48 ${referenceTooLong ? 'input-error' : ''}`}
                  value={reference}
                  maxLength={MAX_LINE_REFERENCE + 20}
                  aria-invalid={referenceTooLong ? true : undefined}
                  onChange={(e) => setReference(e.target.value)}
                  onBlur={saveReference}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') saveReference();
                  }}
                />
                {referenceTooLong && (
                  <span role="alert" className="text-error">
                    At most {MAX_LINE_REFERENCE} characters.
                  </span>
                )}
              </label>
            </div>
          ) : (
            <p className="text-sm">
              {`Quantity ${formatCount(line.quantity)}${line.reference ? ` · your reference ${line.reference}` : ''}`}
            </p>
          )}
          {drawn && (
            <LineProblems
              problems={line.problems}
              busy={busy}
              onFix={(p) =>
                void run(() =>
                  p.code === 'PRICE_CHANGED'
                    ? onChange(line.partId, { quantity: line.quantity, acceptPrice: true })
                    : p.suggested === null
                      ? onRemove(line.partId)
                      : onChange(line.partId, { quantity: p.suggested }),
                )
              }
            />
          )}
          {drawn && line.nudge && line.problems.length === 0 && (
            <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="volume-nudge">
              <span>{line.nudge.message}.</span>
              <button
                type="button"
                className="btn btn-outline btn-xs"
                disabled={busy}
                onClick={() => void setQuantity(line.nudge!.quantity)}
              >
                Add {formatCount(line.nudge.add)} more
              </button>
            </p>
          )}
          {line.coreCharge > 0 && (
            <p className="text-sm" data-testid="core-deposit">
              {coreDepositLine(toCents(line.coreCharge), line.quantity)}
            </p>
          )}
          {error && (
            <p role="alert" className="text-sm text-error">
              {error}
            </p>
          )}
        </div>
        <div className="flex items-center justify-between gap-3 sm:flex-col sm:items-end">
          <p className="text-lg font-bold" data-testid="line-total">
            {formatMoney(line.lineTotal)}
          </p>
          {drawn && (
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              disabled={busy}
              onClick={() => void run(() => onRemove(line.partId))}
              aria-label={`Remove ${line.name}`}
            >
              Remove
            </button>
          )}
        </div>
      </div>
    </li>
  );
});
