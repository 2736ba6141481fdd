import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { formatMoney, type CartLine, formatCount } from '@storefront/contract';
import { paths } from '../../../config/paths';
import { FormError } from '../../../components/ui/form-error';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { useMyCompanyChoices, useRequestQuote } from '../api/quotes';

/**
 * "Request a quote" on the cart: the cart's lines with an optional target unit price each and a
 * note, sent as a request; the cart stays as it is. Loaded on its own when the buyer opens it.
 */
export default function RequestQuote({
  lines,
  onCancel,
}: {
  lines: CartLine[];
  onCancel: () => void;
}) {
  const [targets, setTargets] = useState<Record<string, string>>({});
  const [note, setNote] = useState('');
  const [companyId, setCompanyId] = useState('');
  const companies = useMyCompanyChoices();
  const request = useRequestQuote();
  const navigate = useNavigate();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    request.mutate(
      {
        lines: lines.map((l) => {
          const target = Number(targets[l.partId]);
          return {
            partId: l.partId,
            quantity: l.quantity,
            ...(targets[l.partId] && target > 0 ? { targetUnitPrice: target } : {}),
          };
        }),
        ...(note.trim() ? { note: note.trim() } : {}),
        ...(companyId ? { companyId } : {}),
      },
      { onSuccess: (quote) => void navigate(paths.quote.href(quote.id)) },
    );
  };

  return (
    <form
      onSubmit={submit}
      className="mt-4 w-full rounded-box bg-base-100 p-4 shadow"
      aria-label="Request a quote"
    >
      <h2 className="mb-2 text-xl font-semibold">Request a quote</h2>
      <p className="mb-3 text-sm text-base-content/80">
        Ask us for a price for these lines. Your cart stays as it is; we answer with an offer and
        the date it holds until.
      </p>
      <ul className="mb-3 space-y-2">
        {lines.map((l) => (
          <li key={l.partId} className="flex flex-wrap items-center justify-between gap-2">
            <span>
              {l.sku} · {l.name} × {formatCount(l.quantity)} (list {formatMoney(l.unitPrice)})
            </span>
            <label className="flex items-center gap-2 text-sm">
              Target unit price ($)
              <input
                type="number"
                min="0.01"
                step="0.01"
                inputMode="decimal"
                // Every line has this field: its name says which part it is for.
                aria-label={`Target unit price ($) for ${l.sku} ${l.name}`}
                className="input input-bordered input-sm w-28"
                value={targets[l.partId] ?? ''}
                onChange={(e) => setTargets({ ...targets, [l.partId]: e.target.value })}
              />
            </label>
          </li>
        ))}
      </ul>
      {(companies.data?.length ?? 0) > 0 && (
        <label className="mb-3 flex flex-col gap-1 text-sm font-medium">
          Ask as
          <select
            className="select select-bordered"
            value={companyId}
            onChange={(e) => setCompanyId(e.target.value)}
          >
            <option value="">Myself</option>
            {companies.data?.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name} (its members see the quote)
              </option>
            ))}
          </select>
        </label>
      )}
      <TextAreaField
        label="Note for our sales team"
        value={note}
        maxLength={2000}
        onChange={(e) => setNote(e.target.value)}
      />
      {request.error && <FormError message={request.error.message} />}
      <div className="flex gap-2">
        <button type="submit" className="btn btn-primary" disabled={request.isPending}>
          Send request
        </button>
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
