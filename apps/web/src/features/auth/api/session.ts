import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type SessionUser = { id: string; name: string; email: string; image?: string | null };
export type Session = { user: SessionUser; session: { expiresAt: string } } | null;

export const getSession = () => api<Session>('/auth/get-session');

export const sessionQueryOptions = () =>
  queryOptions({ queryKey: ['session'], queryFn: getSession, staleTime: 5 * 60_000 });

/** The provider's session: undefined while loading, null when signed out. */
export const useSession = () => useQuery(sessionQueryOptions());
