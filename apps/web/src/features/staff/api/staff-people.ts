import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import type { AdminEntry, AuditPage, StaffOverview } from '@storefront/contract';
import { api } from '../../../lib/api-client';
import { staffKeys } from './staff-orders';

export const useStaffOverview = () =>
  useQuery({
    queryKey: staffKeys.overview,
    queryFn: () => api<StaffOverview>('/staff/overview', { auth: true }),
    meta: { topics: ['orders', 'stock'], private: true },
  });

export const useAdmins = () =>
  useQuery({
    queryKey: staffKeys.admins,
    queryFn: () => api<AdminEntry[]>('/staff/admins', { auth: true }),
    meta: { topics: ['admins'], private: true },
  });

export const useGrantAdmin = () =>
  useMutation({
    mutationFn: (email: string) =>
      api<AdminEntry[]>('/staff/admins', { method: 'POST', auth: true, body: { email } }),
    meta: { changes: ['admins', 'audit'] },
  });

export const useRevokeAdmin = () =>
  useMutation({
    mutationFn: (email: string) =>
      api<AdminEntry[]>(`/staff/admins/${encodeURIComponent(email)}`, {
        method: 'DELETE',
        auth: true,
      }),
    meta: { changes: ['admins', 'audit'] },
  });

export const useAuditLog = () =>
  useInfiniteQuery({
    queryKey: staffKeys.audit,
    queryFn: ({ pageParam }) =>
      api<AuditPage>(`/staff/audit${pageParam ? `?after=${pageParam}` : ''}`, { auth: true }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    meta: { topics: ['audit'], private: true },
  });
