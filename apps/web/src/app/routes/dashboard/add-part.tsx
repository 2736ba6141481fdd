import { useNavigate } from 'react-router';
import { alerts } from '@storefront/contract';
import { usePageTitle } from '../../../components/ui/page-title';
import { paths } from '../../../config/paths';
import { AddPartForm } from '../../../features/catalog/components/add-part-form';
import { showSuccess } from '../../../lib/alert';

export default function AddPartRoute() {
  usePageTitle('Add a part');
  const navigate = useNavigate();
  return (
    <>
      <h2 className="mb-4 text-xl font-semibold">Add a part</h2>
      <AddPartForm
        onAdded={async () => {
          await showSuccess(alerts.partAdded);
          await navigate(paths.home.href());
        }}
      />
    </>
  );
}
