import { Link, useNavigate, useSearchParams } from 'react-router';
import { usePageTitle } from '../../components/ui/page-title';
import { paths } from '../../config/paths';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import { showSuccess } from '../../lib/alert';
import { AuthCard } from '../auth-card';

export default function ResetPasswordRoute() {
  usePageTitle('Choose a new password');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token');
  const invalid = params.get('error') === 'INVALID_TOKEN' || !token;
  return (
    <AuthCard title="Choose a new password">
      {invalid ? (
        <div role="alert">
          <p>This reset link is invalid or has expired.</p>
          <Link to={paths.forgetPassword.href()} className="btn btn-primary mt-4 w-full">
            Ask for a new link
          </Link>
        </div>
      ) : (
        <ResetPasswordForm
          token={token}
          onDone={async () => {
            await showSuccess('Your password has been changed. Please sign in.');
            await navigate(paths.login.href(), { replace: true });
          }}
        />
      )}
    </AuthCard>
  );
}
