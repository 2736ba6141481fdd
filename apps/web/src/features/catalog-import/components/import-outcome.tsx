import { formatCount } from '@storefront/contract';
import { Link } from 'react-router';
import type { CatalogImportSummary } from '@storefront/contract';
import { formatDateTime } from '../../../lib/dates';
import { count } from '../words';

type Props = {
  job: Pick<
    CatalogImportSummary,
    'status' | 'counts' | 'archiveMissing' | 'validOnly' | 'appliedAt' | 'finishedAt' | 'failure'
  >;
  uploadHref: string;
  partsHref: string;
};

/** How an import ended: applied (and what it wrote), failed (and why), or discarded. */
export function ImportOutcome({ job, uploadHref, partsHref }: Props) {
  const c = job.counts;
  if (job.status === 'applied')
    return (
      <div role="status" className="alert alert-success alert-soft" data-testid="import-outcome">
        <div>
          <p className="font-semibold">
            Applied{job.appliedAt ? ` on ${formatDateTime(job.appliedAt)}` : ''}:{' '}
            {formatCount(c.new)} new, {formatCount(c.changed)} changed
            {job.archiveMissing || c.archived > 0 ? `, ${formatCount(c.archived)} archived` : ''}
            {c.fitmentParts > 0 ? `, vehicles replaced for ${count(c.fitmentParts, 'part')}` : ''}
            {c.pictures > 0 ? `, ${count(c.pictures, 'picture')}` : ''}.
          </p>
          {job.validOnly && c.errors > 0 && (
            <p className="text-sm">
              {count(c.errors, 'row', 'rows')} with errors {c.errors === 1 ? 'was' : 'were'} left
              out.
            </p>
          )}
          <Link className="link" to={partsHref}>
            See the parts
          </Link>
        </div>
      </div>
    );
  if (job.status === 'failed')
    return (
      <div role="alert" className="alert alert-error alert-soft" data-testid="import-outcome">
        <div>
          <p className="font-semibold">This import failed.</p>
          <p>{job.failure ?? 'Nothing was changed.'}</p>
          <Link className="link" to={uploadHref}>
            Upload a file again
          </Link>
        </div>
      </div>
    );
  if (job.status === 'discarded')
    return (
      <div role="status" className="alert alert-soft" data-testid="import-outcome">
        <p>
          Discarded{job.finishedAt ? ` on ${formatDateTime(job.finishedAt)}` : ''}: nothing in the
          catalog changed.{' '}
          <Link className="link" to={uploadHref}>
            Upload a file again
          </Link>
        </p>
      </div>
    );
  return null;
}
