import { useParams } from 'react-router';
import { ErrorMessage } from '../../../components/ui/error-message';
import { usePageTitle } from '../../../components/ui/page-title';
import { Spinner } from '../../../components/ui/spinner';
import { dashboardPaths } from '../../../config/dashboard-paths';
import {
  useStaffCompany,
  useStaffCompanyOrders,
} from '../../../features/companies/api/staff-companies';
import { CompanyOrdersTable } from '../../../features/companies/components/company-orders-table';
import { StaffCompanyView } from '../../../features/companies/components/staff-company-view';
import { StaffCatalogFeedAccess } from '../../../features/industry-files/components/catalog-feeds';
import { CompanyTaxStatusPanel } from '../../../features/taxes/components/company-tax-status-panel';

export default function StaffCompanyRoute() {
  usePageTitle('Company');
  const id = useParams().companyId ?? '';
  const company = useStaffCompany(id);
  const orders = useStaffCompanyOrders(id);
  if (company.isPending) return <Spinner label="Loading the company…" />;
  if (company.isError)
    return (
      <ErrorMessage
        title="We could not load the company."
        error={company.error}
        onRetry={() => void company.refetch()}
      />
    );
  return (
    <div className="space-y-6">
      <StaffCompanyView company={company.data} />
      <CompanyTaxStatusPanel companyId={company.data.id} />
      <StaffCatalogFeedAccess companyId={company.data.id} />
      <section>
        <h3 className="mb-2 font-semibold">Orders</h3>
        {orders.data ? (
          <CompanyOrdersTable orders={orders.data} orderHref={dashboardPaths.staffOrder.href} />
        ) : (
          <Spinner label="Loading the orders…" />
        )}
      </section>
    </div>
  );
}
