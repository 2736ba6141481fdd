import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { usePageTitle } from '../../components/ui/page-title';
import { paths } from '../../config/paths';
import { GoogleButton } from '../../features/auth/components/google-button';
import { LoginForm } from '../../features/auth/components/login-form';
import { useAuth } from '../../features/auth/use-auth';
import { useConfig } from '../../features/site/api/get-config';
import { AuthCard, returnTo } from '../auth-card';

export default function LoginRoute() {
  usePageTitle('Log in');
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const auth = useAuth();
  const config = useConfig();
  const [busy, setBusy] = useState(false);
  const target = returnTo(location);

  if (auth.status === 'signed-in' && !busy) return <Navigate to={target} replace />;

  return (
    <AuthCard title="Log into your account">
      {auth.status === 'loading' && !busy ? (
        <Spinner label="Checking your sign-in…" />
      ) : (
        <>
          {params.get('error') === 'google' && (
            <p role="alert" className="alert alert-error alert-soft mb-4 text-sm">
              Google sign-in did not complete. Please try again.
            </p>
          )}
          <LoginForm
            onBusyChange={setBusy}
            onSignedIn={() => void navigate(target, { replace: true })}
          />
          <p className="mt-3 flex justify-between text-sm">
            <span>
              New here?{' '}
              {/* The way on (checkout, an invitation) goes with the buyer to the new account. */}
              <Link
                to={paths.register.href()}
                state={location.state as unknown}
                className="link link-primary inline-block py-2"
              >
                Create one
              </Link>
            </span>
            <Link to={paths.forgetPassword.href()} className="link link-primary inline-block py-2">
              Forget password
            </Link>
          </p>
          <div className="divider">or</div>
          <GoogleButton enabled={config.data?.googleSignIn ?? false} returnTo={target} />
        </>
      )}
    </AuthCard>
  );
}
