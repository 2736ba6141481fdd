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
    queryFn: () => api<PartListResponse>('/parts'),
    meta: { topics: ['catalog', 'stock'] },
  });

export const useParts = () => useQuery(partsQueryOptions());
