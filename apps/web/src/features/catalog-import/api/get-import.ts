import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { CatalogImportDetails } from '@storefront/contract';
import { api } from '../../../lib/api-client';
import { refreshTopics } from '../../../lib/query-client';
import { importKeys, importPath, isRunning } from './import-keys';

export const getImport = (id: string, signal?: AbortSignal) =>
  api<CatalogImportDetails>(importPath(id), { auth: true, signal });

/** How often a running import is asked about: its progress moves about once a second. */
export const POLL_MS = 1000;

export const importQueryOptions = (id: string) =>
  queryOptions({
    queryKey: importKeys.one(id),
    queryFn: ({ signal }) => getImport(id, signal),
    meta: { private: true },
    refetchInterval: (query) => (isRunning(query.state.data?.status) ? POLL_MS : false),
    // The job runs on the server: coming back to the page (or the tab) shows where it is now.
    refetchOnWindowFocus: true,
    staleTime: 0,
  });

/**
 * One import, asked for again every second while it is read or applied. When an apply ends, the
 * catalog's and the stock's queries are refreshed (the job changed them after its request was
 * answered, so no mutation could say so), and the list of imports too.
 */
export function useImport(id: string) {
  const query = useQuery(importQueryOptions(id));
  const queryClient = useQueryClient();
  const status = query.data?.status;
  const previous = useRef(status);
  useEffect(() => {
    const was = previous.current;
    previous.current = status;
    if (!was || was === status || !isRunning(was)) return;
    void queryClient.invalidateQueries({ queryKey: importKeys.list() });
    if (was === 'applying') void refreshTopics(queryClient, ['catalog', 'stock', 'audit']);
  }, [status, queryClient]);
  return query;
}
