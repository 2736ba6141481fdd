import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteOrderResponse, OrderListResponse } from '@storefront/contract';
import { api } from '../../../lib/api-client';
import { myOrdersQueryOptions } from './get-my-orders';

export const cancelOrder = (id: string) =>
  api<DeleteOrderResponse>(`/purchase/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true });

export function useCancelOrder(email: string) {
  const queryClient = useQueryClient();
  const key = myOrdersQueryOptions(email).queryKey;
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: (answer, id) => {
      // Spec: the row goes away when deletedCount is above 0.
      if (answer.deletedCount > 0) {
        queryClient.setQueryData<OrderListResponse>(key, (orders) =>
          orders?.filter((o) => o._id !== id),
        );
      }
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: key });
      await queryClient.invalidateQueries({ queryKey: ['parts'] });
    },
  });
}
