import { ErrorMessage } from '../../../components/ui/error-message';
import { usePageTitle } from '../../../components/ui/page-title';
import { Spinner } from '../../../components/ui/spinner';
import { useStaffCompanies } from '../../../features/companies/api/staff-companies';
import { StaffCompaniesTable } from '../../../features/companies/components/staff-companies-table';

export default function StaffCompaniesRoute() {
  usePageTitle('Companies');
  const companies = useStaffCompanies();
  return (
    <>
      <h2 className="mb-4 text-xl font-semibold">Companies</h2>
      {companies.isPending ? (
        <Spinner label="Loading the companies…" />
      ) : companies.isError ? (
        <ErrorMessage
          title="We could not load the companies."
          error={companies.error}
          onRetry={() => void companies.refetch()}
        />
      ) : (
        <StaffCompaniesTable companies={companies.data} />
      )}
    </>
  );
}
