import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateOrderBody, OrderResponse } from '@storefront/contract';
import { api } from '../../../lib/api-client';

export const placeOrder = (body: CreateOrderBody) =>
  api<OrderResponse>('/purchase/', { method: 'POST', body, auth: true });

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    // Stock changed either way: refresh the catalog and the customer's orders.
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: ['parts'] });
      await queryClient.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}
