import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ImportChangesPage } from '@storefront/contract';
import { api } from '../../../lib/api-client';
import { importKeys, importPath, type ChangesKind } from './import-keys';

/** A screenful: the first page, and each "Show more". */
export const CHANGES_PAGE_SIZE = 50;

export const getImportChanges = (
  id: string,
  kind: ChangesKind,
  after: number | null,
  signal?: AbortSignal,
) => {
  const query = new URLSearchParams({ pageSize: String(CHANGES_PAGE_SIZE) });
  if (kind !== 'all') query.set('kind', kind);
  if (after !== null) query.set('after', String(after));
  return api<ImportChangesPage>(`${importPath(id)}/changes?${query}`, { auth: true, signal });
};

export const importChangesQueryOptions = (id: string, kind: ChangesKind) =>
  infiniteQueryOptions({
    queryKey: importKeys.changes(id, kind),
    queryFn: ({ pageParam, signal }) => getImportChanges(id, kind, pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next,
    meta: { private: true },
    // The preview's changes never change once read.
    staleTime: Infinity,
  });

/** The preview's changes, field by field, a screenful at a time. */
export const useImportChanges = (id: string, kind: ChangesKind, enabled: boolean) =>
  useInfiniteQuery({ ...importChangesQueryOptions(id, kind), enabled });
