import type { FormEvent } from 'react';
import type { PriceListBody, PriceListSummary } from '@storefront/contract';
import { SubmitButton } from '../../../components/ui/submit-button';
import { Problems } from './problems';

/** The body a list form sends: blank dates and percentage are "none". */
export function listBody(form: HTMLFormElement): PriceListBody {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? '').trim();
  return {
    name: text('name'),
    validFrom: text('validFrom') || null,
    validUntil: text('validUntil') || null,
    percentOff: text('percentOff') === '' ? null : Number(text('percentOff')),
  };
}

/** A price list's name, validity and list-wide percentage: to make one, or to change it. */
export function ListForm({
  list,
  busy,
  error,
  submit,
  onSubmit,
}: {
  list?: PriceListSummary;
  busy: boolean;
  error: unknown;
  submit: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}) {
  return (
    <form
      onSubmit={onSubmit}
      className="rounded-box bg-base-100 p-4 shadow"
      aria-label={submit}
      data-testid="price-list-form"
    >
      <div className="grid gap-3 md:grid-cols-4">
        <label className="form-control md:col-span-2">
          <span className="label-text">Name</span>
          <input
            name="name"
            required
            maxLength={120}
            defaultValue={list?.name}
            className="input input-bordered w-full"
            placeholder="Fleet 2027"
          />
        </label>
        <label className="form-control">
          <span className="label-text">Valid from (optional)</span>
          <input
            name="validFrom"
            type="date"
            defaultValue={list?.validFrom ?? ''}
            className="input input-bordered w-full"
          />
        </label>
        <label className="form-control">
          <span className="label-text">Valid until (optional)</span>
          <input
            name="validUntil"
            type="date"
            defaultValue={list?.validUntil ?? ''}
            className="input input-bordered w-full"
          />
        </label>
        <label className="form-control md:col-span-2">
          <span className="label-text">Percent off every part (optional)</span>
          <input
            name="percentOff"
            type="number"
            min="0.01"
            max="99.99"
            step="0.01"
            inputMode="decimal"
            defaultValue={list?.percentOff ?? ''}
            className="input input-bordered w-full"
            placeholder="35"
          />
        </label>
      </div>
      <p className="mt-2 text-sm text-base-content/70">
        Dates are whole days in UTC, both included. Fixed prices win over percentages; a buyer never
        pays more than the public price.
      </p>
      <SubmitButton busy={busy}>{submit}</SubmitButton>
      <Problems error={error} />
    </form>
  );
}
