import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CreatePaymentIntentBody, CreatePaymentIntentResponse } from '@storefront/contract';
import { api } from '../../../lib/api-client';

export const createPaymentIntent = (orderId: string) => {
  const body: CreatePaymentIntentBody = { orderId };
  return api<CreatePaymentIntentResponse>('/create-payment-intent', {
    method: 'POST',
    body,
    auth: true,
  });
};

/** The server reuses one intent per order, so asking again (a reload) is harmless. */
export const paymentIntentQueryOptions = (orderId: string, enabled: boolean) =>
  queryOptions({
    queryKey: ['payment-intent', orderId],
    queryFn: () => createPaymentIntent(orderId),
    enabled,
    staleTime: Infinity,
    retry: 1,
  });

export const usePaymentIntent = (orderId: string, enabled: boolean) =>
  useQuery(paymentIntentQueryOptions(orderId, enabled));
