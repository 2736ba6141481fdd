import { apiDownload } from '../../../lib/api-files';
import { saveFile } from '../../../lib/save-file';
import { importPath } from './import-keys';

/*
 * The files of the import: fetched with the access key (a plain link could not send it), saved
 * under the name the server gives them.
 */

async function save(path: string, fallback: string): Promise<void> {
  const { blob, name } = await apiDownload(path);
  saveFile(blob, name ?? fallback);
}

const query = (values: Record<string, string | undefined>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value) params.set(key, value);
  return params.toString();
};

export type SpreadsheetFormat = 'csv' | 'xlsx';

/** The template: every column with an example row, and what each column holds. */
export const downloadTemplate = (format: SpreadsheetFormat) =>
  save(`/staff/catalog/template?format=${format}`, `catalog-template.${format}`);

/** The staff parts list's filters, as the export reads them. */
export type ExportFilters = {
  q?: string | undefined;
  stock?: 'low' | 'out' | undefined;
  show?: 'live' | 'archived' | 'all' | undefined;
};

/**
 * The catalog (or the parts list's filter) in the import's format: XLSX holds the parts and the
 * vehicles as two sheets; CSV is one file, the parts or the vehicles.
 */
export const downloadCatalog = (
  format: SpreadsheetFormat,
  file: 'parts' | 'fitment' = 'parts',
  filters: ExportFilters = {},
) =>
  save(
    `/staff/catalog/export?${query({ format, file: format === 'csv' ? file : undefined, ...filters })}`,
    `${file === 'fitment' && format === 'csv' ? 'vehicles' : 'catalog'}.${format}`,
  );

/** Every change of a preview, one line per changed field. */
export const downloadChanges = (id: string) => save(`${importPath(id)}/changes.csv`, 'changes.csv');

/** The rows with errors as written, with an Errors column: to fix and upload again. */
export const downloadRowsToFix = (id: string, sheet: 'parts' | 'fitment') =>
  save(
    `${importPath(id)}/errors.csv?sheet=${sheet}`,
    `${sheet === 'parts' ? '' : 'vehicles-'}to-fix.csv`,
  );
