import { useParams } from 'react-router';
import { ErrorMessage } from '../../../components/ui/error-message';
import { usePageTitle } from '../../../components/ui/page-title';
import { Spinner } from '../../../components/ui/spinner';
import { useReturn } from '../../../features/returns/api/returns';
import { ReturnView } from '../../../features/returns/components/return-view';
import { StaffReturnActions } from '../../../features/returns/components/staff-return-actions';

/** Staff: one return with the customer, photos, timeline and the next step. */
export default function StaffReturnRoute() {
  const { id = '' } = useParams();
  const ret = useReturn(id, true);
  usePageTitle(ret.data ? `Return ${ret.data.number}` : 'Return');
  if (ret.isPending) return <Spinner label="Loading the return…" />;
  if (ret.isError)
    return (
      <ErrorMessage
        title="We could not load this return."
        error={ret.error}
        onRetry={() => void ret.refetch()}
      />
    );
  return (
    <div className="space-y-6">
      <ReturnView ret={ret.data} audience="staff" />
      <StaffReturnActions ret={ret.data} />
    </div>
  );
}
