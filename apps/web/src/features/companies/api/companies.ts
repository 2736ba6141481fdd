import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type {
  CompanyBody,
  CompanyInvite,
  CompanyResponse,
  CompanyRole,
  MyCompanies,
  OrderListResponse,
} from '@storefront/contract';
import { api } from '../../../lib/api-client';

const companyKeys = {
  mine: ['companies', 'mine'],
  one: (id: string) => ['companies', 'one', id],
  invites: (id: string) => ['companies', 'invites', id],
  orders: (id: string) => ['companies', 'orders', id],
};
const topics = { topics: ['companies'], private: true } as const;

/** The companies the signed-in buyer belongs to, and their role in each. */
export const useMyCompanies = () =>
  useQuery(
    queryOptions({
      queryKey: companyKeys.mine,
      queryFn: () => api<MyCompanies>('/companies', { auth: true }),
      meta: topics,
    }),
  );

export const useCompany = (id: string | undefined) =>
  useQuery({
    queryKey: companyKeys.one(id ?? ''),
    queryFn: () =>
      api<CompanyResponse>(`/companies/${encodeURIComponent(id ?? '')}`, { auth: true }),
    enabled: Boolean(id),
    meta: topics,
  });

export const useCompanyInvites = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: companyKeys.invites(id),
    queryFn: () =>
      api<CompanyInvite[]>(`/companies/${encodeURIComponent(id)}/invites`, { auth: true }),
    enabled,
    meta: topics,
  });

/** Every order of the company, with the member who placed each. */
export const useCompanyOrders = (id: string | undefined) =>
  useQuery({
    queryKey: companyKeys.orders(id ?? ''),
    queryFn: () =>
      api<OrderListResponse>(`/companies/${encodeURIComponent(id ?? '')}/orders`, { auth: true }),
    enabled: Boolean(id),
    meta: { topics: ['companies', 'orders'], private: true },
  });

const changes = { changes: ['companies'] } as const;

export const useCreateCompany = () =>
  useMutation({
    mutationFn: (body: CompanyBody) =>
      api<CompanyResponse>('/companies', { method: 'POST', body, auth: true }),
    meta: changes,
  });

/** Owners and admins change the details and the whole list of delivery addresses. */
export const useUpdateCompany = (companyId: string) =>
  useMutation({
    mutationFn: (body: CompanyBody) =>
      api<CompanyResponse>(`/companies/${encodeURIComponent(companyId)}`, {
        method: 'PUT',
        body,
        auth: true,
      }),
    meta: changes,
  });

export const useInviteMember = (companyId: string) =>
  useMutation({
    mutationFn: (body: { email: string; role: 'admin' | 'buyer' }) =>
      api<CompanyInvite>(`/companies/${encodeURIComponent(companyId)}/invites`, {
        method: 'POST',
        body,
        auth: true,
      }),
    meta: changes,
  });

export const useRevokeInvite = (companyId: string) =>
  useMutation({
    mutationFn: (inviteId: string) =>
      api<CompanyInvite[]>(
        `/companies/${encodeURIComponent(companyId)}/invites/${encodeURIComponent(inviteId)}`,
        { method: 'DELETE', auth: true },
      ),
    meta: changes,
  });

export const useChangeRole = (companyId: string) =>
  useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: CompanyRole }) =>
      api<CompanyResponse>(
        `/companies/${encodeURIComponent(companyId)}/members/${encodeURIComponent(userId)}`,
        { method: 'PUT', body: { role }, auth: true },
      ),
    meta: changes,
  });

export const useRemoveMember = (companyId: string) =>
  useMutation({
    mutationFn: (userId: string) =>
      api<{ removed: true }>(
        `/companies/${encodeURIComponent(companyId)}/members/${encodeURIComponent(userId)}`,
        { method: 'DELETE', auth: true },
      ),
    meta: changes,
  });

export const useAcceptInvite = () =>
  useMutation({
    mutationFn: (token: string) =>
      api<{ companyId: string; role: CompanyRole }>('/company-invites/accept', {
        method: 'POST',
        body: { token },
        auth: true,
      }),
    meta: changes,
  });
