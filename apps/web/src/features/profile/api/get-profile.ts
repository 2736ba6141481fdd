import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfileResponse } from '@storefront/contract';
import { api } from '../../../lib/api-client';

export const getProfile = (email: string) =>
  api<ProfileResponse>(`/users/${encodeURIComponent(email)}`, { auth: true });

export const profileQueryOptions = (email: string) =>
  queryOptions({ queryKey: ['profile', email], queryFn: () => getProfile(email) });

/** Keeps showing the last profile while a changed email's profile loads, so the form stays put. */
export const useProfile = (email: string) =>
  useQuery({ ...profileQueryOptions(email), placeholderData: (previous) => previous });
