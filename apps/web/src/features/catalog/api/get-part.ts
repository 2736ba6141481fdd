import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PartResponse } from '@storefront/contract';
import { api } from '../../../lib/api-client';
import { partKeys } from './get-parts';

const partQueryOptions = (id: string) =>
  queryOptions({
    queryKey: partKeys.one(id),
    queryFn: () => api<PartResponse>(`/parts/${encodeURIComponent(id)}`),
    meta: { topics: ['catalog', 'stock'] },
  });

export const usePart = (id: string) => useQuery(partQueryOptions(id));
