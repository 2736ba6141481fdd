import { useNavigate } from 'react-router';
import { alerts } from '@storefront/contract';
import { usePageTitle } from '../../components/ui/page-title';
import { paths } from '../../config/paths';
import { ForgetPasswordForm } from '../../features/auth/components/forget-password-form';
import { showSuccess } from '../../lib/alert';
import { AuthCard } from '../auth-card';

export default function ForgetPasswordRoute() {
  usePageTitle('Reset your password');
  const navigate = useNavigate();
  return (
    <AuthCard title="Reset your password">
      <p className="mb-4 text-sm">
        Enter the email of your account and we will send you a link to choose a new password.
      </p>
      <ForgetPasswordForm
        onSent={async () => {
          await showSuccess(alerts.passwordResetSent);
          await navigate(paths.login.href());
        }}
      />
    </AuthCard>
  );
}
