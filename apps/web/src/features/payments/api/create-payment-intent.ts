import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CreatePaymentIntentBody, CreatePaymentIntentResponse } from '@storefront/contract';
import { api } from '../../../lib/api-client';

/** The server reuses one intent per order, so asking again (a reload) is harmless. */
const paymentIntentQueryOptions = (orderId: string, enabled: boolean) =>
  queryOptions({
    queryKey: ['payment-intent', orderId],
    queryFn: () => {
      const body: CreatePaymentIntentBody = { orderId };
      return api<CreatePaymentIntentResponse>('/create-payment-intent', {
        method: 'POST',
        body,
        auth: true,
      });
    },
    enabled,
    staleTime: Infinity,
    retry: 1,
    meta: { private: true },
  });

export const usePaymentIntent = (orderId: string, enabled: boolean) =>
  useQuery(paymentIntentQueryOptions(orderId, enabled));
