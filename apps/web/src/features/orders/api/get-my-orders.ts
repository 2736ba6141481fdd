import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderListResponse } from '@storefront/contract';
import { api } from '../../../lib/api-client';

export const getMyOrders = (email: string) =>
  api<OrderListResponse>(`/purchase?email=${encodeURIComponent(email)}`, { auth: true });

export const myOrdersQueryOptions = (email: string) =>
  queryOptions({ queryKey: ['orders', 'mine', email], queryFn: () => getMyOrders(email) });

export const useMyOrders = (email: string) => useQuery(myOrdersQueryOptions(email));
