import { useAccessKey } from './api/sync-user';
import { useAdmin } from './api/get-admin';
import { useSession } from './api/session';

/**
 * Who is signed in, whether their access key is ready and whether they are an admin.
 * `status` is 'loading' until each of those that applies is known.
 */
export function useAuth() {
  const session = useSession();
  const user = session.data?.user ?? null;
  const key = useAccessKey(user?.email);
  const keyReady = key.isSuccess;
  const admin = useAdmin(user?.email, keyReady);
  const status: 'loading' | 'signed-out' | 'signed-in' | 'error' = session.isPending
    ? 'loading'
    : !user
      ? 'signed-out'
      : key.isError
        ? 'error'
        : keyReady
          ? 'signed-in'
          : 'loading';
  return {
    status,
    user,
    keyReady,
    isAdmin: admin.data?.admin ?? false,
    adminPending: Boolean(user) && (admin.isPending || !keyReady),
    error: session.error ?? key.error,
  };
}
