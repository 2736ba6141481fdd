import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { syncUser } from '../features/auth/api/sync-user';
import { sessionQueryOptions } from '../features/auth/api/session';
import { setAccessKeyRenewer } from '../lib/api-client';

export function AppProvider({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  useEffect(() => {
    // An authorized call answered 401: the key expired. Renew it once from the provider session.
    setAccessKeyRenewer(async () => {
      const session = await queryClient
        .fetchQuery({ ...sessionQueryOptions(), staleTime: 0 })
        .catch(() => null);
      if (!session) return false;
      try {
        await syncUser(session.user.email);
        return true;
      } catch {
        return false;
      }
    });
    return () => setAccessKeyRenewer(null);
  }, [queryClient]);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
