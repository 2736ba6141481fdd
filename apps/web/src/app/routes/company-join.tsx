import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { FormError } from '../../components/ui/form-error';
import { usePageTitle } from '../../components/ui/page-title';
import { dashboardPaths } from '../../config/dashboard-paths';
import { useAuth } from '../../features/auth/use-auth';
import { useAcceptInvite } from '../../features/companies/api/companies';
import { ApiError } from '../../lib/api-client';

/**
 * An invitation's link: `/company/join#<code>`. The code stays in the fragment, so it never
 * reaches a server log; the buyer, signed in, accepts it with one click.
 */
export default function CompanyJoinRoute() {
  usePageTitle('Join a company');
  const auth = useAuth();
  const { hash } = useLocation();
  const token = hash.replace(/^#/, '');
  const accept = useAcceptInvite();
  const [error, setError] = useState<string | null>(null);
  const joined = accept.data;

  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <h1 className="mb-4 text-3xl font-bold">Join a company</h1>
      {joined ? (
        <div role="status" data-testid="company-joined">
          <p>You are now a {joined.role} of the company.</p>
          <Link to={dashboardPaths.company.href()} className="btn btn-primary mt-4">
            Open the company
          </Link>
        </div>
      ) : !token ? (
        <p>This link holds no invitation code: open the link from the invitation mail.</p>
      ) : (
        <>
          <p className="mb-4">
            You are signed in as <strong>{auth.user?.email}</strong>. The invitation works only for
            the address it was sent to, once that address is confirmed.
          </p>
          <FormError message={error} testId="join-error" />
          <button
            type="button"
            className="btn btn-primary mt-2"
            disabled={accept.isPending}
            onClick={() =>
              void accept.mutateAsync(token).catch((err: unknown) => {
                setError(
                  err instanceof ApiError && err.status === 404
                    ? 'This invitation is not for the address you are signed in with, or it was replaced.'
                    : err instanceof ApiError
                      ? err.message
                      : 'Please try again.',
                );
              })
            }
          >
            Accept the invitation
          </button>
        </>
      )}
    </div>
  );
}
