import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { usePageTitle } from '../../components/ui/page-title';
import { paths } from '../../config/paths';
import { GoogleButton } from '../../features/auth/components/google-button';
import { RegisterForm } from '../../features/auth/components/register-form';
import { useAuth } from '../../features/auth/use-auth';
import { useConfig } from '../../features/site/api/get-config';
import { AuthCard, returnTo } from '../auth-card';

export default function RegisterRoute() {
  usePageTitle('Register');
  const navigate = useNavigate();
  const auth = useAuth();
  const config = useConfig();
  const [busy, setBusy] = useState(false);
  // Sent here from the login page on the way somewhere (checkout, an invitation's link): the new
  // account goes on there. With nothing pending, the spec's "/".
  const location = useLocation();
  const target = returnTo(location);

  // Said on the page the new account goes on to. Kept here too: while that page's script loads,
  // this one stays drawn, signed in, and its own redirect must carry the same words.
  const [notice, setNotice] = useState<string | null>(null);

  if (auth.status === 'signed-in' && !busy)
    return <Navigate to={target} replace state={notice ? { notice } : undefined} />;

  return (
    <AuthCard title="Register an account">
      {auth.status === 'loading' && !busy ? (
        <Spinner label="Checking your sign-in…" />
      ) : (
        <>
          <RegisterForm
            onBusyChange={setBusy}
            onRegistered={(email) => {
              const words = `Welcome! We sent a confirmation mail to ${email}: open its link to confirm your address.`;
              setNotice(words);
              void navigate(target, { replace: true, state: { notice: words } });
            }}
          />
          <p className="mt-3 text-sm">
            Already have an account?{' '}
            <Link
              to={paths.login.href()}
              state={location.state as unknown}
              className="link link-primary inline-block py-2"
            >
              Login
            </Link>
          </p>
          <div className="divider">or</div>
          <GoogleButton enabled={config.data?.googleSignIn ?? false} returnTo={target} />
        </>
      )}
    </AuthCard>
  );
}
