import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PartResponse } from '@storefront/contract';
import { api } from '../../../lib/api-client';
import { partKeys } from './get-parts';

const partQueryOptions = (id: string) =>
  queryOptions({
    queryKey: partKeys.one(id),
    // Signed in, the answer carries the buyer's prices (decision 061): sent with the key.
    queryFn: () => api<PartResponse>(`/parts/${encodeURIComponent(id)}`, { auth: true }),
    meta: { topics: ['catalog', 'stock', 'prices'] },
  });

export const usePart = (id: string) => useQuery(partQueryOptions(id));
