import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PageResponse } from '@storefront/contract';
import { api } from '../../../lib/api-client';

export const pageQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['pages', slug],
    queryFn: () => api<PageResponse>(`/pages/${encodeURIComponent(slug)}`),
  });

export const usePage = (slug: string) => useQuery(pageQueryOptions(slug));
