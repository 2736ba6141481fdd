import { usePageTitle } from '../../../components/ui/page-title';
import { PriceListsPanel } from '../../../features/price-lists/components/price-lists-panel';

/** Staff: the companies' negotiated prices (issue 36, decision 061). */
export default function PriceListsRoute() {
  usePageTitle('Price lists');
  return <PriceListsPanel />;
}
