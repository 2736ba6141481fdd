import { useParams } from 'react-router';
import { ErrorMessage } from '../../../components/ui/error-message';
import { usePageTitle } from '../../../components/ui/page-title';
import { Spinner } from '../../../components/ui/spinner';
import { useReturn } from '../../../features/returns/api/returns';
import { ReturnView } from '../../../features/returns/components/return-view';

/** One return, as its buyer sees it. */
export default function ReturnRoute() {
  const { id = '' } = useParams();
  const ret = useReturn(id);
  usePageTitle(ret.data ? `Return ${ret.data.number}` : 'Your return');
  if (ret.isPending) return <Spinner label="Loading the return…" />;
  if (ret.isError)
    return (
      <ErrorMessage
        title="We could not load this return."
        error={ret.error}
        onRetry={() => void ret.refetch()}
      />
    );
  return <ReturnView ret={ret.data} />;
}
