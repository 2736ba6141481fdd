import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type SessionUser = {
  id: string;
  name: string;
  email: string;
  /** The owner proved the address (the confirmation link, a password reset, or Google). */
  emailVerified: boolean;
  image?: string | null;
};
export type Session = { user: SessionUser; session: { expiresAt: string } } | null;

export const sessionKeys = { current: ['session'] };

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.current,
    queryFn: () => api<Session>('/auth/get-session'),
    staleTime: 5 * 60_000,
    // Refreshed when the account changes (a new name or email).
    meta: { topics: ['account'] },
  });

/** The provider's session: undefined while loading, null when signed out. */
export const useSession = () => useQuery(sessionQueryOptions());
