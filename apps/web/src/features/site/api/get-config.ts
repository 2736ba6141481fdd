import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@storefront/contract';
import { api } from '../../../lib/api-client';

export const configQueryOptions = () =>
  queryOptions({
    queryKey: ['config'],
    queryFn: () => api<PublicConfig>('/config'),
    staleTime: Infinity,
  });

export const useConfig = () => useQuery(configQueryOptions());
