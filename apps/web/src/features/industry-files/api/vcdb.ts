import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VcdbReleaseDetails, VcdbReleaseSummary } from '@storefront/contract';
import { api } from '../../../lib/api-client';
import { apiDownload, apiUpload } from '../../../lib/api-files';
import { saveFile } from '../../../lib/save-file';

export const vcdbKeys = {
  all: ['vcdb'] as const,
  list: () => [...vcdbKeys.all, 'list'] as const,
  one: (id: string) => [...vcdbKeys.all, 'one', id] as const,
};

export type VcdbUpload = {
  baseVehicle: File | null;
  make: File | null;
  model: File | null;
  position: File | null;
  version: File | null;
  versionDate: string;
};

/** The form's fields as the server reads them (`industry-files.ts`, `staffUploadVcdb`). */
export function vcdbFormData(upload: VcdbUpload): FormData {
  const form = new FormData();
  if (upload.versionDate) form.append('versionDate', upload.versionDate);
  for (const field of ['baseVehicle', 'make', 'model', 'position', 'version'] as const) {
    const file = upload[field];
    if (file) form.append(field, file);
  }
  return form;
}

export const useVcdbReleases = () =>
  useQuery(
    queryOptions({
      queryKey: vcdbKeys.list(),
      queryFn: ({ signal }) => api<VcdbReleaseSummary[]>('/staff/vcdb', { auth: true, signal }),
      meta: { private: true },
    }),
  );

export const useVcdbRelease = (id: string | null) =>
  useQuery({
    queryKey: vcdbKeys.one(id ?? ''),
    queryFn: ({ signal }) =>
      api<VcdbReleaseDetails>(`/staff/vcdb/${encodeURIComponent(id!)}`, { auth: true, signal }),
    enabled: id !== null,
    meta: { private: true },
  });

export const useUploadVcdb = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: VcdbUpload) =>
      apiUpload<VcdbReleaseSummary>('/staff/vcdb', vcdbFormData(upload)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vcdbKeys.all }),
  });
};

export const useVcdbAction = (id: string, action: 'apply' | 'discard') => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<VcdbReleaseSummary>(`/staff/vcdb/${encodeURIComponent(id)}/${action}`, {
        method: 'POST',
        auth: true,
        body: {},
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: vcdbKeys.all }),
  });
};

/** Every stored application the release does not map as before, as CSV. */
export async function downloadRemap(id: string): Promise<void> {
  const { blob, name } = await apiDownload(`/staff/vcdb/${encodeURIComponent(id)}/remap.csv`);
  saveFile(blob, name ?? 'vcdb-remap.csv');
}
