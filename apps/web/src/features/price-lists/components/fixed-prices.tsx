import { useState, type FormEvent } from 'react';
import { formatMoney, type PriceListEntriesBody, formatCount } from '@storefront/contract';
import { ErrorMessage } from '../../../components/ui/error-message';
import { Spinner } from '../../../components/ui/spinner';
import { SubmitButton } from '../../../components/ui/submit-button';
import { useAddEntries, usePriceListEntries, useRemoveEntries } from '../api/price-lists';
import { Problems } from './problems';

type Entry = PriceListEntriesBody['entries'][number];

/**
 * Lines pasted from a spreadsheet or typed: "part number, from quantity, price" or "part number,
 * price" (from 1), separated by commas, semicolons or tabs. A line that cannot be read is named.
 */
export function parseEntries(text: string): { entries: Entry[]; unread: string[] } {
  const entries: Entry[] = [];
  const unread: string[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    const cells = line.split(/[\t;,]/).map((c) => c.trim());
    if (cells.every((c) => c === '')) return;
    const [partNumber = '', a = '', b] = cells;
    const [from, price] = b === undefined ? ['1', a] : [a, b];
    const quantity = Number(from);
    const amount = Number(price.replace(/^\$/, ''));
    if (!partNumber || !Number.isInteger(quantity) || !Number.isFinite(amount) || price === '')
      unread.push(`Line ${i + 1}: "${line.slice(0, 60)}"`);
    else entries.push({ partNumber, minQuantity: quantity, price: amount });
  });
  return { entries, unread };
}

/** Fixed prices: paste many at once (add or replace all), find one, remove one. */
export function FixedPrices({ listId }: { listId: string }) {
  const add = useAddEntries(listId);
  const remove = useRemoveEntries(listId);
  const [page, setPage] = useState(1);
  const [find, setFind] = useState('');
  const [unread, setUnread] = useState<string[]>([]);
  const entries = usePriceListEntries(listId, page, find);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const parsed = parseEntries(String(data.get('lines') ?? ''));
    setUnread(parsed.unread);
    if (parsed.unread.length > 0 || parsed.entries.length === 0) return;
    add.mutate(
      { entries: parsed.entries, replaceAll: data.get('replaceAll') === 'on' },
      { onSuccess: () => form.reset() },
    );
  };

  return (
    <>
      <form
        onSubmit={onSubmit}
        aria-label="Add fixed prices"
        className="mb-4 rounded-box bg-base-100 p-4 shadow"
      >
        <label className="form-control">
          <span className="label-text">
            One per line: part number, from quantity, price (or part number, price)
          </span>
          <textarea
            name="lines"
            rows={6}
            className="textarea textarea-bordered w-full font-mono"
            placeholder={'IC-1002, 10, 41.20\nIC-1003, 7.90'}
          />
        </label>
        <label className="label cursor-pointer justify-start gap-2">
          <input type="checkbox" name="replaceAll" className="checkbox checkbox-sm" />
          <span>Replace all the list's fixed prices with these</span>
        </label>
        <SubmitButton busy={add.isPending}>Save the prices</SubmitButton>
        {unread.length > 0 && (
          <div role="alert" className="mt-2 text-sm text-error">
            <p>Some lines could not be read; nothing was saved:</p>
            <ul className="list-disc pl-5">
              {unread.slice(0, 20).map((u) => (
                <li key={u}>{u}</li>
              ))}
            </ul>
          </div>
        )}
        {add.data && !add.isPending && (
          <p role="status" className="mt-2 text-sm" data-testid="entries-result">
            {add.data.added} added, {add.data.changed} changed, {add.data.unchanged} unchanged,{' '}
            {add.data.removed} removed: {formatCount(add.data.total)} fixed prices.
          </p>
        )}
        <Problems error={add.error} />
      </form>

      <label className="form-control mb-2 max-w-xs">
        <span className="label-text">Find a part number</span>
        <input
          type="search"
          value={find}
          onChange={(e) => {
            setFind(e.target.value.trim());
            setPage(1);
          }}
          className="input input-bordered input-sm"
        />
      </label>
      {entries.isPending ? (
        <Spinner label="Loading the fixed prices…" />
      ) : entries.isError ? (
        <ErrorMessage title="The fixed prices could not be loaded" error={entries.error} />
      ) : entries.data.total === 0 ? (
        <p data-testid="entries-empty">No fixed prices{find ? ` for ${find}` : ''}.</p>
      ) : (
        <>
          <div className="overflow-x-auto" tabIndex={0}>
            <table className="table table-sm" data-testid="price-list-entries">
              <thead>
                <tr>
                  <th scope="col">Part number</th>
                  <th scope="col">Part</th>
                  <th scope="col">From</th>
                  <th scope="col">Price</th>
                  <th scope="col">
                    <span className="sr-only">Remove</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {entries.data.entries.map((e) => (
                  <tr key={`${e.partId}:${e.minQuantity}`}>
                    <td>{e.partNumber}</td>
                    <td>{e.partName}</td>
                    <td>{formatCount(e.minQuantity)}</td>
                    <td>{formatMoney(e.price)}</td>
                    <td>
                      <button
                        type="button"
                        className="btn btn-ghost btn-xs"
                        disabled={remove.isPending}
                        onClick={() =>
                          remove.mutate({
                            entries: [{ partNumber: e.partNumber, minQuantity: e.minQuantity }],
                          })
                        }
                      >
                        Remove
                        <span className="sr-only">
                          {' '}
                          {e.partNumber} from {e.minQuantity}
                        </span>
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Problems error={remove.error} />
          {entries.data.total > entries.data.pageSize && (
            <nav aria-label="Pages of fixed prices" className="join mt-2">
              <button
                type="button"
                className="btn join-item btn-sm"
                disabled={page <= 1}
                onClick={() => setPage(page - 1)}
              >
                Previous
              </button>
              <span className="btn join-item btn-sm btn-disabled">
                Page {page} of {Math.ceil(entries.data.total / entries.data.pageSize)}
              </span>
              <button
                type="button"
                className="btn join-item btn-sm"
                disabled={page * entries.data.pageSize >= entries.data.total}
                onClick={() => setPage(page + 1)}
              >
                Next
              </button>
            </nav>
          )}
        </>
      )}
    </>
  );
}
