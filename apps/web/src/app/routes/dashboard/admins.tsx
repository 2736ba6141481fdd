import { ErrorMessage } from '../../../components/ui/error-message';
import { Spinner } from '../../../components/ui/spinner';
import { usePageTitle } from '../../../components/ui/page-title';
import { useAuth } from '../../../features/auth/use-auth';
import { useAdmins } from '../../../features/staff/api/staff-people';
import { AdminsPanel } from '../../../features/staff/components/admins-panel';

export default function AdminsRoute() {
  usePageTitle('Admins');
  const admins = useAdmins();
  const me = useAuth().user?.email ?? '';
  return (
    <>
      <h2 className="mb-4 text-xl font-semibold">Admins</h2>
      {admins.isPending ? (
        <Spinner label="Loading the admins…" />
      ) : admins.isError ? (
        <ErrorMessage
          title="We could not load the admins."
          error={admins.error}
          onRetry={() => void admins.refetch()}
        />
      ) : (
        <AdminsPanel admins={admins.data} me={me} />
      )}
    </>
  );
}
