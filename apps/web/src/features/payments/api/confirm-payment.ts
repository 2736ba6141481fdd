import { useMutation } from '@tanstack/react-query';
import type {
  ConfirmPaymentBody,
  OrderResponse,
  SandboxConfirmBody,
  SandboxConfirmResponse,
} from '@storefront/contract';
import { api } from '../../../lib/api-client';

/** Spec: PATCH /purchase/{id} with the transaction id; the server checks it with the provider. */
export const useConfirmPayment = () =>
  useMutation({
    mutationFn: ({ orderId, transactionId }: { orderId: string; transactionId: string }) => {
      const body: ConfirmPaymentBody = { purchase: orderId, transactionId };
      return api<OrderResponse>(`/purchase/${encodeURIComponent(orderId)}`, {
        method: 'PATCH',
        body,
        auth: true,
      });
    },
    meta: { changes: ['orders'] },
  });

/** The sandbox's stand-in for Stripe.js confirmCardPayment. */
export const confirmSandboxCard = (body: SandboxConfirmBody) =>
  api<SandboxConfirmResponse>('/sandbox/confirm', { method: 'POST', body });
