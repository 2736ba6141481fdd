import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CatalogImportSummary } from '@storefront/contract';
import { api } from '../../../lib/api-client';
import { importKeys, importPath } from './import-keys';

/** Starts the apply (answered at once; the import's page follows it). */
export const applyImport = (id: string, validOnly: boolean) =>
  api<CatalogImportSummary>(`${importPath(id)}/apply`, {
    method: 'POST',
    auth: true,
    body: { validOnly },
  });

export const discardImport = (id: string) =>
  api<CatalogImportSummary>(`${importPath(id)}/discard`, { method: 'POST', auth: true, body: {} });

/** Either action moves the import: ask for it again at once, so polling starts from its state. */
const useImportAction = <V>(id: string, action: (v: V) => Promise<CatalogImportSummary>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSettled: () => queryClient.invalidateQueries({ queryKey: importKeys.one(id) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: importKeys.list() }),
  });
};

export const useApplyImport = (id: string) =>
  useImportAction(id, (validOnly: boolean) => applyImport(id, validOnly));

export const useDiscardImport = (id: string) => useImportAction(id, () => discardImport(id));
