import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderEmailResponse } from '@storefront/contract';
import { api } from '../../../lib/api-client';
import { orderKeys } from './get-my-orders';

const orderEmailsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: orderKeys.emails(id),
    queryFn: () =>
      api<OrderEmailResponse[]>(`/purchase/${encodeURIComponent(id)}/emails`, { auth: true }),
    meta: { topics: ['orders'], private: true },
  });

export const useOrderEmails = (id: string) => useQuery(orderEmailsQueryOptions(id));
