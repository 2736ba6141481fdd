import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PartListResponse } from '@storefront/contract';
import { api } from '../../../lib/api-client';

export const getParts = () => api<PartListResponse>('/parts');

export const partsQueryOptions = () => queryOptions({ queryKey: ['parts'], queryFn: getParts });

export const useParts = () => useQuery(partsQueryOptions());
