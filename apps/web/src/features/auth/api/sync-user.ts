import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserSyncBody, UserSyncResponse } from '@storefront/contract';
import { api } from '../../../lib/api-client';
import { accessKeyStore, hasUsableKey } from '../../../lib/access-key';

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

export const accessKeyKeys = { forEmail: (email: string | undefined) => ['access-key', email] };

/** Keeps a key for the signed-in email in localStorage, fetching one only when needed. */
export const accessKeyQueryOptions = (email: string | undefined) =>
  queryOptions({
    queryKey: accessKeyKeys.forEmail(email),
    queryFn: async () => {
      if (!hasUsableKey(email ?? '')) await syncUser(email ?? '');
      return true as const;
    },
    enabled: Boolean(email),
    // A usable key already stored is known at once: no render waits a promise for it, and the
    // queries behind the key start in the same render as the session (issue 41).
    initialData: () => (email && hasUsableKey(email) ? (true as const) : undefined),
    staleTime: Infinity,
    retry: 1,
    meta: { private: true },
  });

export const useAccessKey = (email: string | undefined) => useQuery(accessKeyQueryOptions(email));
