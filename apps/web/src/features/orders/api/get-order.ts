import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderResponse } from '@storefront/contract';
import { api } from '../../../lib/api-client';
import { orderKeys } from './get-my-orders';

const orderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: orderKeys.one(id),
    queryFn: () => api<OrderResponse>(`/purchase/${encodeURIComponent(id)}`, { auth: true }),
    meta: { topics: ['orders'], private: true },
  });

export const useOrder = (id: string) => useQuery(orderQueryOptions(id));
