import { usePageTitle } from '../../../components/ui/page-title';
import { WebhooksPanel } from '../../../features/machine-access/components/webhooks-panel';

const SHOP = { companyId: null };

/** Staff: where the shop's events are sent, signed, and what came of each delivery. */
export default function WebhooksRoute() {
  usePageTitle('Webhooks');
  return <WebhooksPanel owner={SHOP} />;
}
