import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminResponse } from '@storefront/contract';
import { api } from '../../../lib/api-client';

export const adminKeys = {
  all: ['admin'],
  forEmail: (email: string | undefined) => ['admin', email],
};

const adminQueryOptions = (email: string | undefined, keyReady: boolean) =>
  queryOptions({
    queryKey: adminKeys.forEmail(email),
    queryFn: () => api<AdminResponse>(`/admin/${encodeURIComponent(email ?? '')}`, { auth: true }),
    enabled: Boolean(email) && keyReady,
    staleTime: 60_000,
    meta: { private: true },
  });

export const useAdmin = (email: string | undefined, keyReady: boolean) =>
  useQuery(adminQueryOptions(email, keyReady));
