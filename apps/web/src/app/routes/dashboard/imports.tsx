import { useNavigate } from 'react-router';
import { ErrorMessage } from '../../../components/ui/error-message';
import { usePageTitle } from '../../../components/ui/page-title';
import { Spinner } from '../../../components/ui/spinner';
import { dashboardPaths } from '../../../config/dashboard-paths';
import { useImports } from '../../../features/catalog-import/api/get-imports';
import { useStartImport } from '../../../features/catalog-import/api/start-import';
import { CatalogFiles } from '../../../features/catalog-import/components/catalog-files';
import { ColumnReference } from '../../../features/catalog-import/components/column-reference';
import { ImportsTable } from '../../../features/catalog-import/components/imports-table';
import { ImportUploadForm } from '../../../features/catalog-import/components/upload-form';

/** Staff: upload a catalog file to preview, the template and the export, previous imports. */
export default function ImportsRoute() {
  usePageTitle('Import catalog');
  const navigate = useNavigate();
  const start = useStartImport();
  const imports = useImports();
  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-xl font-semibold">Import catalog</h2>
        <p className="text-sm">
          Add and update parts, prices, stock and vehicles from a spreadsheet: the ERP’s export, or
          this shop’s own.
        </p>
      </div>
      <div className="grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <ImportUploadForm
          onUpload={async (upload, onProgress) => {
            const job = await start.mutateAsync({ upload, onProgress });
            await navigate(dashboardPaths.staffImport.href(job.id));
          }}
        />
        <CatalogFiles />
      </div>
      <ColumnReference />
      <section aria-labelledby="previous-imports-heading" className="space-y-3">
        <h3 id="previous-imports-heading" className="text-lg font-semibold">
          Previous imports
        </h3>
        {imports.isPending ? (
          <Spinner label="Loading the imports…" />
        ) : imports.isError ? (
          <ErrorMessage
            title="We could not load the imports."
            error={imports.error}
            onRetry={() => void imports.refetch()}
          />
        ) : (
          <ImportsTable imports={imports.data} hrefOf={dashboardPaths.staffImport.href} />
        )}
      </section>
    </div>
  );
}
