import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderListResponse } from '@storefront/contract';
import { api } from '../../../lib/api-client';

export const orderKeys = {
  all: ['orders'],
  mine: (email: string) => ['orders', 'mine', email],
  one: (id: string) => ['orders', 'one', id],
};

export const myOrdersQueryOptions = (email: string) =>
  queryOptions({
    queryKey: orderKeys.mine(email),
    queryFn: () =>
      api<OrderListResponse>(`/purchase?email=${encodeURIComponent(email)}`, { auth: true }),
    meta: { topics: ['orders'], private: true },
  });

export const useMyOrders = (email: string) => useQuery(myOrdersQueryOptions(email));
