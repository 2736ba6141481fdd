import { ErrorMessage } from '../../../components/ui/error-message';
import { usePageTitle } from '../../../components/ui/page-title';
import { Spinner } from '../../../components/ui/spinner';
import { dashboardPaths } from '../../../config/dashboard-paths';
import { useMyReturns } from '../../../features/returns/api/returns';
import { ReturnList } from '../../../features/returns/components/return-list';

/** The buyer's returns and their companies' returns. */
export default function ReturnsRoute() {
  usePageTitle('My returns');
  const returns = useMyReturns();
  return (
    <>
      <h2 className="mb-2 text-xl font-semibold">My returns</h2>
      <p className="mb-4 text-sm">
        To send parts back, open a delivered order in My Orders and choose Return parts.
      </p>
      {returns.isPending ? (
        <Spinner label="Loading returns…" />
      ) : returns.isError ? (
        <ErrorMessage
          title="We could not load your returns."
          error={returns.error}
          onRetry={() => void returns.refetch()}
        />
      ) : (
        <ReturnList returns={returns.data} hrefOf={dashboardPaths.returnPage.href} />
      )}
    </>
  );
}
