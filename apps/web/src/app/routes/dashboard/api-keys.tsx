import { usePageTitle } from '../../../components/ui/page-title';
import { ApiKeysPanel } from '../../../features/machine-access/components/api-keys-panel';

const SHOP = { companyId: null };

/** Staff: keys for the shop's own systems (ERP, warehouse); the API is described at /api/docs. */
export default function ApiKeysRoute() {
  usePageTitle('API keys');
  return (
    <>
      <p className="mb-4 text-sm">
        Keys let the shop's own systems call the API under <code>/api/v1</code> (described at{' '}
        <a className="link" href="/api/docs">
          /api/docs
        </a>
        ). Everything a key changes is in the audit log under its name.
      </p>
      <ApiKeysPanel owner={SHOP} />
    </>
  );
}
