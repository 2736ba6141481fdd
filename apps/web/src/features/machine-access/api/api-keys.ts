import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  ApiKeyView,
  CompanyApiKeyBody,
  CreatedApiKey,
  StaffApiKeyBody,
} from '@storefront/contract';
import { api } from '../../../lib/api-client';

/** Whose keys: the shop's (staff) or one company's (its owners). */
export type KeyOwner = { companyId: string | null };

const base = (owner: KeyOwner) =>
  owner.companyId === null
    ? '/staff/api-keys'
    : `/companies/${encodeURIComponent(owner.companyId)}/api-keys`;

export const apiKeyKeys = {
  list: (owner: KeyOwner) => ['machine', 'api-keys', owner.companyId ?? 'staff'] as const,
};

export const useApiKeys = (owner: KeyOwner) =>
  useQuery({
    queryKey: apiKeyKeys.list(owner),
    queryFn: () => api<ApiKeyView[]>(base(owner), { auth: true }),
    meta: { topics: ['machine'], private: true },
  });

export const useCreateApiKey = (owner: KeyOwner) =>
  useMutation({
    mutationFn: (body: StaffApiKeyBody | CompanyApiKeyBody) =>
      api<CreatedApiKey>(base(owner), { method: 'POST', auth: true, body }),
    meta: { changes: ['machine', 'audit'] },
  });

export const useRevokeApiKey = (owner: KeyOwner) =>
  useMutation({
    mutationFn: (id: string) =>
      api<ApiKeyView[]>(`${base(owner)}/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        auth: true,
      }),
    meta: { changes: ['machine', 'audit'] },
  });
