import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { CatalogImportDetails } from '@storefront/contract';
import { ErrorMessage } from '../../../components/ui/error-message';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { useApplyImport, useDiscardImport } from '../api/apply-import';
import { downloadChanges, downloadRowsToFix } from '../api/downloads';
import { useImport } from '../api/get-import';
import { useImportChanges } from '../api/get-import-changes';
import { isRunning, type ChangesKind } from '../api/import-keys';
import { ApplyPanel } from './apply-panel';
import { ImportChanges } from './import-changes';
import { ImportCounts } from './import-counts';
import { ImportErrors } from './import-errors';
import { ImportNotes } from './import-notes';
import { ImportOutcome } from './import-outcome';
import { ImportProgress } from './import-progress';
import { ImportStatusBadge } from './import-status-badge';

const message = (err: unknown) =>
  err instanceof ApiError ? err.message : 'Something went wrong. Try again.';

function Changes({ job }: { job: CatalogImportDetails }) {
  const [kind, setKind] = useState<ChangesKind>('all');
  const changes = useImportChanges(job.id, kind, true);
  const c = job.counts;
  const total =
    kind === 'new'
      ? c.new
      : kind === 'changed'
        ? c.changed
        : kind === 'archived'
          ? c.archivedRows
          : c.new + c.changed + c.archivedRows;
  return (
    <ImportChanges
      changes={changes.data?.pages.flatMap((p) => p.items) ?? []}
      kind={kind}
      kinds={c.archivedRows > 0 ? ['all', 'new', 'changed', 'archived'] : ['all', 'new', 'changed']}
      onKind={setKind}
      total={total}
      hasMore={changes.hasNextPage}
      onMore={() => void changes.fetchNextPage()}
      loading={changes.isPending}
      loadingMore={changes.isFetchingNextPage}
      error={changes.isError ? message(changes.error) : null}
      onDownload={() => downloadChanges(job.id)}
    />
  );
}

function Preview({ job }: { job: CatalogImportDetails }) {
  const apply = useApplyImport(job.id);
  const discard = useDiscardImport(job.id);
  const failed = apply.error ?? discard.error;
  return (
    <>
      <ImportErrors job={job} onDownload={(sheet) => downloadRowsToFix(job.id, sheet)} />
      <Changes job={job} />
      <ApplyPanel
        job={job}
        onApply={(validOnly) => {
          discard.reset();
          apply.mutate(validOnly);
        }}
        onDiscard={() => {
          apply.reset();
          discard.mutate();
        }}
        busy={apply.isPending ? 'apply' : discard.isPending ? 'discard' : null}
        error={failed ? message(failed) : null}
      />
    </>
  );
}

type Props = {
  id: string;
  uploadHref: string;
  partsHref: string;
  /** What a file of another format adds below the notes (an ACES file's applications not mapped). */
  extra?: (job: CatalogImportDetails) => ReactNode;
};

/**
 * One import's page: its progress while the server reads or applies it (asked again every
 * second), then the preview to apply or discard, then the outcome.
 */
export function ImportDetails({ id, uploadHref, partsHref, extra }: Props) {
  const query = useImport(id);
  const heading = useRef<HTMLHeadingElement>(null);
  const status = query.data?.status;
  const was = useRef(status);
  useEffect(() => {
    // Apply and Discard sit at the foot of a long preview, and what follows shows at the top:
    // take the reader (and a screen reader's focus) there.
    if (was.current === 'previewed' && status !== 'previewed') heading.current?.focus();
    was.current = status;
  }, [status]);
  if (query.isPending) return <Spinner label="Loading the import…" />;
  if (query.isError)
    return (
      <ErrorMessage
        title="We could not load this import."
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  const job = query.data;
  const running = isRunning(job.status);
  return (
    <article className="space-y-6" data-testid="import-details">
      <header className="space-y-1">
        <h2
          ref={heading}
          tabIndex={-1}
          className="flex flex-wrap items-center gap-2 text-xl font-semibold focus:outline-none"
        >
          <span className="[overflow-wrap:anywhere]">Import of {job.fileName}</span>
          <ImportStatusBadge status={job.status} />
        </h2>
        <p className="text-sm text-base-content/80">
          Uploaded by {job.createdBy} on {formatDateTime(job.createdAt)}
          {job.fitmentFileName ? `, with the vehicles file ${job.fitmentFileName}` : ''}
          {job.picturesFileName ? `, with the pictures ${job.picturesFileName}` : ''}.{' '}
          {job.archiveMissing
            ? 'Parts that are not in the file are archived.'
            : 'Parts that are not in the file are left as they are.'}
        </p>
      </header>
      {running ? (
        <ImportProgress job={job} />
      ) : (
        <ImportOutcome job={job} uploadHref={uploadHref} partsHref={partsHref} />
      )}
      {/* A file that failed while being read has no counts; an apply that failed keeps its preview's. */}
      {job.status !== 'reading' &&
        (job.status !== 'failed' || job.counts.rows + job.counts.fitmentRows > 0) && (
          <ImportCounts job={job} />
        )}
      <ImportNotes notes={job.notes} />
      {job.status !== 'reading' && extra?.(job)}
      {job.status === 'previewed' && <Preview job={job} />}
      {(job.status === 'applied' || job.status === 'applying') && <Changes job={job} />}
    </article>
  );
}
