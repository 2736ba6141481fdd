import { useMutation } from '@tanstack/react-query';
import type { CreateOrderBody, OrderResponse } from '@storefront/contract';
import { api } from '../../../lib/api-client';

/** Stock changes either way (a refusal may mean someone else took it): both are refreshed. */
export const usePlaceOrder = () =>
  useMutation({
    mutationFn: (body: CreateOrderBody) =>
      api<OrderResponse>('/purchase/', { method: 'POST', body, auth: true }),
    meta: { changes: ['stock', 'orders'] },
  });
