import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../../lib/api-client';
import { accessKeyStore } from '../../../lib/access-key';
import { forgetPrivateData } from '../../../lib/query-client';
import { sessionKeys } from './session';

/**
 * Logout (spec: signs out and removes the stored access key): ends the provider session, drops
 * the key whatever the provider answered, and forgets every query holding the user's data.
 * Kept apart from the sign-in calls: the navbar on every page needs only this one.
 */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  // The same function from render to render: the navbar's links are memoized on it.
  return useCallback(async () => {
    try {
      await api('/auth/sign-out', { method: 'POST', body: {} });
    } catch {
      // Signed out locally all the same: the key goes and the session is forgotten.
    } finally {
      accessKeyStore.clear();
    }
    queryClient.setQueryData(sessionKeys.current, null);
    forgetPrivateData(queryClient);
  }, [queryClient]);
}
