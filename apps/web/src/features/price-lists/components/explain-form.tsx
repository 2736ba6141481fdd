import type { FormEvent } from 'react';
import { formatMoney, formatCount } from '@storefront/contract';
import { SubmitButton } from '../../../components/ui/submit-button';
import type { CompanyOption } from './company-option';
import { useExplainPrice } from '../api/price-lists';
import { Problems } from './problems';

const STATUS = {
  priced: 'prices it',
  'no-price': 'has no price for it',
  inactive: 'not valid that day',
};

/**
 * Why a company, or a customer group's members, pay what they pay for a part at a quantity: every
 * list considered, and the rule.
 */
export function ExplainForm({
  companies,
  groups,
}: {
  companies: CompanyOption[] | undefined;
  groups: CompanyOption[] | undefined;
}) {
  const explain = useExplainPrice();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const date = String(data.get('date') ?? '');
    const [kind, id = ''] = String(data.get('party') ?? '').split(':');
    explain.mutate({
      party: kind === 'group' ? 'group' : 'company',
      id,
      partNumber: String(data.get('partNumber') ?? '').trim(),
      quantity: Number(data.get('quantity') ?? 1),
      ...(date ? { date } : {}),
    });
  };
  const answer = explain.data;
  return (
    <form
      onSubmit={onSubmit}
      aria-label="Explain a price"
      className="rounded-box bg-base-100 p-4 shadow"
    >
      <div className="grid gap-3 md:grid-cols-4">
        <label className="form-control md:col-span-2">
          <span className="label-text">Company or customer group</span>
          <select name="party" required className="select select-bordered w-full" defaultValue="">
            <option value="" disabled>
              {companies === undefined ? 'Loading companies…' : 'Choose a company or group'}
            </option>
            <optgroup label="Companies">
              {companies?.map((c) => (
                <option key={c.id} value={`company:${c.id}`}>
                  {c.name}
                </option>
              ))}
            </optgroup>
            {groups && groups.length > 0 && (
              <optgroup label="Customer groups">
                {groups.map((g) => (
                  <option key={g.id} value={`group:${g.id}`}>
                    {g.name}
                  </option>
                ))}
              </optgroup>
            )}
          </select>
        </label>
        <label className="form-control">
          <span className="label-text">Part number</span>
          <input
            name="partNumber"
            required
            maxLength={64}
            className="input input-bordered w-full"
          />
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
            className="input input-bordered w-full"
          />
        </label>
        <label className="form-control">
          <span className="label-text">On (optional, default today)</span>
          <input name="date" type="date" className="input input-bordered w-full" />
        </label>
      </div>
      <SubmitButton busy={explain.isPending}>Explain</SubmitButton>
      <Problems error={explain.error} />
      {answer && !explain.isPending && (
        <div className="mt-4" role="status" data-testid="price-explanation">
          <p className="font-semibold">
            {answer.party === 'group'
              ? `The members of ${answer.company.name}`
              : answer.company.name}{' '}
            {answer.party === 'group' ? 'pay' : 'pays'} {formatMoney(answer.unitPrice)} a piece for{' '}
            {formatCount(answer.quantity)} × {answer.part.partNumber} on {answer.date}.
          </p>
          <p data-testid="price-explanation-summary">{answer.summary}</p>
          {answer.candidates.length > 0 && (
            <ul className="mt-2 list-disc pl-5 text-sm">
              {answer.candidates.map((c) => (
                <li key={c.listId}>
                  {c.listName} (priority {c.priority}): {STATUS[c.status]}
                  {c.unitPrice !== null && `, ${formatMoney(c.unitPrice)}`}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </form>
  );
}
