import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfileResponse } from '@storefront/contract';
import { api } from '../../../lib/api-client';

export const profileKeys = { forEmail: (email: string) => ['profile', email] };

const profileQueryOptions = (email: string) =>
  queryOptions({
    queryKey: profileKeys.forEmail(email),
    queryFn: () => api<ProfileResponse>(`/users/${encodeURIComponent(email)}`, { auth: true }),
    meta: { topics: ['profile'], private: true },
  });

/** Keeps showing the last profile while a changed email's profile loads, so the form stays put. */
export const useProfile = (email: string) =>
  useQuery({ ...profileQueryOptions(email), placeholderData: (previous) => previous });
