import { useId, useState } from 'react';
import type { CatalogImportSummary } from '@storefront/contract';
import { changesSomething, count } from '../words';

type Props = {
  job: Pick<CatalogImportSummary, 'counts'>;
  onApply: (validOnly: boolean) => void;
  onDiscard: () => void;
  busy: 'apply' | 'discard' | null;
  /** The server's refusal, in its words. */
  error: string | null;
};

/**
 * Apply or discard a preview. While rows have errors, Apply waits for "the valid rows only",
 * which says how many rows it leaves out (the server refuses otherwise, with the same words).
 */
export function ApplyPanel({ job, onApply, onDiscard, busy, error }: Props) {
  const [validOnly, setValidOnly] = useState(false);
  const why = useId();
  const { errors } = job.counts;
  const blocked = errors > 0 && !validOnly;
  return (
    <section
      aria-labelledby="apply-heading"
      className="space-y-3 rounded-box bg-base-100 p-4 shadow"
      data-testid="apply-panel"
    >
      <h3 id="apply-heading" className="text-lg font-semibold">
        Apply
      </h3>
      <p id={why} className="text-sm">
        {errors > 0
          ? `${count(errors, 'row has', 'rows have')} errors: fix ${errors === 1 ? 'it' : 'them'} and upload the file again, or apply the valid rows only.`
          : changesSomething(job.counts)
            ? 'Applying writes every change above in one go: all of it or nothing.'
            : 'Applying this file changes nothing in the catalog.'}
      </p>
      {errors > 0 && (
        <label className="flex cursor-pointer items-start gap-2">
          <input
            type="checkbox"
            className="checkbox checkbox-sm mt-0.5"
            checked={validOnly}
            onChange={(e) => setValidOnly(e.target.checked)}
          />
          <span>
            Apply the valid rows only{' '}
            <span className="text-base-content/80">
              (leaves out {count(errors, 'row', 'rows')} with errors)
            </span>
          </span>
        </label>
      )}
      {error && (
        <p role="alert" className="alert alert-error alert-soft text-sm">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-primary"
          disabled={blocked || busy !== null}
          aria-describedby={why}
          aria-busy={busy === 'apply'}
          onClick={() => onApply(validOnly)}
        >
          {busy === 'apply' && (
            <span className="loading loading-spinner loading-xs" aria-hidden="true" />
          )}
          Apply
        </button>
        <button
          type="button"
          className="btn btn-outline"
          disabled={busy !== null}
          aria-busy={busy === 'discard'}
          onClick={onDiscard}
        >
          {busy === 'discard' && (
            <span className="loading loading-spinner loading-xs" aria-hidden="true" />
          )}
          Discard
        </button>
      </div>
    </section>
  );
}
