import { useState } from 'react';
import { ErrorMessage } from '../../../components/ui/error-message';
import { usePageTitle } from '../../../components/ui/page-title';
import { Spinner } from '../../../components/ui/spinner';
import { useMyCompanies } from '../../../features/companies/api/companies';
import { ApiKeysPanel } from '../../../features/machine-access/components/api-keys-panel';
import { WebhooksPanel } from '../../../features/machine-access/components/webhooks-panel';

/** A company owner connects the company's ERP: its keys and its webhook endpoints. */
export default function CompanyIntegrationsRoute() {
  usePageTitle('Integrations');
  const mine = useMyCompanies();
  const [chosen, setChosen] = useState<string | null>(null);
  if (mine.isPending) return <Spinner label="Loading your companies…" />;
  if (mine.isError)
    return (
      <ErrorMessage
        title="We could not load your companies."
        error={mine.error}
        onRetry={() => void mine.refetch()}
      />
    );
  const owned = mine.data.filter((c) => c.role === 'owner');
  if (owned.length === 0)
    return <p>Only a company's owners connect its systems. Ask an owner of your company.</p>;
  const companyId = chosen ?? owned[0]!.id;
  return (
    <>
      {owned.length > 1 && (
        <label className="form-control mb-4 block">
          <span className="label-text">Company</span>
          <select
            className="select select-bordered"
            value={companyId}
            onChange={(e) => setChosen(e.target.value)}
          >
            {owned.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <p className="mb-4 text-sm">
        A company key places and reads this company's orders only, and sees its prices and stock.
      </p>
      <ApiKeysPanel key={`keys-${companyId}`} owner={{ companyId }} />
      <WebhooksPanel key={`hooks-${companyId}`} owner={{ companyId }} />
    </>
  );
}
