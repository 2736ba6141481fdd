import { useParams } from 'react-router';
import { usePageTitle } from '../../../components/ui/page-title';
import { useStaffCompanies } from '../../../features/companies/api/staff-companies';
import { PriceListEditor } from '../../../features/price-lists/components/price-list-editor';

/** Staff: one price list, its prices and companies. */
export default function PriceListRoute() {
  usePageTitle('Price list');
  const { id = '' } = useParams();
  // The companies to assign and explain for: composed here, features do not import each other.
  const companies = useStaffCompanies();
  return <PriceListEditor key={id} id={id} companies={companies.data} />;
}
