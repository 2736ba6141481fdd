import { useNavigate, useParams } from 'react-router';
import { ErrorMessage } from '../../../components/ui/error-message';
import { Spinner } from '../../../components/ui/spinner';
import { usePageTitle } from '../../../components/ui/page-title';
import { paths } from '../../../config/paths';
import { usePartPage } from '../../../features/catalog/api/search-catalog';
import { EditPartForm } from '../../../features/catalog/components/edit-part-form';
import { ReturnPolicyPanel } from '../../../features/returns/components/return-policy-form';
import { showSuccess } from '../../../lib/alert';

export default function EditPartRoute() {
  const { partId = '' } = useParams();
  const page = usePartPage(partId);
  const navigate = useNavigate();
  usePageTitle(page.data ? `Edit ${page.data.part.name}` : 'Edit a part');
  if (page.isPending) return <Spinner label="Loading the part…" />;
  if (page.isError)
    return (
      <ErrorMessage
        title="We could not load this part."
        error={page.error}
        onRetry={() => void page.refetch()}
      />
    );
  return (
    <>
      <h2 className="mb-4 text-xl font-semibold">Edit {page.data.part.name}</h2>
      <EditPartForm
        key={page.data.part.updatedAt}
        part={page.data.part}
        onSaved={async () => {
          await showSuccess('Part has been saved');
          await navigate(paths.part.href(page.data.part._id));
        }}
      />
      <ReturnPolicyPanel partId={page.data.part._id} />
    </>
  );
}
