import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderResponse } from '@storefront/contract';
import { api } from '../../../lib/api-client';

export const getOrder = (id: string) =>
  api<OrderResponse>(`/purchase/${encodeURIComponent(id)}`, { auth: true });

export const orderQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['orders', 'one', id], queryFn: () => getOrder(id) });

export const useOrder = (id: string) => useQuery(orderQueryOptions(id));
