import { useNavigate } from 'react-router';
import { messages } from '@storefront/contract';
import { paths } from '../../../config/paths';
import { useSignOut } from '../../../features/auth/api/sign-out';
import { MyDataPanel } from '../../../features/privacy/components/my-data-panel';
import { ErrorMessage } from '../../../components/ui/error-message';
import { Spinner } from '../../../components/ui/spinner';
import { usePageTitle } from '../../../components/ui/page-title';
import { EmailConfirmationNotice } from '../../../features/auth/components/email-confirmation-notice';
import { useAuth } from '../../../features/auth/use-auth';
import { useProfile } from '../../../features/profile/api/get-profile';
import { ProfileForm } from '../../../features/profile/components/profile-form';
import { StaffOverviewPanel } from '../../../features/staff/components/staff-overview';

export default function ProfileRoute() {
  usePageTitle('My Profile');
  const auth = useAuth();
  const signOut = useSignOut();
  const navigate = useNavigate();
  if (!auth.user) return <p role="alert">{messages.noUserLoggedIn}</p>;
  return (
    <>
      {auth.isAdmin && <StaffOverviewPanel />}
      <h2 className="mb-4 text-xl font-semibold">My Profile</h2>
      {!auth.user.emailVerified && <EmailConfirmationNotice email={auth.user.email} />}
      <ProfileForUser email={auth.user.email} />
      <MyDataPanel
        onDeleted={async () => {
          await signOut();
          await navigate(paths.home.href(), { replace: true });
        }}
      />
    </>
  );
}

function ProfileForUser({ email }: { email: string }) {
  const profile = useProfile(email);
  return (
    <>
      {profile.isPending ? (
        <Spinner label="Loading your profile…" />
      ) : profile.isError ? (
        <ErrorMessage
          title="We could not load your profile."
          error={profile.error}
          onRetry={() => void profile.refetch()}
        />
      ) : (
        <ProfileForm profile={profile.data} />
      )}
    </>
  );
}
