import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserSyncBody, UserSyncResponse } from '@storefront/contract';
import { accessKeyStore, api } from '../../../lib/api-client';
import { hasUsableKey } from '../../../lib/access-key';

/** The spec's sign-in sync: PUT /users/{email} with the session, answered with the access key. */
export async function syncUser(email: string): Promise<string> {
  const body: UserSyncBody = { currentUser: { email } };
  const { key } = await api<UserSyncResponse>(`/users/${encodeURIComponent(email)}`, {
    method: 'PUT',
    body,
  });
  accessKeyStore.set(key);
  return key;
}

/** Keeps a key for the signed-in email in localStorage, fetching one only when needed. */
export async function ensureAccessKey(email: string): Promise<true> {
  if (!hasUsableKey(email)) await syncUser(email);
  return true;
}

export const accessKeyQueryOptions = (email: string | undefined) =>
  queryOptions({
    queryKey: ['access-key', email],
    queryFn: () => ensureAccessKey(email ?? ''),
    enabled: Boolean(email),
    staleTime: Infinity,
    retry: 1,
  });

export const useAccessKey = (email: string | undefined) => useQuery(accessKeyQueryOptions(email));
