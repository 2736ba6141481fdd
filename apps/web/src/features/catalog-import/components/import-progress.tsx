import type { CatalogImportSummary } from '@storefront/contract';
import { formatCount } from '@storefront/contract';
import { ProgressBar } from './progress-bar';

type Bar = { value: number | null; max: number; text: string; phase: string };

/** Where a running import is: reading has no end known in advance, checking and writing do. */
export function progressBar(
  job: Pick<CatalogImportSummary, 'status' | 'progress' | 'counts'>,
): Bar {
  const { progress, counts } = job;
  if (job.status === 'applying') {
    // The job knows what it will write once it starts; before that, the preview's parts.
    const max = progress.toWrite || counts.new + counts.changed;
    return {
      value: max > 0 ? Math.min(progress.written, max) : null,
      max: Math.max(max, 1),
      text: `${formatCount(progress.written)} of ${formatCount(max)} parts written`,
      phase: 'Writing the changes to the catalog…',
    };
  }
  if (progress.phase === 'checking')
    return {
      value: Math.min(progress.checked, progress.read),
      max: Math.max(progress.read, 1),
      text: `${formatCount(progress.checked)} of ${formatCount(progress.read)} rows checked`,
      phase: 'Checking the rows and comparing them with the catalog…',
    };
  return {
    value: null,
    max: 1,
    text: `${formatCount(progress.read)} rows read`,
    phase: 'Reading the file…',
  };
}

/** A running import's progress: a bar, the figures, and a phase said once to screen readers. */
export function ImportProgress({
  job,
}: {
  job: Pick<CatalogImportSummary, 'status' | 'progress' | 'counts'>;
}) {
  const bar = progressBar(job);
  const { progress } = job;
  return (
    <section
      aria-labelledby="import-progress-heading"
      className="rounded-box bg-base-100 p-4 shadow"
      data-testid="import-progress"
    >
      <h3 id="import-progress-heading" className="mb-2 font-semibold">
        {job.status === 'applying' ? 'Applying the import' : 'Reading the file'}
      </h3>
      {/* Only the phase is announced: a figure read out every second would drown the page. */}
      <p role="status" aria-live="polite" className="mb-2">
        {bar.phase}
      </p>
      <ProgressBar label="Import progress" value={bar.value} max={bar.max} text={bar.text} />
      <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-base-content/80">Rows read</dt>
          <dd className="font-semibold" data-testid="progress-read">
            {formatCount(progress.read)}
          </dd>
        </div>
        <div>
          <dt className="text-base-content/80">Rows checked</dt>
          <dd className="font-semibold">{formatCount(progress.checked)}</dd>
        </div>
        <div>
          <dt className="text-base-content/80">Parts written</dt>
          <dd className="font-semibold">{formatCount(progress.written)}</dd>
        </div>
      </dl>
      <p className="mt-3 text-sm text-base-content/80">
        You can leave this page: the import goes on, and Import catalog lists it.
      </p>
    </section>
  );
}
