import { accessKeyStore, api } from '../../../lib/api-client';

/** Kept apart from the sign-in calls: the navbar on every page needs only this one. */
export async function signOut(): Promise<void> {
  try {
    await api('/auth/sign-out', { method: 'POST', body: {} });
  } finally {
    // Spec: logout removes the stored access key, whatever the provider answered.
    accessKeyStore.clear();
  }
}
