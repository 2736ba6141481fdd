import type { CatalogImportSummary, ImportCounts, ImportStatus } from '@storefront/contract';
import { formatCount } from '@storefront/contract';

/** "1 part", "12,408 parts". */
export const count = (n: number, one: string, many = `${one}s`) =>
  `${formatCount(n)} ${n === 1 ? one : many}`;

export const STATUS_LABELS: Record<ImportStatus, string> = {
  reading: 'Reading the file',
  previewed: 'Preview ready',
  applying: 'Applying',
  applied: 'Applied',
  failed: 'Failed',
  discarded: 'Discarded',
};

/** Whether applying the preview would change anything in the catalog. */
export const changesSomething = (c: ImportCounts) =>
  c.new + c.changed + c.archived + c.fitmentParts + c.pictures > 0;

/** "2 new, 0 changed, 14 unchanged, 1 row with errors": an import's counts on one line. */
export function countsLine(job: Pick<CatalogImportSummary, 'counts' | 'archiveMissing'>): string {
  const c = job.counts;
  return [
    `${formatCount(c.new)} new`,
    `${formatCount(c.changed)} changed`,
    `${formatCount(c.unchanged)} unchanged`,
    ...(job.archiveMissing || c.archived > 0 ? [`${formatCount(c.archived)} to archive`] : []),
    ...(c.errors > 0 ? [count(c.errors, 'row with errors', 'rows with errors')] : []),
  ].join(', ');
}
