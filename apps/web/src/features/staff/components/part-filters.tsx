import { useState, type FormEvent } from 'react';
import type { PartFilters } from '../api/staff-parts';

type PartFiltersFormProps = { value: PartFilters; onApply: (filters: PartFilters) => void };

/** Search by name, stock state and archived: applied on submit, kept in the address. */
export function PartFiltersForm({ value, onApply }: PartFiltersFormProps) {
  const [draft, setDraft] = useState(value);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    onApply({ ...draft, q: draft.q?.trim() || undefined });
  };
  return (
    <form
      role="search"
      aria-label="Filter parts"
      onSubmit={onSubmit}
      className="mb-4 grid gap-3 rounded-box bg-base-100 p-4 shadow sm:grid-cols-2 lg:grid-cols-[1fr_10rem_10rem_auto]"
    >
      <label className="form-control">
        <span className="label-text mb-1 font-medium">Search</span>
        <input
          type="search"
          className="input input-bordered w-full"
          placeholder="Part name or number"
          maxLength={100}
          value={draft.q ?? ''}
          onChange={(e) => setDraft((d) => ({ ...d, q: e.target.value || undefined }))}
        />
      </label>
      <label className="form-control">
        <span className="label-text mb-1 font-medium">Stock</span>
        <select
          className="select select-bordered w-full"
          value={draft.stock ?? ''}
          onChange={(e) =>
            setDraft((d) => ({
              ...d,
              stock: (e.target.value || undefined) as PartFilters['stock'],
            }))
          }
        >
          <option value="">Any stock</option>
          <option value="low">Low stock</option>
          <option value="out">Out of stock</option>
        </select>
      </label>
      <label className="form-control">
        <span className="label-text mb-1 font-medium">Show</span>
        <select
          className="select select-bordered w-full"
          value={draft.show ?? 'live'}
          onChange={(e) => setDraft((d) => ({ ...d, show: e.target.value as PartFilters['show'] }))}
        >
          <option value="live">In the catalog</option>
          <option value="archived">Archived</option>
          <option value="all">All parts</option>
        </select>
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
