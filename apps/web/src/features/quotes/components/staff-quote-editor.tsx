import { useState, type FormEvent } from 'react';
import { formatMoney, type QuoteResponse } from '@storefront/contract';
import { Field } from '../../../components/ui/field';
import { FormError } from '../../../components/ui/form-error';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { findPart, useDeclineQuote, useOfferQuote } from '../api/staff-quotes';

type Row = {
  partId: string;
  sku: string;
  name: string;
  quantity: string;
  unitPrice: string;
  /** Today's catalog price at the requested quantity, shown beside the field. */
  list: number | null;
};

const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The lines to start from: the current offer's, or the request's at its target or list price. */
function startingRows(quote: QuoteResponse): Row[] {
  const current = quote.versions.find((v) => v.version === quote.version) ?? quote.versions[0]!;
  return current.lines.map((l) => ({
    partId: l.partId,
    sku: l.sku,
    name: l.partName,
    quantity: String(l.quantity),
    unitPrice: String(l.unitPrice ?? l.targetUnitPrice ?? l.listUnitPrice ?? ''),
    list: l.listUnitPrice,
  }));
}

/**
 * Staff's offer: change quantities and unit prices, add or remove lines, a message and the date
 * it holds until, then send it as the next version; or decline the request.
 */
export function StaffQuoteEditor({
  quote,
  onStale,
}: {
  quote: QuoteResponse;
  onStale: () => void;
}) {
  const [rows, setRows] = useState<Row[]>(() => startingRows(quote));
  const [message, setMessage] = useState('');
  const [validUntil, setValidUntil] = useState(inDays(14));
  const [adding, setAdding] = useState('');
  const [addError, setAddError] = useState<string | null>(null);
  const offer = useOfferQuote(quote.id);
  const decline = useDeclineQuote(quote.id);
  const total = rows.reduce((sum, r) => sum + Number(r.quantity) * Number(r.unitPrice) || sum, 0);

  const update = (i: number, patch: Partial<Row>) =>
    setRows(rows.map((r, n) => (n === i ? { ...r, ...patch } : r)));

  const add = async () => {
    setAddError(null);
    try {
      const part = await findPart(adding.trim());
      if (rows.some((r) => r.partId === part._id)) throw new Error('That part is already a line');
      setRows([
        ...rows,
        {
          partId: part._id,
          sku: part.sku,
          name: part.name,
          quantity: String(part.mOrderQuantity),
          unitPrice: String(part.price),
          list: part.price,
        },
      ]);
      setAdding('');
    } catch (err) {
      setAddError(err instanceof Error ? err.message : 'No such part');
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    offer.mutate(
      {
        basedOn: quote.version,
        lines: rows.map((r) => ({
          partId: r.partId,
          quantity: Number(r.quantity),
          unitPrice: Number(r.unitPrice),
        })),
        ...(message.trim() ? { message: message.trim() } : {}),
        validUntil,
      },
      {
        onSuccess: () => setMessage(''),
        onError: (e) => e.message.includes('version') && onStale(),
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      className="rounded-box bg-base-100 p-4 shadow"
      aria-label="Send an offer"
    >
      <h2 className="mb-2 text-lg font-semibold">Offer version {quote.version + 1}</h2>
      <ul className="space-y-2" aria-label="Offer lines">
        {rows.map((r, i) => (
          <li
            key={r.partId}
            className="flex flex-wrap items-end gap-2 border-b border-base-200 pb-2"
          >
            <span className="min-w-40 flex-1">
              <span className="font-mono">{r.sku}</span> {r.name}
            </span>
            <label className="flex flex-col text-sm">
              Quantity
              <input
                type="number"
                min="1"
                className="input input-bordered input-sm w-28"
                value={r.quantity}
                onChange={(e) => update(i, { quantity: e.target.value })}
                aria-label={`Quantity of ${r.sku}`}
              />
            </label>
            <label className="flex flex-col text-sm">
              Unit price ($)
              <input
                type="number"
                min="0.01"
                step="0.01"
                className="input input-bordered input-sm w-28"
                value={r.unitPrice}
                onChange={(e) => update(i, { unitPrice: e.target.value })}
                aria-label={`Unit price of ${r.sku}`}
              />
              {r.list !== null && (
                <span className="text-xs opacity-70">
                  {quote.companyId ? 'their price' : 'list'} {formatMoney(r.list)}
                </span>
              )}
            </label>
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => setRows(rows.filter((_, n) => n !== i))}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap items-end gap-2">
        <label className="flex flex-col text-sm">
          Add a part (number or id)
          <input
            className="input input-bordered input-sm w-48"
            value={adding}
            onChange={(e) => setAdding(e.target.value)}
          />
        </label>
        <button
          type="button"
          className="btn btn-sm"
          onClick={() => void add()}
          disabled={!adding.trim()}
        >
          Add line
        </button>
        <FormError message={addError} />
      </div>
      <p className="my-3">
        Total <strong data-testid="offer-total">{formatMoney(total)}</strong>
      </p>
      <Field
        label="Valid until"
        type="date"
        value={validUntil}
        onChange={(e) => setValidUntil(e.target.value)}
        required
      />
      <TextAreaField
        label="Message to the buyer"
        value={message}
        maxLength={2000}
        onChange={(e) => setMessage(e.target.value)}
      />
      <FormError message={offer.error?.message ?? decline.error?.message} />
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          className="btn btn-primary"
          disabled={offer.isPending || rows.length === 0}
        >
          Send offer
        </button>
        <button
          type="button"
          className="btn btn-outline btn-error"
          disabled={decline.isPending}
          onClick={() => decline.mutate(message.trim())}
        >
          Decline
        </button>
      </div>
    </form>
  );
}
