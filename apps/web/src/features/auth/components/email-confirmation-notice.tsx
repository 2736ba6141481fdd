import { ApiError } from '../../../lib/api-client';
import { useResendConfirmation } from '../api/confirm-email';

/**
 * Tells a customer whose address is not confirmed yet, with a way to get a new link. Ordering
 * never needs it; being named an admin does.
 */
export function EmailConfirmationNotice({ email }: { email: string }) {
  const resend = useResendConfirmation();
  return (
    <div role="status" className="alert alert-info alert-soft mb-6" data-testid="email-unconfirmed">
      <div>
        <p className="font-semibold">Your email address is not confirmed yet.</p>
        <p className="text-sm">
          We sent a link to {email}. Open it while signed in to this account.
        </p>
        {resend.isSuccess && <p className="mt-1 text-sm font-medium">A new link is on its way.</p>}
        {resend.isError && (
          <p className="mt-1 text-sm font-medium">
            {resend.error instanceof ApiError
              ? resend.error.message
              : 'The link could not be sent. Please try again.'}
          </p>
        )}
      </div>
      <button
        type="button"
        className="btn btn-sm"
        disabled={resend.isPending}
        onClick={() => resend.mutate(email)}
      >
        Send the link again
      </button>
    </div>
  );
}
