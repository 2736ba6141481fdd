import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CatalogImportSummary } from '@storefront/contract';
import { apiUpload, type UploadProgress } from '../../../lib/api-files';
import { importKeys } from './import-keys';

export type ImportUpload = {
  parts: File | null;
  fitment: File | null;
  pictures: File | null;
  archiveMissing: boolean;
};

/** The form's fields as the server reads them (`import-endpoints.ts`, `staffStartImport`). */
export function importFormData(upload: ImportUpload): FormData {
  const form = new FormData();
  if (upload.archiveMissing) form.append('archiveMissing', 'true');
  if (upload.parts) form.append('parts', upload.parts);
  if (upload.fitment) form.append('fitment', upload.fitment);
  if (upload.pictures) form.append('pictures', upload.pictures);
  return form;
}

/** Sends the files to be read into a preview (nothing in the catalog changes yet). */
export const startImport = (upload: ImportUpload, onProgress?: UploadProgress) =>
  apiUpload<CatalogImportSummary>('/staff/imports', importFormData(upload), { onProgress });

export const useStartImport = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ upload, onProgress }: { upload: ImportUpload; onProgress?: UploadProgress }) =>
      startImport(upload, onProgress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: importKeys.list() }),
  });
};
