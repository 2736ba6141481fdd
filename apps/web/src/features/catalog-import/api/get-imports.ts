import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CatalogImportSummary } from '@storefront/contract';
import { api } from '../../../lib/api-client';
import { importKeys, isRunning } from './import-keys';

export const getImports = (signal?: AbortSignal) =>
  api<CatalogImportSummary[]>('/staff/imports', { auth: true, signal });

export const importsQueryOptions = () =>
  queryOptions({
    queryKey: importKeys.list(),
    queryFn: ({ signal }) => getImports(signal),
    meta: { private: true },
    // An import still being read or applied shows its outcome without a reload.
    refetchInterval: (query) => (query.state.data?.some((i) => isRunning(i.status)) ? 2000 : false),
  });

/** The latest imports, newest first, with their outcome and who ran them. */
export const useImports = () => useQuery(importsQueryOptions());
