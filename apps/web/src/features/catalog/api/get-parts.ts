import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PartListResponse } from '@storefront/contract';
import { api } from '../../../lib/api-client';

export const partKeys = {
  all: ['parts'],
  list: () => ['parts', 'list'],
  one: (id: string) => ['parts', id],
};

const partsQueryOptions = () =>
  queryOptions({
    queryKey: partKeys.list(),
    // Signed in, the answer carries the buyer's prices (decision 061): sent with the key.
    queryFn: () => api<PartListResponse>('/parts', { auth: true }),
    meta: { topics: ['catalog', 'stock', 'prices'] },
  });

export const useParts = () => useQuery(partsQueryOptions());
