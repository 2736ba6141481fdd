import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteOrderResponse, OrderListResponse } from '@storefront/contract';
import { api } from '../../../lib/api-client';
import { orderKeys } from './get-my-orders';

export function useCancelOrder(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<DeleteOrderResponse>(`/purchase/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        auth: true,
      }),
    onSuccess: (answer, id) => {
      // Spec: the row goes away when deletedCount is above 0.
      if (answer.deletedCount > 0) {
        queryClient.setQueryData<OrderListResponse>(orderKeys.mine(email), (orders) =>
          orders?.filter((o) => o._id !== id),
        );
      }
    },
    meta: { changes: ['stock', 'orders'] },
  });
}
