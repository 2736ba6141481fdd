import { useId, useState, type FormEvent } from 'react';
import { CATEGORIES, categoryLabel, type TaxRegionResponse } from '@storefront/contract';
import { SubmitButton } from '../../../components/ui/submit-button';
import { useUpdateTaxRegion } from '../api/tax-regions';
import { Refusal } from './tax-refusal';

type Row = { key: number; category: string; rate: string };

const asNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));

/**
 * One region's rate and its category rates (decision 063: a category's own rate replaces the
 * region's for parts of that category): rows added, changed and removed, then saved together.
 */
export function TaxRegionEditor({
  region,
  onDone,
}: {
  region: TaxRegionResponse;
  onDone: () => void;
}) {
  const update = useUpdateTaxRegion();
  const id = useId();
  const [rate, setRate] = useState(String(region.rate));
  const [next, setNext] = useState(region.categoryRates.length);
  const [rows, setRows] = useState<Row[]>(() =>
    region.categoryRates.map((c, i) => ({ key: i, category: c.category, rate: String(c.rate) })),
  );
  const change = (key: number, patch: Partial<Row>) =>
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const unused = CATEGORIES.find((c) => !rows.some((r) => r.category === c)) ?? CATEGORIES[0];

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    update.mutate(
      {
        id: region.id,
        body: {
          country: region.country,
          state: region.state,
          rate: asNumber(rate),
          categoryRates: rows.map((r) => ({
            category: r.category as (typeof CATEGORIES)[number],
            rate: asNumber(r.rate),
          })),
        },
      },
      { onSuccess: onDone },
    );
  };

  return (
    <form
      onSubmit={onSubmit}
      className="mt-4 rounded-box bg-base-100 p-4 shadow"
      aria-labelledby={`${id}-title`}
      data-testid="tax-region-editor"
    >
      <h3 id={`${id}-title`} className="mb-3 text-lg font-semibold">
        Rates in {region.key}
      </h3>
      <label className="form-control max-w-xs">
        <span className="label-text">Rate (%)</span>
        <input
          value={rate}
          onChange={(e) => setRate(e.target.value)}
          required
          inputMode="decimal"
          className="input input-bordered w-full"
        />
      </label>
      <fieldset className="mt-4">
        <legend className="mb-2 font-semibold">Category rates</legend>
        {rows.length === 0 && (
          <p className="mb-2 text-sm text-base-content/80">
            Every category pays the region&apos;s rate.
          </p>
        )}
        <ul className="space-y-2">
          {rows.map((row, i) => (
            <li
              key={row.key}
              className="flex flex-wrap items-end gap-2"
              data-testid="category-rate"
            >
              <label className="form-control">
                <span className="label-text">Category {i + 1}</span>
                <select
                  value={row.category}
                  onChange={(e) => change(row.key, { category: e.target.value })}
                  className="select select-bordered"
                >
                  {CATEGORIES.map((c) => (
                    <option key={c} value={c}>
                      {categoryLabel(c)}
                    </option>
                  ))}
                </select>
              </label>
              <label className="form-control w-32">
                <span className="label-text">Rate {i + 1} (%)</span>
                <input
                  value={row.rate}
                  onChange={(e) => change(row.key, { rate: e.target.value })}
                  required
                  inputMode="decimal"
                  className="input input-bordered w-full"
                />
              </label>
              <button
                type="button"
                className="btn btn-ghost btn-sm min-h-11"
                onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}
                aria-label={`Remove the rate of ${categoryLabel(row.category)}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
        {rows.length < CATEGORIES.length && (
          <button
            type="button"
            className="btn btn-outline btn-sm mt-2 min-h-11"
            onClick={() => {
              setRows((all) => [...all, { key: next, category: unused, rate: '' }]);
              setNext((n) => n + 1);
            }}
          >
            Add a category rate
          </button>
        )}
      </fieldset>
      <Refusal error={update.error} />
      <div className="mt-4 flex flex-wrap gap-2">
        <SubmitButton busy={update.isPending}>Save rates</SubmitButton>
        <button type="button" className="btn btn-ghost min-h-11" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
