import { usePageTitle } from '../../../components/ui/page-title';
import { TaxRegionsPanel } from '../../../features/taxes/components/tax-regions-panel';

/** Staff: where the shop collects tax (issue 37, decision 063). */
export default function TaxesRoute() {
  usePageTitle('Taxes');
  return <TaxRegionsPanel />;
}
