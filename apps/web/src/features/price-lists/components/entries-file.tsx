import { useRef, useState, type FormEvent } from 'react';
import { formatMoney, type PriceListImport, formatCount } from '@storefront/contract';
import { DownloadButton } from '../../../components/ui/download-button';
import { SubmitButton } from '../../../components/ui/submit-button';
import {
  downloadEntries,
  useApplyEntriesFile,
  useDiscardEntriesFile,
  usePreviewEntriesFile,
} from '../api/price-lists';
import { Problems } from './problems';

const money = (v: number | null) => (v === null ? '—' : formatMoney(v));

/** What the preview found, as the catalog import shows it: counts, notes, errors, changes. */
function Preview({ preview }: { preview: PriceListImport }) {
  const c = preview.counts;
  const tiles = [
    ['new', 'New', c.new],
    ['changed', 'Changed', c.changed],
    ['unchanged', 'Unchanged', c.unchanged],
    ...(preview.replaceAll
      ? [
          [
            'removed',
            preview.status === 'applied' ? 'Removed' : 'To be removed',
            c.removed,
          ] as const,
        ]
      : []),
    ['errors', 'Rows with errors', c.errors],
  ] as const;
  const nothing = c.new + c.changed + c.removed === 0;
  return (
    <>
      <dl className="mb-3 grid grid-cols-2 gap-2 sm:grid-cols-5" aria-label="Counts">
        {tiles.map(([key, label, value]) => (
          <div
            key={key}
            className="rounded-box bg-base-100 p-3 shadow"
            data-testid={`entries-count-${key}`}
          >
            <dt className="text-sm text-base-content/80">{label}</dt>
            <dd
              className={`text-xl font-bold ${key === 'errors' && value > 0 ? 'text-error' : ''}`}
            >
              {formatCount(value)}
            </dd>
          </div>
        ))}
      </dl>
      {preview.notes.map((n) => (
        <p key={n} className="mb-2 text-sm">
          {n}
        </p>
      ))}
      {c.priceJumps > 0 && (
        <p className="mb-2 text-sm">
          <span className="badge badge-warning mr-1">Check</span>
          {formatCount(c.priceJumps)} {c.priceJumps === 1 ? 'price moves' : 'prices move'} by more
          than half: marked below.
        </p>
      )}
      {preview.status === 'previewed' && nothing && c.errors === 0 && (
        <p className="mb-2 font-semibold" data-testid="entries-nothing-to-change">
          Nothing to change: {formatCount(c.unchanged)} fixed{' '}
          {c.unchanged === 1 ? 'price' : 'prices'} unchanged.
        </p>
      )}
      {preview.errors.length > 0 && (
        <div className="mb-3 overflow-x-auto" tabIndex={0}>
          <table className="table table-sm" data-testid="entries-errors">
            <caption className="text-left font-semibold text-error">
              Rows with errors
              {c.errors > preview.errors.length ? ` (the first ${preview.errors.length})` : ''}
            </caption>
            <thead>
              <tr>
                <th scope="col">Row</th>
                <th scope="col">Part number</th>
                <th scope="col">Column</th>
                <th scope="col">Problem</th>
              </tr>
            </thead>
            <tbody>
              {preview.errors.map((e, i) => (
                <tr key={`${e.row}:${i}`}>
                  <td>{e.row}</td>
                  <td>{e.partNumber ?? ''}</td>
                  <td>{e.column ?? ''}</td>
                  <td>{e.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {preview.changes.length > 0 && (
        <div className="mb-3 overflow-x-auto" tabIndex={0}>
          <table className="table table-sm" data-testid="entries-changes">
            <caption className="text-left font-semibold">
              Changes
              {c.new + c.changed + c.removed > preview.changes.length
                ? ` (the first ${preview.changes.length})`
                : ''}
            </caption>
            <thead>
              <tr>
                <th scope="col">Row</th>
                <th scope="col">Part number</th>
                <th scope="col">From</th>
                <th scope="col">Price now</th>
                <th scope="col">New price</th>
              </tr>
            </thead>
            <tbody>
              {preview.changes.map((ch) => (
                <tr key={`${ch.partNumber}:${ch.minQuantity}:${ch.kind}`}>
                  <td>{ch.row ?? ''}</td>
                  <td>{ch.partNumber}</td>
                  <td>{formatCount(ch.minQuantity)}</td>
                  <td>{money(ch.before)}</td>
                  <td>
                    {ch.kind === 'removed' ? 'removed' : money(ch.after)}
                    {ch.flagged && <span className="badge badge-warning ml-1">Check</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

/**
 * Fixed prices from a file, previewed before anything changes (the catalog import's flow), and
 * the list's fixed prices as a file to edit and upload again.
 */
export function EntriesFile({ listId }: { listId: string }) {
  const previewFile = usePreviewEntriesFile(listId);
  const apply = useApplyEntriesFile(listId);
  const discard = useDiscardEntriesFile(listId);
  const [preview, setPreview] = useState<PriceListImport | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [missing, setMissing] = useState(false);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const file = fileInput.current?.files?.[0];
    setMissing(!file);
    if (!file) return;
    apply.reset();
    previewFile.mutate(
      { file, replaceAll: data.get('replaceAll') === 'on' },
      { onSuccess: (answer) => setPreview(answer) },
    );
  };
  const onApply = (validOnly: boolean) => {
    if (!preview) return;
    apply.mutate(
      { importId: preview.id, validOnly },
      { onSuccess: (answer) => setPreview(answer) },
    );
  };
  const onDiscard = () => {
    if (!preview) return;
    discard.mutate(preview.id, { onSuccess: () => setPreview(null) });
  };
  const c = preview?.counts;

  return (
    <div className="mb-4 rounded-box bg-base-100 p-4 shadow">
      <div className="mb-3 flex flex-wrap gap-2">
        <DownloadButton label="Export CSV" download={() => downloadEntries(listId, 'csv')} />
        <DownloadButton label="Export XLSX" download={() => downloadEntries(listId, 'xlsx')} />
      </div>
      <form onSubmit={onSubmit} aria-label="Import fixed prices" noValidate>
        <label className="form-control">
          <span className="label-text">
            A CSV or XLSX file with the columns Part number, From quantity (blank is 1) and Price,
            as the export writes them
          </span>
          <input
            ref={fileInput}
            type="file"
            name="entries"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            className="file-input file-input-bordered w-full max-w-md"
            aria-invalid={missing || undefined}
            aria-describedby={missing ? 'entries-file-missing' : undefined}
          />
        </label>
        {missing && (
          <p id="entries-file-missing" role="alert" className="mt-1 text-sm text-error">
            Choose the file of fixed prices (CSV or XLSX)
          </p>
        )}
        <label className="label cursor-pointer justify-start gap-2">
          <input type="checkbox" name="replaceAll" className="checkbox checkbox-sm" />
          <span>Remove the fixed prices the file does not list</span>
        </label>
        <SubmitButton busy={previewFile.isPending}>Preview the file</SubmitButton>
        <Problems error={previewFile.error} />
      </form>

      {preview && c && (
        <section aria-label="Preview of the file" className="mt-4" data-testid="entries-preview">
          <p role="status" className="mb-2 font-semibold">
            {preview.status === 'applied'
              ? `Applied ${preview.fileName}: ${formatCount(c.new)} added, ${formatCount(c.changed)} changed, ${formatCount(c.removed)} removed.`
              : `Preview of ${preview.fileName}: nothing is changed until you apply it.`}
          </p>
          <Preview preview={preview} />
          {preview.status === 'previewed' && (
            <div className="flex flex-wrap gap-2">
              {c.errors === 0 ? (
                <button
                  type="button"
                  className="btn btn-primary btn-sm"
                  disabled={apply.isPending || c.new + c.changed + c.removed === 0}
                  onClick={() => onApply(false)}
                >
                  Apply the changes
                </button>
              ) : (
                !preview.replaceAll && (
                  <button
                    type="button"
                    className="btn btn-primary btn-sm"
                    disabled={apply.isPending || c.new + c.changed === 0}
                    onClick={() => onApply(true)}
                  >
                    Apply the valid rows only
                  </button>
                )
              )}
              <button
                type="button"
                className="btn btn-outline btn-sm"
                disabled={discard.isPending}
                onClick={onDiscard}
              >
                Discard
              </button>
            </div>
          )}
          <Problems error={apply.error ?? discard.error} />
        </section>
      )}
    </div>
  );
}
