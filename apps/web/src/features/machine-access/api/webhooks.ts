import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  CreatedWebhookEndpoint,
  WebhookDeliveryView,
  WebhookEndpointBody,
  WebhookEndpointView,
} from '@storefront/contract';
import { api } from '../../../lib/api-client';
import type { KeyOwner } from './api-keys';

const base = (owner: KeyOwner) =>
  owner.companyId === null
    ? '/staff/webhooks'
    : `/companies/${encodeURIComponent(owner.companyId)}/webhooks`;
const one = (owner: KeyOwner, id: string) => `${base(owner)}/${encodeURIComponent(id)}`;

export const webhookKeys = {
  list: (owner: KeyOwner) => ['machine', 'webhooks', owner.companyId ?? 'staff'] as const,
  deliveries: (owner: KeyOwner, id: string) =>
    ['machine', 'webhooks', owner.companyId ?? 'staff', id, 'deliveries'] as const,
};
const meta = { topics: ['machine'], private: true } as const;
const changes = { changes: ['machine', 'audit'] } as const;

export const useWebhookEndpoints = (owner: KeyOwner) =>
  useQuery({
    queryKey: webhookKeys.list(owner),
    queryFn: () => api<WebhookEndpointView[]>(base(owner), { auth: true }),
    meta,
  });

export const useWebhookDeliveries = (owner: KeyOwner, id: string) =>
  useQuery({
    queryKey: webhookKeys.deliveries(owner, id),
    queryFn: () => api<WebhookDeliveryView[]>(`${one(owner, id)}/deliveries`, { auth: true }),
    meta,
    // Deliveries leave within seconds: the log follows them while it is open.
    refetchInterval: 3000,
  });

export const useCreateWebhook = (owner: KeyOwner) =>
  useMutation({
    mutationFn: (body: WebhookEndpointBody) =>
      api<CreatedWebhookEndpoint>(base(owner), { method: 'POST', auth: true, body }),
    meta: changes,
  });

/** The endpoint actions without a body: remove, enable, rotate the secret, send a test. */
export const useWebhookAction = (owner: KeyOwner) =>
  useMutation({
    mutationFn: ({
      id,
      action,
    }: {
      id: string;
      action: 'remove' | 'enable' | 'rotate' | 'test';
    }) =>
      action === 'remove'
        ? api<unknown>(one(owner, id), { method: 'DELETE', auth: true })
        : api<unknown>(`${one(owner, id)}/${action === 'rotate' ? 'rotate-secret' : action}`, {
            method: 'POST',
            auth: true,
          }),
    meta: changes,
  });

export const useResendDelivery = (owner: KeyOwner, endpointId: string) =>
  useMutation({
    mutationFn: (deliveryId: string) =>
      api<WebhookDeliveryView>(
        `${one(owner, endpointId)}/deliveries/${encodeURIComponent(deliveryId)}/resend`,
        { method: 'POST', auth: true },
      ),
    meta: changes,
  });
