import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PartResponse } from '@storefront/contract';
import { api } from '../../../lib/api-client';

export const getPart = (id: string) => api<PartResponse>(`/parts/${encodeURIComponent(id)}`);

export const partQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['parts', id], queryFn: () => getPart(id) });

export const usePart = (id: string) => useQuery(partQueryOptions(id));
