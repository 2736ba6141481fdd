import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { usePageTitle } from '../../components/ui/page-title';
import { paths } from '../../config/paths';
import { dashboardPaths } from '../../config/dashboard-paths';
import { useConfirmEmail } from '../../features/auth/api/confirm-email';
import { completeSignIn } from '../../features/auth/complete-sign-in';
import { useAuth } from '../../features/auth/use-auth';
import { ApiError } from '../../lib/api-client';
import { AuthCard } from '../auth-card';

/**
 * The link from the confirmation mail. Confirming needs the mailbox (the link) and the account
 * (a sign-in): a visitor who is not signed in goes to the login page and comes back here.
 */
export default function VerifyEmailRoute() {
  usePageTitle('Confirm your email address');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const location = useLocation();
  const auth = useAuth();
  const signedIn = auth.status === 'signed-in';
  const confirm = useConfirmEmail(token, signedIn && token !== '');
  const queryClient = useQueryClient();
  const renewed = useRef(false);
  const newEmail = confirm.data?.user?.email;

  useEffect(() => {
    // A change of address ends the old access key: take a new one for the new address.
    if (!confirm.isSuccess || renewed.current) return;
    renewed.current = true;
    void completeSignIn(queryClient, newEmail ?? auth.user?.email ?? '');
  }, [confirm.isSuccess, newEmail, auth.user?.email, queryClient]);

  if (auth.status === 'signed-out')
    return <Navigate to={paths.login.href()} replace state={{ from: location }} />;

  return (
    <AuthCard title="Confirm your email address">
      {!token ? (
        <p role="alert">This link is incomplete. Open the whole link from the mail.</p>
      ) : confirm.isSuccess ? (
        <div role="status">
          <p className="font-semibold">Your email address is confirmed.</p>
          {newEmail && <p className="mt-2">Your account's address is now {newEmail}.</p>}
          <Link to={dashboardPaths.root.href()} className="btn btn-primary mt-4 w-full">
            Go to my profile
          </Link>
        </div>
      ) : confirm.isError ? (
        <div role="alert">
          <p className="font-semibold">
            {confirm.error instanceof ApiError && confirm.error.status === 403
              ? 'This link is for another account.'
              : 'This link is invalid, has expired or was already used.'}
          </p>
          <p className="mt-2 text-sm">
            {confirm.error instanceof ApiError && confirm.error.status === 403
              ? 'Sign out, then sign in as the account the mail was sent for and open the link again.'
              : 'Your profile page can send you a new link.'}
          </p>
          <Link to={dashboardPaths.root.href()} className="btn btn-primary mt-4 w-full">
            Go to my profile
          </Link>
        </div>
      ) : (
        <Spinner label="Confirming your email address…" />
      )}
    </AuthCard>
  );
}
