import type { FormEvent } from 'react';
import { formatMoney } from '@storefront/contract';
import { ErrorMessage } from '../../../components/ui/error-message';
import { Spinner } from '../../../components/ui/spinner';
import { SubmitButton } from '../../../components/ui/submit-button';
import { useCompanyExplain, useCompanyPriceLists } from '../api/company-prices';
import { Problems } from './problems';
import { validity } from './validity';

/**
 * The company's negotiated prices, for its members: which lists it has (the highest priority
 * that prices a part decides), and why a part costs what it does at a quantity.
 */
export function CompanyPrices({ companyId }: { companyId: string }) {
  const lists = useCompanyPriceLists(companyId);
  const explain = useCompanyExplain(companyId);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    explain.mutate({
      partNumber: String(data.get('partNumber') ?? '').trim(),
      quantity: Number(data.get('quantity') ?? 1),
    });
  };
  if (lists.isPending) return <Spinner label="Loading your price lists…" />;
  if (lists.isError)
    return (
      <ErrorMessage
        title="We could not load your price lists."
        error={lists.error}
        onRetry={() => void lists.refetch()}
      />
    );
  if (lists.data.assignments.length === 0) return null;
  return (
    <section aria-labelledby="company-prices-title" className="mt-8">
      <h3 id="company-prices-title" className="mb-2 text-lg font-semibold">
        Your negotiated prices
      </h3>
      <ul className="mb-3 list-disc pl-5" data-testid="company-price-lists">
        {lists.data.assignments.map((a) => (
          <li key={a.listId}>
            {a.listName}: {validity(a)}, priority {a.priority}
          </li>
        ))}
      </ul>
      <form
        onSubmit={onSubmit}
        aria-label="Why this price"
        className="flex flex-wrap items-end gap-2 rounded-box bg-base-100 p-4 shadow"
      >
        <label className="form-control">
          <span className="label-text">Part number</span>
          <input name="partNumber" required maxLength={64} className="input input-bordered" />
        </label>
        <label className="form-control">
          <span className="label-text">Quantity</span>
          <input
            name="quantity"
            type="number"
            min="1"
            step="1"
            required
            defaultValue={1}
            className="input input-bordered w-28"
          />
        </label>
        <SubmitButton busy={explain.isPending}>Why this price</SubmitButton>
      </form>
      <Problems error={explain.error} />
      {explain.data && !explain.isPending && (
        <p role="status" className="mt-2" data-testid="company-price-why">
          {formatMoney(explain.data.unitPrice)} a piece: {explain.data.summary}
        </p>
      )}
    </section>
  );
}
