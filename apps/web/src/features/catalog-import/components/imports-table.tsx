import { Link } from 'react-router';
import type { CatalogImportSummary } from '@storefront/contract';
import { formatDateTime } from '../../../lib/dates';
import { countsLine } from '../words';
import { ImportStatusBadge } from './import-status-badge';
import { TableFrame } from './table-frame';

type Props = { imports: CatalogImportSummary[]; hrefOf: (id: string) => string };

/** Previous imports, newest first: the file, the outcome, the counts, who ran it and when. */
export function ImportsTable({ imports, hrefOf }: Props) {
  if (imports.length === 0)
    return (
      <p className="rounded-box bg-base-100 p-6 text-center shadow" data-testid="no-imports">
        No imports yet.
      </p>
    );
  return (
    <TableFrame label="Previous imports">
      <table className="table table-sm" data-testid="imports-table">
        <caption className="sr-only">Previous imports, newest first</caption>
        <thead>
          <tr>
            <th scope="col">File</th>
            <th scope="col">Outcome</th>
            <th scope="col">Counts</th>
            <th scope="col">By</th>
            <th scope="col">When</th>
          </tr>
        </thead>
        <tbody>
          {imports.map((i) => (
            <tr key={i.id} data-testid="import-row">
              <td className="min-w-40 max-w-56 [overflow-wrap:anywhere]">
                <Link to={hrefOf(i.id)} className="link link-primary font-medium">
                  {i.fileName}
                </Link>
                {i.fitmentFileName && (
                  <span className="block text-xs text-base-content/80">
                    with {i.fitmentFileName}
                  </span>
                )}
              </td>
              <td className="min-w-32">
                <ImportStatusBadge status={i.status} />
                {i.status === 'failed' && i.failure && (
                  <span className="block max-w-64 text-xs">{i.failure}</span>
                )}
              </td>
              <td className="min-w-40 text-sm">{i.status === 'reading' ? '—' : countsLine(i)}</td>
              <td className="min-w-40 [overflow-wrap:anywhere]">{i.createdBy}</td>
              <td className="whitespace-nowrap">{formatDateTime(i.appliedAt ?? i.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}
