import type { QueryClient } from '@tanstack/react-query';
import { refreshTopics } from '../../lib/query-client';
import { adminKeys } from './api/get-admin';
import { sessionQueryOptions } from './api/session';
import { accessKeyQueryOptions, syncUser } from './api/sync-user';

/**
 * After the provider accepted a sign-in or registration (spec section 4): refresh the session,
 * register the user on the server and store the returned key.
 */
export async function completeSignIn(queryClient: QueryClient, email: string): Promise<void> {
  const normalized = email.trim().toLowerCase();
  await syncUser(normalized);
  queryClient.setQueryData(accessKeyQueryOptions(normalized).queryKey, true);
  await queryClient.invalidateQueries({ queryKey: adminKeys.all });
  await queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 });
  // A company buyer's prices replace the visitor's on every screen showing one.
  await refreshTopics(queryClient, ['prices']);
}
