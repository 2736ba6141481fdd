import { Link, useNavigate, useParams } from 'react-router';
import { ErrorMessage } from '../../../components/ui/error-message';
import { usePageTitle } from '../../../components/ui/page-title';
import { Spinner } from '../../../components/ui/spinner';
import { dashboardPaths } from '../../../config/dashboard-paths';
import { useReturnOptions } from '../../../features/returns/api/returns';
import { ReturnForm } from '../../../features/returns/components/return-form';

/** "Return parts" of a delivered order. */
export default function NewReturnRoute() {
  const { id = '' } = useParams();
  const options = useReturnOptions(id);
  const navigate = useNavigate();
  usePageTitle(options.data ? `Return parts of ${options.data.orderNumber}` : 'Return parts');
  if (options.isPending) return <Spinner label="Loading the order…" />;
  if (options.isError)
    return (
      <div className="space-y-3">
        <ErrorMessage title="These parts cannot be returned." error={options.error} />
        <Link to={dashboardPaths.order.href(id)} className="link link-primary">
          Back to the order
        </Link>
      </div>
    );
  return (
    <>
      <h2 className="mb-4 text-xl font-semibold">
        Return parts of order {options.data.orderNumber}
      </h2>
      <ReturnForm
        options={options.data}
        onDone={(ret) => void navigate(dashboardPaths.returnPage.href(ret.id))}
      />
    </>
  );
}
