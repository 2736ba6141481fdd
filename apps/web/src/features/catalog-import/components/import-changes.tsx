import { formatCount } from '@storefront/contract';
import { useId } from 'react';
import type { ImportChange, ImportFieldChange } from '@storefront/contract';
import type { ChangesKind } from '../api/import-keys';
import { count } from '../words';
import { DownloadButton } from '../../../components/ui/download-button';

const KIND_LABELS: Record<ChangesKind, string> = {
  all: 'All',
  new: 'New',
  changed: 'Changed',
  archived: 'To be archived',
};

const BADGES: Record<ImportChange['kind'], [string, string]> = {
  new: ['badge-success', 'New'],
  changed: ['badge-info', 'Changed'],
  archived: ['badge-warning', 'To be archived'],
};

/** Decision 058: the file's stock is the level as of the preview. */
const STOCK_NOTE =
  'As of the preview: orders placed before the apply are still taken off this figure.';

function FieldRow({ field, isNew }: { field: ImportFieldChange; isNew: boolean }) {
  return (
    <tr
      className={field.flagged ? 'bg-warning/20' : undefined}
      data-testid="change-field"
      data-flagged={field.flagged ? 'true' : undefined}
    >
      <th scope="row" className="align-top font-medium">
        {field.label}
        {field.flagged && (
          <span className="badge badge-warning badge-sm mt-1 block h-auto w-fit">
            Price moves by more than half
          </span>
        )}
        {field.field === 'stock' && (
          <span className="mt-1 block text-xs font-normal text-base-content/80">{STOCK_NOTE}</span>
        )}
      </th>
      {!isNew && <td className="align-top [overflow-wrap:anywhere]">{field.before ?? '—'}</td>}
      <td className="align-top [overflow-wrap:anywhere]">{field.after ?? '—'}</td>
    </tr>
  );
}

/** One part's change: its number, whether it is new, and each field, old → new. */
export function ChangeCard({ change }: { change: ImportChange }) {
  const isNew = change.kind === 'new';
  const headingId = useId();
  return (
    <li className="rounded-box bg-base-100 p-3 shadow" data-testid="import-change">
      <h4 id={headingId} className="mb-2 flex flex-wrap items-center gap-2">
        <span className="font-mono font-semibold">{change.partNumber}</span>
        <span className={`badge badge-sm ${BADGES[change.kind][0]}`}>{BADGES[change.kind][1]}</span>
        {change.row !== null && (
          <span className="text-sm text-base-content/80">row {formatCount(change.row)}</span>
        )}
      </h4>
      <table className="table table-sm w-full table-fixed" aria-labelledby={headingId}>
        <thead>
          <tr>
            <th scope="col" className="w-1/3">
              Field
            </th>
            {isNew ? (
              <th scope="col">Value</th>
            ) : (
              <>
                <th scope="col">Before</th>
                <th scope="col">After</th>
              </>
            )}
          </tr>
        </thead>
        <tbody>
          {change.fields.map((f) => (
            <FieldRow key={f.field} field={f} isNew={isNew} />
          ))}
        </tbody>
      </table>
    </li>
  );
}

type Props = {
  changes: ImportChange[];
  kind: ChangesKind;
  /** The choices offered ("to be archived" only when the file archives parts). */
  kinds?: readonly ChangesKind[];
  onKind: (kind: ChangesKind) => void;
  /** How many changes of this kind the preview holds. */
  total: number;
  hasMore: boolean;
  onMore: () => void;
  loading: boolean;
  loadingMore: boolean;
  error: string | null;
  onDownload: () => Promise<void>;
};

/** The changes, a screenful at a time, new or changed only, and every change as a file. */
export function ImportChanges(props: Props) {
  const { changes, kind, total, hasMore } = props;
  return (
    <section aria-labelledby="import-changes-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="import-changes-heading" className="text-lg font-semibold">
          Changes
        </h3>
        <DownloadButton label="Download every change (CSV)" download={props.onDownload} />
      </div>
      <fieldset className="flex flex-wrap items-center gap-3">
        <legend className="sr-only">Show</legend>
        {(props.kinds ?? ['all', 'new', 'changed']).map((k) => (
          <label key={k} className="flex cursor-pointer items-center gap-2">
            <input
              type="radio"
              name="change-kind"
              className="radio radio-sm"
              value={k}
              checked={kind === k}
              onChange={() => props.onKind(k)}
            />
            <span>{KIND_LABELS[k]}</span>
          </label>
        ))}
      </fieldset>
      <p className="text-sm" aria-live="polite" data-testid="changes-shown">
        {props.loading
          ? 'Loading the changes…'
          : total === 0
            ? 'No parts to add or change.'
            : `Showing ${formatCount(changes.length)} of ${count(total, 'part')}.`}
      </p>
      {props.error && (
        <p role="alert" className="text-sm text-error">
          {props.error}
        </p>
      )}
      {changes.length > 0 && (
        <ul className="space-y-3" data-testid="import-changes">
          {changes.map((c) => (
            <ChangeCard key={`${c.partNumber}-${c.row ?? 'v'}`} change={c} />
          ))}
        </ul>
      )}
      {hasMore && (
        <button
          type="button"
          className="btn btn-outline btn-sm"
          onClick={props.onMore}
          disabled={props.loadingMore}
          aria-busy={props.loadingMore}
        >
          {props.loadingMore && (
            <span className="loading loading-spinner loading-xs" aria-hidden="true" />
          )}
          Show more
        </button>
      )}
    </section>
  );
}
