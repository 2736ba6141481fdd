import { useState, type FormEvent } from 'react';
import { ErrorMessage } from '../../../components/ui/error-message';
import { Spinner } from '../../../components/ui/spinner';
import { SubmitButton } from '../../../components/ui/submit-button';
import { useCreateTaxRegion, useDeleteTaxRegion, useTaxRegions } from '../api/tax-regions';
import { TaxRegionEditor } from './tax-region-editor';
import { Refusal } from './tax-refusal';

/**
 * Where the shop collects tax (issue 37, decision 063): the regions with their rates, a form that
 * adds one, and a delete per region. With none, the shop charges no tax anywhere.
 */
export function TaxRegionsPanel() {
  const regions = useTaxRegions();
  const create = useCreateTaxRegion();
  const remove = useDeleteTaxRegion();
  const [editing, setEditing] = useState<string | null>(null);
  const edited = regions.data?.find((r) => r.id === editing) ?? null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    create.mutate(
      {
        country: text('country'),
        state: text('state') || null,
        rate: text('rate') === '' ? Number.NaN : Number(text('rate')),
        categoryRates: [],
      },
      { onSuccess: () => form.reset() },
    );
  };

  return (
    <>
      <section aria-labelledby="tax-regions-title" className="mb-8">
        <h2 id="tax-regions-title" className="mb-4 text-xl font-semibold">
          Where the shop collects tax
        </h2>
        {regions.isPending ? (
          <Spinner label="Loading tax regions…" />
        ) : regions.isError ? (
          <ErrorMessage
            title="The tax regions could not be loaded"
            error={regions.error}
            onRetry={() => void regions.refetch()}
          />
        ) : regions.data.length === 0 ? (
          <p data-testid="tax-regions-empty">
            No tax regions: the shop charges no tax anywhere. Add a country, or a state or province
            of one, below.
          </p>
        ) : (
          <div className="overflow-x-auto" tabIndex={0}>
            <table className="table" data-testid="tax-regions">
              <thead>
                <tr>
                  <th scope="col">Region</th>
                  <th scope="col">Rate</th>
                  <th scope="col">Category rates</th>
                  <th scope="col">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {regions.data.map((r) => (
                  <tr key={r.id}>
                    <td>{r.key}</td>
                    <td>{r.rate}%</td>
                    <td>
                      {r.categoryRates.length === 0
                        ? '—'
                        : r.categoryRates.map((c) => `${c.category} ${c.rate}%`).join(', ')}
                    </td>
                    <td className="whitespace-nowrap">
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm min-h-11"
                        onClick={() => setEditing(r.id)}
                        aria-label={`Edit the rates of ${r.key}`}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm min-h-11"
                        disabled={remove.isPending}
                        onClick={() => remove.mutate(r.id)}
                        aria-label={`Stop collecting tax in ${r.key}`}
                      >
                        Delete
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Refusal error={remove.error} />
        {edited && (
          <TaxRegionEditor key={edited.id} region={edited} onDone={() => setEditing(null)} />
        )}
      </section>
      <section aria-labelledby="new-tax-region-title">
        <h2 id="new-tax-region-title" className="mb-4 text-xl font-semibold">
          Add a tax region
        </h2>
        <form
          onSubmit={onSubmit}
          className="rounded-box bg-base-100 p-4 shadow"
          aria-label="Add a tax region"
          data-testid="tax-region-form"
        >
          <div className="grid gap-3 md:grid-cols-3">
            <label className="form-control">
              <span className="label-text">Country (two-letter code)</span>
              <input
                name="country"
                required
                maxLength={2}
                className="input input-bordered w-full"
                placeholder="US"
              />
            </label>
            <label className="form-control">
              <span className="label-text">State or province (optional)</span>
              <input
                name="state"
                maxLength={60}
                className="input input-bordered w-full"
                placeholder="CA"
              />
            </label>
            <label className="form-control">
              <span className="label-text">Rate (%)</span>
              <input
                name="rate"
                required
                inputMode="decimal"
                className="input input-bordered w-full"
                placeholder="8.25"
              />
            </label>
          </div>
          <Refusal error={create.error} />
          <div className="mt-4">
            <SubmitButton busy={create.isPending}>Add region</SubmitButton>
          </div>
        </form>
      </section>
    </>
  );
}
