import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminResponse } from '@storefront/contract';
import { api } from '../../../lib/api-client';

export const getAdmin = (email: string) =>
  api<AdminResponse>(`/admin/${encodeURIComponent(email)}`, { auth: true });

export const adminQueryOptions = (email: string | undefined, keyReady: boolean) =>
  queryOptions({
    queryKey: ['admin', email],
    queryFn: () => getAdmin(email ?? ''),
    enabled: Boolean(email) && keyReady,
    staleTime: 60_000,
  });

export const useAdmin = (email: string | undefined, keyReady: boolean) =>
  useQuery(adminQueryOptions(email, keyReady));
