import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderListResponse } from '@storefront/contract';
import { api } from '../../../lib/api-client';

export const orderKeys = {
  all: ['orders'],
  mine: (email: string, show: 'live' | 'canceled' = 'live') => ['orders', 'mine', email, show],
  one: (id: string) => ['orders', 'one', id],
  emails: (id: string) => ['orders', 'emails', id],
};

/** The spec's list (live orders), or the canceled ones to read. */
export const myOrdersQueryOptions = (email: string, show: 'live' | 'canceled' = 'live') =>
  queryOptions({
    queryKey: orderKeys.mine(email, show),
    queryFn: () =>
      api<OrderListResponse>(
        `/purchase?email=${encodeURIComponent(email)}${show === 'canceled' ? '&status=canceled' : ''}`,
        { auth: true },
      ),
    meta: { topics: ['orders'], private: true },
  });

export const useMyOrders = (email: string, show: 'live' | 'canceled' = 'live') =>
  useQuery(myOrdersQueryOptions(email, show));
