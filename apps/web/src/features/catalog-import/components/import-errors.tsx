import { formatCount } from '@storefront/contract';
import type { CatalogImportDetails, ImportError } from '@storefront/contract';
import { count } from '../words';
import { DownloadButton } from '../../../components/ui/download-button';
import { TableFrame } from './table-frame';

const SHEETS: Record<ImportError['sheet'], string> = {
  parts: 'Parts',
  fitment: 'Vehicles',
  pictures: 'Pictures',
};

/** The server lists at most this many errors with the import; the rest are in the files. */
const LISTED = 50;

/**
 * Which "rows to fix" files have rows. Parts' errors come first in the list, so any there are
 * listed; vehicles' errors may all be past the listed ones when the list is full.
 */
export function sheetsToFix(
  job: Pick<CatalogImportDetails, 'errors' | 'counts'>,
): ('parts' | 'fitment')[] {
  const parts = job.errors.some((e) => e.sheet === 'parts');
  const fitment =
    job.errors.some((e) => e.sheet === 'fitment') ||
    (job.errors.length >= LISTED && job.counts.fitmentRows > 0);
  return [...(parts ? (['parts'] as const) : []), ...(fitment ? (['fitment'] as const) : [])];
}

type Props = {
  job: Pick<CatalogImportDetails, 'errors' | 'counts'>;
  onDownload: (sheet: 'parts' | 'fitment') => Promise<void>;
};

/** Every error in words, with its row and column, and the rows to fix as a spreadsheet. */
export function ImportErrors({ job, onDownload }: Props) {
  const { errors, counts } = job;
  if (counts.errors === 0 && errors.length === 0) return null;
  const sheets = sheetsToFix(job);
  return (
    <section aria-labelledby="import-errors-heading" className="space-y-3">
      <h3 id="import-errors-heading" className="text-lg font-semibold">
        Errors: {count(counts.errors, 'row', 'rows')} to fix
      </h3>
      <p className="text-sm">
        Download the rows to fix: they come as you wrote them, with an Errors column. Correct them
        in your file, or in the download (its Row and Errors columns are not read back), and upload
        it again.
      </p>
      <div className="flex flex-wrap gap-2">
        {sheets.includes('parts') && (
          <DownloadButton
            label="Download the part rows to fix (CSV)"
            download={() => onDownload('parts')}
          />
        )}
        {sheets.includes('fitment') && (
          <DownloadButton
            label="Download the vehicle rows to fix (CSV)"
            download={() => onDownload('fitment')}
          />
        )}
      </div>
      <TableFrame label="Errors">
        <table className="table table-sm" data-testid="import-errors">
          <caption className="sr-only">Errors by row</caption>
          <thead>
            <tr>
              <th scope="col">File</th>
              <th scope="col">Row</th>
              <th scope="col">Part number</th>
              <th scope="col">Column</th>
              <th scope="col">What to do</th>
            </tr>
          </thead>
          <tbody>
            {errors.map((e, i) => (
              <tr key={`${e.sheet}-${e.row ?? 'x'}-${i}`} data-testid="import-error">
                <td>{SHEETS[e.sheet]}</td>
                <td className="text-right">{e.row === null ? '—' : formatCount(e.row)}</td>
                <td className="font-mono whitespace-nowrap">{e.partNumber ?? '—'}</td>
                <td>{e.column ?? '—'}</td>
                <td className="min-w-48">{e.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableFrame>
      {errors.length < counts.errors && (
        <p className="text-sm">
          The first {formatCount(errors.length)} errors are listed here; the downloads hold every
          row with errors.
        </p>
      )}
    </section>
  );
}
