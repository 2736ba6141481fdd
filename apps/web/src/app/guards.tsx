import { Navigate, Outlet, useLocation } from 'react-router';
import { ErrorMessage } from '../components/ui/error-message';
import { Spinner } from '../components/ui/spinner';
import { paths } from '../config/paths';
import { useAuth } from '../features/auth/use-auth';
import { hasUnexpiredKey } from '../lib/access-key';

/**
 * Signed-out visitors go to /login, which brings them back here afterwards (spec section 2).
 * With `optimistic`, a visitor holding a valid key sees the page at once while the session is
 * confirmed (the server checks every call anyway); pages that need the user wait for it.
 */
export function RequireAuth({ optimistic = false }: { optimistic?: boolean }) {
  const auth = useAuth();
  const location = useLocation();
  if (auth.status === 'loading') {
    return optimistic && hasUnexpiredKey() ? (
      <Outlet />
    ) : (
      <Spinner label="Checking your sign-in…" />
    );
  }
  if (auth.status === 'signed-out')
    return <Navigate to={paths.login.href()} replace state={{ from: location }} />;
  if (auth.status === 'error')
    return (
      <ErrorMessage
        title="We could not confirm your sign-in."
        error={auth.error}
        onRetry={() => window.location.reload()}
      />
    );
  return <Outlet />;
}

/** Admin-only pages: a customer who types the URL is told plainly. */
export function RequireAdmin() {
  const auth = useAuth();
  if (auth.adminPending) return <Spinner label="Checking your access…" />;
  if (!auth.isAdmin)
    return (
      <div role="alert" className="alert alert-error alert-soft">
        <div>
          <h2 className="font-semibold">You do not have access to this page</h2>
          <p className="text-sm">
            This page is for the shop's staff. If you think you should be one, ask the shop's
            administrator.
          </p>
        </div>
      </div>
    );
  return <Outlet />;
}
