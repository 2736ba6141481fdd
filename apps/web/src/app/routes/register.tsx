import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { usePageTitle } from '../../components/ui/page-title';
import { paths } from '../../config/paths';
import { GoogleButton } from '../../features/auth/components/google-button';
import { RegisterForm } from '../../features/auth/components/register-form';
import { useAuth } from '../../features/auth/use-auth';
import { useConfig } from '../../features/site/api/get-config';
import { AuthCard } from '../auth-card';

export default function RegisterRoute() {
  usePageTitle('Register');
  const navigate = useNavigate();
  const auth = useAuth();
  const config = useConfig();
  const [busy, setBusy] = useState(false);

  if (auth.status === 'signed-in' && !busy) return <Navigate to={paths.home.href()} replace />;

  return (
    <AuthCard title="Register an account">
      {auth.status === 'loading' && !busy ? (
        <Spinner label="Checking your sign-in…" />
      ) : (
        <>
          <RegisterForm
            onBusyChange={setBusy}
            onRegistered={() => void navigate(paths.home.href(), { replace: true })}
          />
          <p className="mt-3 text-sm">
            Already have an account?{' '}
            <Link to={paths.login.href()} className="link link-primary">
              Login
            </Link>
          </p>
          <div className="divider">or</div>
          <GoogleButton enabled={config.data?.googleSignIn ?? false} returnTo="/" />
        </>
      )}
    </AuthCard>
  );
}
