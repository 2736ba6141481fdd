import { useState } from 'react';
import { ErrorMessage } from '../../../components/ui/error-message';
import { usePageTitle } from '../../../components/ui/page-title';
import { Spinner } from '../../../components/ui/spinner';
import { useAuth } from '../../../features/auth/use-auth';
import { useCompany, useMyCompanies } from '../../../features/companies/api/companies';
import { CompanyPanel } from '../../../features/companies/components/company-panel';
import { CreateCompanyForm } from '../../../features/companies/components/create-company-form';
import { CompanyPrices } from '../../../features/price-lists/components/company-prices';
import { MyCompanyTaxExemption } from '../../../features/taxes/components/my-company-tax-exemption';
import { CompanyCatalogFeeds } from '../../../features/industry-files/components/catalog-feeds';

/** The buyer's companies: each one's members, invitations and standing, or a form to create one. */
export default function CompanyRoute() {
  usePageTitle('Company');
  const auth = useAuth();
  const mine = useMyCompanies();
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const [creating, setCreating] = useState(false);
  const companyId = chosen ?? mine.data?.[0]?.id;
  const company = useCompany(companyId);

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
        <h2 className="text-xl font-semibold">Company</h2>
        <div className="flex flex-wrap gap-2">
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
          {mine.data.length > 0 && !creating && (
            <button
              type="button"
              className="btn btn-outline btn-sm"
              onClick={() => setCreating(true)}
            >
              Create another company
            </button>
          )}
        </div>
      </div>
      {mine.data.length === 0 || creating ? (
        <CreateCompanyForm
          onCreated={(c) => {
            setCreating(false);
            setChosen(c.id);
          }}
        />
      ) : company.isPending ? (
        <Spinner label="Loading the company…" />
      ) : company.isError ? (
        <ErrorMessage
          title="We could not load the company."
          error={company.error}
          onRetry={() => void company.refetch()}
        />
      ) : (
        <>
          <CompanyPanel company={company.data} myUserId={auth.user?.id ?? ''} />
          {/* Composed here: features do not import each other. */}
          <CompanyPrices companyId={company.data.id} />
          <MyCompanyTaxExemption
            companyId={company.data.id}
            owner={company.data.role === 'owner'}
          />
          <CompanyCatalogFeeds
            companyId={company.data.id}
            manager={company.data.role === 'owner' || company.data.role === 'admin'}
          />
        </>
      )}
    </>
  );
}
