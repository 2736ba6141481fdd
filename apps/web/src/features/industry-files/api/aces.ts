import { useMutation, useQuery } from '@tanstack/react-query';
import type { AcesUnmappedReport, CatalogImportSummary } from '@storefront/contract';
import { api } from '../../../lib/api-client';
import { apiDownload, apiUpload, type UploadProgress } from '../../../lib/api-files';
import { saveFile } from '../../../lib/save-file';

/** Sends an ACES or PIES file to the catalog import's preview (nothing changes yet). */
export const useStartXmlImport = (kind: 'aces' | 'pies') =>
  useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: UploadProgress }) => {
      const form = new FormData();
      form.append(kind, file);
      return apiUpload<CatalogImportSummary>(`/staff/imports/${kind}`, form, { onProgress });
    },
  });

export const useAcesUnmapped = (id: string) =>
  useQuery({
    queryKey: ['aces-unmapped', id],
    queryFn: ({ signal }) =>
      api<AcesUnmappedReport>(`/staff/imports/${encodeURIComponent(id)}/aces-unmapped`, {
        auth: true,
        signal,
      }),
    meta: { private: true },
  });

/** Every application the ACES file's preview did not map, with the reason, as CSV. */
export async function downloadUnmapped(id: string): Promise<void> {
  const { blob, name } = await apiDownload(
    `/staff/imports/${encodeURIComponent(id)}/aces-unmapped.csv`,
  );
  saveFile(blob, name ?? 'not-mapped.csv');
}
