import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfileResponse } from '@storefront/contract';
import { api } from '../../../lib/api-client';

export const getProfile = (email: string) =>
  api<ProfileResponse>(`/users/${encodeURIComponent(email)}`, { auth: true });

export const profileQueryOptions = (email: string) =>
  queryOptions({ queryKey: ['profile', email], queryFn: () => getProfile(email) });

export const useProfile = (email: string) => useQuery(profileQueryOptions(email));
