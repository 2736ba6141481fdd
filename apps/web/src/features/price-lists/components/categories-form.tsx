import type { FormEvent } from 'react';
import { CATEGORIES, categoryLabel, type PriceListDetails } from '@storefront/contract';
import { SubmitButton } from '../../../components/ui/submit-button';
import { useSetCategories } from '../api/price-lists';
import { Problems } from './problems';

/** A percentage per category, replacing the list-wide one for its parts; blank: none. */
export function CategoriesForm({ list }: { list: PriceListDetails }) {
  const save = useSetCategories(list.id);
  const current = new Map(list.categories.map((c) => [c.category, c.percentOff]));
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const categories = CATEGORIES.flatMap((category) => {
      const value = String(data.get(category) ?? '').trim();
      return value === '' ? [] : [{ category, percentOff: Number(value) }];
    });
    save.mutate({ categories });
  };
  return (
    <form
      onSubmit={onSubmit}
      aria-label="Percent off by category"
      className="rounded-box bg-base-100 p-4 shadow"
    >
      <div className="grid gap-3 sm:grid-cols-2 md:grid-cols-4">
        {CATEGORIES.map((category) => (
          <label key={category} className="form-control">
            <span className="label-text">{categoryLabel(category)} (% off)</span>
            <input
              name={category}
              type="number"
              min="0.01"
              max="99.99"
              step="0.01"
              inputMode="decimal"
              defaultValue={current.get(category) ?? ''}
              className="input input-bordered w-full"
            />
          </label>
        ))}
      </div>
      <SubmitButton busy={save.isPending}>Save the percentages</SubmitButton>
      {save.isSuccess && !save.isPending && (
        <p role="status" className="mt-2 text-sm">
          Saved.
        </p>
      )}
      <Problems error={save.error} />
    </form>
  );
}
