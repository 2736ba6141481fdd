import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorMessage } from '../../../components/ui/error-message';
import { usePageTitle } from '../../../components/ui/page-title';
import { Spinner } from '../../../components/ui/spinner';
import { dashboardPaths } from '../../../config/dashboard-paths';
import { useCompanyOrders, useMyCompanies } from '../../../features/companies/api/companies';
import { CompanyOrdersTable } from '../../../features/companies/components/company-orders-table';

/** My Orders' "Company orders": every order of the buyer's company, with who placed each. */
export default function CompanyOrdersRoute() {
  usePageTitle('Company orders');
  const mine = useMyCompanies();
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const companyId = chosen ?? mine.data?.[0]?.id;
  const orders = useCompanyOrders(companyId);
  if (mine.isPending) return <Spinner label="Loading your companies…" />;
  if (mine.isError)
    return (
      <ErrorMessage
        title="We could not load your companies."
        error={mine.error}
        onRetry={() => void mine.refetch()}
      />
    );
  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold">Company orders</h2>
        {mine.data.length > 1 && (
          <select
            className="select select-bordered select-sm"
            aria-label="Company"
            value={companyId}
            onChange={(e) => setChosen(e.target.value)}
          >
            {mine.data.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        )}
      </div>
      {mine.data.length === 0 ? (
        <p className="rounded-box bg-base-100 p-8 text-center shadow">
          You are not in a company yet.{' '}
          <Link to={dashboardPaths.company.href()} className="link link-primary">
            Create one
          </Link>{' '}
          or ask a colleague to invite you.
        </p>
      ) : orders.isPending ? (
        <Spinner label="Loading the company's orders…" />
      ) : orders.isError ? (
        <ErrorMessage
          title="We could not load the company's orders."
          error={orders.error}
          onRetry={() => void orders.refetch()}
        />
      ) : (
        <CompanyOrdersTable orders={orders.data} />
      )}
    </>
  );
}
