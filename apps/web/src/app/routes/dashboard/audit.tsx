import { ErrorMessage } from '../../../components/ui/error-message';
import { Spinner } from '../../../components/ui/spinner';
import { usePageTitle } from '../../../components/ui/page-title';
import { useAuditLog } from '../../../features/staff/api/staff-people';
import { formatDateTime } from '../../../lib/dates';

export default function AuditRoute() {
  usePageTitle('Audit log');
  const log = useAuditLog();
  return (
    <>
      <h2 className="mb-4 text-xl font-semibold">Audit log</h2>
      {log.isPending ? (
        <Spinner label="Loading the log…" />
      ) : log.isError ? (
        <ErrorMessage
          title="We could not load the log."
          error={log.error}
          onRetry={() => void log.refetch()}
        />
      ) : (
        <>
          <div className="overflow-x-auto rounded-box bg-base-100 shadow">
            <table className="table table-sm" data-testid="audit-table">
              <caption className="sr-only">Staff actions, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">What</th>
                </tr>
              </thead>
              <tbody>
                {log.data.pages
                  .flatMap((page) => page.items)
                  .map((entry) => (
                    <tr key={entry.id} data-testid="audit-row">
                      <td className="whitespace-nowrap">{formatDateTime(entry.at)}</td>
                      <td className="break-all">{entry.actorEmail}</td>
                      <td>{entry.summary}</td>
                    </tr>
                  ))}
              </tbody>
            </table>
          </div>
          {log.data.pages[0]?.items.length === 0 && (
            <p className="mt-4">Nothing yet: staff actions appear here as they happen.</p>
          )}
          {log.hasNextPage && (
            <button
              type="button"
              className="btn btn-outline btn-sm mt-4"
              onClick={() => void log.fetchNextPage()}
              disabled={log.isFetchingNextPage}
            >
              Show older
            </button>
          )}
        </>
      )}
    </>
  );
}
