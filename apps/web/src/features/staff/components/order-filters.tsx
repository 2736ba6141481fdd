import { useState, type FormEvent } from 'react';
import { ORDER_STATUSES } from '@storefront/contract';
import type { OrderFilters } from '../api/staff-orders';

type OrderFiltersFormProps = {
  value: OrderFilters;
  onApply: (filters: OrderFilters) => void;
};

/**
 * The list's filters. Typed into locally and applied on submit (Enter works), so the list is not
 * asked again on every key; the page keys this form by the address, so back and forward reset it.
 */
export function OrderFiltersForm({ value, onApply }: OrderFiltersFormProps) {
  const [draft, setDraft] = useState(value);
  const set = (name: keyof OrderFilters) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [name]: e.target.value || undefined }));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    onApply({ ...draft, q: draft.q?.trim() || undefined });
  };
  return (
    <form
      role="search"
      aria-label="Filter orders"
      onSubmit={onSubmit}
      className="mb-4 grid gap-3 rounded-box bg-base-100 p-4 shadow sm:grid-cols-2 lg:grid-cols-[1fr_10rem_10rem_10rem_auto]"
    >
      <label className="form-control">
        <span className="label-text mb-1 font-medium">Search</span>
        <input
          type="search"
          className="input input-bordered w-full"
          placeholder="Order number, customer email or part"
          maxLength={100}
          value={draft.q ?? ''}
          onChange={set('q')}
        />
      </label>
      <label className="form-control">
        <span className="label-text mb-1 font-medium">Status</span>
        <select
          className="select select-bordered w-full"
          value={draft.status ?? ''}
          onChange={set('status')}
        >
          <option value="">Any status</option>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </select>
      </label>
      <label className="form-control">
        <span className="label-text mb-1 font-medium">From</span>
        <input
          type="date"
          className="input input-bordered w-full"
          value={draft.from ?? ''}
          max={draft.to}
          onChange={set('from')}
        />
      </label>
      <label className="form-control">
        <span className="label-text mb-1 font-medium">To</span>
        <input
          type="date"
          className="input input-bordered w-full"
          value={draft.to ?? ''}
          min={draft.from}
          onChange={set('to')}
        />
      </label>
      <div className="flex items-end gap-2">
        <button type="submit" className="btn btn-primary">
          Apply
        </button>
        <button type="button" className="btn btn-ghost" onClick={() => onApply({})}>
          Clear
        </button>
      </div>
    </form>
  );
}
