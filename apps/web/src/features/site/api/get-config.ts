import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@storefront/contract';
import { api } from '../../../lib/api-client';

export const getConfig = () => api<PublicConfig>('/config');

export const configQueryOptions = () =>
  queryOptions({ queryKey: ['config'], queryFn: getConfig, staleTime: Infinity });

export const useConfig = () => useQuery(configQueryOptions());
