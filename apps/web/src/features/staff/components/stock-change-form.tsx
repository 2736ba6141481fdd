import { useState, type FormEvent } from 'react';
import type { StaffPartDetails } from '@storefront/contract';
import { Field } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { useChangeStock } from '../api/staff-parts';
import { formatCount } from '@storefront/contract';

type Kind = 'receive' | 'adjust';

/**
 * Receive goods (a quantity and an optional note) or adjust after a count (a signed quantity and
 * a reason). The server applies it relative to the stock of that moment, so an order placed
 * meanwhile is never lost; the new level comes back in the answer.
 */
export function StockChangeForm({ part }: { part: StaffPartDetails['part'] }) {
  const change = useChangeStock(part._id);
  const [kind, setKind] = useState<Kind>('receive');
  const [quantity, setQuantity] = useState('');
  const [reason, setReason] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const error = change.error instanceof ApiError ? change.error : null;
  const fieldError = (name: string) => error?.fields[name];

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    const delta = Number(quantity);
    change.mutate(
      {
        kind,
        delta: Number.isFinite(delta) && quantity.trim() !== '' ? delta : Number.NaN,
        reason,
      },
      {
        onSuccess: (details) => {
          setDone(`Stock is now ${formatCount(details.part.availableQuantity)}.`);
          setQuantity('');
          setReason('');
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="stock-change-heading">
      <h3 id="stock-change-heading" className="mb-2 font-semibold">
        Change the stock
      </h3>
      <fieldset className="mb-3 flex gap-4">
        <legend className="sr-only">Kind of change</legend>
        {(
          [
            ['receive', 'Receive goods'],
            ['adjust', 'Adjust after a count'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex items-center gap-2">
            <input
              type="radio"
              name="stock-kind"
              className="radio radio-sm"
              checked={kind === value}
              onChange={() => setKind(value)}
            />
            {label}
          </label>
        ))}
      </fieldset>
      <Field
        label={kind === 'receive' ? 'Quantity received' : 'Change (+ or −)'}
        type="number"
        inputMode="numeric"
        step={1}
        min={kind === 'receive' ? 1 : undefined}
        value={quantity}
        onChange={(e) => setQuantity(e.target.value)}
        error={fieldError('delta')}
        hint={kind === 'adjust' ? 'For example −3 for three damaged, 5 for five found.' : undefined}
        required
      />
      <Field
        label={kind === 'receive' ? 'Note (delivery note, supplier)' : 'Reason'}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        maxLength={200}
        error={fieldError('reason')}
        required={kind === 'adjust'}
      />
      {error && !error.fields.delta && !error.fields.reason && (
        <p role="alert" className="mb-2 text-sm text-error">
          {error.message}
        </p>
      )}
      {error?.status === 409 && (
        <p role="alert" className="mb-2 text-sm text-error">
          {error.message}
        </p>
      )}
      <p role="status" aria-live="polite" className="mb-2 text-sm text-success-content">
        {done}
      </p>
      <button type="submit" className="btn btn-primary" disabled={change.isPending}>
        {change.isPending && (
          <span className="loading loading-spinner loading-xs" aria-hidden="true" />
        )}
        {kind === 'receive' ? 'Receive' : 'Adjust'}
      </button>
    </form>
  );
}
